"""Keeping the catalogues in step with the code: `python -m bot.i18n extract` writes each
domain's template (`messages.pot`) from what the code says, and adds every new message to
each language's `.po` (untranslated) and drops what the code no longer says;
`python -m bot.i18n check` lists what each language still lacks (the catalogue test fails
on the same). docs/I18N.md.

Where the messages come from:
- the code's `t("…")` and `tn("…", "…")` calls (Babel's extractor): a file under
  `engine/<game>/` or `bot/games/<game>/` is that game's domain, everything else `frame`;
- the slash commands, walked through the real command tree: their descriptions and
  choices (`commands`) and their names (`command-names`, which Discord restricts:
  lowercase, no spaces, 1-32 characters).
"""

from __future__ import annotations

import asyncio
import datetime
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n import CATALOGUES, FRAME, LANGUAGES, SOURCE, reload

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("engine", "bot", "cogs")
KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2)}
HEADER = "Ridotto"


@dataclass(frozen=True)
class Found:
    """One message the code says: its domain, id (and plural), and where."""

    domain: str
    id: str | tuple[str, str]
    where: str


def domain_of(path: str, games: set[str]) -> str:
    """The domain of a source file: its game's, or the frame's."""
    parts = Path(path).parts
    if len(parts) > 1 and parts[0] == "engine" and parts[1] in games:
        return parts[1]
    if len(parts) > 2 and parts[:2] == ("bot", "games") and parts[2] in games:
        return parts[2]
    return FRAME


_IMPORTS = re.compile(r"^from [\w.]+ import (\([^)]*\)|[^\n]*)", re.MULTILINE)


def speaks(path: Path) -> bool:
    """Whether a source file builds messages: it makes a marker (`Domain(...)`) or imports
    `t` or `tn`. Babel's extractor reads any call it takes for `t(...)`; a file that only has
    a variable named `t` (a trick count, a list) must not give it strings."""
    text = path.read_text(encoding="utf-8")
    if "Domain(" in text:
        return True
    return any(re.search(r"\bt(n)?\b", found.group(1)) for found in _IMPORTS.finditer(text))


def from_code(games: set[str]) -> Iterator[Found]:
    """Every `t`/`tn` message in the source, with its domain."""
    for top in SOURCES:
        for filename, line, message, _comments, _context in extract_from_dir(
            ROOT / top, [("**.py", "python")], keywords=KEYWORDS
        ):
            path = f"{top}/{filename}"
            if not speaks(ROOT / path):
                continue
            if isinstance(message, tuple):
                if len(message) != 2 or not all(message):
                    continue
                found: str | tuple[str, str] = (str(message[0]), str(message[1]))
            elif message:
                found = str(message)
            else:
                continue
            yield Found(domain_of(path, games), found, f"{path}:{line}")


async def command_payloads(translator: Any) -> list[dict[str, Any]]:
    """Every slash command as a sync sends it to Discord, its names and descriptions asked
    of `translator` for each locale: the bot's real command tree, nothing run."""
    from discord import app_commands

    from bot.app import EXTENSIONS, create_bot
    from bot.config import Settings

    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(discord_token=None, database_path=Path(folder) / "x.db", workers=0)
        bot = create_bot(settings)
        # the cogs keep references to these; nothing runs
        bot.tables = bot.display = bot.store = cast(Any, None)
        for name in EXTENSIONS:
            await bot.load_extension(name)
        payloads = []
        for command in bot.tree.get_commands():
            assert isinstance(command, app_commands.Command | app_commands.Group | app_commands.ContextMenu)
            payloads.append(await command.get_translated_payload(bot.tree, translator))
    return payloads


async def command_strings() -> list[tuple[str, str]]:
    """(domain, English) for every name, description and choice of every slash command,
    walked through the bot's real command tree as a sync would send it."""
    from bot.i18n.commands import Recorder

    recorder = Recorder()
    await command_payloads(recorder)
    return recorder.found


def found_all() -> list[Found]:
    from bot.games import GAMES

    games = set(GAMES)
    found = list(from_code(games))
    for domain, english in asyncio.run(command_strings()):
        found.append(Found(domain, english, "the command tree"))
    return found


def write_catalogues(found: list[Found]) -> None:
    """Write each domain's template and bring each language's catalogue in step with it."""
    by_domain: dict[str, dict[str | tuple[str, str], list[str]]] = {}
    for item in found:
        by_domain.setdefault(item.domain, {}).setdefault(item.id, []).append(item.where)
    for domain, messages in sorted(by_domain.items()):
        folder = CATALOGUES / domain
        folder.mkdir(parents=True, exist_ok=True)
        template = Catalog(
            project=HEADER, domain=domain, fuzzy=False, creation_date=_EPOCH, revision_date=_EPOCH
        )
        for msgid, where in messages.items():
            places = sorted({w.rsplit(":", 1)[0] for w in where if ":" in w})[:3]
            template.add(msgid, locations=[(place, 0) for place in places])
        _write(folder / "messages.pot", template, omit_header=False)
        for code in LANGUAGES:
            if code == SOURCE:
                continue
            path = folder / f"{code}.po"
            if path.exists():
                with path.open("rb") as file:
                    catalogue = read_po(file, locale=code, domain=domain)
            else:
                catalogue = Catalog(
                    locale=code,
                    project=HEADER,
                    domain=domain,
                    fuzzy=False,
                    creation_date=_EPOCH,
                    revision_date=_EPOCH,
                )
            catalogue.update(template, no_fuzzy_matching=True, update_creation_date=False)
            catalogue.obsolete.clear()
            _write(path, catalogue, omit_header=False)
    reload()


_EPOCH = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def _write(path: Path, catalogue: Catalog, omit_header: bool) -> None:
    catalogue.revision_date = _EPOCH
    catalogue.creation_date = _EPOCH
    with path.open("wb") as file:
        write_po(file, catalogue, width=100, omit_header=omit_header, sort_output=False, include_lineno=False)


def missing() -> dict[tuple[str, str], list[str]]:
    """(domain, language) -> the messages of the domain's template that language lacks."""
    from bot.i18n import domains, entries, template

    out: dict[tuple[str, str], list[str]] = {}
    for domain in domains():
        ids = [m.id[0] if isinstance(m.id, tuple) else m.id for m in template(domain)]
        for code in LANGUAGES:
            if code == SOURCE:
                continue
            have = entries(domain, code)
            lacking = [msgid for msgid in ids if msgid not in have]
            if lacking:
                out[domain, code] = lacking
    return out
