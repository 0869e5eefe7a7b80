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

from bot.i18n import Lang
from bot.ui import Control, Panel, Picker, plain
from engine.core.cards import Card
from engine.core.msg import Markup, Msg
from engine.prefa import Contract, Phase
from engine.prefa.hand import PrefaHand, PrefaSeen
from engine.prefa.scoring import SUITS
from engine.prefa.words import card_said, cards_of, contract_said, t, tricks_of

if TYPE_CHECKING:
    from bot.games.view import TableView

COLOUR = discord.Colour.dark_blue()
SUIT_MARK = {"spades": "♠", "clubs": "♣", "diamonds": "♦", "hearts": "♥"}


def defence_said(call: str) -> Msg:
    """A defender's call as the table shows it beside their name."""
    if call == "in":
        return t("in")
    if call == "out":
        return t("out")
    if call == "alone":
        return t("alone")
    if call == "take_you":
        return t("takes the other along")
    return t("lets the other go alone")


def phase_said(phase: Phase) -> Msg:
    if phase is Phase.BIDDING:
        return t("bidding")
    if phase is Phase.KITTY:
        return t("the kitty")
    if phase is Phase.CONTRACT:
        return t("the contract")
    if phase is Phase.DEFENCE:
        return t("the defence")
    if phase is Phase.PLAY:
        return t("the play")
    return t("over")


def contract_key(contract: Contract) -> str:
    return f"{contract.tricks}.{contract.strain}"


def short(name: str, width: int = 9) -> str:
    """A name for a fixed-width column: no backticks, cut to `width`."""
    text = name.replace("`", "'")
    return text if len(text) <= width else text[: width - 1] + "…"


def by_suit(cards: Sequence[Card], say: Lang) -> str:
    """Cards grouped by suit: "♠ 7 9 K · ♥ 10 A"."""
    groups = []
    for suit in SUITS:
        ranks = [c.short.removeprefix(SUIT_MARK[suit]) for c in sorted(cards) if c.suit == suit]
        if ranks:
            groups.append(f"{SUIT_MARK[suit]} {' '.join(ranks)}")
    return " · ".join(groups) if groups else say(t("*none*"))


def hand_order(hand: Sequence[Card]) -> list[int]:
    """Places in the hand, by suit in bid order and then by rank."""
    return sorted(range(len(hand)), key=lambda i: (SUITS.index(hand[i].suit), hand[i].rank))


# ------------------------------------------------------------------ the public table
def bidding_sheet(seen: PrefaSeen, say: Lang) -> str:
    """The bidding as the rule text writes it: one column per player, one line per round,
    in the reader's language (`say`)."""
    view = seen.view
    step = view.options.step
    columns = [(view.eldest + step * i) % 3 for i in range(3)]
    names = [seen.seats[seen.parties.index(p)] for p in columns]
    rows: list[list[str]] = []
    for call in view.sheet:
        col = columns.index(call.seat)
        text = None
        if call.call == "good":
            text = say(t("good"), md=False)
        elif call.call == "pass":
            text = say(t("pass"), md=False)
        elif call.call == "tentative":
            text = say(t("take it?"), md=False)
        elif call.contract is not None:
            text = say(contract_said(call.contract), md=False)
        if not rows or rows[-1][col] or any(cell for cell in rows[-1][col + 1 :]):
            rows.append([""] * 3)
        rows[-1][col] = text or ""
    # Columns as wide as their longest cell: a call reads longer in some languages.
    width = max(9, *(len(short(n)) for n in names), *(len(cell) for row in rows for cell in row))
    lines = ["  ".join(short(n).ljust(width) for n in names)]
    for row in rows:
        lines.append("  ".join(cell.ljust(width) for cell in row).rstrip())
    return "```\n" + "\n".join(lines) + "\n```"


def score_sheet(seen: PrefaSeen, say: Lang, last: int = 8) -> str:
    """Pouch and chips per player, hand by hand (the newest `last` hands), and the totals.
    The first column is as wide as the language's words for it ("hand", "left", "chips")."""
    keys, names = seen.keys, seen.seats
    width = max(8, *(len(short(n, 8)) for n in names))
    hand, left, total = (say(word, md=False) for word in (t("hand"), t("left"), t("chips")))
    first = max(5, len(hand) + 1, len(left) + 1, len(total))
    lines = [hand.ljust(first) + "".join(short(n, 8).rjust(width + 1) for n in names)]
    totals = dict.fromkeys(keys, 0)
    for row in seen.sheet:
        for key in keys:
            totals[key] += row.chips.get(key, 0)
    for row in seen.sheet[-last:]:
        cells = "".join(f"{row.pouches.get(k, 0)}/{row.chips.get(k, 0):+d}".rjust(width + 1) for k in keys)
        lines.append(f"{row.hand:>{first - 1}} {cells}")
    if any(seen.settlement):
        cells = "".join(f"{s:+d}".rjust(width + 1) for s in seen.settlement)
        lines.append(left.ljust(first) + cells)
        for key, extra in zip(keys, seen.settlement, strict=True):
            totals[key] += extra
    lines.append(total.ljust(first) + "".join(f"{totals[k]:+d}".rjust(width + 1) for k in keys))
    return say(t("Each hand: pouch/chips")) + "\n```\n" + "\n".join(lines) + "\n```"


