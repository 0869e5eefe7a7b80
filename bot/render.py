"""Embeds for tables: public information only, edited in place as the game moves."""

from __future__ import annotations

import discord

from bot.tables import Phase, Table
from cogs.holdout_render import holdout_fields, holdout_prompt, holdout_status
from cogs.primero_render import primero_fields, primero_prompt, primero_status
from engine.core.cards import POSTAS_50
from engine.holdout.game import Holdout
from engine.prima_carta.game import PrimaCarta, SeatStatus
from engine.primero.game import Primero

COLOURS = {
    Phase.LOBBY: discord.Colour.blurple(),
    Phase.PLAYING: discord.Colour.gold(),
    Phase.BETWEEN: discord.Colour.dark_green(),
    Phase.CLOSED: discord.Colour.dark_grey(),
}

#: /rules texts, in our own words (the rule sources stay in ../shared/rules/).
RULES = {
    "prima_carta": (
        "**Prima Carta** is an old tavern game from the Postas deck: fifty cards, five suits "
        "(Crowns, Locks, Fruit, Swords, Cups), ranks 1 to 10. Every player backs one suit and "
        "the deck does the rest.\n\n"
        "**Spiga.** Everyone puts one stake into the pot.\n"
        "**First pass.** The dealer turns the shuffled deck over card by card. The first card "
        "of a suit starts that suit's stack; after that a card joins its stack only if it is the "
        "next rank up (a 1 follows the 10). Anything else goes face up on a discard pile, and the "
        "top of that pile is tried again before every new card and once the deck runs out.\n"
        "**Copa.** Whoever owns the suit of the very first card (or the next owned suit) decides "
        "first, then the others in suit order: pay one stake per card in your stack to stay in, "
        "or fold and lose your spiga. If everyone else folds, the last player in wins at once.\n"
        "**Later passes.** The discard pile is turned over — never shuffled — and dealt again the "
        "same way, pass after pass, until a suit still in play holds all ten of its cards. That "
        "suit's owner takes the pot. Suits nobody owns, and folded ones, keep building but can't "
        "win; a backed suit that finishes during the first pass wins straight away.\n\n"
        "Every card dealt is public, so a sharp eye can work out who the later passes favour "
        "before paying the copa."
    ),
    "holdout": (
        "**Holdout** (*Postes de Cerca*) is a bluffing game for the Postas deck: ranks 1 to 10 in "
        "five suits. You bring a stack of chips to the table; every price is counted in stakes.\n\n"
        "**The deal.** Everyone antes one stake and leaves it in front of them. Each player gets five "
        "cards, and one card is turned up to start the line, which runs from 1 to 10. Then everyone "
        "secretly picks two cards and passes them to the player on their left.\n"
        "**Your turn** (the 🔪 chilo holder starts, then it goes left):\n"
        "• *Play a card.* A rank the line doesn't have yet takes the chilo and costs the gap to the "
        "nearest card in the line. A rank already there is stacked on it and costs its own value.\n"
        "• *Seconds:* play the top card of the deck, unseen. A new rank takes the chilo for free. "
        "A rank already there knocks you out: pay one stake per card still in your hand, and your "
        "ante goes to the pot.\n"
        "• *Fold:* your ante goes to the pot.\n"
        "**Winning.** Fill the last gap in the line; or be the chilo holder when your turn comes "
        "round with your hand empty; or be the last player left. The winner takes the pot, the antes "
        "and the chilo, and leads the next hand.\n\n"
        "**Double line** (4–6 players): two lines, top and bottom, each started with an up card. "
        "Pick the line before you play, even for seconds; a rank is new if its own line lacks it. "
        "The hand ends when all twenty spaces are filled.\n"
        "**Vines deck** option: 55 cards with an eleventh rank, the Emperor, so each line runs to 11.\n"
        "You never pay more than your stack: a move you can't cover isn't offered."
    ),
    "primero": (
        "**Primero** is the Renaissance game poker grew beside, played with forty cards (no 8s, 9s "
        "or 10s). Cards score points whatever their suit: faces 10, the 2–5 ten more than their pips "
        "(a 4 is 14), the ace 16, the six 18 and the seven 21.\n\n"
        "**Hands**, lowest first: *numerus* (two or three cards of one suit; only those count), "
        "*primero* (one card of each suit), *supremus* (ace, six and seven of one suit: 55), *fluxus* "
        "(four of one suit), *chorus* (four of a kind).\n"
        "**The deal.** Everyone antes. Two cards each, a round of bidding, two more cards, a second "
        "round. Bidding starts left of the dealer.\n"
        "**On your turn:**\n"
        "• *Bid:* cover the current bet, then name a hand type and total above the last bid, with a "
        "new bet that replaces the old one.\n"
        "• *Stake:* put in the current bet.\n"
        "• *Pass:* change one or two cards (the discards lie face up) and set the bet aside; you pay "
        "it in if you stake later, or before the showdown.\n"
        "• *Fold:* half of what you set aside goes to the pot, the rest comes back.\n"
        "Whoever bids or stakes may also change one or two cards. If nobody covers a bid, the last "
        "player before the bidder must, and may then bet without naming a hand. A player short of the "
        "bet may go *all in* once per hand; bids stop and a secondary pot starts.\n"
        "**Honesty.** In the second round nobody may claim more than their cards hold; hiding a "
        "stronger hand behind a weaker bid is fine.\n"
        "**Showdown.** Everyone still in shows. Only the bid type counts: its best total wins (a tie "
        "goes to the player nearest the dealer's right). If nobody holds it, the pot waits for the "
        "next hand.\n\n"
        "**Points game** (variant): no chips. The winner scores 100 for every player holding the bid "
        "type, plus their own total; the other holders score their totals. First to the target wins."
    ),
}


