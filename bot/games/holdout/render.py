"""Holdout on Discord: the public table embed and each player's private hand panel.

The public embed is drawn from `view(None)`, which holds no hidden card. The panel is
drawn from the player's own view and is only ever sent ephemerally to that player. Its
controls name cards by their place in the hand, never the card, so no custom id carries
a card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.ui import Control, Panel, Picker, plain
from engine.core.cards import Card
from engine.core.text import plural
from engine.holdout.game import (
    LINE_NAMES,
    Fold,
    Holdout,
    HoldoutView,
    PlayCard,
    SeatStatus,
    Seconds,
)
from engine.holdout.game import Phase as HandPhase

if TYPE_CHECKING:
    from bot.games.view import TableView

CHILO = "🔪"
"""The chilo: the text's leader token, named for the *cuchillo*, a folding knife."""

STATUS = {SeatStatus.IN: "", SeatStatus.FOLDED: "folded", SeatStatus.KNOCKED_OUT: "💥 knocked out"}


def line_title(view: HoldoutView, line: int) -> str:
    return "The line" if view.options.lines == 1 else f"{LINE_NAMES[line].title()} line"


def line_key(view: HoldoutView) -> str:
    """The one-line key to a line as the text draws it ("- 22 33 4 5 - 7 8 99 1010")."""
    top = len(view.lines[0]) if view.lines else 10
    return (
        f"*Ranks 1 to {top} in order: a rank is written once per card played on it "
        "(99 = two 9s); - is a gap nobody has filled yet.*"
    )


def holdout_fields(table: TableView, game: Holdout, embed: discord.Embed) -> None:
    """The public picture: the line(s), pot, chilo, each seat's cards in hand and state."""
    view = game.view(None)
    for line, text in enumerate(view.line_text):
        key = f"\n{line_key(view)}" if line == len(view.line_text) - 1 else ""
        embed.add_field(name=line_title(view, line), value=f"```{text}```{key}", inline=False)
    seats = []
    for index, name in enumerate(view.seats):
        who = table.hand_seats[index] if index < len(table.hand_seats) else plain(name)
        marks = []
        if index == view.chilo:
            marks.append(f"{CHILO} chilo")
        if view.phase is HandPhase.PASS:
            marks.append("passed ✓" if view.passed[index] else "choosing…")
        status = STATUS[view.status[index]]
        if status:
            marks.append(status)
        if view.winner == index:
            marks.append("🏆 **won**")
        cards = view.hand_sizes[index]
        seats.append(
            f"{who} · {plural(cards, 'card')} · stack {view.stacks[index]:,}"
            f" · ante {view.antes[index]:,}" + (f" · {', '.join(marks)}" if marks else "")
        )
    deck = plural(view.deck_left, "card")
    embed.add_field(
        name=f"{pot_text(game)} · deck {deck}",
        value="\n".join(seats),
        inline=False,
    )


def pot_text(game: Holdout) -> str:
    """The pot and the antes in front of the players; once the hand is over, what the winner
    took of them (the pot is empty then, and "Pot 0" would contradict the result)."""
    view, outcome = game.view(None), game.outcome
    if outcome is not None and view.winner is not None:
        return f"Pot and antes won: {plural(outcome.paid_out[view.winner], 'chip')}"
    return f"Pot {view.pot:,} chips · antes in front {sum(view.antes):,}"


def holdout_status(table: TableView, game: Holdout) -> str:
    view = game.view(None)
    due = f" (timer {discord.utils.format_dt(table.deadline, 'R')})" if table.deadline else ""
    if view.phase is HandPhase.PASS:
        waiting = ", ".join(table.seats[s].mention for s in view.awaiting)
        return (
            f"**Hand {table.hand_no} · the pass** — everyone chooses two cards to pass left, in secret. "
            f"Waiting for {waiting}{due}. Press **Your hand**."
        )
    if view.to_act is not None:
        mention = table.seats[view.to_act].mention
        return f"**Hand {table.hand_no}** — {mention} to play{due}. Press **Your hand**."
    return f"**Hand {table.hand_no}** in play."


def holdout_prompt(table: TableView, game: Holdout, fresh: set[int]) -> str:
    """The public ping: names who must act, never a card. `fresh` are the seats whose open
    panel was just redrawn with their moves."""
    view = game.view(None)
    due = f" You have until {discord.utils.format_dt(table.deadline, 'R')}." if table.deadline else ""
    humans = [s for s in view.awaiting if not table.seats[s].is_computer]
    who = ", ".join(table.seats[s].mention for s in humans)
    if all(s in fresh for s in humans):
        where = "Your hand panel shows your moves."
    else:
        where = "Press **Your hand** on the table message (or use /hand) to see your cards and moves."
    if view.phase is HandPhase.PASS:
        return f"{who}: choose two cards to pass to your left at table #{table.id}. {where}{due}"
    return f"{who}, it's your turn at table #{table.id}. {where}{due}"


# ---------------------------------------------------------------- the panel
def card_text(card: Card) -> str:
    return f"{card.short} ({card.label})"


def hand_order(hand: tuple[Card, ...]) -> list[int]:
    """Places in the hand, shown lowest rank first: in Holdout the rank is what matters."""
    return sorted(range(len(hand)), key=lambda i: (hand[i].rank, hand[i]))


