"""Primero on Discord: the public table embed and each player's private hand panel.

The public embed is drawn from `view(None)`: the bid, the pots, each player's state and
face-up discards; cards in hand appear only at the showdown. The panel is drawn from the
player's own view and only ever sent ephemerally to them; its controls name cards by
their place in the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.games.results import HandResult, moved_chips, scores_line, shown_scores
from bot.ui import Control, Panel, Picker, plain
from engine.core.cards import Card
from engine.core.text import chips, plural
from engine.primero.game import Phase as HandPhase
from engine.primero.game import Primero, PrimeroView, SeatStatus, TurnChoices
from engine.primero.hands import describe, points

if TYPE_CHECKING:
    from bot.games.view import TableView

ROUND_NAMES = {
    HandPhase.FIRST: "first round of bidding",
    HandPhase.SECOND: "second round of bidding",
    HandPhase.CHOICE: "stake or fold before the showdown",
    HandPhase.OVER: "showdown",
}


def card_text(card: Card) -> str:
    return f"{card.short} ({points(card)})"


def bid_text(view: PrimeroView) -> str:
    if view.bid is None:
        return "No bid yet"
    text = f"**{describe(view.bid.type, view.bid.total)}** by {plain(view.seats[view.bid.bidder])}"
    if view.options.betting and view.bet:
        if view.bet_by == view.bid.bidder:
            text += f" · bet {view.bet:,}"
        elif view.bet_by is not None:
            text += f" · bet {view.bet:,} by {plain(view.seats[view.bet_by])} (naming no hand)"
    return text


def _seat_state(view: PrimeroView, index: int) -> str:
    status = view.status[index]
    if status is SeatStatus.FOLDED:
        return "folded"
    if status is SeatStatus.ALL_IN:
        return "**all in**"
    if view.set_aside[index]:
        return f"passed · {view.set_aside[index]:,} set aside"
    return "in"


def primero_fields(table: TableView, game: Primero, embed: discord.Embed) -> None:
    """The public picture: the bid, the pots, every seat's state and discards."""
    view = game.view(None)
    betting = view.options.betting
    embed.add_field(name="The bid", value=bid_text(view), inline=False)
    seats = []
    shown = {s.seat: s for s in view.showdown or ()}
    for index, name in enumerate(view.seats):
        who = table.hand_seats[index] if index < len(table.hand_seats) else plain(name)
        parts = [who]
        if index == view.dealer:
            parts.append("dealer")
        parts.append(plural(view.hand_sizes[index], "card"))
        if betting:
            parts.append(f"stack {view.stacks[index]:,}")
        else:
            score = shown_scores(table.match).get(table.hand_choice(index), 0)
            parts.append(f"score {score:,}")
        parts.append(_seat_state(view, index))
        if view.winner == index:
            parts.append("🏆 **won**")
        line = " · ".join(parts)
        if view.discards[index]:
            line += f"\n  discarded {' '.join(c.short for c in view.discards[index])}"
        if index in shown:
            showing = shown[index]
            best = max(showing.forms.items(), default=None)
            held = "nothing" if best is None else describe(*best)
            line += f"\n  shows {' '.join(c.short for c in showing.cards)} · {held}"
            if view.bid is not None and view.bid.type in showing.forms:
                line += f" · **{describe(view.bid.type, showing.forms[view.bid.type])}**"
        seats.append(line)
    if betting and view.phase is HandPhase.OVER:  # the pots are paid out, or stay whole
        pots = pot_stays(view.carried) or "The pots are paid out"
    elif betting:
        pots = f"Pot {view.pot:,} chips"
        if view.side_pot or view.all_in is not None:
            pots += f" · secondary pot {view.side_pot:,}"
        if view.carried_in:
            pots += f" (incl. {view.carried_in:,} from the last hand)"
    else:
        target = table.options.target
        pots = f"Points game to {target:,}" if target else "Points game"
    embed.add_field(
        name=f"{pots} · deck {plural(view.deck_left, 'card')}", value="\n".join(seats)[:1024], inline=False
    )


def primero_status(table: TableView, game: Primero) -> str:
    view = game.view(None)
    due = f" (timer {discord.utils.format_dt(table.deadline, 'R')})" if table.deadline else ""
    if view.to_act is None:
        return f"**Hand {table.hand_no}** — {ROUND_NAMES[view.phase]}."
    mention = table.seats[view.to_act].mention
    if view.phase is HandPhase.CHOICE:
        what = f"{mention} to stake {view.set_aside[view.to_act]:,} set aside, or fold"
    elif view.forced == view.to_act:
        what = f"{mention} must cover the bet (nobody else did)"
    else:
        what = f"{mention} to act"
    return f"**Hand {table.hand_no} · {ROUND_NAMES[view.phase]}** — {what}{due}. Press **Your hand**."