def table_title(table: Table) -> str:
    return f"{table.adapter.name} · table #{table.id} · stake {table.state.stake:,}"


def render_table(table: Table) -> tuple[str | None, discord.Embed]:
    """The public table message: its content line and embed."""
    state = table.state
    embed = discord.Embed(title=table_title(table), colour=COLOURS[state.phase])
    game = table.game
    if isinstance(game, PrimaCarta):
        _prima_carta(table, game, embed)
    elif isinstance(game, Holdout):
        holdout_fields(table, game, embed)
    elif isinstance(game, Primero):
        primero_fields(table, game, embed)
    if state.phase is not Phase.PLAYING:
        name = "Seated for the next hand" if game is not None else "Seats"
        embed.add_field(name=name, value=_seat_lines(table) or "Nobody yet.", inline=False)
    embed.description = _status(table)
    if state.log:
        embed.add_field(name="Table log", value="\n".join(state.log)[-1000:], inline=False)
    footer = f"Host: {_host_name(table)} · v{state.version}"
    if isinstance(game, PrimaCarta | Holdout | Primero):
        view = game.view(None)
        footer += f" · deck commitment {view.commitment[:16]}"
        if view.seed is not None:
            footer += f" · seed {view.seed}"
    embed.set_footer(text=footer)
    return None, embed


def turn_prompt(table: Table, fresh: set[int] | None = None) -> str:
    """The ping for the member(s) to act: public, so it names no hidden card."""
    if isinstance(table.game, Holdout):
        return holdout_prompt(table, table.game, fresh or set())
    if isinstance(table.game, Primero):
        return primero_prompt(table, table.game, fresh or set())
    seat = table.to_act
    assert seat is not None and table.game is not None
    s = table.state.seats[seat]
    due = (
        f" You have until {discord.utils.format_dt(table.state.deadline, 'R')}."
        if table.state.deadline
        else ""
    )
    if isinstance(table.game, PrimaCarta):
        price = table.game.copa_price(seat)
        return (
            f"{s.mention}, the copa is yours to decide at table #{table.id}: pay {price:,} chips "
            f"to stay in with {s.choice.title()}, or fold.{due}"
        )
    return f"{s.mention}, it's your turn at table #{table.id}.{due}"


