"""Ridotto in the reader's language (issue 26): English, Italian, Greek and Spanish.

Text for players is built as messages (`engine.core.msg.Msg`: an English template with
named placeholders, its catalogue and its arguments) and rendered here, at the edge, in the
language of whoever reads it: a `Lang`, called on the message.

    >>> from bot.i18n import t, tn, lang
    >>> lang("it")(t("Hand {hand}: {dealer} deals.", hand=3, dealer="Ana"))
    'Mano 3: distribuisce Ana.'
    >>> lang("es")(tn("{n} chip", "{n} chips", n=1500))
    '1.500 fichas'

Catalogues are gettext `.po` files, one per domain (the frame's words, the commands, each
game) and language, under `bot/i18n/catalogues/<domain>/<lang>.po`, beside the domain's
template `messages.pot` that `python -m bot.i18n extract` writes from the code. English is
the source language (a message's id is its English template); a message a catalogue lacks
falls back to English, and `tests/bot/test_i18n_catalogues.py` fails on it. Babel gives
each language's plural rules, digit grouping and list words. `pseudo` is a language made
from the templates (every word accented and bracketed, placeholders kept) for the test
that nothing is left in English by accident. docs/I18N.md says how to convert a game and
how to add a language.

Who reads what: what one member sees follows their Discord language (`reader`); what a
table shows everyone follows the server's setting (`/settings language`, by default the
server's own Discord language, then English), which the table keeps as its `language`.
"""

from __future__ import annotations

import functools
import gettext
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeAlias

from babel import Locale
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from bot.ui import plain
from engine.core.cards import Card
from engine.core.msg import MARKS, Domain, Join, Markup, Msg, Number, english

LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano", "el": "Ελληνικά", "es": "Español"}
"""The languages Ridotto speaks, by code, each named in itself. English is the source."""
SOURCE = "en"
PSEUDO = "pseudo"
"""The test language: English with every word visibly transformed (`bot.i18n.pseudo`)."""

CATALOGUES = Path(__file__).parent / "catalogues"
FRAME = "frame"
"""The domain of the words every game shares (the table's frame, the commands' replies)."""

TRANSLATED = frozenset({"commands", "command-names", "frame"})
"""The shared domains every language translates in full: `tests/bot/test_i18n_catalogues.py`
fails on a message one of them lacks. A game's own domain joins them when its plug-in says
`translated = True` (docs/I18N.md); until then a message it lacks shows in English."""

t = Domain(FRAME)
tn = t.n


def chips(amount: int) -> Msg:
    """A number of chips as each language says it: "1 chip", "1,500 chips", "1.500 fiches"."""
    return tn("{n} chip", "{n} chips", n=amount)


Text: TypeAlias = str | Msg
"""What a renderer may hand on to be shown: a message, or (code not yet converted) English."""

#: the computer levels, as players read them
LEVELS: dict[str, Msg] = {"basic": t("basic"), "strong": t("strong"), "sharp": t("sharp")}


def level_name(level: str | None) -> Text:
    """A computer level as players read it ("basic", "forte"...)."""
    return LEVELS.get(level or "", level or "")


#: Discord's locales (`discord.Locale` values) for each language Ridotto speaks
DISCORD_LOCALES: dict[str, tuple[str, ...]] = {
    "en": ("en-US", "en-GB"),
    "it": ("it",),
    "el": ("el",),
    "es": ("es-ES", "es-419"),
}
_BY_DISCORD = {locale: code for code, locales in DISCORD_LOCALES.items() for locale in locales}
#: the Babel locale each language takes its numbers, lists and plural rules from (English
#: as Britain writes lists, "A, B and C", as Ridotto always has)
_BABEL = {"en": "en_GB", "it": "it", "el": "el", "es": "es", PSEUDO: "en_GB"}


def language_of(locale: object) -> str | None:
    """The language code for a Discord locale (`discord.Locale` or its value: "it",
    "es-419"), or None if Ridotto doesn't speak it."""
    value = getattr(locale, "value", locale)
    return _BY_DISCORD.get(str(value)) if value is not None else None


#: each server's table language as last read from the store (`/settings language`, or what
#: a table opened with): what a member whose Discord language Ridotto doesn't speak reads
ROOMS: dict[int, str] = {}