def primero_prompt(table: TableView, game: Primero, fresh: set[int]) -> str:
    """The public ping: names who must act, never a card."""
    view = game.view(None)
    seat = view.to_act
    assert seat is not None
    who = table.seats[seat].mention
    due = f" You have until {discord.utils.format_dt(table.deadline, 'R')}." if table.deadline else ""
    if seat in fresh:
        where = "Your hand panel shows your moves."
    else:
        where = "Press **Your hand** on the table message (or use /hand) to see your cards and moves."
    if view.phase is HandPhase.CHOICE:
        return f"{who}: stake or fold before the showdown at table #{table.id}. {where}{due}"
    if view.forced == seat:
        return f"{who}: nobody covered the bet, so you must at table #{table.id}. {where}{due}"
    return f"{who}, it's your turn at table #{table.id}. {where}{due}"


def _places(discard: tuple[int, ...]) -> str:
    return "".join(str(place) for place in sorted(discard))


def _with(key: str, discard: tuple[int, ...]) -> str:
    return f"{key}.{_places(discard)}" if discard else key


def changing(discard: tuple[int, ...]) -> str:
    if not discard:
        return ""
    return f" · change {len(discard)}"


def primero_panel(table: TableView, game: Primero, seat: int, discard: tuple[int, ...] = ()) -> Panel:
    """What `seat` sees of their own hand, and on their turn exactly their legal moves.

    `discard` are the places (in the sorted hand) the player has picked to change."""
    view = game.view(seat)
    hand = view.hand or ()
    names = tuple(plain(name) for name in view.seats)  # drawn in markdown text
    betting = view.options.betting
    embed = discord.Embed(
        title=f"Your hand · Primero table #{table.id} · hand {table.hand_no}",
        colour=discord.Colour.dark_red(),
    )
    embed.add_field(
        name=f"Your cards ({len(hand)})",
        value=" · ".join(card_text(card) for card in hand) or "*none*",
        inline=False,
    )
    found = view.forms or {}
    best = " · ".join(describe(kind, total) for kind, total in sorted(found.items(), reverse=True))
    embed.add_field(name="What your cards make", value=best or "Nothing yet (no two of a suit)", inline=False)
    if view.drawn:
        embed.add_field(name="You drew", value=" ".join(c.short for c in view.drawn), inline=False)
    if not betting:
        money = "Points game: no chips"
    elif view.phase is HandPhase.OVER:  # the pots are empty now: say where they went
        money = f"Your stack {view.stacks[seat]:,} · " + (pot_stays(view.carried) or "the pots are paid out")
    else:
        money = (
            f"Your stack {view.stacks[seat]:,} · set aside {view.set_aside[seat]:,} · pot {view.pot:,}"
            + (f" · secondary {view.side_pot:,}" if view.side_pot else "")
        )
    embed.add_field(name="The bid", value=f"{bid_text(view)}\n{money}", inline=False)
    if view.phase is HandPhase.OVER:  # the plug-in puts the hand's result in the description
        return Panel(embed)
    if view.status[seat] is SeatStatus.FOLDED:
        embed.description = "You folded this hand."
        return Panel(embed)
    choice = game.choices(seat)
    if choice is None:
        who = names[view.to_act] if view.to_act is not None else "—"
        out = (
            " You're all in: no more moves for you this hand."
            if view.status[seat] is SeatStatus.ALL_IN
            else ""
        )
        embed.description = f"Waiting for **{who}**.{out}"
        return Panel(embed)
    if choice.phase is HandPhase.CHOICE:
        aside = choice.set_aside
        embed.description = (
            f"**Before the showdown:** put your {aside:,} set aside into the pot and show, or fold: "
            f"{aside // 2:,} go to the pot and {aside - aside // 2:,} come back to you."
        )
        return Panel(
            embed,
            (
                Control("stake", f"Stake {aside:,} and show", discord.ButtonStyle.success),
                Control("fold", f"Fold · {aside - aside // 2:,} back", discord.ButtonStyle.danger),
            ),
        )
    discard = tuple(p for p in discard if p < len(hand))[: choice.max_discard]
    embed.description = _turn_text(view, choice)
    pickers: list[Picker] = []
    if choice.max_discard:
        pickers.append(
            Picker(
                "discard",
                f"Cards to change (up to {choice.max_discard}; none to keep your hand)",
                tuple((str(i), card_text(card), i in discard) for i, card in enumerate(hand)),
                0,
                min(choice.max_discard, len(hand)),
            )
        )
    controls = turn_buttons(choice, discard)
    if choice.bids:
        # The whole bid in one form: type, total, bet and the cards to change (issue 23).
        bet = f" · bet {choice.bet_range[0]:,}–{choice.bet_range[1]:,}" if betting else ""
        kinds = " · ".join(kind.label for kind, _ in sorted(choice.bids.items()))
        label = f"Bid… ({kinds}){bet}"
        controls.insert(0, Control(_with("bidform", discard), label[:80], discord.ButtonStyle.primary, row=1))
    return Panel(embed, tuple(controls), tuple(pickers))


