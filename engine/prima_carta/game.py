"""Prima Carta, basic rules (Postas Games, James Ernest, v1.1), as a pure state machine.

Each player owns one suit of the 50-card Postas deck and antes the spiga; the deck plays
itself up into five ascending stacks, after one pass every player pays a copa (their stack
size) or folds, and the deck is re-dealt unshuffled until a live suit holds all ten cards.

Rule decisions cite `postas-prima-carta-holdout.txt` ("the text") and are listed in
docs/RULES.md. Internally a card is an int, `suit_index * 10 + rank - 1`, and the deal runs
on flat lists; `Card` objects, events and the log are only built when asked for.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from enum import StrEnum
from functools import partial
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from engine.core.cards import POSTAS_50, Card
from engine.core.errors import BadSetup, IllegalAction, NotYourTurn
from engine.core.game import Event, Outcome, new_event, trusted
from engine.core.msg import Domain, Join, Later, Msg
from engine.core.rng import commitment as deal_commitment
from engine.core.rng import shuffled
from engine.core.saves import SavedHand
from engine.core.turns import check_turn

GAME_ID = "prima_carta"
SAVED = SavedHand("Prima Carta")
"""How this game speaks of its saved hands (engine.core.saves)."""
JSON_FORMAT = 2
"""Format 2 adds the house game's options and phases; format 1 hands (the basic game) still
load, with every new option at its default."""
_FORMATS = (1, 2)

t = Domain(GAME_ID)
tn = t.n

SUITS: tuple[str, ...] = POSTAS_50.suits
"""The five Postas suits in the text's table order: crowns, locks, fruit, swords, cups."""
SUIT_LABELS: tuple[str, ...] = POSTAS_50.suit_labels
CARDS: tuple[Card, ...] = POSTAS_50.cards()
"""The 50 cards; `CARDS[code]` is the card with int code `suit_index * 10 + rank - 1`."""
CODE: dict[Card, int] = {card: code for code, card in enumerate(CARDS)}
CODE_BY_TEXT: dict[str, int] = {card.code: code for code, card in enumerate(CARDS)}
_TEXT: tuple[str, ...] = tuple(card.code for card in CARDS)

