"""The bot's own count of Discord's per-channel message rate (`bot.channel_rate`)."""

from __future__ import annotations

from bot.channel_rate import ChannelRate


def test_a_channel_has_room_until_five_operations_fall_in_five_seconds() -> None:
    rate = ChannelRate(ops=5, window=5.0, margin=0.0)
    for at in (0.0, 1.0, 2.0, 3.0):
        assert rate.room_in(1, at, ops=1) == 0.0
        rate.made(1, at)
    assert rate.room_in(1, 3.5, ops=1) == 0.0  # the fifth fits
    assert rate.room_in(1, 3.5, ops=2) == 1.5  # two more: once the one at 0.0 has left the window
    rate.made(1, 3.5)
    assert rate.room_in(1, 4.0, ops=1) == 1.0
    assert rate.room_in(1, 5.0, ops=1) == 0.0  # the first left at exactly 5.0


def test_each_channel_has_its_own_window() -> None:
    rate = ChannelRate(ops=2, window=5.0, margin=0.0)
    rate.made(1, 0.0)
    rate.made(1, 0.0)
    assert rate.room_in(1, 0.0, ops=1) == 5.0
    assert rate.room_in(2, 0.0, ops=2) == 0.0


def test_more_operations_than_a_window_holds_wait_for_an_empty_window_only() -> None:
    rate = ChannelRate(ops=2, window=5.0, margin=0.0)
    rate.made(1, 0.0)
    assert rate.room_in(1, 1.0, ops=3) == 4.0  # never forever: an empty window lets them through
    assert rate.room_in(1, 6.0, ops=3) == 0.0


def test_an_operation_stays_in_the_window_a_margin_longer_than_discord_keeps_it() -> None:
    """Discord counts an operation when it arrives: a sixth operation must not reach it less
    than the window after the first, though the first took longer on its way."""
    rate = ChannelRate(ops=5, window=5.0, margin=0.25)
    for at in (0.0, 1.0, 2.0, 3.0, 4.0):
        rate.made(1, at)
    assert rate.room_in(1, 5.0, ops=1) == 0.25  # Discord's window has room at 5.0; the bot's at 5.25
    assert rate.room_in(1, 5.25, ops=1) == 0.0
    assert rate.room_in(1, 9.5, ops=5) == 0.0  # every operation gone by 9.25