def room_language(guild_id: int | None, guild_locale: object = None) -> str:
    """The language a server's tables show everyone: its setting if known, else its own
    Discord language if Ridotto speaks it, else English."""
    if guild_id is not None and guild_id in ROOMS:
        return ROOMS[guild_id]
    return language_of(guild_locale) or SOURCE


def reader(interaction: Any) -> Lang:
    """The language a member reads what only they see in: their Discord language (the
    interaction's `locale`), else their server's (`room_language`), else English."""
    code = language_of(getattr(interaction, "locale", None))
    if code is None:
        code = room_language(
            getattr(interaction, "guild_id", None), getattr(interaction, "guild_locale", None)
        )
    return lang(code)


@functools.lru_cache(maxsize=8192)
def _escaped(text: str) -> str:
    # Names repeat on every redraw of a table: escaping them is a regex worth caching.
    return plain(text)


class Lang:
    """One language: renders messages (`lang(msg)`), numbers and lists as it writes them.

    Built once per language (`lang(code)`) and shared; it pickles as its code, so a
    picture drawn in a worker process is drawn in the same language."""

    def __init__(self, code: str, table: dict[tuple[str, str], str | tuple[str, ...]], plural: str) -> None:
        self.code = code
        self._table = table
        self._plural: Callable[[int], int] = gettext.c2py(plural)
        locale = Locale.parse(_BABEL.get(code, code))
        self._group = locale.number_symbols["latn"]["group"]
        self._minus = locale.number_symbols["latn"]["minusSign"]
        self._decimal = locale.number_symbols["latn"]["decimal"]
        self._marks = str.maketrans({",": self._group, ".": self._decimal})
        self._lists = {
            style: dict(locale.list_patterns[babel]) for style, babel in (("and", "standard"), ("or", "or"))
        }
        if code == PSEUDO:  # its list words too are visibly not English
            from bot.i18n.pseudo import pseudo

            self._lists = {
                style: {key: pseudo(str(pattern)) for key, pattern in patterns.items()}
                for style, patterns in self._lists.items()
            }

    def __repr__(self) -> str:
        return f"Lang({self.code!r})"

    def __reduce__(self) -> tuple[Callable[[str], Lang], tuple[str]]:
        return (lang, (self.code,))

    # ------------------------------------------------------------------ messages
    def __call__(self, text: Text, md: bool = True) -> str:
        """`text` in this language: a message rendered (names escaped for markdown when `md`;
        for a picture, an embed footer or a select, `md=False`), or English as it is."""
        if type(text) is str:
            return text
        if isinstance(text, Msg):
            return self._render(text, md)
        return str(text)

    def has(self, msg: Msg) -> bool:
        """Whether this language's catalogue translates `msg` (English has every message)."""
        return self.code == SOURCE or (msg.domain, msg.id) in self._table

    def lookup(self, domain: str, msgid: str) -> str | None:
        """The catalogue's translation of a plain (not plural) message, or None."""
        found = self._table.get((domain, msgid))
        return found if isinstance(found, str) else None

    def _render(self, msg: Msg, md: bool) -> str:
        found = self._table.get((msg.domain, msg.id))
        args = msg.args
        if msg.plural is not None:
            n = args["n"]
            assert isinstance(n, int)
            if isinstance(found, tuple):
                forms = found
                template = forms[min(self._plural(n), len(forms) - 1)]
            else:
                template = msg.id if n == 1 else msg.plural
        else:
            template = found if isinstance(found, str) else msg.id
        if not args:
            return template
        return template.format_map({name: self._arg(value, md) for name, value in args.items()})

    def arg(self, value: Any, md: bool = True) -> str:
        """One message argument as this language writes it (a `Join`, a number, a card)."""
        return self._arg(value, md)

    def _arg(self, value: Any, md: bool) -> str:
        if isinstance(value, Msg):
            return self._render(value, md)
        if isinstance(value, Markup):
            return str(value)
        if isinstance(value, str):
            return _escaped(value) if md else value
        if isinstance(value, int):
            return self.number(value)
        if isinstance(value, Card):
            return value.short
        if isinstance(value, Number):
            return str(value).translate(self._marks)
        if isinstance(value, Join):
            items = [self._arg(item, md) for item in value.items]
            return MARKS[value.style].join(items) if value.style in MARKS else self.list(items, value.style)
        raise TypeError(f"a message argument can't be {type(value).__name__}")

    # ------------------------------------------------------------------ numbers and lists
    def number(self, value: int) -> str:
        """An integer with this language's digit grouping: 1,500 / 1.500."""
        if -1000 < value < 1000:
            return str(value) if value >= 0 else f"{self._minus}{-value}"
        text = f"{abs(value):,}"
        if self._group != ",":
            text = text.replace(",", self._group)
        return text if value >= 0 else f"{self._minus}{text}"

    def list(self, items: Sequence[str], style: str = "and") -> str:
        """`items` as this language lists them: "A, B and C", "A, B e C", "A, B ή C"."""
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        patterns = self._lists["or" if style == "or" else "and"]
        if len(items) == 2:
            return str(patterns["2"]).format(items[0], items[1])
        text = str(patterns["end"]).format(items[-2], items[-1])
        for item in reversed(items[1:-2]):
            text = str(patterns["middle"]).format(item, text)
        return str(patterns["start"]).format(items[0], text)

    def names(self, items: Iterable[Text], style: str = "and", md: bool = True) -> str:
        """Several texts rendered and listed."""
        return self.list([self(item, md) for item in items], style)


