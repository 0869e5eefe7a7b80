"""Issue 26 item 2, end to end: Discord tells the bot each member's own language
(`tests/helpers/locales.py` puts it in the interaction as Discord sends it). On a server whose
language is English, an Italian member and a Greek member at one Primiera table each read
their own replies (hand panel, a refusal, /rules, /stats) in their language, while the table
message everyone sees stays English."""

from __future__ import annotations

from bot.games import GAMES
from bot.games.base import brief_for
from bot.i18n import Markup, lang, t
from engine.core.msg import Domain, english
from tests.helpers.locales import speak
from tests.helpers.room import Room, fetch, open_table, text_of

primiera = Domain("primiera")
SCORES = primiera("Scores to {target}: {scores}", target=11, scores=Markup("alice 0 · bob 0"))


async def test_each_member_reads_their_own_discord_language_at_an_english_table(room: Room) -> None:
    speak(room, room.alice, "it")
    speak(room, room.bob, "el")
    table = await open_table(room, "primiera", [room.alice, room.bob], variant="two")
    assert table.state.language == "en"
    public = text_of(room.message(table.state.message_id))
    assert english(SCORES) in public
    assert lang("it")(SCORES) not in public and lang("el")(SCORES) not in public

    def title(code: str) -> str:
        said = primiera(
            "Your hand · Primiera table #{table} · round {n}",
            table=Markup(str(table.id)),
            n=Markup(str(table.state.hand_no)),
        )
        return lang(code)(said)

    for member, code in ((room.alice, "it"), (room.bob, "el")):
        opened = await member.click(room.message(table.state.message_id), label="Your hand")
        assert opened.ephemeral and opened.response is not None
        panel = fetch(room, opened.response.id)
        assert panel.embeds[0].title == title(code) != title("en")

        # a refusal
        refused = await member.slash(room.channel, "give", member=member, amount=5)
        assert refused.ephemeral and refused.response is not None
        assert refused.response.content == lang(code)(t("You can't give chips to yourself."))

    rules = await room.bob.slash(room.channel, "rules", game="primiera")
    assert rules.ephemeral and rules.response is not None
    assert (rules.response.embeds[0].description or "").startswith(brief_for(GAMES["primiera"], "el"))

    stats = await room.alice.slash(room.channel, "stats")
    assert stats.ephemeral and stats.response is not None
    assert stats.response.embeds[0].title == lang("it")(t("{member} at the Ridotto", member="alice"))
    assert stats.response.embeds[0].fields[0].name == lang("it")(t("Bankroll")) != english(t("Bankroll"))

    # the table message everyone sees is still English
    assert english(SCORES) in text_of(room.message(table.state.message_id))