def _turn_text(view: PrimeroView, choice: TurnChoices) -> str:
    parts = ["**Your turn.**"]
    if choice.forced:
        parts.append(
            f"Nobody covered the bet, so you must: cover {choice.owe:,} (you may change cards and then "
            "bet without naming a hand), or make a new bid. You can't pass or fold."
        )
    elif choice.owe:
        parts.append(f"The bet is {choice.owe:,}: stake it, bid higher, pass (setting it aside) or fold.")
    elif view.options.betting:
        parts.append("Nothing to pay: stand, bid, or pass to change cards.")
    else:
        parts.append("Stand, bid a higher hand, or pass to change cards.")
    if choice.set_aside:
        parts.append(f"A stake or bid first puts in your {choice.set_aside:,} set aside.")
    if choice.max_discard:
        parts.append("Pick cards to change in the list first if you want new ones.")
    elif view.phase in (HandPhase.FIRST, HandPhase.SECOND):
        parts.append("No cards can be drawn now.")
    return " ".join(parts)


def turn_buttons(choice: TurnChoices, discard: tuple[int, ...]) -> list[Control]:
    green, grey, red, blue = (
        discord.ButtonStyle.success,
        discord.ButtonStyle.secondary,
        discord.ButtonStyle.danger,
        discord.ButtonStyle.primary,
    )
    change = changing(discard)
    controls: list[Control] = []
    if choice.stake:
        pay = choice.owe + choice.set_aside
        if choice.forced:
            label = f"Cover {choice.owe:,}"
        elif choice.owe:
            label = f"Stake {pay:,}"
        else:
            label = "Stand" if not choice.set_aside else f"Stake {pay:,}"
        controls.append(
            Control(_with("stake" if not choice.forced else "cover", discard), label + change, green, row=2)
        )
        if choice.cover_bet_max:
            controls.append(
                Control(_with("coverbet", discard), f"Cover {choice.owe:,} and bet…{change}", blue, row=2)
            )
    if choice.can_pass:
        aside = f" · set {choice.pass_sets_aside:,} aside" if choice.pass_sets_aside else ""
        if discard:
            controls.append(Control(_with("pass", discard), f"Pass{aside}{change}", grey, row=2))
        else:
            controls.append(
                Control("pass", f"Pass{aside} · pick cards to change first", grey, disabled=True, row=2)
            )
    if choice.all_in:
        controls.append(
            Control(
                _with("allin", discard), f"All in · {choice.stack + choice.set_aside:,}{change}", blue, row=2
            )
        )
    if choice.fold:
        back = choice.set_aside - choice.set_aside // 2
        label = f"Fold · {back:,} back" if choice.set_aside else "Fold"
        controls.append(Control("fold", label, red, row=2))
    return controls


def pot_stays(carried: int) -> str | None:
    """The words for chips a hand without a winner leaves in the pot, said the same way in
    the result, the table's pot field and the hand panel."""
    return f"The pot of {chips(carried)} stays for the next hand" if carried else None


def primero_result(table: TableView, game: Primero) -> HandResult | None:
    """Who won the bid hand's pot and with what, the pots' other shares, the tie by seniority
    if there was one, and what stays for the next hand (or the score toward the target)."""
    outcome = game.outcome
    if outcome is None:
        return None
    view = game.view(None)
    names = view.seats  # the engine names its seats after the players dealt in
    shown = {showing.seat: showing.forms for showing in view.showdown or ()}
    bid, winner = view.bid, view.winner
    reasons: list[str] = []
    if bid is None:
        headline = "Nobody bid this hand, so nobody wins."
    elif winner is None:
        headline = f"Nobody still in shows {bid.type.label}, so nobody wins."
    else:
        held = describe(bid.type, shown[winner][bid.type])
        if view.points is not None:
            scored = plural(view.points[winner], "point")
            headline = f"{names[winner]} shows the best {bid.type.label} ({held}) and scores {scored}."
        else:
            assert view.payouts is not None
            headline = (
                f"{names[winner]} wins {chips(view.payouts[winner])} with the best {bid.type.label} ({held})."
            )
        if len(shown) == 1:
            reasons.append("Everyone else folded before the showdown.")
        # The engine's summary ends with the tie by seniority, if there was one, as its
        # second sentence ("Ana and Bruno both hold primero 78; Ana wins the tie ...").
        tie = outcome.summary.split(". ", 1)[1:]
        if tie:
            reasons.append(tie[0])
    payouts = view.payouts or ()
    if view.second is not None:
        reasons.append(f"{names[view.second]} takes the secondary pot: {chips(payouts[view.second])}.")
    if view.best_any is not None and view.best_any != winner and payouts[view.best_any]:
        best = max(shown[view.best_any].items())
        reasons.append(
            f"{names[view.best_any]} takes {chips(payouts[view.best_any])} with the best hand of any type "
            f"({describe(*best)})."
        )
    if view.options.betting:
        stays = pot_stays(outcome.carried)
        carried = f"{stays}." if stays else None
    else:
        carried = scores_line(table, names, table.options.target)
    return HandResult(headline, tuple(reasons), carried, moved_chips(outcome), names)
