"""Primiera on Discord: the public table embed and each player's private hand panel.

The public embed is drawn from `view(None)`: the table cards, whose turn, the teams once a
Herald sets them, sweeps, the cards each side took and the match score; the round's score
item by item when it ends. The panel is drawn from the seat's own view and only ever sent
ephemerally to that player; its controls name cards by their place in the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.games.results import shown_scores
from bot.ui import Control, Panel, plain
from engine.core.cards import Card
from engine.core.text import plural
from engine.primiera import Lay, Phase, Play, Primiera, PrimieraView, capture_value_of, primiera_value_of
from engine.primiera.game import TARGETS

if TYPE_CHECKING:
    from bot.games.view import TableView

MAX_BUTTONS = 24
"""Discord shows 25 buttons at most; one is kept for "Back"."""


def card_text(card: Card) -> str:
    """A card with its capture value and its Primiera value: "🪙F (8 · P10)"."""
    return f"{card.short} ({capture_value_of(card)} · P{primiera_value_of(card)})"


def value_key(card: Card) -> str:
    """The one-line key to `card_text`, read off a card on show: "*🪙4 (4 · P14): counts 4
    when taking; P14 is its Primiera value (your best card of each suit adds it up).*"."""
    return (
        f"*{card_text(card)}: counts {capture_value_of(card)} when taking; P{primiera_value_of(card)} "
        "is its Primiera value (your best card of each suit adds it up).*"
    )


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card.short for card in cards)


def _who(table: TableView, seat: int) -> str:
    return table.hand_seats[seat] if seat < len(table.hand_seats) else plain(table.seat_for(seat).name)


def teams_text(view: PrimieraView) -> str:
    """The round's sides, or that nobody knows them yet."""
    names = [plain(name) for name in view.seats]
    teams = view.teams
    if teams is None:
        if view.phase is Phase.OVER:
            return "No Herald was played: everyone played alone."
        return "Not yet known — the first Herald (ace) played sets them."
    pairs = [team for team in teams if len(team) > 1]
    if not pairs:
        doubled = " (the four points count double)" if view.options.heralds else ""
        return f"Everyone plays alone{doubled}."
    text = " vs ".join(" & ".join(names[s] for s in team) for team in teams)
    if view.herald is not None and view.herald_by is not None:
        text += f" — set by {view.herald.short} from {names[view.herald_by]}"
    return text


def _sides(view: PrimieraView) -> tuple[tuple[int, ...], ...]:
    return view.teams if view.teams is not None else tuple((s,) for s in range(len(view.seats)))


def score_lines(view: PrimieraView) -> list[str]:
    score = view.score
    if score is None:
        return []
    lines = [f"• {item.text}" for item in score.items]
    if score.doubled:
        lines.append("All alone: the four points counted double (sweeps single).")
    return lines


