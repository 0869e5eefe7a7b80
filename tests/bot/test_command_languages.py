"""Issue 26, item 1: every slash command, subcommand, option and choice has its name and
description in Italian, Greek and Spanish, as a sync sends them to Discord through the
command Translator, each within Discord's limits (names: 1-32 lowercase letters, digits,
`-` or `_`; descriptions and choice names: 1-100 characters), and no two names clash where
Discord wants them unique."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.i18n import DISCORD_LOCALES, SOURCE
from bot.i18n.commands import Translator
from bot.i18n.extract import command_payloads

LOCALES = [locale for code, locales in DISCORD_LOCALES.items() if code != SOURCE for locale in locales]


def good_name(name: str) -> bool:
    return 1 <= len(name) <= 32 and name == name.lower() and all(c.isalnum() or c in "-_" for c in name)


def walk(item: dict[str, Any], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """(where, entry) for a command or option and everything under it."""
    yield path, item
    for option in item.get("options", []):
        yield from walk(option, f"{path} {option['name']}")
    for choice in item.get("choices", []):
        yield f"{path} ={choice['name']}", {**choice, "choice": True}


async def test_every_name_description_and_choice_has_each_language_within_discords_limits() -> None:
    payloads = await command_payloads(Translator())
    assert len(payloads) >= 10 and {p["name"] for p in payloads} >= {"play", "settings", "rules", "help"}
    faults: list[str] = []
    seen = 0
    for payload in payloads:
        for where, entry in walk(payload, "/" + payload["name"]):
            names = entry.get("name_localizations") or {}
            descriptions = entry.get("description_localizations") or {}
            for locale in LOCALES:
                seen += 1
                name = names.get(locale)
                if name is None:
                    faults.append(f"{where}: no {locale} name")
                elif entry.get("choice"):
                    if not 1 <= len(name) <= 100:
                        faults.append(f"{where}: {locale} choice {name!r} is too long")
                elif not good_name(name):
                    faults.append(f"{where}: {locale} name {name!r} is not one Discord allows")
                if "description" in entry and payload.get("type", 1) == 1:
                    said = descriptions.get(locale)
                    if said is None:
                        faults.append(f"{where}: no {locale} description")
                    elif not 1 <= len(said) <= 100:
                        faults.append(f"{where}: {locale} description is {len(said)} characters")
    assert seen > 500, "the walk reaches every option and choice"
    assert not faults, "\n".join(faults[:40])


async def test_names_stay_unique_in_every_language() -> None:
    payloads = await command_payloads(Translator())
    for locale in LOCALES:
        top = [
            p.get("name_localizations", {}).get(locale, p["name"]) for p in payloads if p.get("type", 1) == 1
        ]
        assert len(top) == len(set(top)), f"{locale}: two commands share a name: {sorted(top)}"
        for payload in payloads:
            for where, entry in walk(payload, "/" + payload["name"]):
                options = entry.get("options", [])
                local = [o.get("name_localizations", {}).get(locale, o["name"]) for o in options]
                assert len(local) == len(set(local)), f"{where} [{locale}]: {local}"


async def test_the_english_stays_the_default_and_a_game_name_fills_its_description() -> None:
    payloads = await command_payloads(Translator())
    play = next(p for p in payloads if p["name"] == "play")
    assert set(play["name_localizations"]) == set(LOCALES)
    assert (
        play["name_localizations"]["it"] == "gioca"
        and play["description"] == "Open a card table in this channel"
    )
    described = {o["name"]: o for o in play["options"]}
    assert (
        described["primiera"]["description_localizations"]["es-ES"]
        == "Abre una mesa de Primiera en este canal"
    )
