"""A deal anyone can verify (issue 24, item 4), through Discord: the server seed's commitment
is public before Start and the seed itself nowhere until the hand ends; a member's own seed
(/fair) goes into the deal and its proof; /verify passes an honest hand, fails a tampered
one and attaches the file the standalone check (`python -m engine.verify`) accepts."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.tables import Phase, Table
from engine.core.fair import server_commitment, server_seed_text
from engine.core.msg import english
from tests.helpers.postgres import execute
from tests.helpers.room import Room, answer_to, find_label

SERVER = 0x5EED_F00D_1234  # the server seeds this test's bot draws: one a hand, in turn
ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.server_seed(range(SERVER, SERVER + 100))


def everything_said(room: Room, caplog: pytest.LogCaptureFixture) -> str:
    """Every byte that crossed between the bot and Discord (messages, edits, answers, files'
    names) and every log line the bot wrote, as one text."""
    crossed = json.dumps(room.env.backend.transcript, default=repr)
    logged = "\n".join(f"{record.getMessage()} {record.exc_text or ''}" for record in caplog.records)
    return crossed + logged


async def prima_carta_for_two(room: Room) -> Table:
    """Alice opens a Prima Carta table and Bob takes Locks: the lobby, before anyone deals."""
    await room.alice.slash(room.channel, "play prima-carta")
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None
    picker = await room.bob.click(room.message(table.state.message_id), label="Join")
    await room.bob.click(picker.response.message, label="Locks")
    return table


async def fold_out(room: Room, table: Table, caplog: pytest.LogCaptureFixture, secret: str) -> None:
    """The members fold or pay until the hand ends; the server seed stays unsaid until then."""
    members = {room.alice.id: room.alice, room.bob.id: room.bob}
    while table.state.phase is Phase.PLAYING:
        assert secret not in everything_said(room, caplog)
        assert table.to_act is not None
        message = room.message(table.state.message_id)
        await members[table.state.seats[table.to_act].user_id].click(
            message, label=find_label(message, "Fold")
        )


async def verify(room: Room, hand: str) -> tuple[str, dict[str, Any] | None, bytes]:
    """What Carol is told by /verify `hand`: the sentence, and the file attached, if any."""
    result = await room.carol.slash(room.channel, "verify", hand=hand)
    assert result.ephemeral and result.response is not None
    message = result.response.message
    if not message.attachments:
        return message.content, None, b""
    (attachment,) = message.attachments
    data = room.env.backend.cdn.get(attachment.url)
    assert attachment.filename.endswith(".json")
    return message.content, json.loads(data), data


async def test_the_commitment_is_public_before_start_the_seed_secret_until_the_end_and_verify_passes(
    room: Room, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    caplog.set_level(logging.DEBUG)
    table = await prima_carta_for_two(room)
    secret = server_seed_text(SERVER)
    locked = server_commitment(secret)
    # Before anyone can deal: the commitment in the log and in Details, the seed nowhere.
    log = await answer_to(room, room.carol, table, "Log")
    assert f"🔒 Fair deal: the first hand's server seed is locked; its SHA-256 is {locked}." in (
        log.description or ""
    )
    details = await answer_to(room, room.carol, table, "Details")
    assert f"Next deal: the server's seed is locked (SHA-256 {locked[:16]}…)" in (details.footer.text or "")
    mine = await room.alice.slash(room.channel, "fair", seed="Alice's own ✓")
    assert mine.ephemeral and "Your fair seed on this server is now `Alice's own ✓`" in mine.response.content
    said = everything_said(room, caplog)
    assert locked in said and secret not in said  # the search sees what was said

    await room.alice.click(room.message(table.state.message_id), label="Start")
    start = max(room.env.backend.interactions)  # the id Discord gave Alice's Start
    assert table.state.phase is Phase.PLAYING
    footer = (await answer_to(room, room.carol, table, "Details")).footer.text or ""
    assert f"locked before the deal (SHA-256 {locked[:16]}…)" in footer
    assert f"the click that dealt it (Discord id {start}) and the own seeds of alice" in footer
    name = f"#{table.id}-{table.state.hand_no}"
    sentence, file, _ = await verify(room, name)
    assert (
        sentence == f"Hand {name} is still in play: its seeds stay secret until it ends, so /verify it then."
    )
    assert file is None
    await fold_out(room, table, caplog, secret)

    # The hand is over: the seed is out, and everything checks.
    sentence, proof, data = await verify(room, f"table {table.id}, hand 1")
    assert sentence.startswith(f"Hand {name} (Prima Carta) matches: the server seed hashes to the commitment")
    assert proof is not None
    assert (proof["server_commitment"], proof["server_seed"]) == (locked, secret)
    assert proof["interactions"] == [start] and proof["started"] == "click"
    assert proof["members"] == [{"id": room.alice.id, "name": "alice", "seed": "Alice's own ✓"}]
    saved = table.game.to_json()
    assert (proof["deck_seed"], proof["order"], proof["deal_commitment"]) == (
        saved["seed"],
        saved["order"],
        saved["commitment"],
    )
    assert f"Hand {name}'s server seed was {secret}" in (
        (await answer_to(room, room.carol, table, "Details")).footer.text or ""
    )
    assert secret in everything_said(room, caplog)
    # The file /verify attached checks on a member's own machine, with no bot.
    path = tmp_path / "hand.json"
    path.write_bytes(data)
    run = subprocess.run(
        [sys.executable, "-m", "engine.verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0 and run.stdout.strip() == sentence
    # The next hand's seed is locked and shown at once; it is not the one just revealed.
    assert table.state.seed_lock is not None and table.state.seed_lock.seed != secret
    assert table.state.seed_lock.commitment in "\n".join(map(english, table.state.log))


async def test_verify_fails_a_hand_whose_stored_proof_was_changed(room: Room) -> None:
    table = await prima_carta_for_two(room)
    await room.alice.click(room.message(table.state.message_id), label="Start")
    members = {room.alice.id: room.alice, room.bob.id: room.bob}
    while table.state.phase is Phase.PLAYING:
        message = room.message(table.state.message_id)
        await members[table.state.seats[table.to_act].user_id].click(
            message, label=find_label(message, "Fold")
        )
    name = f"#{table.id}-1"
    sentence, proof, _ = await verify(room, name)
    assert " matches: " in sentence and proof is not None

    # Behind the bot's back, a server seed other than the one committed to before the deal.
    forged = dict(proof, server_seed=server_seed_text(SERVER + 50))
    text = json.dumps(forged).replace("'", "''")
    await execute(str(room.settings.database().url), f"UPDATE hand_proofs SET proof = '{text}'")
    sentence, shown, _ = await verify(room, name)
    assert sentence.startswith(f"Hand {name} (Prima Carta) does NOT match: ")
    assert "the server seed's SHA-256 is not the commitment published before the deal" in sentence
    assert shown == forged, "the file attached is the stored proof, as it now stands"

    # A card swapped in the recorded deal.
    swapped = dict(proof, order=list(proof["order"]))
    swapped["order"][0], swapped["order"][1] = swapped["order"][1], swapped["order"][0]
    text = json.dumps(swapped).replace("'", "''")
    await execute(str(room.settings.database().url), f"UPDATE hand_proofs SET proof = '{text}'")
    sentence, _, _ = await verify(room, name)
    assert "does NOT match: the recorded order differs from the one its seed deals at card 1" in sentence


async def test_a_hand_that_is_unknown_or_named_badly_gets_a_sentence(room: Room) -> None:
    sentence, file, _ = await verify(room, "#999-1")
    assert sentence.startswith("There is no finished hand #999-1 on this server") and file is None
    sentence, file, _ = await verify(room, "the last one")
    assert sentence.startswith(
        "Name a hand as its table does: the table number and the hand number, like `#12-7`"
    )
    table = await prima_carta_for_two(room)
    sentence, _, _ = await verify(room, f"{table.id}/3")
    assert sentence == f"Hand #{table.id}-3 hasn't been dealt yet: table #{table.id} is at hand 0."


async def test_fair_shows_explains_and_sets_a_members_own_seed(room: Room) -> None:
    shown = await room.bob.slash(room.channel, "fair")
    assert shown.ephemeral
    text = shown.response.content
    assert text.startswith("You have no fair seed on this server: `/fair seed:<any text>` sets one")
    assert (
        "the table locks a secret server seed and shows its SHA-256" in text
        and "`/verify #table-hand`" in text
    )

    too_long = await room.bob.slash(room.channel, "fair", seed="x" * 65)
    assert too_long.response.content == (
        "That seed is 65 characters long; a fair seed is at most 64 characters. Your seed is unchanged."
    )
    empty = await room.bob.slash(room.channel, "fair", seed="   ")
    assert empty.response.content.startswith("A fair seed can't be empty: type any text you like")
    assert await room.bot.store.member_seed(room.guild.id, room.bob.id) is None

    await room.bob.slash(room.channel, "fair", seed="`tick` tock")
    assert await room.bot.store.member_seed(room.guild.id, room.bob.id) == "`tick` tock"
    shown = await room.bob.slash(room.channel, "fair")
    assert shown.response.content.startswith("Your fair seed on this server is `` `tick` tock ``;")
    refused = await room.bob.slash(room.channel, "fair", seed="y" * 80)
    assert refused.response.content.endswith("Your seed is unchanged.")
    assert await room.bot.store.member_seed(room.guild.id, room.bob.id) == "`tick` tock"


async def test_the_next_hands_seed_is_locked_when_a_hand_ends_and_a_clock_deal_mixes_in_no_click(
    room: Room, caplog: pytest.LogCaptureFixture
) -> None:
    table = await prima_carta_for_two(room)
    await room.alice.click(room.message(table.state.message_id), label="Start")
    await fold_out(room, table, caplog, server_seed_text(SERVER))
    # Hand 1 is over: the log names it for /verify and shows the commitment of hand 2's seed.
    second = server_seed_text(SERVER + 1)
    log = (await answer_to(room, room.carol, table, "Log")).description or ""
    assert (
        f"🔒 Fair deal: /verify #{table.id}-1 checks this hand. The next hand's server seed is locked; "
        f"its SHA-256 is {server_commitment(second)}."
    ) in log
    await room.env.advance_time(31)  # nobody deals: the clock does
    assert table.state.phase is Phase.PLAYING and table.state.hand_no == 2
    footer = (await answer_to(room, room.carol, table, "Details")).footer.text or ""
    assert "with no click (the table's clock dealt it) and no player's own seed" in footer
    await fold_out(room, table, caplog, second)
    sentence, proof, _ = await verify(room, f"#{table.id}-2")
    assert " matches: " in sentence and proof is not None
    assert (proof["server_commitment"], proof["started"], proof["interactions"]) == (
        server_commitment(second),
        "clock",
        [],
    )


async def test_a_quick_games_first_deal_says_its_click_was_known_when_the_seed_was_drawn(room: Room) -> None:
    await room.alice.slash(room.channel, "play holdout", computers=2)
    played = max(room.env.backend.interactions)  # the /play's id: it opened the table and dealt
    table = room.bot.tables.in_channel(room.channel.id)
    assert table is not None and table.state.phase is Phase.PLAYING
    footer = (await answer_to(room, room.carol, table, "Details")).footer.text or ""
    assert (
        f"with the /play that dealt it at once (Discord id {played}, known when the seed was drawn)" in footer
    )
    mix = table.state.deal_mix
    assert mix is not None and (mix.started, mix.interactions) == ("/play", [played])