def trick_text(seen: PrefaSeen, cards: Sequence[tuple[int, Card]]) -> str:
    return " · ".join(f"{plain(seen.seats[seen.parties.index(p)])} {card.short}" for p, card in cards)


def contract_text(seen: PrefaSeen, say: Lang) -> str | None:
    view = seen.view
    if view.contract is None or view.bidder is None:
        return None
    bidder = seen.seats[seen.parties.index(view.bidder)]
    bid = contract_said(view.contract)
    if view.aces:
        head = t(
            "**{bidder}** plays **{bid}** (worth {value} a trick, four aces)",
            bidder=bidder,
            bid=bid,
            value=view.bid_value,
        )
    else:
        head = t(
            "**{bidder}** plays **{bid}** (worth {value} a trick)",
            bidder=bidder,
            bid=bid,
            value=view.bid_value,
        )
    duties = []
    for party, duty in enumerate(view.duties):
        if party == view.bidder:
            continue
        name = seen.seats[seen.parties.index(party)]
        call = view.defence[party]
        said = say(t(" · {call}", call=defence_said(call))) if call else ""
        if duty is not None and (view.mode is None or view.mode in ("own", "alone", "invited")):
            duties.append(say(t("{name} must take {duty}", name=name, duty=tricks_of(duty))) + said)
        else:
            duties.append(plain(name) + (said or say(t(" · no duty"))))
    if view.mode == "invited" and view.invited is not None and view.active is not None:
        duties.append(
            say(
                t(
                    "{invited} plays on behalf of {active}",
                    invited=seen.seats[seen.parties.index(view.invited)],
                    active=seen.seats[seen.parties.index(view.active)],
                )
            )
        )
    return say(head) + "\n" + "\n".join(duties)


def prefa_fields(table: TableView, game: PrefaHand, embed: discord.Embed) -> None:
    say = table.lang
    seen = game.view(None)
    view = seen.view
    embed.add_field(name=say(t("Bidding")), value=bidding_sheet(seen, say), inline=False)
    text = contract_text(seen, say)
    if text:
        embed.add_field(name=say(t("Contract")), value=text, inline=False)
    if view.phase is Phase.PLAY or view.last_trick is not None:
        trick = trick_text(seen, view.trick) if view.trick else say(t("*nothing yet*"))
        value = say(t("Now: {trick}", trick=Markup(trick)))
        if view.last_trick is not None:
            last = view.last_trick
            winner = seen.seats[seen.parties.index(last.winner)]
            cards = Markup(trick_text(seen, list(zip(last.seats, last.cards, strict=True))))
            value += "\n" + say(t("Last: {cards} → {winner}", cards=cards, winner=winner))
        embed.add_field(name=say(t("Trick")), value=value, inline=False)
    seats = []
    for index, name in enumerate(seen.seats):
        who = Markup(table.hand_seats[index] if index < len(table.hand_seats) else plain(name))
        party = seen.parties[index]
        pouch = seen.view.pouches[party]
        if party >= 3:
            line = say(t("{who} · deals and sits out · pouch {pouch}", who=who, pouch=pouch))
        else:
            marks = []
            if party == view.dealer:
                marks.append(say(t("dealer")))
            if view.passed[party] and view.phase is Phase.BIDDING:
                marks.append(say(t("passed")))
            line = say(
                t(
                    "{who} · {cards} · {tricks} · pouch {pouch}",
                    who=who,
                    cards=cards_of(view.hand_sizes[party]),
                    tricks=tricks_of(view.tricks[party]),
                    pouch=pouch,
                )
            )
            line += f" · {', '.join(marks)}" if marks else ""
        if seen.bankroll:
            line += say(t(" · stack {stack}", stack=seen.stacks[index]))
        seats.append(line)
    title = t("Players · kitty: 2 cards face down") if view.bidder is None else t("Players · kitty taken")
    embed.add_field(name=say(title), value="\n".join(seats), inline=False)
    if seen.sheet:
        heading = (
            t("Score sheet · the game is over")
            if seen.game_over
            else t("Score sheet · game {n}", n=seen.game_no + 1)
        )
        embed.add_field(name=say(heading), value=score_sheet(seen, say), inline=False)