# ---------------------------------------------------------------------- the catalogues
_LOCK = threading.Lock()
_LANGS: dict[str, Lang] = {}


def domains() -> list[str]:
    """Every catalogue's domain (a folder under `catalogues/` with a template)."""
    return sorted(path.parent.name for path in CATALOGUES.glob("*/messages.pot"))


def read_catalogue(path: Path) -> Any:
    with path.open("rb") as file:
        return read_po(file)


def entries(domain: str, code: str) -> dict[str, str | tuple[str, ...]]:
    """A domain's translations into `code` (msgid -> the translation, or a plural's forms),
    leaving out what it doesn't translate; {} if it has no catalogue for that language."""
    path = CATALOGUES / domain / f"{code}.po"
    if not path.exists():
        return {}
    found: dict[str, str | tuple[str, ...]] = {}
    for message in read_catalogue(path):
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            forms = tuple(str(form) for form in message.string)
            if all(forms):
                found[message.id[0]] = forms
        elif message.string:
            found[str(message.id)] = str(message.string)
    return found


def template(domain: str) -> list[Any]:
    """A domain's template: every message its code uses, in English (`messages.pot`)."""
    return [message for message in read_catalogue(CATALOGUES / domain / "messages.pot") if message.id]


def _load(code: str) -> Lang:
    from bot.i18n.pseudo import pseudo_entries

    table: dict[tuple[str, str], str | tuple[str, ...]] = {}
    for domain in domains():
        found = pseudo_entries(template(domain)) if code == PSEUDO else entries(domain, code)
        for msgid, text in found.items():
            table[domain, msgid] = text
    # The language's plural rule, as Babel has it from CLDR (what its catalogues are
    # written with: Italian and Spanish have a third form, for millions).
    plural = get_plural(_BABEL.get(code, code)).plural_expr
    return Lang(code, table, plural)


def lang(code: str) -> Lang:
    """The language `code` ("en", "it", "el", "es", or "pseudo"), loaded once; an unknown
    code is English."""
    found = _LANGS.get(code)
    if found is not None:
        return found
    if code not in LANGUAGES and code != PSEUDO:
        return lang(SOURCE)
    with _LOCK:
        if code not in _LANGS:
            _LANGS[code] = _load(code)
    return _LANGS[code]


def reload() -> None:
    """Forget the loaded catalogues (a test that writes them, the extract command)."""
    with _LOCK:
        _LANGS.clear()


__all__ = [
    "FRAME",
    "LANGUAGES",
    "PSEUDO",
    "SOURCE",
    "TRANSLATED",
    "Join",
    "Lang",
    "Markup",
    "Msg",
    "Text",
    "chips",
    "english",
    "lang",
    "language_of",
    "level_name",
    "reader",
    "room_language",
    "t",
    "tn",
]
