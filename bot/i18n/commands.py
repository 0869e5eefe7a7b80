"""The slash commands in every language: discord.py asks a `Translator` for each command's,
subcommand's, option's and choice's name and description in each Discord locale when the
commands are synced, and sends what it answers as their localisations.

Descriptions and choices are the `commands` catalogue; names the `command-names` one
(Discord allows a name only lowercase letters, digits, `-` and `_`, 1-32 of them, and
`tests/e2e/test_command_languages.py` checks every one). A string built from parts (a
game's name in its /play subcommand's description) is a `locale_str` whose `template`
extra is the catalogue's message and whose other extras fill it.
"""

from __future__ import annotations

from typing import Any

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import SOURCE, lang, language_of

COMMANDS = "commands"
COMMAND_NAMES = "command-names"
NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})


def domain_for(location: Where) -> str:
    return COMMAND_NAMES if location in NAMES else COMMANDS


class Translator(app_commands.Translator):
    """Names and descriptions from the catalogues; None (Discord shows the English) for a
    language Ridotto doesn't speak or a string its catalogue lacks."""

    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        code = language_of(locale)
        if code is None or code == SOURCE:
            return None
        extras: dict[str, Any] = dict(string.extras)
        template = str(extras.pop("template", string.message))
        found = lang(code).lookup(domain_for(context.location), template)
        if found is None:
            return None
        return found.format_map(extras) if extras else found


class Recorder(app_commands.Translator):
    """A translator that translates nothing and notes every string it is asked for, by
    domain (`python -m bot.i18n extract`)."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str]] = []

    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if locale is Locale.american_english:  # one pass over the tree is enough
            template = str(string.extras.get("template", string.message))
            self.found.append((domain_for(context.location), template))
        return None