def primiera_fields(table: TableView, game: Primiera, embed: discord.Embed) -> None:
    """The public picture: the table, every seat, the teams, what each side took, the match."""
    view = game.view(None)
    match = table.match
    target = match.target or TARGETS[view.options.form]
    if view.phase is Phase.LAY:
        laid = sum(view.laid)
        table_text = f"Each player chooses a card face down: {laid} of {len(view.laid)} chosen."
    else:
        table_text = " · ".join(card_text(card) for card in view.table) or "*empty*"
        if view.table:
            table_text += "\n" + value_key(view.table[0])
    embed.add_field(name=f"On the table ({len(view.table)})", value=table_text[:1024], inline=False)
    lines = []
    for seat in range(len(view.seats)):
        parts = [_who(table, seat)]
        if seat == view.dealer:
            parts.append("dealer")
        if seat == view.robot:
            if view.robot_cards is not None:
                partner = view.robot_partner
                by = plain(view.seats[partner]) if partner is not None else "its partner"
                parts.append(
                    f"robot, face up ({cards_text(view.robot_cards) or 'none left'}), played by {by}"
                )
            else:
                parts.append(f"robot · face-down pile {view.hand_sizes[seat]}")
        else:
            parts.append(plural(view.hand_sizes[seat], "card"))
        parts.append(f"took {len(view.taken[seat])}")
        if view.sweeps[seat]:
            parts.append(f"🧹 {len(view.sweeps[seat])} ({cards_text(view.sweeps[seat])})")
        parts.append(f"score {shown_scores(match).get(table.hand_choice(seat), 0)}/{target}")
        if view.phase is Phase.PLAY and view.to_act == seat:
            parts.append("**to play**")
        lines.append(" · ".join(parts))
    if view.stock:
        lines.append(f"Stock: {plural(view.stock, 'card')} to deal")
    embed.add_field(name="Players", value="\n".join(lines)[:1024], inline=False)
    embed.add_field(name="Teams", value=teams_text(view)[:1024], inline=False)
    if view.teams is not None and any(len(team) > 1 for team in view.teams):
        names = [plain(name) for name in view.seats]
        taken = [
            f"{' & '.join(names[s] for s in side)}: {sum(len(view.taken[s]) for s in side)} cards, "
            f"{sum(len(view.sweeps[s]) for s in side)} sweeps"
            for side in _sides(view)
        ]
        embed.add_field(name="Taken per side", value="\n".join(taken)[:1024], inline=False)
    if view.score is not None:
        embed.add_field(name="This round's score", value="\n".join(score_lines(view))[:1024], inline=False)


def _mention(table: TableView, view: PrimieraView, seat: int) -> str:
    """Who acts for engine seat `seat`: the robot's partner plays its cards."""
    if seat == view.robot and view.robot_partner is not None:
        return table.seat_for(view.robot_partner).mention
    return table.seat_for(seat).mention


def primiera_status(table: TableView, game: Primiera) -> str:
    view = game.view(None)
    due = f" (timer {discord.utils.format_dt(table.deadline, 'R')})" if table.deadline else ""
    head = f"**Round {table.hand_no}**"
    if view.phase is Phase.OVER:
        return f"{head} — over."
    if view.phase is Phase.LAY:
        waiting = ", ".join(_mention(table, view, s) for s in view.awaiting)
        return (
            f"{head} — everyone chooses a card to put face down: waiting for {waiting}{due}. "
            "Press **Your hand**."
        )
    seat = view.to_act
    assert seat is not None
    if seat == view.robot:
        return f"{head} — {_mention(table, view, seat)} to play the robot's card{due}. Press **Your hand**."
    return f"{head} — {_mention(table, view, seat)} to play{due}. Press **Your hand**."


def primiera_prompt(table: TableView, game: Primiera, fresh: set[int]) -> str:
    """The public ping: names who must act, never a card."""
    view = game.view(None)
    due = f" You have until {discord.utils.format_dt(table.deadline, 'R')}." if table.deadline else ""
    seats = view.awaiting
    who = ", ".join(_mention(table, view, s) for s in seats)
    if seats and all(s in fresh for s in seats):
        where = "Your hand panel shows your moves."
    else:
        where = "Press **Your hand** on the table message (or use /hand) to see your cards and moves."
    if view.phase is Phase.LAY:
        return f"{who}: choose a card to put face down in the middle at table #{table.id}. {where}{due}"
    if seats and seats[0] == view.robot:
        return f"{who}: play the robot's card for your side at table #{table.id}. {where}{due}"
    return f"{who}, it's your turn at table #{table.id}. {where}{due}"


def capture_label(card: Card, play: Play) -> str:
    if not play.capture:
        return f"{card.short} · stays on the table"
    return f"{card.short} takes {'+'.join(c.short for c in play.capture)}"


def card_plays(game: Primiera, seat: int, place: int) -> list[Play]:
    """The legal plays of the card at `place` in the seat's hand (view order), each capture
    once, in the engine's stable order (single matches, or sets by their table positions)."""
    hand = game.view(seat).hand or ()
    if not 0 <= place < len(hand):
        return []
    card = hand[place]
    return [a for a in game.legal_actions(seat) if isinstance(a, Play) and a.card == card]


