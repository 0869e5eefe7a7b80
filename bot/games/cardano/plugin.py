"""Cardano's Milanese Primero at a Ridotto table: stacks brought into escrow, the invitation
and the changes from a hand panel, the vie and the declarations typed into a form, and the
final duel. The game goes to the right, and so does the deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from pydantic import ValidationError

from bot.forms import whole_number
from bot.games.base import GamePlugin, HandSetup
from bot.games.cardano import picture
from bot.games.cardano.options import CardanoTableOptions
from bot.games.cardano.render import (
    DUEL_DRAWS,
    cardano_fields,
    cardano_panel,
    cardano_prompt,
    cardano_status,
    declare_form,
    invitation_said,
    pot_said,
    rooms,
)
from bot.games.cardano.rules import BRIEF, BRIEF_IN, RULES, RULES_IN
from bot.games.results import HandResult, closing_panel, moved_chips
from bot.i18n import Text
from engine.cardano import (
    AllIn,
    Bid,
    Cardano,
    CardanoMove,
    Change,
    Close,
    Concede,
    Double,
    Duel,
    Fold,
    Follow,
    Invite,
    Pass,
    Pay,
    Phase,
    Raise,
    Vie,
)
from engine.cardano.hands import a_kind, hand_said, t, tn
from engine.core.cards import PRIMERO_40, Card
from engine.core.match import Match
from engine.core.msg import Join, Markup
from engine.primero.hands import HandType

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.games.view import TableView
    from bot.ui import Form, Panel

OPTION_ERRORS = {
    "stack": t(
        "The stack is between {least} and {most} stakes ({usual} if you leave it out).",
        least=10,
        most=10_000,
        usual=20,
    ),
    "vie": t(
        "The vie is between {least} and {most} stakes ({usual} if you leave it out).",
        least=1,
        most=20,
        usual=2,
    ),
}
SIMPLE = {"pay": Pay(), "double": Double(), "pass": Pass(), "fold": Fold()}
"""Keys of moves that carry nothing."""


class CardanoPlugin(GamePlugin[Cardano, CardanoTableOptions]):
    id = "cardano"
    name = "Cardano's Primero"
    options_model = CardanoTableOptions
    min_players = 2
    max_players = 5
    seat_choices = ("1", "2", "3", "4", "5")
    private_hands = True
    rules = RULES
    brief = BRIEF
    translated = True  # its catalogue is complete in every language (issue 26)
    rules_in = RULES_IN
    brief_in = BRIEF_IN
    view_keys = frozenset({"discard"})
    form_keys = frozenset({"declare"})
    colour = discord.Colour.dark_green()

    # --------------------------------------------------------------- options
    def option_error(self, error: ValidationError) -> Text:
        field = str(error.errors()[0]["loc"][0]) if error.errors() else ""
        return OPTION_ERRORS.get(field, t("That option of Cardano's Primero isn't valid."))

    def describe_options(self, options: CardanoTableOptions, stake: int) -> Text:
        parts = [
            t("Stacks of {chips}", chips=tn("{n} chip", "{n} chips", n=options.stack * stake)),
            t("counter {n}", n=stake),
            t("vie {n}", n=options.vie * stake),
            t("primero 81 beats a flush") if options.primero_81 else t("only primero 79 beats a flush"),
            t("a folded privilege passes on")
            if options.privilege_passes
            else t("a folded privilege is lost"),
            t("final duel") if options.duel else t("no final duel"),
            t("changes until the deck runs out")
            if options.distributions == "deck"
            else t("a showdown when all pass after {n} deals", n=int(options.distributions)),
        ]
        return t("{parts}", parts=Join(parts, "dot"))

    def new_match(self, options: CardanoTableOptions) -> Match:
        """Play goes to the right (counter-clockwise), and the deal passes to the right too."""
        return Match.new(self.seat_choices, direction="right")

    # ----------------------------------------------------------------- money
    def buy_in(self, stake: int, options: CardanoTableOptions) -> int | None:
        return options.stack * stake

    def seat_minimum(self, stake: int, options: CardanoTableOptions) -> int:
        """One counter: enough to invite or to pay a plain invitation."""
        return stake

    def held(self, game: Cardano) -> int:
        return game.chips_held

    def final_stacks(self, game: Cardano) -> list[int] | None:
        return list(game.view(None).stacks)

    # ------------------------------------------------------------------ play
    def new_hand(self, setup: HandSetup, options: CardanoTableOptions) -> Cardano:
        return Cardano.new(
            options.engine_options(setup.stake), list(setup.names), setup.seed, setup.dealer, setup.stacks
        )

    def load(self, data: Mapping[str, Any]) -> Cardano:
        return Cardano.from_json(data)

    def decode(self, game: Cardano, seat: int, key: str, values: Sequence[str] = ()) -> Any | None:
        """Keys name cards by their place in the seat's hand, never the card:
        `invite.<1|2>`, `pay`, `double`, `pass`, `fold`, `concede`, `follow[.<kind>]` and
        `allin[.<kind>]` (no kind: state the kind held), `change[.<places>]`, `close.<kind>`,
        `vie` (values: the kind), `raise.<kind>` and `bid.<kind>` (values: the amount typed
        in the form), `duel.<case>.<places>`; the lists that play at once, `change` and
        `duel.<case>` (values: the places of the cards chosen).
        `<places>` is the digits of the cards to discard, e.g. `13`."""
        hand = game.view(seat).hand or ()
        parts = key.split(".")
        head, rest = parts[0], parts[1:]
        if head in SIMPLE and not rest and not values:
            return SIMPLE[head]
        if head in ("follow", "allin") and len(rest) <= 1 and not values:
            stated = HandType.from_label(rest[0]) if rest else None
            if rest and stated is None:
                return None
            return Follow(type=stated) if head == "follow" else AllIn(type=stated)
        if head == "concede" and not rest and not values:
            return Concede()
        if head == "invite" and rest in (["1"], ["2"]) and not values:
            return Invite(counters=1 if rest[0] == "1" else 2)
        if head in ("change", "duel") and len(rest) == (head == "duel") and values:
            # The list that plays at once (values: the places of the cards chosen).
            if not all(v.isdigit() and len(v) == 1 for v in values):
                return None
            return self.decode(game, seat, ".".join([*parts, "".join(sorted(values))]))
        if head == "change" and len(rest) <= 1 and not values:
            discard = _cards(hand, rest[0] if rest else "")
            return None if discard is None or (rest and not discard) else Change(discard=discard)
        if head == "duel" and len(rest) == 2 and rest[0] in ("1", "2", "3") and not values:
            discard = _cards(hand, rest[1])
            case = int(rest[0])
            if not discard or len(discard) != DUEL_DRAWS[case]:
                return None
            return Duel(case=1 if case == 1 else 2 if case == 2 else 3, discard=discard)
        kind = HandType.from_label(rest[0]) if len(rest) == 1 else None
        if head == "close" and kind is not None and not values:
            return Close(type=kind)
        if head == "vie" and not rest and len(values) == 1:
            chosen = HandType.from_label(values[0])
            return None if chosen is None else Vie(type=chosen)
        if head in ("raise", "bid") and kind is not None:
            found = rooms(game.legal_actions(seat)).get(kind)
            if found is None or found[0] != head:
                return None
            amount = whole_number(values[0] if values else "", "bet", "chips", least=1, most=found[1])
            return Raise(type=kind, amount=amount) if head == "raise" else Bid(type=kind, amount=amount)
        return None

    def encode(self, game: Cardano, seat: int, action: Any) -> tuple[str, tuple[str, ...]]:
        hand = game.view(seat).hand or ()
        move: CardanoMove = action
        if isinstance(move, Invite):
            return f"invite.{move.counters}", ()
        if isinstance(move, Change):
            places = _places(hand, move.discard)
            return (f"change.{places}" if places else "change"), ()
        if isinstance(move, Duel):
            return f"duel.{move.case}.{_places(hand, move.discard)}", ()
        if isinstance(move, Close):
            return f"close.{move.type.label}", ()
        if isinstance(move, Vie):
            return "vie", (move.type.label,)
        if isinstance(move, Raise | Bid):
            return f"{move.kind}.{move.type.label}", (str(move.amount),)
        if isinstance(move, Follow | AllIn):
            head = "follow" if isinstance(move, Follow) else "allin"
            return (head if move.type is None else f"{head}.{move.type.label}"), ()
        return move.kind, ()

    def move_name(self, table: TableView, game: Cardano, seat: int, action: Any) -> str:
        """The buttons' words; a change, a duel, the vie and a bet say their cards and amounts
        (a list and a form play them on the panel)."""
        move: CardanoMove = action
        say = table.lang
        if isinstance(move, Change):
            if not move.discard:
                return say(t("Keep all your cards"), md=False)
            return say(
                t(
                    "Discard {cards} face up and draw {n}",
                    cards=Join(move.discard, "space"),
                    n=len(move.discard),
                ),
                md=False,
            )
        if isinstance(move, Duel):
            return say(
                t(
                    "Duel case {case}: change {cards}",
                    case=Markup(str(move.case)),
                    cards=Join(move.discard, "space"),
                ),
                md=False,
            )
        if isinstance(move, Vie):
            return say(t("Open the vie declaring {kind}", kind=a_kind(move.type)), md=False)
        if isinstance(move, Raise | Bid):
            chips = tn("{n} chip", "{n} chips", n=move.amount)
            if isinstance(move, Raise):
                return say(
                    t("Raise {chips}, declaring {kind}", chips=chips, kind=a_kind(move.type)), md=False
                )
            return say(t("Bid {chips}, declaring {kind}", chips=chips, kind=a_kind(move.type)), md=False)
        return super().move_name(table, game, seat, action)

    def timeout_action(self, game: Cardano, seat: int) -> Any:
        """The least committal move: pass the invitation; change as few cards as allowed
        (the cards the basic computer player would let go, if it changes that many); close a
        combination held when someone else closed (it costs nothing); follow (stating the
        kind held) when there is nothing to pay, pass when nobody has bet, else fold; never
        pay an invitation in the discard round; decline the duel."""
        legal = game.legal_actions(seat)
        phase = game.phase
        if phase in (Phase.DISCARD, Phase.CHANGES, Phase.LAST_CHANGE):
            changes = [a for a in legal if isinstance(a, Change)]
            if changes:
                least = min(len(a.discard) for a in changes)
                advice = self.computer(self.levels[0]).choose(game, seat) if self.levels else None
                if isinstance(advice, Change) and len(advice.discard) == least:
                    return advice
                return next(a for a in changes if len(a.discard) == least)
        if phase is Phase.CLOSING:
            closes = [a for a in legal if isinstance(a, Close)]
            return max(closes, key=lambda a: a.type) if closes else Concede()
        for quiet in (Pass(), Concede()):
            if quiet in legal:
                return quiet
        if Follow() in legal and game.owe(seat) == 0:
            return Follow()
        if Fold() in legal:
            return Fold()
        return legal[0]

    # ---------------------------------------------------- hidden information
    def private_cards(self, game: Cardano, seat: int) -> frozenset[Card]:
        """A hand still held closed; folded and shown hands lie face up, in public."""
        if game.view(None).face_up[seat] is not None:
            return frozenset()
        return frozenset(game.view(seat).hand or ())

    def secret_cards(self, game: Cardano) -> frozenset[Card]:
        """The undealt deck."""
        data = game.to_json()
        return frozenset(PRIMERO_40.parse(code) for code in data["order"][data["next"] :])

    # ------------------------------------------------------------- rendering
    def table_picture(self, table: TableView, view: Any) -> Image | None:
        return picture.table_picture(table, view)

    def hand_picture(self, table: TableView, view: Any, picks: tuple[str, ...]) -> Image | None:
        return picture.hand_picture(table, view, picks)

    def table_fields(self, table: TableView, game: Cardano, embed: discord.Embed) -> None:
        cardano_fields(table, game, embed)

    def status(self, table: TableView, game: Cardano) -> str:
        return cardano_status(table, game)

    def summary(self, table: TableView, game: Cardano) -> list[str]:
        """Whose turn, then the pot and the invitation (the seats' cards are in the picture)."""
        view = game.view(None)
        line = t("{pot} · {invitation}", pot=pot_said(view), invitation=invitation_said(view))
        return [cardano_status(table, game), table.lang(line)]

    def prompt(self, table: TableView, game: Cardano, fresh: set[int]) -> str:
        return cardano_prompt(table, game, fresh)

    def panel(self, table: TableView, game: Cardano, seat: int, picks: tuple[str, ...]) -> Panel:
        panel = cardano_panel(table, game, seat, tuple(int(p) for p in picks if p.isdigit()))
        return closing_panel(panel, self.hand_result(table, game), seat, table.lang)

    def hand_result(self, table: TableView, game: Cardano) -> HandResult | None:
        """The engine's summary names each pot's taker (and a called bluff or an undeclared
        hand's penalty); the reasons add the hand each winner showed at the showdown."""
        outcome = game.outcome
        if outcome is None:
            return None
        say = table.lang
        view = game.view(None)
        shown = {showing.seat: showing.cards for showing in view.showdown or ()}
        reasons: tuple[str, ...] = ()
        if len(shown) > 1:  # a showdown, not a hand everybody else folded
            best = [seat for seat in outcome.winners if seat in shown]
            reasons = tuple(
                say(
                    t(
                        "{player} shows the best hand: {hand}.",
                        player=view.seats[seat],
                        hand=hand_said(shown[seat], view.options.primero_81),
                    ),
                    md=False,
                )
                for seat in best
            )
        # The engine names its seats after the players dealt in: no renaming needed.
        headline = say(outcome.said or outcome.summary, md=False)
        return HandResult(headline, reasons, None, moved_chips(outcome), tuple(view.seats))

    def pick(self, key: str, values: Sequence[str]) -> tuple[str, ...] | None:
        """`discard` (values: the places of the cards picked to discard)."""
        if key != "discard" or not all(v.isdigit() and len(v) == 1 for v in values):
            return None
        return tuple(str(p) for p in sorted({int(v) for v in values}))

    def form(
        self, table: TableView, game: Cardano, seat: int, key: str, values: Sequence[str]
    ) -> Form | None:
        """`declare` (values: the kind) opens the form for the amount of a raise or a bid."""
        if key != "declare" or len(values) != 1:
            return None
        return declare_form(game, seat, values[0], table.lang)


def _cards(hand: Sequence[Card], places: str) -> tuple[Card, ...] | None:
    """The cards at `places` (digits) in the hand, or None if they don't name distinct cards."""
    if not places.isdigit() and places:
        return None
    indexes = [int(ch) for ch in places]
    if len(set(indexes)) != len(indexes) or any(i >= len(hand) for i in indexes):
        return None
    return tuple(hand[i] for i in indexes)


def _places(hand: Sequence[Card], cards: Sequence[Card]) -> str:
    return "".join(str(hand.index(card)) for card in cards)
