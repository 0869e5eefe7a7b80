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
from bot.games.prima_carta.rules import BRIEF, BRIEF_IN, RULES, RULES_IN
from bot.games.results import ENGLISH, HandResult, closing_panel, moved_chips, player_names
from bot.i18n import Lang, Text
from bot.ui import Control, Panel
from engine.core.cards import POSTAS_50, Card
from engine.core.game import Event
from engine.core.msg import Join, Markup, Msg
from engine.prima_carta.game import (
    CARDS,
    DEAL,
    SUIT_NAMES,
    SUITS,
    Copa,
    Deal,
    Fold,
    Phase,
    PrimaCarta,
    SeatStatus,
    chips,
    t,
    tn,
)

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.games.view import TableView

STATUS_MARK = {SeatStatus.UNDECIDED: t("…deciding"), SeatStatus.LIVE: t("in"), SeatStatus.FOLDED: t("folded")}


VARIANT_NAMES = {
    "classic": t("Prima Carta"),
    "cinco": t("Cinco (one pass)"),
    "jasper": t("Jasper rules (reshuffled)"),
}
BETS_OPEN = t("The deck is shuffled and committed; bets are open.")


def _suit_of(suit: str) -> Msg:
    """A suit's name as a message, from its id ("cups")."""
    return SUIT_NAMES[SUITS.index(suit)]