def primiera_panel(table: TableView, game: Primiera, seat: int, picked: int | None = None) -> Panel:
    """What `seat` sees of its own hand and, when the round waits on it, its moves. For
    the robot's seat (played by its partner) the robot's face-up cards."""
    view = game.view(seat)
    robot = seat == view.robot
    hand = view.hand or ()
    embed = discord.Embed(
        title=("The robot's cards" if robot else "Your hand")
        + f" · Primiera table #{table.id} · round {table.hand_no}",
        colour=discord.Colour.dark_green(),
    )
    if robot and view.robot_cards is None:
        embed.add_field(
            name="The robot's pile", value="Face down; it turns its top card on its turn.", inline=False
        )
    else:
        shown = " · ".join(card_text(card) for card in hand) or "*none*"
        embed.add_field(
            name=("Its cards" if robot else "Your cards") + f" ({len(hand)})",
            value=shown + (f"\n{value_key(hand[0])}" if hand else ""),
            inline=False,
        )
    if view.laid_card is not None:
        embed.add_field(
            name="Your card for the table",
            value=f"{card_text(view.laid_card)} — face down until everyone has chosen",
            inline=False,
        )
    if view.phase is not Phase.LAY:
        embed.add_field(
            name="On the table", value=" · ".join(card_text(c) for c in view.table) or "*empty*", inline=False
        )
    embed.add_field(name="Teams", value=teams_text(view), inline=False)
    if view.phase is Phase.OVER:
        embed.description = "The round is over."
        embed.add_field(name="The score", value="\n".join(score_lines(view))[:1024], inline=False)
        return Panel(embed)
    if seat not in game.awaiting:
        names = [plain(name) for name in view.seats]
        waiting = ", ".join(names[s] for s in view.awaiting) or "—"
        embed.description = f"Waiting for **{waiting}**."
        if view.phase is Phase.PLAY and view.to_act == view.robot and view.robot_partner == seat:
            embed.description += " It's the robot's turn: you play its cards (press **Your hand** again)."
        return Panel(embed)
    green, grey, blue = (
        discord.ButtonStyle.success,
        discord.ButtonStyle.secondary,
        discord.ButtonStyle.primary,
    )
    if view.phase is Phase.LAY:
        embed.description = (
            "**Choose a card to put face down in the middle.** The four are turned up together "
            "once everyone has chosen. A Herald (ace) laid now sets no teams."
        )
        legal = game.legal_actions(seat)
        controls = [
            Control(f"lay.{place}", card_text(card), blue, row=place // 5)
            for place, card in enumerate(hand)
            if Lay(card=card) in legal
        ]
        return Panel(embed, tuple(controls[:25]))
    if picked is not None:
        plays = card_plays(game, seat, picked)
        if len(plays) > 1:
            card = hand[picked]
            embed.description = f"**{card_text(card)} can take different cards.** Choose what it takes."
            controls = [
                Control(f"play.{picked}.{n}", capture_label(card, play)[:80], green, row=n // 5)
                for n, play in enumerate(plays[:MAX_BUTTONS])
            ]
            controls.append(Control("unpick", "Back to your cards", grey, row=min(4, len(controls) // 5)))
            return Panel(embed, tuple(controls))
    who = "the robot's card (for your side)" if robot else "a card"
    embed.description = (
        f"**Your turn: play {who}.** A card takes a table card of its value, or else cards "
        "adding up to it; taking is compulsory."
    )
    controls = []
    for place, card in enumerate(hand):
        plays = card_plays(game, seat, place)
        if len(plays) == 1:
            controls.append(
                Control(f"play.{place}", capture_label(card, plays[0])[:80], green, row=place // 5)
            )
        elif plays:
            controls.append(
                Control(f"pick.{place}", f"{card.short} · {len(plays)} ways to take…", blue, row=place // 5)
            )
    return Panel(embed, tuple(controls))