def _status(table: Table) -> str:
    state = table.state
    if state.phase is Phase.LOBBY:
        need = table.seat_range[0] - len(state.seats)
        wait = f"waiting for {need} more player{'s' if need != 1 else ''}" if need > 0 else "ready to start"
        take = "take a suit" if table.adapter.pick_seat else "sit down"
        options = table.adapter.describe_options(state.options, state.stake)
        extra = f"\n{options}." if options else ""
        return f"**Lobby** — {wait}. Press **Join** to {take}; the host starts the game.{extra}"
    if state.phase is Phase.BETWEEN:
        if state.deadline is not None and len(state.seats) >= table.seat_range[0]:
            due = discord.utils.format_dt(state.deadline, "R")
            return (
                f"**Hand {state.hand_no} is over.** The next hand is dealt {due} — "
                "or press **Deal next hand**."
            )
        return f"**Hand {state.hand_no} is over.** Waiting for players to deal the next hand."
    if state.phase is Phase.CLOSED:
        return "**Closed.** Open a new table with /play."
    if isinstance(table.game, Holdout):
        return holdout_status(table, table.game)
    if isinstance(table.game, Primero):
        return primero_status(table, table.game)
    seat = table.to_act
    if seat is None:
        return f"**Hand {state.hand_no}** in play."
    due = f" (timer {discord.utils.format_dt(state.deadline, 'R')})" if state.deadline else ""
    return f"**Hand {state.hand_no} · copa round** — {state.seats[seat].mention} to decide{due}."


def _host_name(table: Table) -> str:
    for seat in table.state.seats:
        if seat.user_id == table.state.host_id:
            return seat.name
    return "—"


def _seat_lines(table: Table) -> str:
    state = table.state
    lines = []
    for seat in state.seats:
        host = " (host)" if seat.user_id == table.state.host_id else ""
        who = f"🤖 {seat.name} · {seat.level}" if seat.is_computer else f"{seat.mention}{host}"
        stack = state.stacks.get(seat.choice)
        chips = f" · stack {stack:,}" if stack is not None else ""
        lines.append(f"**{table.adapter.choice_label(seat.choice)}** — {who}{chips}")
    return "\n".join(lines)


STATUS_MARK = {SeatStatus.UNDECIDED: "…deciding", SeatStatus.LIVE: "in", SeatStatus.FOLDED: "folded"}


def _prima_carta(table: Table, game: PrimaCarta, embed: discord.Embed) -> None:
    view = game.view(None)
    state = table.state
    seats: list[str] = []
    for index, suit in enumerate(view.seats):
        who = state.hand_seats[index] if index < len(state.hand_seats) else "—"
        marks = []
        if index == view.dealer:
            marks.append("dealer")
        if index == view.prima:
            marks.append("prima")
        status = STATUS_MARK[view.status[index]]
        if view.status[index] is SeatStatus.UNDECIDED and view.phase == "copa":
            status += f" (copa {view.copa_price[index]:,})"
        if view.winner == index:
            status = "🏆 **won**"
        extra = f" · {', '.join(marks)}" if marks else ""
        seats.append(f"**{suit.title()}** — {who}{extra} · paid {view.paid[index]:,} · {status}")
    embed.add_field(name=f"Seats · pot {view.pot:,} chips", value="\n".join(seats), inline=False)
    stacks = []
    for stack in view.stacks:
        owner = "" if stack.owner is not None else " · unowned"
        cards = " ".join(str(card.rank) for card in stack.cards)
        done = " ✅" if stack.complete else ""
        stacks.append(f"{_symbol(stack.suit)} **{stack.label}** ({stack.size}){owner}: `{cards}`{done}")
    embed.add_field(name=f"Stacks after pass {view.pass_number}", value="\n".join(stacks), inline=False)
    if view.discard:
        pile = " ".join(card.short for card in view.discard)
        embed.add_field(
            name=f"Discard pile · {len(view.discard)} cards, dealt from the left next pass",
            value=pile[:1024],
            inline=False,
        )
    passes = []
    for entry in view.passes[-4:]:
        played = " ".join(card.short for card in entry.played)
        sizes = " ".join(f"{_symbol(view.stacks[i].suit)}{n}" for i, n in enumerate(entry.stacks))
        passes.append(
            f"**Pass {entry.number}** · {entry.dealt} dealt, {len(entry.played)} up: {played}\n"
            f"   stacks after it: {sizes}"
        )
    if passes:
        embed.add_field(name="Passes (all public)", value="\n".join(passes)[-1000:], inline=False)


def _symbol(suit: str) -> str:
    return POSTAS_50.suit_symbols[POSTAS_50.suits.index(suit)]