def renamed(said: Msg, player: str) -> Msg:
    """An engine line naming a seat by its suit, with the suit named as "Ana (Cups)" (the
    `suit` argument, wherever it is in the message); other arguments as they are."""
    args: dict[str, Any] = {}
    for key, value in said.args.items():
        if key == "suit" and isinstance(value, Msg):
            args[key] = t("{player} ({suit})", player=player, suit=value)
        elif isinstance(value, Msg):
            args[key] = renamed(value, player)
        else:
            args[key] = value
    return Msg(said.domain, said.id, args, said.plural)


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
    translated = True  # its catalogue is complete in every language (issue 26)
    rules_in = RULES_IN
    brief_in = BRIEF_IN
    capabilities = (HouseBets(), ConfidenceBets())

    def choice_label(self, choice: str) -> Text:
        """A seat is a suit: its name in the reader's language (Lucchetti, Candados…)."""
        if choice in SUITS:
            return SUIT_NAMES[SUITS.index(choice)]
        return super().choice_label(choice)

    def describe_options(self, options: PrimaCartaTableOptions, stake: int) -> Text:
        parts: list[Msg] = [VARIANT_NAMES[options.variant]]
        parts.append(
            t("house table: the house deals") if options.house else t("tavern game: the deal rotates")
        )
        if options.corte:
            parts.append(
                t("corte {stake} from the prima to the house", stake=stake)
                if options.house
                else t("corte {stake} from the prima to the dealer", stake=stake)
            )
        if options.cobre != "off":
            parts.append(
                t("cobre carried to the next hand") if options.cobre == "carry" else t("cobre to the house")
            )
        if options.bets:
            parts.append(t("onlookers' bets open before the first card and the repasso"))
        # No words of its own: each part is a whole phrase translated on its own, and " · " is
        # the fixed mark every game's options line uses between them (Holdout's, Prefa's), the
        # same in every language. How many parts there are depends on the options, so a
        # sentence around them would have to be one template per combination (sixteen); a
        # list with the language's "and" (Babel's list rule) would read as one clause, which
        # these independent settings are not. Translators keep "{parts}" as it is.
        return t("{parts}", parts=Join(tuple(parts), "dot"))

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
                label=t("Bets are open"),
                note=t("Bets are closed: the dealer turns the first card."),
            )
        if game.phase is Phase.REPASSO:
            return Pause(
                seconds=PAUSE_REPASSO,
                seat=game.prima,
                action=DEAL,
                label=t("Bets are open"),
                note=t("Bets are closed: the dealer deals the repasso."),
            )
        if game.phase is Phase.PASSES:
            # One pass at a time, a few seconds apart, so everyone sees each pass play up.
            return Pause(
                seconds=PAUSE_PASS,
                seat=game.prima,
                action=DEAL,
                label=t("Pass {number} is dealt", number=game.passes_dealt + 1),
                note=t("The dealer deals pass {number}.", number=game.passes_dealt + 1),
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
                out.append(Move("copa", t("Pay the copa · {price}", price=action.amount)))
            else:
                out.append(Move("fold", t("Fold"), danger=True))
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

    def event_text(self, game: PrimaCarta, event: Event, player: str) -> Text:
        """The engine names a seat by its suit ("Cups folds."); the log names its player too
        ("Ana (Cups) folds."), in every language."""
        said = event.msg
        if said is None or event.seat is None:
            return super().event_text(game, event, player)
        label = self.seat_label(game, event.seat)
        if not label or label == player:
            return said
        return renamed(said, player)

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
        say = table.lang
        hand = Markup(str(table.hand_no))
        if game.phase is Phase.DEAL:
            return say(t("**Hand {hand}** · {open}", hand=hand, open=BETS_OPEN))
        if game.phase is Phase.REPASSO:
            return say(
                t("**Hand {hand}** · the copa is decided; bets are open before the repasso.", hand=hand)
            )
        if game.phase is Phase.PASSES:
            return say(
                t(
                    "**Hand {hand}** · the deck plays itself: pass {number} is dealt.",
                    hand=hand,
                    number=game.passes_dealt,
                )
            )
        if seat is None:
            return say(t("**Hand {hand}** in play.", hand=hand))
        due = Markup(
            say(t(" (timer {when})", when=Markup(discord.utils.format_dt(table.deadline, "R"))))
            if table.deadline
            else ""
        )
        who = Markup(table.seats[seat].mention)
        return say(t("**Hand {hand} · copa round** — {who} to decide{due}.", hand=hand, who=who, due=due))

    def summary(self, table: TableView, game: PrimaCarta) -> list[str]:
        """Whose copa, then the pot and what each seat paid (the stacks, the passes and the
        discard pile are in the picture and in Details)."""
        view = game.view(None)
        # "Crowns paid 7", never "Crowns 7": that would read as a card.
        paid = Join(
            tuple(
                t("{suit} paid {n}", suit=_suit_of(suit), n=view.paid[i]) for i, suit in enumerate(view.seats)
            ),
            "dot",
        )
        return [
            self.status(table, game),
            table.lang(t("Pot {chips} · {paid}", chips=chips(view.pot), paid=paid)),
        ]

    def prompt(self, table: TableView, game: PrimaCarta, fresh: set[int]) -> str:
        seat = game.to_act
        assert seat is not None
        s = table.seats[seat]
        say = table.lang
        due = Markup(
            say(t(" You have until {when}.", when=Markup(discord.utils.format_dt(table.deadline, "R"))))
            if table.deadline
            else ""
        )
        return say(
            t(
                "{who}, the copa is yours to decide at table #{table}: pay {chips} to stay in with "
                "{suit}, or fold.{due}",
                who=Markup(s.mention),
                table=Markup(str(table.id)),
                chips=chips(game.copa_price(seat)),
                suit=_suit_of(s.choice),
                due=due,
            )
        )

    def table_fields(self, table: TableView, game: PrimaCarta, embed: discord.Embed) -> None:
        view = game.view(None)
        say = table.lang
        dealt = view.phase is not Phase.DEAL
        seats: list[str] = []
        for index, suit in enumerate(view.seats):
            who = Markup(table.hand_seats[index] if index < len(table.hand_seats) else "—")
            marks: list[Msg] = []
            if index == view.dealer:
                marks.append(t("dealer"))
            if index == view.prima:
                marks.append(t("prima"))
            status: Msg = STATUS_MARK[view.status[index]] if dealt else t("in")
            if view.status[index] is SeatStatus.UNDECIDED and view.phase == "copa":
                status = t("{status} (copa {price})", status=status, price=view.copa_price[index])
            if view.winner == index:
                status = t("🏆 **won**")
            extra = Markup(f" · {say.arg(Join(tuple(marks), 'comma'))}" if marks else "")
            line = t(
                "**{suit}** — {who}{extra} · paid {paid} · {status}",
                suit=_suit_of(suit),
                who=who,
                extra=extra,
                paid=view.paid[index],
                status=status,
            )
            seats.append(say(line))
        embed.add_field(
            name=say(t("Seats · pot {chips}", chips=chips(view.pot))), value="\n".join(seats), inline=False
        )
        embed.add_field(name=say(t("Table")), value=self.table_line(view, say), inline=False)
        if not dealt:
            embed.add_field(
                name=say(t("The deal")),
                value=say(
                    t(
                        "{open} The first card is turned when they close; no card is shown before.",
                        open=BETS_OPEN,
                    )
                ),
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
            cards = " ".join(str(card.rank) for card in stack.cards)
            done = " ✅" if stack.complete else ""
            said = (
                t(
                    "{symbol} **{suit}** ({size}): `{cards}`{done}",
                    symbol=Markup(_symbol(stack.suit)),
                    suit=_suit_of(stack.suit),
                    size=stack.size,
                    cards=Markup(cards),
                    done=Markup(done),
                )
                if stack.owner is not None
                else t(
                    "{symbol} **{suit}** ({size}) · unowned: `{cards}`{done}",
                    symbol=Markup(_symbol(stack.suit)),
                    suit=_suit_of(stack.suit),
                    size=stack.size,
                    cards=Markup(cards),
                    done=Markup(done),
                )
            )
            stacks.append(say(said))
        title = (
            t("Stacks in the order they came off the deck")
            if view.variant == "cinco"
            else t("Stacks after pass {number}", number=view.pass_number)
        )
        embed.add_field(name=say(title), value="\n".join(stacks), inline=False)
        if view.discard:
            pile = " ".join(card.short for card in view.discard)
            embed.add_field(
                name=say(
                    t(
                        "Discard pile · {cards}, dealt from the left next pass",
                        cards=tn("{n} card", "{n} cards", n=len(view.discard)),
                    )
                ),
                value=pile[:1024],
                inline=False,
            )
        passes = []
        for entry in view.passes[-4:]:
            played = " ".join(card.short for card in entry.played)
            sizes = " ".join(f"{_symbol(view.stacks[i].suit)}{n}" for i, n in enumerate(entry.stacks))
            passes.append(
                say(
                    t(
                        "**Pass {number}** · {dealt} dealt, {up} up: {cards}\n   stacks after it: {sizes}",
                        number=entry.number,
                        dealt=entry.dealt,
                        up=len(entry.played),
                        cards=Markup(played),
                        sizes=Markup(sizes),
                    )
                )
            )
        if passes:
            embed.add_field(name=say(t("Passes (all public)")), value="\n".join(passes)[-1000:], inline=False)

    @staticmethod
    def table_line(view: Any, say: Lang = ENGLISH) -> str:
        """The table's rules in play this hand: variant, dealer, corte, cobre, carried pot."""
        parts: list[Msg] = [VARIANT_NAMES[view.variant]]
        parts.append(t("house table (the house deals)") if view.house else t("tavern game"))
        if view.corte:
            parts.append(
                t("corte {n} paid to the house", n=view.corte)
                if view.house
                else t("corte {n} paid to the dealer", n=view.corte)
            )
        if view.cobre_rule != "off":
            parts.append(
                t("cobre: carried to the next hand")
                if view.cobre_rule == "carry"
                else t("cobre: to the house")
            )
        if view.carried_in:
            parts.append(t("{chips} of cobre carried into this pot", chips=chips(view.carried_in)))
        if view.cobre:
            parts.append(t("cobre formed: {chips}", chips=chips(view.cobre)))
        if view.phase == "repasso":
            parts.append(t("bets are open before the repasso"))
        return say.arg(Join(tuple(parts), "dot"))

    def hand_result(self, table: TableView, game: PrimaCarta) -> HandResult | None:
        """The engine's summary in the table's language, its winning suit named with its
        player ("Ana (Cups)"); the cobre carried, if any."""
        outcome = game.outcome
        if outcome is None or outcome.said is None:
            return None
        say = table.lang
        labels = [self.seat_label(game, seat) for seat in range(len(outcome.paid_in))]
        names = player_names(table, labels)
        said = outcome.said
        winner = outcome.winners[0]
        if labels[winner] and labels[winner] != names[winner]:
            said = renamed(said, names[winner])
        carried = (
            say(
                t("The cobre of {chips} stays in the pot for the next hand.", chips=chips(outcome.carried)),
                md=False,
            )
            if outcome.carried
            else None
        )
        return HandResult(say(said, md=False), carried=carried, nets=moved_chips(outcome), names=names)

    def panel(self, table: TableView, game: PrimaCarta, seat: int, picks: tuple[str, ...]) -> Panel:
        """What a member sees with /hand: their suit, its stack, the copa and, on their turn,
        the copa and fold buttons — the keys of the table message's own buttons, so a move
        from either goes the same way."""
        view = game.view(seat)
        say = table.lang
        suit = view.seats[seat]
        name = _suit_of(suit)
        stack = next(s for s in view.stacks if s.suit == suit)
        embed = discord.Embed(
            title=say(
                t(
                    "Your suit · Prima Carta table #{table} · hand {hand}",
                    table=Markup(str(table.id)),
                    hand=Markup(str(table.hand_no)),
                )
            ),
            colour=self.colour,
        )
        embed.add_field(name=say(t("Your suit")), value=f"{_symbol(suit)} **{say(name)}**")
        embed.add_field(
            name=say(t("Your stack")),
            value=say(t("{cards} of 10", cards=tn("{n} card", "{n} cards", n=stack.size))),
        )
        embed.add_field(
            name=say(t("Chips")),
            value=say(t("You paid {paid} · pot {pot}", paid=view.paid[seat], pot=view.pot)),
        )
        price = chips(view.copa_price[seat])
        if view.phase is Phase.DEAL:
            embed.description = say(
                t("{open} Your stack starts when the first card is turned.", open=BETS_OPEN)
            )
            return Panel(embed)
        if view.winner is not None:
            return closing_panel(Panel(embed), self.hand_result(table, game), seat, say)
        if view.status[seat] is SeatStatus.FOLDED:
            embed.description = say(t("You folded: you're out of this hand."))
            return Panel(embed)
        if view.status[seat] is SeatStatus.LIVE:
            embed.description = say(
                t(
                    "You paid the copa: you're in. The deck plays itself out from here. Bets are open "
                    "before the repasso."
                )
                if view.phase is Phase.REPASSO
                else t("You paid the copa: you're in. The deck plays itself out from here.")
            )
            return Panel(embed)
        if view.to_act != seat:
            embed.description = say(
                t("The copa for your stack is {chips}; you decide when your turn comes.", chips=price)
            )
            return Panel(embed)
        embed.description = say(
            t(
                "**Your turn.** The copa for your stack is {chips}: pay it to stay in with {suit}, or fold.",
                chips=price,
                suit=name,
            )
        )
        green, red = discord.ButtonStyle.success, discord.ButtonStyle.danger
        controls = tuple(
            Control(move.key, say(move.label, md=False), red if move.danger else green)
            for move in self.moves(game, seat)
        )
        return Panel(embed, controls)


def _label(suit: str) -> str:
    return POSTAS_50.suit_labels[POSTAS_50.suits.index(suit)]


def _symbol(suit: str) -> str:
    return POSTAS_50.suit_symbols[POSTAS_50.suits.index(suit)]