def to_do(seen: PrefaSeen) -> Msg:
    phase = seen.view.phase
    if phase is Phase.BIDDING:
        return t("to bid")
    if phase is Phase.KITTY:
        return t("to take the kitty and discard two")
    if phase is Phase.CONTRACT:
        return t("to announce the contract")
    if phase is Phase.DEFENCE:
        return t("to say in or out")
    if phase is Phase.PLAY:
        return t("to play")
    return t("to act")


def prefa_status(table: TableView, game: PrefaHand) -> str:
    say = table.lang
    seen = game.view(None)
    seat = game.to_act
    phase = phase_said(seen.view.phase)
    hand = Markup(str(table.hand_no))
    if seat is None:
        return say(t("**Hand {n}** · {phase}.", n=hand, phase=phase))
    mention = Markup(table.seat_for(seat).mention)
    if table.deadline:
        when = Markup(discord.utils.format_dt(table.deadline, "R"))
        return say(
            t(
                "**Hand {n} · {phase}** — {who} {to_do} (timer {when}). Press **Your hand**.",
                n=hand,
                phase=phase,
                who=mention,
                to_do=to_do(seen),
                when=when,
            )
        )
    return say(
        t(
            "**Hand {n} · {phase}** — {who} {to_do}. Press **Your hand**.",
            n=hand,
            phase=phase,
            who=mention,
            to_do=to_do(seen),
        )
    )


def prefa_prompt(table: TableView, game: PrefaHand, fresh: set[int]) -> str:
    say = table.lang
    seen = game.view(None)
    due = (
        say(t(" You have until {when}.", when=Markup(discord.utils.format_dt(table.deadline, "R"))))
        if table.deadline
        else ""
    )
    humans = [s for s in game.awaiting if not table.seat_for(s).is_computer]
    who = Markup(", ".join(table.seat_for(s).mention for s in humans))
    if humans and all(s in fresh for s in humans):
        where = t("Your hand panel shows your moves.")
    else:
        where = t("Press **Your hand** on the table message (or use /hand) to see your cards and moves.")
    said = t(
        "{who}, it's your turn {to_do} at table #{table}. {where}",
        who=who,
        to_do=to_do(seen),
        table=Markup(str(table.id)),
        where=where,
    )
    return say(said) + due


# ------------------------------------------------------------------ the panel


