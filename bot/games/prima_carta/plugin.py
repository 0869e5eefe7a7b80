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
    HandByHand,
    HandSetup,
    HouseDeals,
    Move,
    OfferChoice,
    OfferSettlement,
    OfferTerms,
    OnlookerBets,
    Pause,
    Pauses,
    SideOffers,
    TableMoves,
)
from bot.games.prima_carta import bets, confidence, picture
from bot.games.prima_carta.options import (
    PAUSE_FIRST_CARD,
    PAUSE_PASS,
    PAUSE_REPASSO,
    PrimaCartaTableOptions,
)
from bot.games.prima_carta.rules import BRIEF, RULES
from bot.games.results import HandResult, closing_panel, from_summary, player_names
from bot.ui import Control, Panel
from engine.core.cards import POSTAS_50, Card
from engine.core.game import Event
from engine.core.text import plural
from engine.prima_carta.game import CARDS, DEAL, SUITS, Copa, Deal, Fold, Phase, PrimaCarta, SeatStatus

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.games.view import TableView

STATUS_MARK = {SeatStatus.UNDECIDED: "…deciding", SeatStatus.LIVE: "in", SeatStatus.FOLDED: "folded"}


VARIANT_NAMES = {"classic": "Prima Carta", "cinco": "Cinco (one pass)", "jasper": "Jasper rules (reshuffled)"}
BETS_OPEN = "The deck is shuffled and committed; bets are open."


class HouseBets(OnlookerBets[PrimaCarta, PrimaCartaTableOptions]):
    """The house bets onlookers may place (Prima, Escúcha, Máximo, Conto, Cartas, Começo)."""

    def offers(self, game: PrimaCarta, options: PrimaCartaTableOptions) -> Sequence[BetOffer] | None:
        return bets.offers(game)

    def settle(self, game: PrimaCarta, key: str, pick: str, amount: int) -> BetResult | None:
        return bets.settle(game, key, pick, amount)


class ConfidenceBets(SideOffers[PrimaCarta, PrimaCartaTableOptions]):
    """Fuerza and Seguro: the confidence bets members offer each other (table option `bets`)."""

    def choices(
        self, game: PrimaCarta, options: PrimaCartaTableOptions, seat: int | None
    ) -> Sequence[OfferChoice]:
        if not options.bets:
            return ()
        return confidence.choices(game, seat)

    def terms(
        self, game: PrimaCarta, options: PrimaCartaTableOptions, kind: str, seat: int, values: Sequence[str]
    ) -> OfferTerms:
        return confidence.terms(game, kind, seat, values)

    def still_open(self, game: PrimaCarta, kind: str, seat: int, data: Mapping[str, Any]) -> bool:
        return confidence.still_open(game, kind, seat, data)

    def settle(
        self,
        game: PrimaCarta,
        kind: str,
        seat: int,
        maker_amount: int,
        taker_amount: int,
        data: Mapping[str, Any],
    ) -> OfferSettlement:
        return confidence.settle(game, kind, seat, maker_amount, taker_amount)


