"""Prima Carta at a Ridotto table: each member backs a suit, pays the spiga at the deal, and
decides the copa with the buttons under the table message. Nothing is hidden once dealt, so
everything is drawn on the public table message; the hand panel (/hand) sums up the
member's own part — their suit, its stack, the copa they owe — with the same copa and fold
buttons on their turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.games.base import (
    BetOffer,
    BetResult,
    GamePlugin,
    HandSetup,
    Move,
    OfferChoice,
    OfferSettlement,
    OfferTerms,
    Pause,
)
from bot.games.prima_carta import bets, confidence, picture
from bot.games.prima_carta.options import PrimaCartaTableOptions
from bot.games.prima_carta.rules import RULES
from bot.ui import Control, Panel
from engine.core.cards import POSTAS_50, Card
from engine.core.game import Event
from engine.core.text import plural
from engine.prima_carta.game import SUITS, Copa, Deal, Fold, Phase, PrimaCarta, PrimaCartaOptions, SeatStatus

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.tables import Table

STATUS_MARK = {SeatStatus.UNDECIDED: "…deciding", SeatStatus.LIVE: "in", SeatStatus.FOLDED: "folded"}


class PrimaCartaPlugin(GamePlugin[PrimaCarta, PrimaCartaTableOptions]):
    id = "prima_carta"
    name = "Prima Carta"
    options_model = PrimaCartaTableOptions
    min_players = 2
    max_players = 5
    seat_choices = tuple(SUITS)
    pick_seat = True
    seat_option = "suit"
    rules = RULES

    # ----------------------------------------------------------------- money
    def describe_options(self, options: PrimaCartaTableOptions, stake: int) -> str:
        if options.bets:
            return "House game: onlookers may bet against the house before each hand's first card"
        return ""

    def min_bankroll(self, stake: int, options: PrimaCartaTableOptions) -> int:
        return PrimaCarta.most_a_seat_can_pay(PrimaCartaOptions(stake=stake))

    def opening_costs(self, game: PrimaCarta) -> list[int]:
        return list(game.view(None).paid)

    def held(self, game: PrimaCarta) -> int:
        return 0 if game.outcome is not None else sum(game.view(None).paid)

    def cost(self, game: PrimaCarta, seat: int, action: Any) -> int:
        return action.amount if isinstance(action, Copa) else 0

    # ------------------------------------------------------------------ play
    def new_hand(self, setup: HandSetup, options: PrimaCartaTableOptions) -> PrimaCarta:
        return PrimaCarta.new(
            options.engine_options(setup.stake), list(setup.choices), setup.seed, setup.dealer
        )

    def load(self, data: Mapping[str, Any]) -> PrimaCarta:
        return PrimaCarta.from_json(data)

    def moves(self, game: PrimaCarta, seat: int) -> list[Move]:
        out = []
        for action in game.legal_actions(seat):
            if isinstance(action, Copa):
                out.append(Move("copa", f"Pay the copa · {action.amount:,}"))
            else:
                out.append(Move("fold", "Fold", danger=True))
        return out

    def decode(self, game: PrimaCarta, seat: int, key: str, values: Sequence[str] = ()) -> Any | None:
        """Keys are the move's kind: `copa` or `fold` (the copa's price is the engine's)."""
        for action in game.legal_actions(seat):
            if action.kind == key and not values:
                return action
        return None

    def encode(self, game: PrimaCarta, seat: int, action: Any) -> tuple[str, tuple[str, ...]]:
        kind: str = action.kind
        return kind, ()

    def timeout_action(self, game: PrimaCarta, seat: int) -> Any:
        return Fold()

    def pause(self, game: PrimaCarta, options: PrimaCartaTableOptions) -> Pause | None:
        """The house game waits for onlookers' bets before the first card; then the dealer
        turns it."""
        if game.phase is not Phase.DEAL:
            return None
        return Pause(
            seconds=bets.BET_WINDOW,
            seat=game.dealer,
            action=Deal(),
            label="Bets are open; the dealer turns the first card",
            note="Bets are closed: the dealer turns the first card.",
        )

    # ---------------------------------------------------------- onlookers' bets
    def house_bets(self, game: PrimaCarta, options: PrimaCartaTableOptions) -> Sequence[BetOffer] | None:
        return bets.offers(game)

    def settle_house_bet(self, game: PrimaCarta, key: str, pick: str, amount: int) -> BetResult | None:
        return bets.settle(game, key, pick, amount)

    # ------------------------------------------------- confidence bets (Fuerza, Seguro)
    def offer_choices(
        self, game: PrimaCarta, options: PrimaCartaTableOptions, seat: int | None
    ) -> Sequence[OfferChoice]:
        if not options.bets:
            return ()
        return confidence.choices(game, seat)

    def offer_terms(
        self, game: PrimaCarta, options: PrimaCartaTableOptions, kind: str, seat: int, values: Sequence[str]
    ) -> OfferTerms:
        return confidence.terms(game, kind, seat, values)

    def offer_open(self, game: PrimaCarta, kind: str, seat: int, data: Mapping[str, Any]) -> bool:
        return confidence.still_open(game, kind, seat, data)

    def settle_offer(
        self,
        game: PrimaCarta,
        kind: str,
        seat: int,
        maker_amount: int,
        taker_amount: int,
        data: Mapping[str, Any],
    ) -> OfferSettlement:
        return confidence.settle(game, kind, seat, maker_amount, taker_amount)

    def seat_label(self, game: PrimaCarta, seat: int) -> str:
        """The engine names a seat by its suit's label ("Cups folds.")."""
        return _label(self.seat_names(game)[seat])

    def logged(self, event: Event) -> bool:
        # Each pass has its own field on the table message (cards played up, stack sizes).
        return event.kind != "pass"

    # ---------------------------------------------------- hidden information
    def secret_cards(self, game: PrimaCarta) -> frozenset[Card]:
        """Before the first card is turned the whole deck is secret; after, every card
        dealt is public."""
        return frozenset(POSTAS_50.cards()) if game.phase is Phase.DEAL else frozenset()

    # ------------------------------------------------------------- rendering
    def table_picture(self, table: Table, view: Any) -> Image | None:
        return picture.table_picture(table, view)

    def hand_picture(self, table: Table, view: Any, picks: tuple[str, ...]) -> Image | None:
        return picture.hand_picture(table, view)

    def status(self, table: Table, game: PrimaCarta) -> str:
        state = table.state
        seat = game.to_act
        if game.phase is Phase.DEAL:
            return f"**Hand {state.hand_no}** — the spiga is in; the first card is not turned yet."
        if seat is None:
            return f"**Hand {state.hand_no}** in play."
        due = f" (timer {discord.utils.format_dt(state.deadline, 'R')})" if state.deadline else ""
        return f"**Hand {state.hand_no} · copa round** — {state.seats[seat].mention} to decide{due}."

    def prompt(self, table: Table, game: PrimaCarta, fresh: set[int]) -> str:
        seat = game.to_act
        assert seat is not None
        s = table.state.seats[seat]
        due = (
            f" You have until {discord.utils.format_dt(table.state.deadline, 'R')}."
            if table.state.deadline
            else ""
        )
        return (
            f"{s.mention}, the copa is yours to decide at table #{table.id}: pay "
            f"{plural(game.copa_price(seat), 'chip')} to stay in with {s.choice.title()}, or fold.{due}"
        )

    def table_fields(self, table: Table, game: PrimaCarta, embed: discord.Embed) -> None:
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
        embed.add_field(name=f"Seats · pot {plural(view.pot, 'chip')}", value="\n".join(seats), inline=False)
        if view.phase is Phase.DEAL:
            embed.add_field(name="The deck", value="Shuffled and locked; the first card is not turned yet.")
            return
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
                name=f"Discard pile · {plural(len(view.discard), 'card')}, dealt from the left next pass",
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

    def panel(self, table: Table, game: PrimaCarta, seat: int, picks: tuple[str, ...]) -> Panel:
        """What a member sees with /hand: their suit, its stack, the copa and, on their turn,
        the copa and fold buttons — the keys of the table message's own buttons, so a move
        from either goes the same way."""
        view = game.view(seat)
        suit = view.seats[seat]
        stack = next(s for s in view.stacks if s.suit == suit)
        embed = discord.Embed(
            title=f"Your suit · Prima Carta table #{table.id} · hand {table.state.hand_no}",
            colour=self.colour,
        )
        embed.add_field(name="Your suit", value=f"{_symbol(suit)} **{_label(suit)}**")
        embed.add_field(name="Your stack", value=f"{plural(stack.size, 'card')} of 10")
        embed.add_field(name="Chips", value=f"You paid {view.paid[seat]:,} · pot {view.pot:,}")
        price = plural(view.copa_price[seat], "chip")
        if view.winner is not None:
            won = "**you won**" if view.winner == seat else f"{_label(view.seats[view.winner])} won"
            embed.description = f"The hand is over: {won}."
            return Panel(embed)
        if view.status[seat] is SeatStatus.FOLDED:
            embed.description = "You folded: you're out of this hand."
            return Panel(embed)
        if view.status[seat] is SeatStatus.LIVE:
            embed.description = "You paid the copa: you're in. The deck plays itself out from here."
            return Panel(embed)
        if view.to_act != seat:
            embed.description = f"The copa for your stack is {price}; you decide when your turn comes."
            return Panel(embed)
        embed.description = (
            f"**Your turn.** The copa for your stack is {price}: pay it to stay in with "
            f"{_label(suit)}, or fold."
        )
        green, red = discord.ButtonStyle.success, discord.ButtonStyle.danger
        controls = tuple(
            Control(move.key, move.label, red if move.danger else green) for move in self.moves(game, seat)
        )
        return Panel(embed, controls)


def _label(suit: str) -> str:
    return POSTAS_50.suit_labels[POSTAS_50.suits.index(suit)]


def _symbol(suit: str) -> str:
    return POSTAS_50.suit_symbols[POSTAS_50.suits.index(suit)]