def prefa_panel(table: TableView, game: PrefaHand, seat: int) -> Panel:
    say = table.lang
    seen = game.view(seat)
    view = seen.view
    embed = discord.Embed(
        title=say(
            t(
                "Your hand · Prefa table #{table} · hand {n}",
                table=Markup(str(table.id)),
                n=Markup(str(table.hand_no)),
            ),
            md=False,
        ),
        colour=COLOUR,
    )
    names = [plain(n) for n in seen.seats]
    party = seen.parties[seat]
    hand = view.hand or ()
    if party >= 3:
        embed.description = say(t("You dealt this hand and sit it out; you still score with the others."))
        if view.phase is Phase.OVER:
            embed.description += say(t(" The hand is over."))
        return Panel(embed)
    embed.add_field(name=say(t("Your cards ({n})", n=len(hand))), value=by_suit(hand, say), inline=False)
    if view.kitty:
        embed.add_field(name=say(t("From the kitty")), value=by_suit(view.kitty, say), inline=False)
    if view.discards:
        embed.add_field(
            name=say(t("Your discards (nobody else sees them)")),
            value=by_suit(view.discards, say),
            inline=False,
        )
    text = contract_text(game.view(None), say)
    if text:
        embed.add_field(name=say(t("Contract")), value=text, inline=False)
    if view.trick:
        embed.add_field(name=say(t("This trick")), value=trick_text(seen, view.trick), inline=False)
    tallies = []
    for w, p in enumerate(seen.parties):
        if p < 3:
            tally = t(
                "{name}: {tricks}, pouch {pouch}",
                name=Markup(names[w]),
                tricks=tricks_of(view.tricks[p]),
                pouch=view.pouches[p],
            )
        else:
            tally = t("{name}: sits out, pouch {pouch}", name=Markup(names[w]), pouch=view.pouches[p])
        tallies.append(say(tally))
    embed.add_field(name=say(t("Tricks and pouches")), value=" · ".join(tallies), inline=False)
    if view.phase is Phase.OVER:
        embed.description = say(t("The hand is over.")) + (
            say(t(" The game is over.")) if seen.game_over else ""
        )
        return Panel(embed)
    legal = game.legal_actions(seat)
    controls: list[Control] = []
    pickers: list[Picker] = []
    order = hand_order(hand)
    if not legal:
        who = game.to_act
        waiting = Markup(names[who] if who is not None else "—")
        embed.description = say(t("Waiting for **{waiting}** {to_do}.", waiting=waiting, to_do=to_do(seen)))
        if view.phase is Phase.PLAY:
            controls = [
                Control(f"play.{i}", hand[i].short, disabled=True, row=i_row(n)) for n, i in enumerate(order)
            ]
        return Panel(embed, tuple(controls))
    kinds = {a.kind for a in legal}
    if view.phase is Phase.BIDDING:
        stands = contract_said(view.bid) if view.bid is not None else t("nothing yet")
        embed.description = say(
            t("**Your turn to bid.** The bid stands at {bid}. A pass is final.", bid=stands)
        )
        for action in legal:
            if action.kind == "bid":
                controls.append(
                    Control(
                        f"bid.{contract_key(action.contract)}",
                        say(t("Bid {bid}", bid=contract_said(action.contract)), md=False),
                        discord.ButtonStyle.primary,
                    )
                )
            elif action.kind == "good":
                controls.append(
                    Control(
                        f"good.{contract_key(action.contract)}",
                        say(t("I'm good ({bid})", bid=contract_said(action.contract)), md=False),
                        discord.ButtonStyle.success,
                    )
                )
            elif action.kind == "tentative":
                controls.append(Control("tentative", say(t("I'll take it (if nobody else does)"), md=False)))
        controls.append(Control("pass", say(t("Pass"), md=False), discord.ButtonStyle.danger))
    elif view.phase is Phase.KITTY:
        embed.description = say(
            t("**You took the bid.** The kitty is in your hand: choose two cards to put away.")
        )
        options = tuple(
            (str(i), f"{hand[i].short} ({say(card_said(hand[i]), md=False)})", False) for i in order
        )
        pickers.append(Picker("discard", say(t("Two cards to discard"), md=False), options, 2, 2))
    elif view.phase is Phase.CONTRACT:
        contracts = [a.contract for a in legal if a.kind == "declare" and not a.aces]
        embed.description = say(t("**Announce your contract**: the bid you won, or anything higher."))
        if contracts:
            cheapest = contracts[0]
            controls.append(
                Control(
                    f"declare.{contract_key(cheapest)}",
                    say(t("Play {bid}", bid=contract_said(cheapest)), md=False),
                    discord.ButtonStyle.primary,
                    row=3,
                )
            )
            options = tuple((contract_key(c), say(contract_said(c), md=False), False) for c in contracts[:25])
            pickers.append(Picker("declare", say(t("Or announce a higher contract"), md=False), options))
            aces = [a.contract for a in legal if a.kind == "declare" and a.aces]
            if aces:
                options = tuple(
                    (contract_key(c), say(t("{bid} + four aces", bid=contract_said(c)), md=False), False)
                    for c in aces[:25]
                )
                pickers.append(
                    Picker("declare.aces", say(t("Announce with the four aces"), md=False), options)
                )
    elif view.phase is Phase.DEFENCE:
        duty = view.duties[party] if view.duties else None
        embed.description = say(t("**Your call: defend (in) or stay out.**")) + (
            say(t(" If you defend, you must take {duty}.", duty=tricks_of(duty))) if duty is not None else ""
        )
        labels = {
            "in": (t("I'm in"), discord.ButtonStyle.success),
            "out": (t("I'm out"), discord.ButtonStyle.danger),
            "alone": (t("I'll go it alone"), discord.ButtonStyle.primary),
            "take_you": (t("I'll take you with me"), discord.ButtonStyle.primary),
            "let_alone": (t("Go ahead alone"), discord.ButtonStyle.secondary),
        }
        for action in legal:
            label, style = labels[action.kind]
            controls.append(Control(action.kind, say(label, md=False), style))
    elif view.phase is Phase.PLAY:
        playable = {a.card for a in legal if a.kind == "play"}
        embed.description = say(t("**Your turn to play.** Follow suit, else trump, else anything."))
        for n, i in enumerate(order):
            card = hand[i]
            ok = card in playable
            style = discord.ButtonStyle.success if ok else discord.ButtonStyle.secondary
            controls.append(Control(f"play.{i}", card.short, style, disabled=not ok, row=i_row(n)))
    if "throw_in" in kinds:
        controls.append(
            Control("throw_in", say(t("Throw in (penalty)"), md=False), discord.ButtonStyle.danger, row=4)
        )
    return Panel(embed, tuple(controls), tuple(pickers))


def i_row(n: int) -> int:
    """Five card buttons to a row."""
    return n // 5