class PrimaCartaPlugin(
    GamePlugin[PrimaCarta, PrimaCartaTableOptions],
    HandByHand[PrimaCarta, PrimaCartaTableOptions],
    Pauses[PrimaCarta, PrimaCartaTableOptions],
    HouseDeals[PrimaCartaTableOptions],
    TableMoves[PrimaCarta],
):
    id = "prima_carta"
    name = "Prima Carta"
    options_model = PrimaCartaTableOptions
    min_players = 2
    max_players = 5
    seat_choices = tuple(SUITS)
    pick_seat = True
    seat_option = "suit"
    rules = RULES
    brief = BRIEF
    capabilities = (HouseBets(), ConfidenceBets())

    def describe_options(self, options: PrimaCartaTableOptions, stake: int) -> str:
        parts = [VARIANT_NAMES[options.variant]]
        parts.append("house table: the house deals" if options.house else "tavern game: the deal rotates")
        if options.corte:
            parts.append(f"corte {stake:,} from the prima to the {'house' if options.house else 'dealer'}")
        if options.cobre != "off":
            parts.append(
                "cobre " + ("carried to the next hand" if options.cobre == "carry" else "to the house")
            )
        if options.bets:
            parts.append("onlookers' bets open before the first card and the repasso")
        return " · ".join(parts)

    # ----------------------------------------------------------------- money
    def min_bankroll(self, stake: int, options: PrimaCartaTableOptions) -> int:
        return PrimaCarta.most_a_seat_can_pay(options.engine_options(stake))

    def opening_costs(self, game: PrimaCarta) -> list[int]:
        # The spiga, and the corte when the first pass is dealt at once (no bets pause).
        return list(game.view(None).paid)

    def held(self, game: PrimaCarta) -> int:
        if game.outcome is not None:
            return 0
        return game.on_table

    def cost(self, game: PrimaCarta, seat: int, action: Any) -> int:
        if isinstance(action, Copa):
            return action.amount
        if isinstance(action, Deal) and action.corte and game.phase is Phase.DEAL and seat == game.prima:
            return game.corte_due()  # the corte is tossed as the first card is turned
        return 0

    def short_of_chips(self, game: PrimaCarta, seat: int, action: Any) -> Any | None:
        """A prima who spent the corte's chips during the bets pause: the first card is
        turned without it (the text's Corte says who tosses it, not what happens when they
        can't; the hand must go on, and nothing else is due from them before the copa).
        docs/RULES.md, Prima Carta house game, decision H12."""
        if isinstance(action, Deal) and action.corte and game.phase is Phase.DEAL:
            return Deal(corte=False)
        return None

    # ------------------------------------------------------------------ play
    def new_hand(self, setup: HandSetup, options: PrimaCartaTableOptions) -> PrimaCarta:
        return PrimaCarta.new(
            options.engine_options(setup.stake),
            list(setup.choices),
            setup.seed,
            setup.dealer,
            carried=setup.carried,
        )

    def house_deals(self, options: PrimaCartaTableOptions) -> bool:
        """At a house table "a trusted employee of the house deals the game" (the text)."""
        return options.house

    def pause(self, game: PrimaCarta, options: PrimaCartaTableOptions) -> Pause | None:
        """Bets are open before the first card and, after the copa, before the repasso. The
        clock plays `Deal` for the prima's seat (the corte, if any, is its cost); the seat
        is the table's to use, never to show before the first card."""
        if game.phase is Phase.DEAL:
            return Pause(
                seconds=PAUSE_FIRST_CARD,
                seat=game.prima,
                action=DEAL,
                label="Bets are open",
                note="Bets are closed: the dealer turns the first card.",
            )
        if game.phase is Phase.REPASSO:
            return Pause(
                seconds=PAUSE_REPASSO,
                seat=game.prima,
                action=DEAL,
                label="Bets are open",
                note="Bets are closed: the dealer deals the repasso.",
            )
        if game.phase is Phase.PASSES:
            # One pass at a time, a few seconds apart, so everyone sees each pass play up.
            return Pause(
                seconds=PAUSE_PASS,
                seat=game.prima,
                action=DEAL,
                label=f"Pass {game.passes_dealt + 1} is dealt",
                note=f"The dealer deals pass {game.passes_dealt + 1}.",
                paced=True,
            )
        return None

    def secret_cards(self, game: PrimaCarta) -> frozenset[Card]:
        # Before the first card the whole deck is face down; after it every card dealt is
        # face up, and a hand cut short reveals its order when it ends.
        return frozenset(CARDS) if game.phase is Phase.DEAL else frozenset()

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

    def seat_names(self, game: PrimaCarta) -> tuple[str, ...]:
        """The suits the seats own, read from the engine (the public view, which names them
        too, is built in full for the whole table: a table message asked for it per seat)."""
        return game.seats

    def seat_label(self, game: PrimaCarta, seat: int) -> str:
        """The engine names a seat by its suit's label ("Cups folds.")."""
        return _label(self.seat_names(game)[seat])

    def logged(self, event: Event) -> bool:
        # Each pass has its own field on the table message (cards played up, stack sizes).
        return event.kind != "pass"

    # ------------------------------------------------------------- rendering
    def table_picture(self, table: TableView, view: Any) -> Image | None:
        return picture.table_picture(table, view)

    def hand_picture(self, table: TableView, view: Any, picks: tuple[str, ...]) -> Image | None:
        return picture.hand_picture(table, view)

    def status(self, table: TableView, game: PrimaCarta) -> str:
        seat = game.to_act
        if game.phase is Phase.DEAL:
            return f"**Hand {table.hand_no}** · {BETS_OPEN}"
        if game.phase is Phase.REPASSO:
            return f"**Hand {table.hand_no}** · the copa is decided; bets are open before the repasso."
        if game.phase is Phase.PASSES:
            return f"**Hand {table.hand_no}** · the deck plays itself: pass {game.passes_dealt} is dealt."
        if seat is None:
            return f"**Hand {table.hand_no}** in play."
        due = f" (timer {discord.utils.format_dt(table.deadline, 'R')})" if table.deadline else ""
        return f"**Hand {table.hand_no} · copa round** — {table.seats[seat].mention} to decide{due}."

    def summary(self, table: TableView, game: PrimaCarta) -> list[str]:
        """Whose copa, then the pot and what each seat paid (the stacks, the passes and the
        discard pile are in the picture and in Details)."""
        view = game.view(None)
        # "Crowns paid 7", never "Crowns 7": that would read as a card.
        paid = " · ".join(f"{suit.title()} paid {view.paid[i]:,}" for i, suit in enumerate(view.seats))
        return [self.status(table, game), f"Pot {plural(view.pot, 'chip')} · {paid}"]

    def prompt(self, table: TableView, game: PrimaCarta, fresh: set[int]) -> str:
        seat = game.to_act
        assert seat is not None
        s = table.seats[seat]
        due = f" You have until {discord.utils.format_dt(table.deadline, 'R')}." if table.deadline else ""
        return (
            f"{s.mention}, the copa is yours to decide at table #{table.id}: pay "
            f"{plural(game.copa_price(seat), 'chip')} to stay in with {s.choice.title()}, or fold.{due}"
        )

    def table_fields(self, table: TableView, game: PrimaCarta, embed: discord.Embed) -> None:
        view = game.view(None)
        dealt = view.phase is not Phase.DEAL
        seats: list[str] = []
        for index, suit in enumerate(view.seats):
            who = table.hand_seats[index] if index < len(table.hand_seats) else "—"
            marks = []
            if index == view.dealer:
                marks.append("dealer")
            if index == view.prima:
                marks.append("prima")
            status = STATUS_MARK[view.status[index]] if dealt else "in"
            if view.status[index] is SeatStatus.UNDECIDED and view.phase == "copa":
                status += f" (copa {view.copa_price[index]:,})"
            if view.winner == index:
                status = "🏆 **won**"
            extra = f" · {', '.join(marks)}" if marks else ""
            seats.append(f"**{suit.title()}** — {who}{extra} · paid {view.paid[index]:,} · {status}")
        embed.add_field(name=f"Seats · pot {plural(view.pot, 'chip')}", value="\n".join(seats), inline=False)
        embed.add_field(name="Table", value=self.table_line(view), inline=False)
        if not dealt:
            embed.add_field(
                name="The deal",
                value=f"{BETS_OPEN} The first card is turned when they close; no card is shown before.",
                inline=False,
            )
            return
        stacks = []
        by_suit = {stack.suit: stack for stack in view.stacks}
        # Cinco lays the stacks out in the order their first cards came off the deck (the
        # text, Cinco); the other games keep the suit order.
        ordered = [by_suit[suit] for suit in view.appearance] if view.variant == "cinco" else view.stacks
        ordered += [stack for stack in view.stacks if stack not in ordered]
        for stack in ordered:
            owner = "" if stack.owner is not None else " · unowned"
            cards = " ".join(str(card.rank) for card in stack.cards)
            done = " ✅" if stack.complete else ""
            stacks.append(f"{_symbol(stack.suit)} **{stack.label}** ({stack.size}){owner}: `{cards}`{done}")
        where = (
            "in the order they came off the deck"
            if view.variant == "cinco"
            else f"after pass {view.pass_number}"
        )
        embed.add_field(name=f"Stacks {where}", value="\n".join(stacks), inline=False)
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

    @staticmethod
    def table_line(view: Any) -> str:
        """The table's rules in play this hand: variant, dealer, corte, cobre, carried pot."""
        parts = [VARIANT_NAMES[view.variant]]
        parts.append("house table (the house deals)" if view.house else "tavern game")
        if view.corte:
            parts.append(f"corte {view.corte:,} paid to the {'house' if view.house else 'dealer'}")
        if view.cobre_rule != "off":
            parts.append(
                "cobre: " + ("carried to the next hand" if view.cobre_rule == "carry" else "to the house")
            )
        if view.carried_in:
            parts.append(f"{plural(view.carried_in, 'chip')} of cobre carried into this pot")
        if view.cobre:
            parts.append(f"cobre formed: {plural(view.cobre, 'chip')}")
        if view.phase == "repasso":
            parts.append("bets are open before the repasso")
        return " · ".join(parts)

    def hand_result(self, table: TableView, game: PrimaCarta) -> HandResult | None:
        outcome = game.outcome
        if outcome is None:
            return None
        labels = [self.seat_label(game, seat) for seat in range(len(outcome.paid_in))]
        carried = (
            f"The cobre of {plural(outcome.carried, 'chip')} stays in the pot for the next hand."
            if outcome.carried
            else None
        )
        return from_summary(table, labels, outcome, carried=carried, names=player_names(table, labels))

    def panel(self, table: TableView, game: PrimaCarta, seat: int, picks: tuple[str, ...]) -> Panel:
        """What a member sees with /hand: their suit, its stack, the copa and, on their turn,
        the copa and fold buttons — the keys of the table message's own buttons, so a move
        from either goes the same way."""
        view = game.view(seat)
        suit = view.seats[seat]
        stack = next(s for s in view.stacks if s.suit == suit)
        embed = discord.Embed(
            title=f"Your suit · Prima Carta table #{table.id} · hand {table.hand_no}",
            colour=self.colour,
        )
        embed.add_field(name="Your suit", value=f"{_symbol(suit)} **{_label(suit)}**")
        embed.add_field(name="Your stack", value=f"{plural(stack.size, 'card')} of 10")
        embed.add_field(name="Chips", value=f"You paid {view.paid[seat]:,} · pot {view.pot:,}")
        price = plural(view.copa_price[seat], "chip")
        if view.phase is Phase.DEAL:
            embed.description = f"{BETS_OPEN} Your stack starts when the first card is turned."
            return Panel(embed)
        if view.winner is not None:
            return closing_panel(Panel(embed), self.hand_result(table, game), seat)
        if view.status[seat] is SeatStatus.FOLDED:
            embed.description = "You folded: you're out of this hand."
            return Panel(embed)
        if view.status[seat] is SeatStatus.LIVE:
            embed.description = "You paid the copa: you're in. The deck plays itself out from here."
            if view.phase is Phase.REPASSO:
                embed.description += " Bets are open before the repasso."
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