def holdout_panel(table: TableView, game: Holdout, seat: int, line: int | None) -> Panel:
    """What `seat` sees of their own hand, and on their turn the controls for their moves.

    `line` is the line a double-line player has picked to play into (None: not yet)."""
    view = game.view(seat)
    hand = view.hand or ()
    names = tuple(plain(name) for name in view.seats)  # drawn in markdown text
    n = len(names)
    embed = discord.Embed(
        title=f"Your hand · Holdout table #{table.id} · hand {table.hand_no}",
        colour=discord.Colour.dark_teal(),
    )
    shown = " · ".join(card_text(hand[i]) for i in hand_order(hand)) if hand else "*empty*"
    embed.add_field(name=f"Your cards ({len(hand)})", value=shown, inline=False)
    if view.passed_cards:
        passed = " ".join(c.short for c in view.passed_cards)
        text = f"You passed {passed} to {names[(seat + 1) % n]}."
        if view.received:
            text += f" You received {' '.join(c.short for c in view.received)} from {names[(seat - 1) % n]}."
        embed.add_field(name="The pass", value=text, inline=False)
    for index, text in enumerate(view.line_text):
        key = f"\n{line_key(view)}" if index == len(view.line_text) - 1 else ""
        embed.add_field(name=line_title(view, index), value=f"```{text}```{key}", inline=False)
    chilo = "you" if view.chilo == seat else names[view.chilo]
    embed.add_field(
        name="Chips",
        value=(
            f"Your stack {view.stacks[seat]:,} · your ante {view.antes[seat]:,} · {pot_text(game).lower()} · "
            f"{CHILO} chilo: {chilo} · deck {plural(view.deck_left, 'card')}"
        ),
        inline=False,
    )
    legal = game.legal_actions(seat)
    if view.phase is HandPhase.OVER:
        winner = view.winner
        embed.description = (
            "The hand is over."
            if winner is None
            else f"The hand is over: **{names[winner]}** won ({view.won_by})."
        )
        return Panel(embed)
    if view.status[seat] is not SeatStatus.IN:
        embed.description = f"You're out of this hand ({STATUS[view.status[seat]] or 'out'})."
        return Panel(embed)
    if view.phase is HandPhase.PASS:
        if not legal:
            waiting = ", ".join(names[s] for s in view.awaiting)
            embed.description = f"Your pass is chosen. Waiting for {waiting}."
            return Panel(embed)
        embed.description = (
            f"Choose **two cards** to pass to **{names[(seat + 1) % n]}** (on your left). "
            "Nobody sees them until everyone has chosen; then you receive two from your right."
        )
        options = tuple((str(i), card_text(hand[i]), False) for i in hand_order(hand))
        return Panel(
            embed, pickers=(Picker("pass", f"Two cards for {view.seats[(seat + 1) % n]}", options, 2, 2),)
        )
    if view.to_act != seat:
        who = names[view.to_act] if view.to_act is not None else "—"
        embed.description = f"Waiting for **{who}** to play."
        return Panel(embed)
    controls: list[Control] = []
    if view.options.lines == 2 and line is None:
        embed.description = "**Your turn.** Choose the line to play into first — even for a blind card."
        for index, name in enumerate(LINE_NAMES):
            controls.append(Control(f"line.{index}", f"{name.title()} line", discord.ButtonStyle.primary))
    else:
        target = line or 0
        where = "" if view.options.lines == 1 else f" into the **{LINE_NAMES[target]}** line"
        embed.description = (
            f"**Your turn.** Play a card{where}: a rank not yet in the line takes the {CHILO} chilo and "
            "pays the gap to the nearest card; a rank already there pays its value."
        )
        for place in hand_order(hand):
            card = hand[place]
            action = PlayCard(card=card, line=target)
            price = game.cost(seat, action)
            novel = view.is_new(target, card.rank)
            label = f"{card.short} · {'new rank' if novel else f'on the {card.rank}s'} · pays {price:,}"
            ok = action in legal
            controls.append(
                Control(
                    f"play.{target}.{place}",
                    label if ok else f"{card.short} · {price:,} · can't afford",
                    discord.ButtonStyle.success if novel else discord.ButtonStyle.secondary,
                    disabled=not ok,
                )
            )
        blind = Seconds(line=target)
        if view.deck_left == 0:
            controls.append(Control(f"seconds.{target}", "Seconds · deck empty", disabled=True, row=1))
        else:
            risk = game.cost(seat, blind)
            label = f"Seconds (blind) · risk {risk:,}" if risk else "Seconds (blind) · free"
            controls.append(
                Control(
                    f"seconds.{target}",
                    label if blind in legal else f"Seconds · risk {risk:,} · can't afford",
                    discord.ButtonStyle.primary,
                    disabled=blind not in legal,
                    row=1,
                )
            )
        if view.options.lines == 2:
            other = 1 - target
            controls.append(Control(f"line.{other}", f"Switch to the {LINE_NAMES[other]} line", row=1))
    if Fold() in legal:
        controls.append(Control("fold", "Fold", discord.ButtonStyle.danger, row=1))
    return Panel(embed, tuple(controls))