_SUIT_OF: tuple[int, ...] = tuple(code // 10 for code in range(50))
# The card that plays up on `code`: the next rank of the same suit, and the 1 on the 10,
# because "the Ace (1) plays on the 10, closing the circle of ranks" (the text, First Pass).
_NEXT: tuple[int, ...] = tuple((code // 10) * 10 + (code % 10 + 1) % 10 for code in range(50))
_CODES: tuple[int, ...] = tuple(range(50))
"""Every card's code in order, the deck `new` shuffles: copying a tuple into the shuffled
list is a memory copy, where `range(50)` would make each int again."""
_NO_SUIT = bytes(10)
_ALL_WANTED = b"\x01" * 50

# Outcomes are built with `trusted`: every value from the engine's own ledger (ints, tuples
# of ints, the result line), every field given; validating them was half the outcome's cost,
# and the outcome a tenth of a hand (tests/engine/test_prima_carta_fast_paths.py compares the
# result with a validated copy).
assert not Outcome.__pydantic_post_init__ and not Outcome.__pydantic_root_model__

SUIT_NAMES: tuple[Msg, ...] = (t("Crowns"), t("Locks"), t("Fruit"), t("Swords"), t("Cups"))
"""Each suit's name as a message (the seat's name in the engine's lines), in suit order."""

_CHIPS: dict[int, Msg] = {}


def chips(amount: int) -> Msg:
    """A number of chips as each language counts them ("1 chip", "1,500 chips")."""
    return tn("{n} chip", "{n} chips", n=amount)


def _chips(amount: int) -> Msg:
    """`chips(amount)`, remembered: a table's pots are the same few amounts over and over."""
    said = _CHIPS.get(amount)
    if said is None:
        said = chips(amount)
        if len(_CHIPS) < 4096:
            _CHIPS[amount] = said
    return said


_DECISION_EVENTS: dict[tuple[int, int, int], Event] = {}


def _decision_event(seat: int, suit: int, paid: int) -> Event:
    """The event for `seat` (owning `suit`) paying a copa of `paid` chips, or folding (-1)."""
    # Events are frozen values and a table sees the same few decisions over and over, so
    # they are shared, like `_copa`'s actions; the limit only bounds freak stakes.
    key = (seat, suit, paid)
    event = _DECISION_EVENTS.get(key)
    if event is None:
        name = SUIT_NAMES[suit]
        if paid >= 0:
            event = new_event(
                "copa", t("{suit} pays the copa: {chips}.", suit=name, chips=_chips(paid)), seat
            )
        else:
            event = new_event("fold", t("{suit} folds.", suit=name), seat)
        if len(_DECISION_EVENTS) < 4096:
            _DECISION_EVENTS[key] = event
    return event


def _pass_said(entry: tuple[int, int, list[int], tuple[int, ...], int]) -> Msg:
    """A finished pass's line: its number, the cards dealt and played up, the stacks after it."""
    number, dealt, played, counts, _ = entry
    c0, c1, c2, c3, c4 = counts
    return t(
        "Pass {number}: {dealt} dealt, {up} played up ({cards}). "
        "Stacks: Crowns {crowns}, Locks {locks}, Fruit {fruit}, Swords {swords}, Cups {cups}.",
        number=number,
        dealt=dealt,
        up=len(played),
        cards=Join(tuple([CARDS[code] for code in played]), "space"),
        crowns=c0,
        locks=c1,
        fruit=c2,
        swords=c3,
        cups=c4,
    )


MIN_SEATS = 2
MAX_SEATS = 5


class PrimaCartaOptions(BaseModel, frozen=True):
    """Table options: the basic game by default; the house game's options on request."""

    stake: int = Field(default=1, ge=1)
    """Chips per unit: the spiga is one stake, the copa is stack size times the stake."""
    house: bool = False
    """A house table (a djego): the house deals, so the corte goes to the house."""
    corte: bool = False
    """The prima tosses one stake to the dealer (the house, at a house table)."""
    cobre: Literal["off", "carry", "house"] = "off"
    """When a folded suit completes before the live winner, the folded seats' spigas form
    the cobre: left in the pot (off), carried to the next hand, or paid to the house."""
    pauses: bool = False
    """Wait before the first card (Phase.DEAL) and before the repasso (Phase.REPASSO), so
    onlookers can bet; `apply(prima, Deal())` ends each wait."""
    variant: Literal["classic", "cinco", "jasper"] = "classic"
    """classic; cinco (one pass, the tallest stack wins); jasper (a second, committed
    shuffle after the first pass)."""
    stepped: bool = False
    """Deal the passes after the copa one at a time (Phase.PASSES): each `apply(prima,
    Deal())` deals the next pass, so a table can show every pass before the next. False:
    the whole repasso is dealt at once. The cards and the result are the same either way."""


class Copa(BaseModel, frozen=True):
    """The copa ("cap"): pay your stack size in stakes to stay live after the first pass."""

    kind: Literal["copa"] = "copa"
    amount: int
    """Its cost in chips: cards in your stack after the first pass times the stake."""


class Fold(BaseModel, frozen=True):
    """Drop out of the hand at the copa; what you paid stays in the pot."""

    kind: Literal["fold"] = "fold"


class Deal(BaseModel, frozen=True):
    """The dealer turns the boards: ends a pause (before the first card, before the
    repasso). Played by the clock for the prima's seat, never offered to a player.

    `corte` False: the first card is turned without the corte, because the prima's member
    no longer has the chips for it (spent during the bets pause; docs/RULES.md, Prima Carta
    house game, decision H12)."""

    kind: Literal["deal"] = "deal"
    corte: bool = True


PrimaCartaAction = Annotated[Copa | Fold | Deal, Field(discriminator="kind")]
_ACTION_ADAPTER: TypeAdapter[Copa | Fold | Deal] = TypeAdapter(PrimaCartaAction)
FOLD = Fold()
DEAL = Deal()
_COPAS: dict[int, Copa] = {}


def _copa(amount: int) -> Copa:
    # Copa values are immutable, so one instance per amount saves a validation per offer.
    copa = _COPAS.get(amount)
    if copa is None:
        copa = _COPAS[amount] = Copa(amount=amount)
    return copa


class Phase(StrEnum):
    """What the hand is waiting for."""

    DEAL = "deal"
    """Bets are open: the spiga is in and the deck shuffled and committed, no card shown yet."""
    COPA = "copa"
    """After the first pass: players decide copa or fold, prima first, then to the left."""
    REPASSO = "repasso"
    """Bets are open again: the copa is decided, the repasso not yet dealt."""
    PASSES = "passes"
    """A stepped hand (`PrimaCartaOptions.stepped`) dealing the repasso one pass at a time:
    nobody decides anything; `Deal` deals the next pass."""
    OVER = "over"
    """The hand is settled."""


class SeatStatus(StrEnum):
    """Where a seat stands at the copa."""

    UNDECIDED = "undecided"
    """Has not yet chosen between copa and fold."""
    LIVE = "live"
    """Paid the copa (or won): a live suit can win the pot."""
    FOLDED = "folded"
    """Dropped out; the suit keeps playing up but cannot win."""


class WonBy(StrEnum):
    """How the hand was won."""

    FIRST_PASS = "first_pass"
    """An owned suit completed during the first pass."""
    LAST_STANDING = "last_standing"
    """Everyone else folded at the copa."""
    COMPLETED = "completed"
    """The first live suit to hold all ten cards in a later pass."""
    TALLEST = "tallest"
    """Cinco: the tallest owned stack after the single pass."""


# The members the hot path compares against, as module globals: in Python 3.11 looking a
# member up through its enum class costs over three times a global (~150 ns against ~40).
_PHASE_DEAL, _PHASE_COPA, _PHASE_REPASSO, _PHASE_OVER = Phase.DEAL, Phase.COPA, Phase.REPASSO, Phase.OVER
_PHASE_PASSES = Phase.PASSES
_BY_FIRST_PASS, _BY_LAST_STANDING, _BY_COMPLETED, _BY_TALLEST = (
    WonBy.FIRST_PASS,
    WonBy.LAST_STANDING,
    WonBy.COMPLETED,
    WonBy.TALLEST,
)

_UNDECIDED, _LIVE, _FOLDED = 0, 1, 2
# `_LEFT_OF[seats][seat]`: the other seats in turn from `seat`'s left, wrapping.
_LEFT_OF: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((seat + step) % seats for step in range(1, seats)) for seat in range(seats))
    for seats in range(MAX_SEATS + 1)
)
_STATUS_NAMES = (SeatStatus.UNDECIDED, SeatStatus.LIVE, SeatStatus.FOLDED)
_STATUS_CODES = {status.value: code for code, status in enumerate(_STATUS_NAMES)}


def deal_pass(
    deck: Sequence[int],
    wanted: bytearray,
    count: list[int],
    foundation: list[int],
    stop: Sequence[bool],
    discard: list[int],
    played: list[int],
) -> tuple[int, int]:
    """Deal one pass of `deck` (int codes), playing up and discarding in place.

    `wanted[code]` is 1 for every card that would play up now; `count`/`foundation` are per
    suit; a suit with `stop[suit]` ends the pass the moment it holds ten cards. `discard`
    must start empty (it becomes this pass's pile); `played` collects the plays in order.
    Returns (cards dealt, the stopping suit or -1).
    """
    suit_of = _SUIT_OF
    nxt = _NEXT
    to_discard = discard.append
    to_stack = played.append
    take_top = discard.pop
    before = len(played)
    for code in deck:
        if not wanted[code]:
            # An unplayable card goes on top of the discard pile (the text, First Pass).
            to_discard(code)
            continue
        while True:
            suit = suit_of[code]
            size = count[suit] + 1
            if size == 1:
                # "The first card of each suit automatically becomes the foundation."
                foundation[suit] = code
                wanted[suit * 10 : suit * 10 + 10] = _NO_SUIT
            else:
                wanted[code] = 0
            count[suit] = size
            to_stack(code)
            if size == 10:
                if stop[suit]:
                    # Every card dealt so far went either onto the (initially empty) discard
                    # pile or, at once or later, onto a stack; counting them beats enumerate.
                    return len(discard) + len(played) - before, suit
            else:
                wanted[nxt[code]] = 1
            # "Before dealing a new card, always check if the top discard can be played up":
            # the top only becomes playable after a play, so checking here, after every
            # play, also covers the check after the pass's last card.
            if discard and wanted[discard[-1]]:
                code = take_top()
            else:
                break
    return len(deck), -1


def wanted_from(count: Sequence[int], foundation: Sequence[int]) -> bytearray:
    """Which cards would play up now, rebuilt from stack sizes and foundations."""
    wanted = bytearray(50)
    for suit in range(5):
        size = count[suit]
        if size == 0:
            wanted[suit * 10 : suit * 10 + 10] = b"\x01" * 10
        elif size < 10:
            wanted[suit * 10 + (foundation[suit] % 10 + size) % 10] = 1
    return wanted


def completion_order(count: Sequence[int], foundation: Sequence[int], discard: Sequence[int]) -> list[int]:
    """Play the remaining passes to the end with nobody stopping them.

    Returns, per suit, the index of the play that completes it (smaller = sooner; a suit
    already complete gets -1). The deal after the first pass is fully determined by the
    public discard order ("The Deck is Made", the text's Terms and Phrases).
    """
    count = list(count)
    foundation = list(foundation)
    wanted = wanted_from(count, foundation)
    done = [-1 if count[suit] == 10 else 1 << 30 for suit in range(5)]
    stop = (False,) * 5
    deck = list(discard)
    played: list[int] = []
    seen = [count[suit] for suit in range(5)]
    while deck and min(count) < 10:
        pile: list[int] = []
        before = len(played)
        deal_pass(deck, wanted, count, foundation, stop, pile, played)
        assert len(played) > before, "a pass must promote at least one card"
        for index in range(before, len(played)):
            suit = _SUIT_OF[played[index]]
            seen[suit] += 1
            if seen[suit] == 10:
                done[suit] = index
        deck = pile
    return done


class StackView(BaseModel, frozen=True):
    """One suit's stack, foundation first."""

    suit: str
    label: str
    owner: int | None
    cards: list[Card]
    size: int
    complete: bool


class PassLog(BaseModel, frozen=True):
    """What one pass through the deck did, for the table log."""

    number: int
    dealt: int
    """Cards dealt this pass (fewer than the deck if a winning suit stopped the deal)."""
    played: list[Card]
    """Cards played up, in the order they went onto the stacks."""
    stacks: list[int]
    """Stack sizes after the pass, per suit in suit order."""
    tops: list[Card | None]
    """The top card of each stack after the pass, per suit in suit order."""
    discard: int
    """Cards in the discard pile after the pass."""


class PrimaCartaView(BaseModel, frozen=True):
    """Everything public about a hand, as seen from `you` (None = onlooker).

    Prima Carta has no hidden cards once dealt; only the undealt remainder of a hand that
    ended mid-pass, and the seed and full order, wait until the hand is over.
    """

    game_id: str = GAME_ID
    you: int | None
    seats: list[str]
    """The suit each seat owns."""
    stake: int
    dealer: int | None
    """The dealing seat; None at a house table (the house deals)."""
    prima: int | None
    """The seat that decides the copa first (None before the first card)."""
    prima_card: Card | None
    """The very first card dealt (None before the first card)."""
    phase: Phase
    variant: str = "classic"
    house: bool = False
    bets_open: bool = False
    """True while the hand waits on the clock for onlookers' bets (Phase.DEAL, REPASSO)."""
    corte: int = 0
    """The corte the prima tossed to the dealer (or the house) this hand."""
    cobre_rule: str = "off"
    cobre: int = 0
    """The cobre formed this hand (folded spigas, when a folded suit finished first)."""
    carried_in: int = 0
    """Chips a cobre carried from the last hand put into this hand's pot."""
    appearance: list[str] = []
    """Suits in the order their first cards came off the deck (Cinco lays them out so)."""
    pass_number: int
    stacks: list[StackView]
    """All five suits in suit order, owned or not."""
    discard: list[Card]
    """Bottom first; the last card is the top, the first is dealt first next pass."""
    undealt: int
    passes: list[PassLog]
    pot: int
    """What the winner stands to take: the spigas, copas and any carried cobre (the corte
    is the dealer's, not the pot's)."""
    paid: list[int]
    status: list[SeatStatus]
    to_act: int | None
    copa_price: list[int]
    """What the copa costs each seat: stack size times the stake."""
    winner: int | None
    won_by: WonBy | None
    legal: list[PrimaCartaAction]
    commitment: str
    seed: int | None
    """Revealed once the hand is over, with `order`, to check against `commitment`."""
    order: list[Card] | None
    second_seed: int | None = None
    """Jasper: the seed of the shuffle after the first pass, revealed with `seed`."""


class PrimaCarta:
    """One hand of Prima Carta. Implements `engine.core.game.Game`."""

    game_id = GAME_ID

    __slots__ = (
        "_carried_in",
        "_commitment",
        "_corte",
        "_count",
        "_dealer",
        "_decisions",
        "_discard",
        "_foundation",
        "_options",
        "_order",
        "_owner",
        "_paid",
        "_passes",
        "_phase",
        "_prima",
        "_seats",
        "_second_seed",
        "_seed",
        "_sizes",
        "_status",
        "_summary_text",
        "_to_act",
        "_undealt",
        "_wanted",
        "_winner",
        "_won_by",
    )

    _options: PrimaCartaOptions
    _seats: tuple[int, ...]
    _owner: tuple[int, ...]
    _dealer: int
    _seed: int
    _order: list[int]
    _commitment: str
    _phase: Phase
    _prima: int
    _count: list[int]
    _foundation: list[int]
    _wanted: bytearray
    _discard: list[int]
    _undealt: list[int]
    _passes: list[tuple[int, int, list[int], tuple[int, ...], int]]
    _status: list[int]
    _paid: list[int]
    _decisions: list[tuple[int, int]]
    _to_act: int | None
    _winner: int | None
    _won_by: WonBy | None
    _carried_in: int
    _corte: int
    _second_seed: int | None
    _sizes: tuple[int, ...] | None
    """`contenders()`, kept until a stack or a status changes (the basic player asks before
    every copa decision, and nothing changes between decisions but one status)."""
    _summary_text: Msg | None
    """The result line once the hand is over, and its English."""
    """The result line, worked out once: the win event and the outcome both carry it."""

    # ----------------------------------------------------------------- set-up

    @classmethod
    def new(
        cls,
        options: PrimaCartaOptions,
        seats: Sequence[str],
        seed: int,
        dealer: int = 0,
        carried: int = 0,
        second_seed: int | None = None,
    ) -> Self:
        """Collect the spiga, shuffle with `Random(seed)` and deal the whole first pass.

        `seats[i]` is the suit seat i owns, listed in suit order. There are no decisions
        during a pass, so the hand comes back waiting for the prima's copa (or already
        over, if an owned suit completed in the first pass) — unless `options.pauses`, when
        it waits in Phase.DEAL before the first card. `carried` is a cobre an earlier hand
        carried into this pot. `second_seed` is Jasper's (default: derived from `seed`,
        see `jasper_seed`).
        """
        return cls._start(options, seats, shuffled(_CODES, seed), dealer, seed, carried, second_seed)

    @classmethod
    def new_from_order(
        cls,
        options: PrimaCartaOptions,
        seats: Sequence[str],
        order: Sequence[Card],
        dealer: int = 0,
        seed: int = 0,
        carried: int = 0,
        second_seed: int | None = None,
    ) -> Self:
        """Like `new`, but deal `order` (all 50 Postas cards, first dealt first)."""
        codes = [CODE.get(card, -1) for card in order]
        if len(codes) != 50 or sorted(codes) != list(range(50)):
            raise BadSetup(t("The deck must hold each of the 50 Postas cards exactly once."))
        return cls._start(options, seats, codes, dealer, seed, carried, second_seed)

    @classmethod
    def _start(
        cls,
        options: PrimaCartaOptions,
        seats: Sequence[str],
        order: list[int],
        dealer: int,
        seed: int,
        carried: int = 0,
        second_seed: int | None = None,
    ) -> Self:
        seat_suits = _seat_suits(seats)
        if not 0 <= dealer < len(seat_suits):
            raise BadSetup(t("The dealer must be one of the seats at the table."))
        if carried < 0:
            raise BadSetup(t("A carried cobre cannot be negative."))
        self = cls.__new__(cls)
        self._options = options
        self._seats = seat_suits
        self._owner = _OWNERS[seat_suits]
        self._dealer = dealer
        self._seed = seed
        self._order = order
        self._carried_in = carried
        self._corte = 0
        self._second_seed = None
        if options.variant == "jasper":
            self._second_seed = jasper_seed(seed) if second_seed is None else second_seed
        # Worked out on first use (to_json, view, `commitment`): it is a pure function of
        # seed and order, and most simulated hands never need it.
        self._commitment = ""
        # Spiga: "Each player makes a bet of one coin to start" (the text, First Bets).
        self._paid = [options.stake] * len(seat_suits)
        self._status = [_UNDECIDED] * len(seat_suits)
        self._decisions = []
        # Known from the committed order, but not shown before the first card (see `view`).
        self._prima = _PRIMAS[seat_suits][_SUIT_OF[order[0]]]
        self._count = [0] * 5
        self._foundation = [-1] * 5
        self._wanted = bytearray(_ALL_WANTED)
        self._discard = []
        self._undealt = order  # replaced, never changed, by the first pass
        self._passes = []
        self._winner = None
        self._won_by = None
        self._to_act = None
        self._sizes = None
        self._summary_text = None
        if options.pauses:
            # Bets are open until the first card: the deck is shuffled and committed, the
            # spiga is in, nothing else has happened (engineer W's table plays `Deal`).
            self._phase = _PHASE_DEAL
            return self
        self._turn_boards()
        return self

    @property
    def on_table(self) -> int:
        """The chips this hand holds until it settles: the view's pot and corte together
        (everything paid in, and a cobre carried from the last hand)."""
        return sum(self._paid) + self._carried_in

    def corte_due(self) -> int:
        """What the corte costs the prima when the first card is turned (0: none).

        "The player who receives the very first card tosses an extra coin *to the dealer*"
        (the text, Corte). At a house table the dealer is the house. In the tavern game a
        prima who is also the dealer would toss the coin to themselves, so nothing is paid
        (docs/RULES.md, Prima Carta house game, decision H2)."""
        options = self._options
        if not options.corte or (not options.house and self._prima == self._dealer):
            return 0
        return options.stake

    def _turn_boards(self, *, toss: bool = True) -> None:
        """Deal the first pass (with the corte, if the table takes one and `toss`)."""
        corte = self.corte_due() if toss and self._options.corte else 0
        if corte:
            self._paid[self._prima] += corte
            self._corte = corte
        order = self._order
        if self._options.variant == "cinco":
            # "The dealer passes through the deck only once": nobody stops the pass.
            self._run_pass(order, _NO_STOPS)
            for seat in range(len(self._seats)):
                self._status[seat] = _LIVE
            self._finish(self._cinco_winner(range(len(self._seats))), _BY_TALLEST)
            return
        # An owned suit that completes in the first pass wins on the spot ("could be as many
        # as 10 (which means you have already won!)", Second Bets); an unowned one does not
        # stop the deal ("if an abandoned suit finishes, continue dealing", Second Pass).
        suit = self._run_pass(order, _FIRST_STOPS[self._seats])
        if suit >= 0:
            self._finish(self._owner[suit], _BY_FIRST_PASS)
        else:
            self._phase = _PHASE_COPA
            self._to_act = self._prima

    def _cinco_winner(self, seats: Sequence[int]) -> int:
        """Among `seats`, the tallest stack; a tie goes to the stack whose first card (its
        foundation) came off the deck first ("ties broken by those cards that were dealt
        *first*", the text, Cinco)."""
        position = {code: index for index, code in enumerate(self._order)}
        count, foundation = self._count, self._foundation
        return min(
            seats,
            key=lambda seat: (-count[self._seats[seat]], position.get(foundation[self._seats[seat]], 99)),
        )

    def _run_pass(self, deck: list[int], stop: Sequence[bool]) -> int:
        discard: list[int] = []
        played: list[int] = []
        dealt, suit = deal_pass(deck, self._wanted, self._count, self._foundation, stop, discard, played)
        self._sizes = None
        self._discard = discard
        self._undealt = deck[dealt:]
        self._passes.append((len(self._passes) + 1, dealt, played, tuple(self._count), len(discard)))
        return suit

    def _finish(self, seat: int, how: WonBy) -> None:
        self._winner = seat
        self._won_by = how
        self._phase = _PHASE_OVER
        self._to_act = None
        if how is not _BY_FIRST_PASS:
            self._status[seat] = _LIVE

    # ------------------------------------------------------------ properties

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat whose copa decision is awaited, or None."""
        return self._to_act

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The copa is decided one seat at a time."""
        return () if self._to_act is None else (self._to_act,)

    @property
    def seats(self) -> tuple[str, ...]:
        """The suit each seat owns."""
        return tuple(SUITS[suit] for suit in self._seats)

    @property
    def options(self) -> PrimaCartaOptions:
        return self._options

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def commitment(self) -> str:
        """SHA-256 of seed and deal order, publishable before play (engine.core.rng). In
        Jasper it also covers the second seed: the hashed text is the usual
        "seed:<seed>|<card>,...,<card>" followed by ",second:<second seed>"."""
        if not self._commitment:
            self._commitment = self._commit()
        return self._commitment

    def _commit(self) -> str:
        texts: list[str] = [_TEXT[code] for code in self._order]
        if self._second_seed is not None:
            texts.append(f"second:{self._second_seed}")
        return deal_commitment(self._seed, texts)

    @property
    def second_seed(self) -> int | None:
        """Jasper's second seed (secret until the hand is over; None in other variants)."""
        return self._second_seed

    @property
    def order(self) -> tuple[Card, ...]:
        """The shuffled deck, first card dealt first."""
        return tuple(CARDS[code] for code in self._order)

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def prima(self) -> int:
        """The seat that decides the copa first."""
        return self._prima

    @property
    def pot(self) -> int:
        return sum(self._paid)

    @property
    def winner(self) -> int | None:
        return self._winner

    def stack_sizes(self) -> tuple[int, ...]:
        """Cards in each seat's stack (public; cheap, for computer players)."""
        count = self._count
        return tuple(count[suit] for suit in self._seats)

    def statuses(self) -> tuple[SeatStatus, ...]:
        """Each seat's copa status (public; cheap, for computer players)."""
        return tuple(_STATUS_NAMES[code] for code in self._status)

    def public_deal(self) -> tuple[list[int], list[int], list[int]]:
        """The public deal as int codes (`suit_index * 10 + rank - 1`), for players that
        play the rest of it out in their heads without building a view: (stack size per
        suit, each suit's foundation or -1, the discard pile bottom first). Fresh lists."""
        return list(self._count), list(self._foundation), list(self._discard)

    def pot_at_stake(self) -> int:
        """What the winner stands to take now (the view's `pot`): the spigas, copas and any
        carried cobre, less the corte, which is the dealer's."""
        return sum(self._paid) + self._carried_in - self._corte

    def contenders(self) -> tuple[int, ...]:
        """Stack sizes of the seats that have not folded, -1 for a folded seat (public)."""
        sizes = self._sizes
        if sizes is None:
            count = self._count
            status = self._status
            if _FOLDED not in status:  # the copa round's first question: picked in C
                sizes = tuple(map(count.__getitem__, self._seats))
            else:
                seats = enumerate(self._seats)
                sizes = tuple([-1 if status[seat] == _FOLDED else count[suit] for seat, suit in seats])
            self._sizes = sizes
        return sizes

    def copa_offer(self, seat: int) -> tuple[tuple[int, ...], Copa] | None:
        """`(contenders(), legal_actions(seat)[0])` when `seat` is to decide the copa, else
        None: what the basic player reads before every decision, in one call instead of two
        (a hand makes five decisions; the other action is always `FOLD`)."""
        if seat != self._to_act:
            return None
        amount = self._count[self._seats[seat]] * self._options.stake
        sizes = self._sizes
        if sizes is None:
            sizes = self.contenders()
        return sizes, _COPAS.get(amount) or _copa(amount)

    @staticmethod
    def most_a_seat_can_pay(options: PrimaCartaOptions) -> int:
        """The most one hand can cost a player: the spiga, the corte if the table takes one,
        plus the dearest copa, for a nine-card stack (a ten-card stack has already won, so
        it never pays); Cinco has no copa."""
        copa = 0 if options.variant == "cinco" else 9
        return (1 + copa + (1 if options.corte else 0)) * options.stake

    def copa_price(self, seat: int) -> int:
        """What the copa costs `seat`: cards in its stack times the stake."""
        return self._count[self._seats[seat]] * self._options.stake

    # --------------------------------------------------------------- actions

    def legal_actions(self, seat: int) -> list[Copa | Fold | Deal]:
        """`[Copa(amount=price), Fold()]` (always in that order) for the seat to act, else []."""
        if seat != self._to_act:
            return []
        amount = self._count[self._seats[seat]] * self._options.stake
        return [_COPAS.get(amount) or _copa(amount), FOLD]

    def apply(self, seat: int, action: Copa | Fold | Deal | Mapping[str, Any]) -> list[Event]:
        """Play `action` for `seat` and return the public events it caused.

        Raises NotYourTurn or IllegalAction, with a sentence fit for the player, before
        changing anything.
        """
        kind = type(action)
        if kind is not Copa and kind is not Fold and kind is not Deal:
            if isinstance(action, Mapping):
                try:
                    action = _ACTION_ADAPTER.validate_python(action)
                except ValidationError:
                    raise IllegalAction(
                        t("That is not a Prima Carta move; you may pay the copa or fold.")
                    ) from None
            kind = type(action)
        if kind is Deal and isinstance(action, Deal):  # the isinstance narrows for mypy
            return self._deal(seat, corte=action.corte)
        if seat != self._to_act:  # checked first: the common case costs one comparison
            check_turn(
                seat,
                self.awaiting,
                [SUIT_NAMES[suit] for suit in self._seats],
                over=self._phase is _PHASE_OVER,
                idle=t("Bets are open; nobody decides anything until the cards are dealt."),
            )
        suit = self._seats[seat]
        status = self._status
        if kind is Copa and isinstance(action, Copa):  # the isinstance narrows for mypy
            paid = self._count[suit] * self._options.stake
            if action.amount != paid:
                raise IllegalAction(t("The copa for your stack is {chips}.", chips=chips(paid)))
            self._paid[seat] += paid
            status[seat] = _LIVE  # still a contender: `contenders()` stands
        elif kind is Fold:
            paid = -1
            status[seat] = _FOLDED
        else:
            raise IllegalAction(t("That is not a Prima Carta move; you may pay the copa or fold."))
        self._decisions.append((seat, paid))
        # The shared event for this decision (see `_decision_event`), looked up in line.
        event = _DECISION_EVENTS.get((seat, suit, paid)) or _decision_event(seat, suit, paid)
        # Decisions go "to the left", the next owned suit in suit order (History: Copa); a
        # fold that leaves one player ends the round (see `_after_fold`). The common case,
        # another seat to decide, stays in this function: a hand makes five of these.
        if paid >= 0 or not self._after_fold(seat):
            for nxt in _LEFT_OF[len(status)][seat]:
                if status[nxt] == _UNDECIDED:
                    self._to_act = nxt
                    return [event]
        passes = self._passes
        before = len(passes)
        self._end_copa()
        # The same entries `events` rebuilds: this decision, then, if it set off the
        # repasso, Jasper's shuffle, the passes and the result (see `_entries`).
        events = [event]
        if len(passes) > before:
            if self._second_seed is not None:
                events.append(self._events_of([("shuffle", 0)])[0])
            events += map(self._pass_event, range(before, len(passes)))
        if self._winner is not None:
            events.append(new_event("win", self._summary(), self._winner))
        return events

    def _deal(self, seat: int, *, corte: bool = True) -> list[Event]:
        """End a pause: turn the first card (Phase.DEAL), deal the repasso (REPASSO) or, in a
        stepped hand, its next pass (PASSES).

        The clock plays it for the prima's seat (known to the engine from the committed
        order; the table must not show it before the first card). The same seat ends the
        repasso pause, so one seat answers for both (docs/RULES.md, decision H5)."""
        if self._phase not in (_PHASE_DEAL, _PHASE_REPASSO, _PHASE_PASSES):
            raise IllegalAction(t("The cards are already dealt; there is nothing to turn now."))
        if seat != self._prima:
            raise NotYourTurn(t("The dealer turns the cards when bets close."))
        before = self._history_length()
        if self._phase is _PHASE_DEAL:
            self._turn_boards(toss=corte)
        elif self._phase is _PHASE_PASSES:
            self._next_pass()
        else:
            self._play_out()
        return self._events(before)

    def _after_fold(self, seat: int) -> bool:
        """Bookkeeping after `seat` folds; True if only one player is left, who wins.

        "If only one player remains at this stage, they win immediately" (Second Bets):
        only a fold can leave one (a payer after everyone else folded would have won at the
        last fold), so a last undecided player can win without paying."""
        sizes = self._sizes
        if sizes is not None:  # the fold is the only change to `contenders()`
            self._sizes = (*sizes[:seat], -1, *sizes[seat + 1 :])
        status = self._status
        if status.count(_FOLDED) == len(status) - 1:
            self._finish(next(s for s, code in enumerate(status) if code != _FOLDED), _BY_LAST_STANDING)
            return True
        return False

    def _end_copa(self) -> None:
        """Every seat has decided: deal the repasso, or pause before it for bets."""
        if self._phase is _PHASE_OVER:
            return  # the last one standing has won
        self._to_act = None
        if self._options.pauses:
            # Bets are open again before the repasso: the window for the Fuerza bets
            # ("a bet made after the first pass, and only against a centrale who has paid
            # the copa", the text, Confidence Bets).
            self._phase = _PHASE_REPASSO
            return
        self._play_out()

    def _play_out(self) -> None:
        # Repasso: the discard pile is picked up without shuffling, so the first card
        # discarded is dealt first; passes repeat until a live suit holds all ten cards.
        # Folded and unowned suits keep playing up but cannot stop the deal (Second Pass).
        if self._second_seed is not None:
            # Jasper: "the dealer shuffles the deck after the first pass" — once, by the
            # committed second seed; the later passes are unshuffled as in the basic game
            # (docs/RULES.md, decision H9).
            self._discard = shuffled(self._discard, self._second_seed)
        if self._options.stepped:
            # One pass now, each of the others when the table deals it (`_next_pass`).
            self._phase = _PHASE_PASSES
            self._next_pass()
            return
        self._phase = _PHASE_COPA  # dealing; `_finish` sets OVER
        stop = [False] * 5
        for seat, code in enumerate(self._status):
            stop[self._seats[seat]] = code == _LIVE
        # `_run_pass` in line, with the state held in locals: a repasso is two or three
        # passes, and the per-pass bookkeeping was a third of their cost.
        wanted, count, foundation, passes = self._wanted, self._count, self._foundation, self._passes
        deck = self._discard
        suit = -1
        while suit < 0:
            discard: list[int] = []
            played: list[int] = []
            dealt, suit = deal_pass(deck, wanted, count, foundation, stop, discard, played)
            passes.append((len(passes) + 1, dealt, played, tuple(count), len(discard)))
            # "Each pass through the deck is guaranteed to promote at least one card"
            # (Terms: One-Card Pass), so this loop ends; guard it anyway.
            assert played, "a pass promoted no card"
            self._undealt = deck[dealt:]
            deck = discard
        self._discard = deck
        self._sizes = None
        self._finish(self._owner[suit], _BY_COMPLETED)

    def _next_pass(self) -> None:
        """A stepped hand: deal one pass of the repasso from the discard pile, unshuffled;
        the hand is won when a live suit holds all ten cards (Second Pass)."""
        stop = [False] * 5
        for seat, code in enumerate(self._status):
            stop[self._seats[seat]] = code == _LIVE
        suit = self._run_pass(self._discard, stop)
        assert self._passes[-1][2], "a pass promoted no card"  # Terms: One-Card Pass
        if suit >= 0:
            self._finish(self._owner[suit], _BY_COMPLETED)

    # ---------------------------------------------------------------- results

    def cobre(self) -> int:
        """The cobre this hand formed: the folded seats' spigas, when a folded suit completed
        before the live winner ("a side pot is formed when a *folded suit wins the game* ...
        made of the spiga ... from all folded suits", the text, Cobre). 0 when the table
        takes no cobre or the hand is not (yet) won that way (docs/RULES.md, decision H3)."""
        if self._won_by is not _BY_COMPLETED or self._options.cobre == "off":
            return 0
        count, status = self._count, self._status
        folded = [seat for seat, code in enumerate(status) if code == _FOLDED]
        if not any(count[self._seats[seat]] == 10 for seat in folded):
            return 0
        return len(folded) * self._options.stake

    @property
    def outcome(self) -> Outcome | None:
        """Set once the hand is over: the winner takes the pot; the corte goes to the dealer
        (a tavern table) or the house; a cobre is carried or paid to the house."""
        if self._winner is None:
            return None
        options = self._options
        corte = self._corte
        # `cobre()`, with its commonest answer (no cobre at this table) checked in line.
        cobre = 0 if options.cobre == "off" else self.cobre()
        paid_out = [0] * len(self._seats)
        paid_out[self._winner] = sum(self._paid) + self._carried_in - corte - cobre  # `_take()`
        house = 0
        if corte:
            if options.house:
                house += corte
            else:
                paid_out[self._dealer] += corte
        if cobre and options.cobre == "house":
            house += cobre
        return trusted(
            Outcome,
            {
                "winners": (self._winner,),
                "paid_in": tuple(self._paid),
                "paid_out": tuple(paid_out),
                "carried": cobre if options.cobre == "carry" else 0,
                "house": house,
                "said": self._summary(),
            },
        )

    def _take(self) -> int:
        """What the winner takes out of the pot."""
        return sum(self._paid) + self._carried_in - self._corte - self.cobre()

    def _summary(self) -> Msg:
        """The result line, made once the first time it is read (the win event and the outcome
        share it; a simulation that only counts chips never reads it). Everything it says is
        fixed once the hand is over, which it is whenever this is asked."""
        said = self._summary_text
        if said is None:
            said = self._summary_text = Later(self._result_line)
        return said

    def _result_line(self) -> Msg:
        winner = self._winner
        assert winner is not None
        name = SUIT_NAMES[self._seats[winner]]
        # `cobre()`, with its commonest answer (no cobre at this table) checked in line.
        cobre = 0 if self._options.cobre == "off" else self.cobre()
        pot = _chips(sum(self._paid) + self._carried_in - self._corte - cobre)  # `_take()`
        how = self._won_by
        text: Msg
        if how is _BY_COMPLETED:
            text = t(
                "{suit} is the first live suit to hold all ten cards (pass {number}) and wins {pot}.",
                suit=name,
                number=len(self._passes),
                pot=pot,
            )
        elif how is _BY_LAST_STANDING:
            text = t("Everyone else folded, so {suit} wins the pot of {pot}.", suit=name, pot=pot)
        elif how is _BY_FIRST_PASS:
            text = t(
                "{suit} completed its stack in the first pass and wins the pot of {pot}.", suit=name, pot=pot
            )
        else:
            text = t(
                "{suit} has the tallest stack after the one pass ({size} cards) and wins {pot}.",
                suit=name,
                size=self._count[self._seats[winner]],
                pot=pot,
            )
        if cobre:
            if self._options.cobre == "carry":
                return t(
                    "{result} A folded suit finished first, so the cobre of {chips} is carried to "
                    "the next hand.",
                    result=text,
                    chips=chips(cobre),
                )
            return t(
                "{result} A folded suit finished first, so the cobre of {chips} goes to the house.",
                result=text,
                chips=chips(cobre),
            )
        return text

    def _name(self, seat: int) -> Msg:
        return SUIT_NAMES[self._seats[seat]]

    # ------------------------------------------------------------ log, events

    @property
    def log(self) -> list[PassLog]:
        """One entry per pass through the deck."""
        return [self._pass_log(entry) for entry in self._passes]

    @property
    def passes_dealt(self) -> int:
        """How many passes through the deck have been dealt (the log's length, without
        building it: the table's clock asks this of every stepped hand it times)."""
        return len(self._passes)

    def _pass_log(self, entry: tuple[int, int, list[int], tuple[int, ...], int]) -> PassLog:
        number, dealt, played, counts, discard = entry
        foundation = self._foundation
        tops: list[Card | None] = [
            CARDS[suit * 10 + (foundation[suit] % 10 + size - 1) % 10] if size else None
            for suit, size in enumerate(counts)
        ]
        return PassLog(
            number=number,
            dealt=dealt,
            played=[CARDS[code] for code in played],
            stacks=list(counts),
            tops=tops,
            discard=discard,
        )

    @property
    def events(self) -> list[Event]:
        """Every public event of the hand so far, oldest first."""
        return self._events(0)

    def _entries(self) -> list[tuple[str, int]]:
        # The history is fixed in shape: spiga; then, once the first card is turned, the
        # first pass, the prima, the corte, the copa decisions in order, Jasper's shuffle,
        # the later passes and the result; so each entry is rebuilt from the state.
        out = [("spiga", 0)]
        if self._phase is _PHASE_DEAL:
            return out
        out += [("pass", 0), ("prima", 0)]
        if self._corte:
            out.append(("corte", 0))
        out += [("decision", index) for index in range(len(self._decisions))]
        if len(self._passes) > 1 and self._second_seed is not None:
            out.append(("shuffle", 0))
        out += [("pass", index) for index in range(1, len(self._passes))]
        if self._winner is not None:
            out.append(("win", 0))
        return out

    def _history_length(self) -> int:
        # len(self._entries()), counted without building it (apply asks on every move).
        if self._phase is _PHASE_DEAL:
            return 1
        passes = len(self._passes)
        length = 2 + passes + len(self._decisions) + (self._corte > 0) + (self._winner is not None)
        return length + (passes > 1 and self._second_seed is not None)

    def _events(self, start: int) -> list[Event]:
        return self._events_of(self._entries()[start:])

    def _events_of(self, entries: list[tuple[str, int]]) -> list[Event]:
        out = []
        for kind, index in entries:
            if kind == "spiga":
                text = t(
                    "Spiga: each of the {n} players puts {stake} in the pot.",
                    n=len(self._seats),
                    stake=chips(self._options.stake),
                )
                if self._carried_in:
                    text = t(
                        "{spiga} The cobre of {chips} from the last hand is in the pot too.",
                        spiga=text,
                        chips=chips(self._carried_in),
                    )
                out.append(new_event("spiga", text))
            elif kind == "pass":
                out.append(self._pass_event(index))
            elif kind == "prima":
                text = t(
                    "The first card was {card}; {suit} is prima.",
                    card=CARDS[self._order[0]],
                    suit=self._name(self._prima),
                )
                out.append(new_event("prima", text, self._prima))
            elif kind == "corte":
                suit, corte = self._name(self._prima), chips(self._corte)
                text = (
                    t("{suit} tosses the corte of {chips} to the house.", suit=suit, chips=corte)
                    if self._options.house
                    else t("{suit} tosses the corte of {chips} to the dealer.", suit=suit, chips=corte)
                )
                out.append(new_event("corte", text, self._prima))
            elif kind == "decision":
                seat, paid = self._decisions[index]
                out.append(_decision_event(seat, self._seats[seat], paid))
            elif kind == "shuffle":
                text = t("Jasper rules: the dealer shuffles the discard pile before the repasso.")
                out.append(new_event("shuffle", text))
            else:
                out.append(new_event("win", self._summary(), self._winner))
        return out

    def _pass_event(self, index: int) -> Event:
        # The line is made only when read (the table draws passes from the view, so it rarely
        # is, and a simulation never): a repasso deals two or three passes a hand, and making
        # each line here was a tenth of a hand's cost. A finished pass never changes.
        return new_event("pass", Later(partial(_pass_said, self._passes[index])))

    # ------------------------------------------------------- facts for bets

    def _first_pass_facts(self) -> tuple[list[int], int, list[int], int, list[int]]:
        """The whole first pass dealt with nobody stopping it: (the foundations in the order
        dealt, cards promoted, the discard pile after it, the first suit to hold ten cards
        during it or -1, the stack sizes after it). A pure function of the order, so it
        holds however the hand ended."""
        count = [0] * 5
        foundation = [-1] * 5
        pile: list[int] = []
        played: list[int] = []
        deal_pass(self._order, bytearray(_ALL_WANTED), count, foundation, _NO_STOPS, pile, played)
        seen = [0] * 5
        first_done = -1
        founded: list[int] = []
        for code in played:
            suit = _SUIT_OF[code]
            seen[suit] += 1
            if seen[suit] == 1:
                founded.append(code)
            elif seen[suit] == 10 and first_done < 0:
                first_done = suit
        return founded, len(played), pile, first_done, count

    def first_card(self) -> Card | None:
        """The very first card dealt (None while bets are open before it)."""
        return None if self._phase is _PHASE_DEAL else CARDS[self._order[0]]

    def foundations_in_order(self) -> list[Card]:
        """Each suit's first card, in the order the first pass dealt them ([] before the
        first card). A first pass cut short by a win is counted as if dealt to the end (the
        hand is over then, and its order revealed)."""
        if self._phase is _PHASE_DEAL:
            return []
        return [CARDS[code] for code in self._first_pass_facts()[0]]

    def first_pass_promoted(self) -> int | None:
        """Cards on the stacks after the first pass through the whole deck (a pass a win
        stopped is counted to the end); None before the first card."""
        if self._phase is _PHASE_DEAL:
            return None
        return self._first_pass_facts()[1]

    def champion(self) -> str | None:
        """Once the hand is over, the suit that would first hold all ten cards if the deck
        were dealt out with nobody stopping it, Jasper's shuffle included; in Cinco, the
        tallest of all five stacks after the one pass, a tie to the stack whose first card
        came out first. None before the hand is over (docs/RULES.md, decision H11)."""
        if self._phase is not _PHASE_OVER:
            return None
        founded, _, pile, first_done, count = self._first_pass_facts()
        if self._options.variant == "cinco":
            # Every suit has a foundation after a whole pass; `founded` is in deal order.
            best = min(range(len(founded)), key=lambda index: (-count[_SUIT_OF[founded[index]]], index))
            return SUITS[_SUIT_OF[founded[best]]]
        if first_done >= 0:
            return SUITS[first_done]
        foundation = [-1] * 5
        for code in founded:
            foundation[_SUIT_OF[code]] = code
        deck = shuffled(pile, self._second_seed) if self._second_seed is not None else pile
        done = completion_order(count, foundation, deck)
        return SUITS[min(range(5), key=done.__getitem__)]

    # ------------------------------------------------------------------ view

    def view(self, seat: int | None) -> PrimaCartaView:
        """Everything public, plus `legal` moves for `seat` (None = onlooker)."""
        options = self._options
        stake = options.stake
        count = self._count
        foundation = self._foundation
        stacks = []
        for suit in range(5):
            size = count[suit]
            base = foundation[suit]
            cards = [CARDS[suit * 10 + (base % 10 + step) % 10] for step in range(size)]
            owner = self._owner[suit]
            stacks.append(
                StackView(
                    suit=SUITS[suit],
                    label=SUIT_LABELS[suit],
                    owner=owner if owner >= 0 else None,
                    cards=cards,
                    size=size,
                    complete=size == 10,
                )
            )
        over = self._phase is _PHASE_OVER
        dealt = self._phase is not _PHASE_DEAL
        position = {code: index for index, code in enumerate(self._order)}
        founded = [suit for suit in range(5) if foundation[suit] >= 0]
        appearance = sorted(founded, key=lambda suit: position[foundation[suit]])
        return PrimaCartaView(
            you=seat,
            seats=list(self.seats),
            stake=stake,
            dealer=None if options.house else self._dealer,
            prima=self._prima if dealt else None,
            prima_card=CARDS[self._order[0]] if dealt else None,
            phase=self._phase,
            variant=options.variant,
            house=options.house,
            bets_open=self._phase in (_PHASE_DEAL, _PHASE_REPASSO),
            corte=self._corte,
            cobre_rule=options.cobre,
            cobre=self.cobre(),
            carried_in=self._carried_in,
            appearance=[SUITS[suit] for suit in appearance],
            pass_number=len(self._passes),
            stacks=stacks,
            discard=[CARDS[code] for code in self._discard],
            undealt=len(self._undealt),
            passes=self.log,
            pot=sum(self._paid) + self._carried_in - self._corte,
            paid=list(self._paid),
            status=list(self.statuses()),
            to_act=self._to_act,
            copa_price=[count[suit] * stake for suit in self._seats],
            winner=self._winner,
            won_by=self._won_by,
            legal=list(self.legal_actions(seat)) if seat is not None else [],
            commitment=self.commitment,
            seed=self._seed if over else None,
            order=[CARDS[code] for code in self._order] if over else None,
            second_seed=self._second_seed if over else None,
        )

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-safe data; `from_json` restores it exactly."""
        text = _TEXT
        return {
            "game_id": GAME_ID,
            "format": JSON_FORMAT,
            "options": self._options.model_dump(mode="json"),
            "seats": [SUITS[suit] for suit in self._seats],
            "dealer": self._dealer,
            "seed": self._seed,
            "commitment": self.commitment,
            "order": [text[code] for code in self._order],
            "phase": self._phase.value,
            "prima": self._prima,
            "foundations": [text[code] if code >= 0 else None for code in self._foundation],
            "stacks": list(self._count),
            "discard": [text[code] for code in self._discard],
            "undealt": [text[code] for code in self._undealt],
            "passes": [
                {
                    "number": number,
                    "dealt": dealt,
                    "played": [text[code] for code in played],
                    "stacks": list(counts),
                    "discard": discard,
                }
                for number, dealt, played, counts, discard in self._passes
            ],
            "status": [_STATUS_NAMES[code].value for code in self._status],
            "paid": list(self._paid),
            "decisions": [
                {"seat": seat, "kind": "copa", "amount": paid}
                if paid >= 0
                else {"seat": seat, "kind": "fold"}
                for seat, paid in self._decisions
            ],
            "to_act": self._to_act,
            "winner": self._winner,
            "won_by": self._won_by.value if self._won_by is not None else None,
            "carried_in": self._carried_in,
            "corte": self._corte,
            "second_seed": self._second_seed,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Restore a state written by `to_json`."""
        snap = SAVED.read(_Snapshot, data, GAME_ID, _FORMATS)
        self = cls.__new__(cls)
        self._options = PrimaCartaOptions.model_validate(snap.options.model_dump())
        self._carried_in = snap.carried_in
        self._corte = snap.corte
        self._second_seed = snap.second_seed
        if (self._second_seed is None) != (self._options.variant != "jasper"):
            raise SAVED.damaged()
        self._seats = _seat_suits(snap.seats)
        self._owner = _OWNERS[self._seats]
        self._dealer = snap.dealer
        self._seed = snap.seed
        self._commitment = snap.commitment
        self._order = _codes(snap.order)
        self._phase = Phase(snap.phase)
        self._prima = snap.prima
        self._foundation = [-1 if text is None else CODE_BY_TEXT[text] for text in snap.foundations]
        self._count = list(snap.stacks)
        self._wanted = wanted_from(self._count, self._foundation)
        self._discard = _codes(snap.discard)
        self._undealt = _codes(snap.undealt)
        self._passes = [
            (entry.number, entry.dealt, _codes(entry.played), tuple(entry.stacks), entry.discard)
            for entry in snap.passes
        ]
        self._status = [_STATUS_CODES[text] for text in snap.status]
        self._paid = list(snap.paid)
        self._decisions = [
            (entry.seat, entry.amount if entry.kind == "copa" else -1) for entry in snap.decisions
        ]
        self._to_act = snap.to_act
        self._sizes = None
        self._summary_text = None
        self._winner = snap.winner
        self._won_by = WonBy(snap.won_by) if snap.won_by is not None else None
        if sorted(self._order) != list(range(50)) or sorted(
            self._discard + self._undealt + [c for s in range(5) for c in _stack_codes(self, s)]
        ) != list(range(50)):
            raise SAVED.cards_missing(50)
        if self._commit() != self._commitment:
            raise SAVED.deal_unmatched()
        return self


def _stack_codes(game: PrimaCarta, suit: int) -> list[int]:
    base = game._foundation[suit]
    return [suit * 10 + (base % 10 + step) % 10 for step in range(game._count[suit])]


def _codes(texts: Sequence[str]) -> list[int]:
    try:
        return [CODE_BY_TEXT[text] for text in texts]
    except KeyError as error:
        raise BadSetup(t("{card} is not a Postas card.", card=repr(error.args[0]))) from None


def _seat_suits(seats: Sequence[str]) -> tuple[int, ...]:
    key = tuple(seats)
    known = _SEAT_SUITS.get(key)
    if known is None:
        known = _SEAT_SUITS[key] = _check_seats(key)
        _OWNERS[known] = _owners(known)
        _FIRST_STOPS[known] = tuple(seat >= 0 for seat in _OWNERS[known])
        _PRIMAS[known] = tuple(_prima_seat(_OWNERS[known], suit * 10) for suit in range(5))
    return known


# Seat lists checked so far, and who owns each suit for them; there are only 26 valid
# seat lists, so these stay tiny and spare every new hand the same checks.
_SEAT_SUITS: dict[tuple[str, ...], tuple[int, ...]] = {}
_OWNERS: dict[tuple[int, ...], tuple[int, ...]] = {}
# Which suits stop the first pass by completing: the owned ones.
_FIRST_STOPS: dict[tuple[int, ...], tuple[bool, ...]] = {}
# The prima seat by the suit of the first card (`_prima_seat`, worked out once per seat list).
_PRIMAS: dict[tuple[int, ...], tuple[int, ...]] = {}
_NO_STOPS = (False,) * 5


def jasper_seed(seed: int) -> int:
    """Jasper's second seed when the table gives none: 63 bits of SHA-256 over
    "jasper:<seed>", so it is as secret as the first seed until the hand ends, and anyone
    can recompute it once the seed is revealed."""
    digest = hashlib.sha256(f"jasper:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _check_seats(seats: tuple[str, ...]) -> tuple[int, ...]:
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise BadSetup(t("Prima Carta needs {low} to {high} players.", low=MIN_SEATS, high=MAX_SEATS))
    indices = []
    for suit in seats:
        if suit not in SUITS:
            raise BadSetup(
                t(
                    "{suit} is not a Postas suit; choose crowns, locks, fruit, swords or cups.",
                    suit=repr(suit),
                )
            )
        indices.append(SUITS.index(suit))
    if len(set(indices)) != len(indices):
        raise BadSetup(t("Each player must own a different suit."))
    # Seats sit in suit order so that "to the left" is simply the next seat (the text,
    # The Suits: "If practical, players in the same order as their suits").
    if indices != sorted(indices):
        raise BadSetup(t("Seats must be listed in suit order: crowns, locks, fruit, swords, cups."))
    return tuple(indices)


def _owners(seat_suits: Sequence[int]) -> tuple[int, ...]:
    owner = [-1] * 5
    for seat, suit in enumerate(seat_suits):
        owner[suit] = seat
    return tuple(owner)


def _prima_seat(owner: Sequence[int], first: int) -> int:
    # Prima is whoever "received the very first card of the deal" (Second Bets). If no one
    # owns that suit, nobody received it, so the first owned suit after it in suit order
    # (wrapping) goes first, the same "to the left" the copa then follows.
    suit = _SUIT_OF[first]
    for step in range(5):
        seat = owner[(suit + step) % 5]
        if seat >= 0:
            return seat
    raise AssertionError("a hand always has an owned suit")


class _OptionsJSON(BaseModel):
    stake: int = Field(ge=1)
    house: bool = False
    corte: bool = False
    cobre: Literal["off", "carry", "house"] = "off"
    pauses: bool = False
    variant: Literal["classic", "cinco", "jasper"] = "classic"
    stepped: bool = False


class _PassJSON(BaseModel):
    number: int
    dealt: int
    played: list[str]
    stacks: list[int] = Field(min_length=5, max_length=5)
    discard: int


class _DecisionJSON(BaseModel):
    seat: int
    kind: Literal["copa", "fold"]
    amount: int = -1


class _Snapshot(BaseModel):
    """The JSON shape `to_json` writes; checked on the way back in."""

    game_id: str
    format: int
    options: _OptionsJSON
    seats: list[str]
    dealer: int
    seed: int
    commitment: str
    order: list[str]
    phase: Literal["deal", "copa", "repasso", "passes", "over"]
    prima: int
    foundations: list[str | None] = Field(min_length=5, max_length=5)
    stacks: list[int] = Field(min_length=5, max_length=5)
    discard: list[str]
    undealt: list[str]
    passes: list[_PassJSON]
    status: list[Literal["undecided", "live", "folded"]]
    paid: list[int]
    decisions: list[_DecisionJSON]
    to_act: int | None
    winner: int | None
    won_by: Literal["first_pass", "last_standing", "completed", "tallest"] | None
    carried_in: int = Field(default=0, ge=0)
    corte: int = Field(default=0, ge=0)
    second_seed: int | None = None
