"""Prefa on Discord: the public table embed (the bidding sheet, the contract and the duties,
the trick, tricks taken, the score sheet) and each player's private hand panel.

The public embed is drawn from `view(None)`, which holds no hidden card; the panel from the
player's own view, sent only to that player. Panel controls name cards by their place in
the hand, never the card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.ui import Control, Panel, Picker, plain
from engine.core.cards import Card
from engine.core.text import plural
from engine.prefa import Contract, Phase
from engine.prefa.hand import PrefaHand, PrefaSeen
from engine.prefa.scoring import SUITS

if TYPE_CHECKING:
    from bot.games.view import TableView

COLOUR = discord.Colour.dark_blue()
SUIT_MARK = {"spades": "♠", "clubs": "♣", "diamonds": "♦", "hearts": "♥"}
DEFENCE = {
    "in": "in",
    "out": "out",
    "alone": "alone",
    "take_you": "takes the other along",
    "let_alone": "lets the other go alone",
}
PHASE = {
    Phase.BIDDING: "bidding",
    Phase.KITTY: "the kitty",
    Phase.CONTRACT: "the contract",
    Phase.DEFENCE: "the defence",
    Phase.PLAY: "the play",
    Phase.OVER: "over",
}


def contract_key(contract: Contract) -> str:
    return f"{contract.tricks}.{contract.strain}"


def short(name: str, width: int = 9) -> str:
    """A name for a fixed-width column: no backticks, cut to `width`."""
    text = name.replace("`", "'")
    return text if len(text) <= width else text[: width - 1] + "…"


def by_suit(cards: Sequence[Card]) -> str:
    """Cards grouped by suit: "♠ 7 9 K · ♥ 10 A"."""
    groups = []
    for suit in SUITS:
        ranks = [c.short.removeprefix(SUIT_MARK[suit]) for c in sorted(cards) if c.suit == suit]
        if ranks:
            groups.append(f"{SUIT_MARK[suit]} {' '.join(ranks)}")
    return " · ".join(groups) if groups else "*none*"


def hand_order(hand: Sequence[Card]) -> list[int]:
    """Places in the hand, by suit in bid order and then by rank."""
    return sorted(range(len(hand)), key=lambda i: (SUITS.index(hand[i].suit), hand[i].rank))


# ------------------------------------------------------------------ the public table
def bidding_sheet(seen: PrefaSeen) -> str:
    """The bidding as the rule text writes it: one column per player, one line per round."""
    view = seen.view
    step = view.options.step
    columns = [(view.eldest + step * i) % 3 for i in range(3)]
    names = [seen.seats[seen.parties.index(p)] for p in columns]
    width = max(9, *(len(short(n)) for n in names))
    lines = ["  ".join(short(n).ljust(width) for n in names)]
    rows: list[list[str]] = []
    for call in view.sheet:
        col = columns.index(call.seat)
        text = {"bid": None, "good": "good", "pass": "pass", "tentative": "take it?"}[call.call]
        if text is None and call.contract is not None:
            text = call.contract.text
        if not rows or rows[-1][col] or any(cell for cell in rows[-1][col + 1 :]):
            rows.append([""] * 3)
        rows[-1][col] = text or ""
    for row in rows:
        lines.append("  ".join(cell.ljust(width) for cell in row).rstrip())
    return "```\n" + "\n".join(lines) + "\n```"


def score_sheet(seen: PrefaSeen, last: int = 8) -> str:
    """Pouch and chips per player, hand by hand (the newest `last` hands), and the totals."""
    keys, names = seen.keys, seen.seats
    width = max(8, *(len(short(n, 8)) for n in names))
    head = "hand " + "".join(short(n, 8).rjust(width + 1) for n in names)
    lines = [head]
    totals = dict.fromkeys(keys, 0)
    for row in seen.sheet:
        for key in keys:
            totals[key] += row.chips.get(key, 0)
    for row in seen.sheet[-last:]:
        cells = "".join(f"{row.pouches.get(k, 0)}/{row.chips.get(k, 0):+d}".rjust(width + 1) for k in keys)
        lines.append(f"{row.hand:>4} {cells}")
    if any(seen.settlement):
        cells = "".join(f"{s:+d}".rjust(width + 1) for s in seen.settlement)
        lines.append(f"left {cells}")
        for key, extra in zip(keys, seen.settlement, strict=True):
            totals[key] += extra
    lines.append("chips" + "".join(f"{totals[k]:+d}".rjust(width + 1) for k in keys))
    return "Each hand: pouch/chips\n```\n" + "\n".join(lines) + "\n```"


def trick_text(seen: PrefaSeen, cards: Sequence[tuple[int, Card]]) -> str:
    return " · ".join(f"{plain(seen.seats[seen.parties.index(p)])} {card.short}" for p, card in cards)


def contract_text(seen: PrefaSeen) -> str | None:
    view = seen.view
    if view.contract is None or view.bidder is None:
        return None
    bidder = plain(seen.seats[seen.parties.index(view.bidder)])
    text = f"**{bidder}** plays **{view.contract.text}** (worth {view.bid_value} a trick"
    text += ", four aces)" if view.aces else ")"
    duties = []
    for party, duty in enumerate(view.duties):
        if party == view.bidder:
            continue
        name = plain(seen.seats[seen.parties.index(party)])
        call = view.defence[party]
        said = f" · {DEFENCE[call]}" if call else ""
        if duty is not None and (view.mode is None or view.mode in ("own", "alone", "invited")):
            duties.append(f"{name} must take {plural(duty, 'trick')}{said}")
        else:
            duties.append(f"{name}{said or ' · no duty'}")
    if view.mode == "invited" and view.invited is not None and view.active is not None:
        duties.append(
            f"{plain(seen.seats[seen.parties.index(view.invited)])} plays on behalf of "
            f"{plain(seen.seats[seen.parties.index(view.active)])}"
        )
    return text + "\n" + "\n".join(duties)


def prefa_fields(table: TableView, game: PrefaHand, embed: discord.Embed) -> None:
    seen = game.view(None)
    view = seen.view
    embed.add_field(name="Bidding", value=bidding_sheet(seen), inline=False)
    text = contract_text(seen)
    if text:
        embed.add_field(name="Contract", value=text, inline=False)
    if view.phase is Phase.PLAY or view.last_trick is not None:
        trick = trick_text(seen, view.trick) if view.trick else "*nothing yet*"
        value = f"Now: {trick}"
        if view.last_trick is not None:
            last = view.last_trick
            winner = plain(seen.seats[seen.parties.index(last.winner)])
            value += f"\nLast: {trick_text(seen, list(zip(last.seats, last.cards, strict=True)))} → {winner}"
        embed.add_field(name="Trick", value=value, inline=False)
    seats = []
    for index, name in enumerate(seen.seats):
        who = table.hand_seats[index] if index < len(table.hand_seats) else plain(name)
        party = seen.parties[index]
        pouch = seen.view.pouches[party]
        if party >= 3:
            line = f"{who} · deals and sits out · pouch {pouch}"
        else:
            marks = []
            if party == view.dealer:
                marks.append("dealer")
            if view.passed[party] and view.phase is Phase.BIDDING:
                marks.append("passed")
            line = f"{who} · {plural(view.hand_sizes[party], 'card')} · {plural(view.tricks[party], 'trick')}"
            line += f" · pouch {pouch}" + (f" · {', '.join(marks)}" if marks else "")
        if seen.bankroll:
            line += f" · stack {seen.stacks[index]:,}"
        seats.append(line)
    kitty = "kitty: 2 cards face down" if view.bidder is None else "kitty taken"
    embed.add_field(name=f"Players · {kitty}", value="\n".join(seats), inline=False)
    if seen.sheet:
        title = (
            "Score sheet · the game is over" if seen.game_over else f"Score sheet · game {seen.game_no + 1}"
        )
        embed.add_field(name=title, value=score_sheet(seen), inline=False)


def to_do(seen: PrefaSeen) -> str:
    view = seen.view
    return {
        Phase.BIDDING: "to bid",
        Phase.KITTY: "to take the kitty and discard two",
        Phase.CONTRACT: "to announce the contract",
        Phase.DEFENCE: "to say in or out",
        Phase.PLAY: "to play",
    }.get(view.phase, "to act")


def prefa_status(table: TableView, game: PrefaHand) -> str:
    seen = game.view(None)
    seat = game.to_act
    phase = PHASE[seen.view.phase]
    if seat is None:
        return f"**Hand {table.hand_no}** · {phase}."
    due = f" (timer {discord.utils.format_dt(table.deadline, 'R')})" if table.deadline else ""
    mention = table.seat_for(seat).mention
    return f"**Hand {table.hand_no} · {phase}** — {mention} {to_do(seen)}{due}. Press **Your hand**."


def prefa_prompt(table: TableView, game: PrefaHand, fresh: set[int]) -> str:
    seen = game.view(None)
    due = f" You have until {discord.utils.format_dt(table.deadline, 'R')}." if table.deadline else ""
    humans = [s for s in game.awaiting if not table.seat_for(s).is_computer]
    who = ", ".join(table.seat_for(s).mention for s in humans)
    if humans and all(s in fresh for s in humans):
        where = "Your hand panel shows your moves."
    else:
        where = "Press **Your hand** on the table message (or use /hand) to see your cards and moves."
    return f"{who}, it's your turn {to_do(seen)} at table #{table.id}. {where}{due}"


# ------------------------------------------------------------------ the panel
def prefa_panel(table: TableView, game: PrefaHand, seat: int) -> Panel:
    seen = game.view(seat)
    view = seen.view
    embed = discord.Embed(title=f"Your hand · Prefa table #{table.id} · hand {table.hand_no}", colour=COLOUR)
    names = [plain(n) for n in seen.seats]
    party = seen.parties[seat]
    hand = view.hand or ()
    if party >= 3:
        embed.description = "You dealt this hand and sit it out; you still score with the others."
        if view.phase is Phase.OVER:
            embed.description += " The hand is over."
        return Panel(embed)
    embed.add_field(name=f"Your cards ({len(hand)})", value=by_suit(hand), inline=False)
    if view.kitty:
        embed.add_field(name="From the kitty", value=by_suit(view.kitty), inline=False)
    if view.discards:
        embed.add_field(
            name="Your discards (nobody else sees them)", value=by_suit(view.discards), inline=False
        )
    text = contract_text(game.view(None))
    if text:
        embed.add_field(name="Contract", value=text, inline=False)
    if view.trick:
        embed.add_field(name="This trick", value=trick_text(seen, view.trick), inline=False)
    embed.add_field(
        name="Tricks and pouches",
        value=" · ".join(
            f"{names[w]}: {plural(view.tricks[p], 'trick') if p < 3 else 'sits out'}, pouch {view.pouches[p]}"
            for w, p in enumerate(seen.parties)
        ),
        inline=False,
    )
    if view.phase is Phase.OVER:
        embed.description = "The hand is over." + (" The game is over." if seen.game_over else "")
        return Panel(embed)
    legal = game.legal_actions(seat)
    controls: list[Control] = []
    pickers: list[Picker] = []
    order = hand_order(hand)
    if not legal:
        who = game.to_act
        waiting = names[who] if who is not None else "—"
        embed.description = f"Waiting for **{waiting}** {to_do(seen)}."
        if view.phase is Phase.PLAY:
            controls = [
                Control(f"play.{i}", hand[i].short, disabled=True, row=i_row(n)) for n, i in enumerate(order)
            ]
        return Panel(embed, tuple(controls))
    kinds = {a.kind for a in legal}
    if view.phase is Phase.BIDDING:
        bid = view.bid.text if view.bid is not None else "nothing yet"
        embed.description = f"**Your turn to bid.** The bid stands at {bid}. A pass is final."
        for action in legal:
            if action.kind == "bid":
                controls.append(
                    Control(
                        f"bid.{contract_key(action.contract)}",
                        f"Bid {action.contract.text}",
                        discord.ButtonStyle.primary,
                    )
                )
            elif action.kind == "good":
                controls.append(
                    Control(
                        f"good.{contract_key(action.contract)}",
                        f"I'm good ({action.contract.text})",
                        discord.ButtonStyle.success,
                    )
                )
            elif action.kind == "tentative":
                controls.append(Control("tentative", "I'll take it (if nobody else does)"))
        controls.append(Control("pass", "Pass", discord.ButtonStyle.danger))
    elif view.phase is Phase.KITTY:
        embed.description = "**You took the bid.** The kitty is in your hand: choose two cards to put away."
        options = tuple((str(i), f"{hand[i].short} ({hand[i].label})", False) for i in order)
        pickers.append(Picker("discard", "Two cards to discard", options, 2, 2))
    elif view.phase is Phase.CONTRACT:
        contracts = [a.contract for a in legal if a.kind == "declare" and not a.aces]
        embed.description = "**Announce your contract**: the bid you won, or anything higher."
        if contracts:
            cheapest = contracts[0]
            controls.append(
                Control(
                    f"declare.{contract_key(cheapest)}",
                    f"Play {cheapest.text}",
                    discord.ButtonStyle.primary,
                    row=3,
                )
            )
            options = tuple((contract_key(c), c.text, False) for c in contracts[:25])
            pickers.append(Picker("declare", "Or announce a higher contract", options))
            aces = [a.contract for a in legal if a.kind == "declare" and a.aces]
            if aces:
                options = tuple((contract_key(c), f"{c.text} + four aces", False) for c in aces[:25])
                pickers.append(Picker("declare.aces", "Announce with the four aces", options))
    elif view.phase is Phase.DEFENCE:
        duty = view.duties[party] if view.duties else None
        embed.description = "**Your call: defend (in) or stay out.**" + (
            f" If you defend, you must take {plural(duty, 'trick')}." if duty is not None else ""
        )
        labels = {
            "in": ("I'm in", discord.ButtonStyle.success),
            "out": ("I'm out", discord.ButtonStyle.danger),
            "alone": ("I'll go it alone", discord.ButtonStyle.primary),
            "take_you": ("I'll take you with me", discord.ButtonStyle.primary),
            "let_alone": ("Go ahead alone", discord.ButtonStyle.secondary),
        }
        for action in legal:
            label, style = labels[action.kind]
            controls.append(Control(action.kind, label, style))
    elif view.phase is Phase.PLAY:
        playable = {a.card for a in legal if a.kind == "play"}
        embed.description = "**Your turn to play.** Follow suit, else trump, else anything."
        for n, i in enumerate(order):
            card = hand[i]
            ok = card in playable
            style = discord.ButtonStyle.success if ok else discord.ButtonStyle.secondary
            controls.append(Control(f"play.{i}", card.short, style, disabled=not ok, row=i_row(n)))
    if "throw_in" in kinds:
        controls.append(Control("throw_in", "Throw in (penalty)", discord.ButtonStyle.danger, row=4))
    return Panel(embed, tuple(controls), tuple(pickers))


def i_row(n: int) -> int:
    """Five card buttons to a row."""
    return n // 5
