"""Issue 26, item 4: the catalogues keep step with the code. Every message the code says
(its `t`/`tn` calls and the slash command tree) is in its domain's template and nothing else
is; no translation drops, adds or renames a placeholder; and a domain listed as translated
(`bot.i18n.TRANSLATED`) lacks no message in any language."""

from __future__ import annotations

import string

import pytest

from bot.games import GAMES
from bot.i18n import LANGUAGES, SOURCE, TRANSLATED, domains, entries, template
from bot.i18n.extract import found_all, missing

OTHERS = [code for code in LANGUAGES if code != SOURCE]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_templates_hold_exactly_what_the_code_says() -> None:
    said: dict[str, set[str]] = {}
    for found in found_all():
        said.setdefault(found.domain, set()).add(found.id[0] if isinstance(found.id, tuple) else found.id)
    kept = {
        domain: {m.id[0] if isinstance(m.id, tuple) else m.id for m in template(domain)}
        for domain in domains()
    }
    assert set(said) == set(kept)
    for domain in kept:
        assert said[domain] - kept[domain] == set(), f"{domain}: run `python -m bot.i18n extract`"
        assert kept[domain] - said[domain] == set(), f"{domain}: run `python -m bot.i18n extract`"


@pytest.mark.parametrize("code", OTHERS)
def test_no_translation_changes_a_placeholder(code: str) -> None:
    wrong: list[str] = []
    checked = 0
    for domain in domains():
        english = {m.id[0] if isinstance(m.id, tuple) else m.id: m.id for m in template(domain)}
        for msgid, text in entries(domain, code).items():
            source = english[msgid]
            want = fields(source[1]) | fields(source[0]) if isinstance(source, tuple) else fields(source)
            forms = text if isinstance(text, tuple) else (text,)
            for form in forms:
                checked += 1
                if fields(form) - want or (not isinstance(source, tuple) and fields(form) != want):
                    wrong.append(f"{domain} [{code}] {msgid!r}: {form!r}")
            if isinstance(source, tuple) and fields(forms[-1]) != fields(source[1]):
                wrong.append(f"{domain} [{code}] {msgid!r}: its plural forms lose a placeholder")
    assert checked > 200
    assert not wrong, "\n".join(wrong[:20])


def test_a_translated_domain_lacks_nothing_in_any_language() -> None:
    games = {game_id for game_id, plugin in GAMES.items() if plugin.translated}
    complete = TRANSLATED | games
    assert set(domains()) >= complete and {"commands", "command-names", "frame", "primiera"} <= complete
    lacking = {key: ids for key, ids in missing().items() if key[0] in complete}
    assert not lacking, {key: ids[:3] for key, ids in lacking.items()}
