"""A Prefa hand as the table plays it: the engine's hand, seen through the table's seats.

The engine deals three players; with four at the table the dealer sits the hand out and is
the engine's *party 3*. The table, though, knows its seats in table order, every one of them
in the hand (the one sitting out never acts). `PrefaHand` keeps that map, the stacks a
bankroll table holds, and the score sheet of the game so far, and reshapes the engine's
chips for the table: at a scoreboard table no chips move; at a bankroll table each Prefa
chip is `stake` chips moved between the stacks when the hand ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from pydantic import BaseModel

from engine.core.cards import PREFA_32, Card
from engine.core.errors import BadSetup, NotYourTurn
from engine.core.game import Event, Outcome
from engine.core.msg import Msg
from engine.prefa.game import PLAYERS, SAVED, SEVEN, Phase, Prefa, PrefaOptions, PrefaResult, PrefaView
from engine.prefa.scoring import game_over, settle
from engine.prefa.words import contract_said, t

JSON_FORMAT = 1
GAME_ID = "prefa"


class SheetRow(BaseModel, frozen=True):
    """One line of the score sheet: what a hand did, each pouch after it and each seat's
    chips from it (table seat keys)."""

    hand: int
    what: str | Msg  # a message; a sheet saved before it was one keeps its plain English
    pouches: dict[str, int]
    chips: dict[str, int]


class PrefaSeen(BaseModel, frozen=True):
    """What one table seat (None: anyone) may see of the hand, in table order."""

    game_id: str = GAME_ID
    seats: tuple[str, ...]
    keys: tuple[str, ...]
    you: int | None
    sitter: int | None
    """The table seat sitting this hand out (four players), or None."""
    parties: tuple[int, ...]
    """Each table seat's engine party (engine seats 0-2; 3 for the one sitting out)."""
    view: PrefaView
    """The engine's view for `you` (an onlooker's when `you` sits out or is None)."""
    stake: int
    bankroll: bool
    stacks: tuple[int, ...]
    game_no: int
    sheet: tuple[SheetRow, ...]
    """The game's score sheet so far (this hand included once it is over)."""
    game_over: bool
    settlement: tuple[int, ...]
    """Chips each seat gets (+) or pays for pouches left when the game ends (two empty pouches)."""
    seed: int | None
    shown: tuple[Card, ...] = ()
    """Cards in a hand that everyone has seen: the 7 of spades its holder showed to bid
    first ("seven opens"), while they still hold it."""

    def seat_of(self, party: int | None) -> int | None:
        """The table seat of an engine party (None stays None)."""
        return None if party is None else self.parties.index(party)

    @property
    def phase(self) -> Phase:
        return self.view.phase

    @property
    def to_act(self) -> int | None:
        return self.seat_of(self.view.to_act)


class _Data(BaseModel):
    game_id: str = GAME_ID
    format: int = JSON_FORMAT
    engine: dict[str, Any]
    seed: int
    commitment: str
    order: list[str]
    """The deck as dealt (card codes), as every saved hand names it; the engine's own copy
    is what the commitment checks."""
    keys: list[str]
    names: list[str]
    sitter: int | None
    stake: int
    bankroll: bool
    stacks: list[int]
    game_no: int
    first_hand: bool
    history: list[SheetRow]


class PrefaHand:
    """One hand at the table. Implements `engine.core.game.Game` over table seats."""

    game_id = GAME_ID
    __slots__ = ("_d", "engine")
    _d: _Data
    engine: Prefa

    # ------------------------------------------------------------------ building
    @classmethod
    def deal(
        cls,
        options: PrefaOptions,
        keys: Sequence[str],
        names: Sequence[str],
        seed: int,
        *,
        dealer: int,
        stake: int,
        bankroll: bool,
        stacks: Sequence[int] | None,
        pouches: Mapping[str, int] | None,
        game_no: int,
        first_hand: bool,
        history: Sequence[SheetRow],
    ) -> Self:
        """Deal a hand to the table seats `keys` (table order; three or four of them) with
        `dealer` the dealer's index in them; with four the dealer sits out."""
        n = len(keys)
        if n not in (PLAYERS, PLAYERS + 1) or not 0 <= dealer < n:
            raise BadSetup(t("Prefa is played by three players, or four with the dealer sitting out."))
        engine_options = options
        full = {key: engine_options.pouch for key in keys}
        full.update({k: v for k, v in (pouches or {}).items() if k in full})
        if n == PLAYERS:
            order = [full[key] for key in keys]
            engine = Prefa.new(
                engine_options, list(names), seed, dealer=dealer, pouches=order, first_hand=first_hand
            )
            sitter = None
        else:
            dealt = [w for w in range(n) if w != dealer]
            eldest_seat = (dealer + engine_options.step) % n
            order = [full[keys[w]] for w in dealt] + [full[keys[dealer]]]
            engine = Prefa.new(
                engine_options,
                [names[w] for w in dealt],
                seed,
                dealer=None,
                eldest=dealt.index(eldest_seat),
                sitter=names[dealer],
                pouches=order,
                first_hand=first_hand,
            )
            sitter = dealer
        self = cls.__new__(cls)
        self.engine = engine
        self._d = _Data(
            engine={},
            seed=seed,
            commitment=engine.commitment,
            order=list(engine.to_json()["order"]),
            keys=list(keys),
            names=list(names),
            sitter=sitter,
            stake=stake,
            bankroll=bankroll,
            stacks=list(stacks) if stacks is not None else [0] * n,
            game_no=game_no,
            first_hand=first_hand,
            history=list(history),
        )
        return self

    # ------------------------------------------------------------------ seats
    @property
    def parties(self) -> tuple[int, ...]:
        """Each table seat's engine party."""
        sitter = self._d.sitter
        if sitter is None:
            return tuple(range(len(self._d.keys)))
        out, engine_seat = [], 0
        for w in range(len(self._d.keys)):
            if w == sitter:
                out.append(PLAYERS)
            else:
                out.append(engine_seat)
                engine_seat += 1
        return tuple(out)

    def seat_of(self, party: int | None) -> int | None:
        return None if party is None else self.parties.index(party)

    def party(self, seat: int) -> int | None:
        """The engine seat table seat `seat` plays (None: it sits this hand out)."""
        p = self.parties[seat]
        return None if p >= PLAYERS else p

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(self._d.keys)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._d.names)

    @property
    def sitter(self) -> int | None:
        return self._d.sitter

    @property
    def game_no(self) -> int:
        return self._d.game_no

    @property
    def first_hand(self) -> bool:
        return self._d.first_hand

    @property
    def stake(self) -> int:
        return self._d.stake

    @property
    def bankroll(self) -> bool:
        return self._d.bankroll

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(self._d.stacks)

    @property
    def dealer_key(self) -> str:
        """The table seat that dealt this hand."""
        if self._d.sitter is not None:
            return self._d.keys[self._d.sitter]
        dealer = self.engine.view(None).dealer
        assert dealer is not None
        return self._d.keys[self.parties.index(dealer)]

    # ------------------------------------------------------------------ the Game shape
    @property
    def phase(self) -> Phase:
        return self.engine.phase

    @property
    def to_act(self) -> int | None:
        return self.seat_of(self.engine.to_act)

    @property
    def awaiting(self) -> tuple[int, ...]:
        seat = self.to_act
        return () if seat is None else (seat,)

    @property
    def events(self) -> list[Event]:
        return [self._seated(e) for e in self.engine.events]

    @property
    def commitment(self) -> str:
        return self.engine.commitment

    @property
    def result(self) -> PrefaResult | None:
        return self.engine.result

    def _seated(self, event: Event) -> Event:
        """The engine's event with its party turned into the table seat."""
        if event.seat is None:
            return event
        return event.with_seat(self.seat_of(event.seat))

    def legal_actions(self, seat: int) -> list[Any]:
        party = self.party(seat)
        return [] if party is None else self.engine.legal_actions(party)

    def apply(self, seat: int, action: Any) -> list[Event]:
        party = self.party(seat)
        if party is None:
            raise NotYourTurn(t("You sit this hand out."))
        return [self._seated(e) for e in self.engine.apply(party, action)]

    # ------------------------------------------------------------------ the score
    def _by_seat(self, values: Sequence[int]) -> tuple[int, ...]:
        return tuple(values[p] for p in self.parties)

    @property
    def chips(self) -> tuple[int, ...]:
        """Each table seat's Prefa chips from this hand (zeros until it is over)."""
        result = self.engine.result
        return self._by_seat(result.chips) if result is not None else (0,) * len(self._d.keys)

    @property
    def pouches_after(self) -> dict[str, int]:
        result = self.engine.result
        values = result.pouch_after if result is not None else self.engine.view(None).pouches
        return dict(zip(self._d.keys, self._by_seat(values), strict=True))

    def pouch_deltas(self) -> dict[str, int]:
        """The hand's pouch changes by table seat, for `Match.change_pouches`."""
        result = self.engine.result
        if result is None:
            return {}
        changes = self._by_seat(result.pouch_change)
        return {key: d for key, d in zip(self._d.keys, changes, strict=True) if d}

    @property
    def game_over(self) -> bool:
        """Whether this hand ended the game (every pouch empty, or all but one when the
        last pouch is shared)."""
        if self.engine.result is None:
            return False
        return game_over(self.pouches_after, self.engine.options.last_pouch_shared)

    @property
    def settlement(self) -> tuple[int, ...]:
        """Chips for pouches left when this hand ended the game (nothing when all are empty)."""
        if not self.game_over:
            return (0,) * len(self._d.keys)
        shares = settle(self.pouches_after)
        return tuple(shares[key] for key in self._d.keys)

    def row(self) -> SheetRow | None:
        """This hand's line on the score sheet, once it is over."""
        result = self.engine.result
        if result is None:
            return None
        if result.kind == "played" and result.contract is not None and result.bidder is not None:
            who = self._d.names[self.parties.index(result.bidder)]
            bid = contract_said(result.contract)
            what = (
                t("{player}: {bid}, made", player=who, bid=bid)
                if result.made
                else t("{player}: {bid}, up", player=who, bid=bid)
            )
        elif result.kind == "both_out" and result.contract is not None and result.bidder is not None:
            who = self._d.names[self.parties.index(result.bidder)]
            what = t("{player}: {bid}, both out", player=who, bid=contract_said(result.contract))
        elif result.kind == "tentative_thrown_in" and result.bidder is not None:
            what = t("{player} threw in", player=self._d.names[self.parties.index(result.bidder)])
        elif result.kind == "redeal":
            what = t("dealt again")
        else:
            what = t("all passed")
        return SheetRow(
            hand=len(self._d.history) + 1,
            what=what,
            pouches=self.pouches_after,
            chips=dict(zip(self._d.keys, self.chips, strict=True)),
        )

    @property
    def sheet(self) -> tuple[SheetRow, ...]:
        """The game's score sheet: the hands before this one, then this one when over."""
        row = self.row()
        return (*self._d.history, *((row,) if row is not None else ()))

    @property
    def outcome(self) -> Outcome | None:
        """The hand's chips by table seat: at a bankroll table each Prefa chip is `stake`
        chips paid from stack to stack; at a scoreboard table nothing moves."""
        engine = self.engine.outcome
        if engine is None:
            return None
        n = len(self._d.keys)
        chips = [c + s for c, s in zip(self.chips, self.settlement, strict=True)]
        if self._d.bankroll:
            paid_in = tuple(max(0, -c) * self._d.stake for c in chips)
            paid_out = tuple(max(0, c) * self._d.stake for c in chips)
        else:
            paid_in = paid_out = (0,) * n
        winners = tuple(w for w in range(n) if chips[w] > 0)
        return Outcome(
            winners=winners, paid_in=paid_in, paid_out=paid_out, summary=engine.summary, said=engine.said
        )

    def final_stacks(self) -> list[int]:
        outcome = self.outcome
        if outcome is None:
            return list(self._d.stacks)
        return [s - i + o for s, i, o in zip(self._d.stacks, outcome.paid_in, outcome.paid_out, strict=True)]

    # ------------------------------------------------------------------ seeing
    def view(self, seat: int | None) -> PrefaSeen:
        party = self.party(seat) if seat is not None and 0 <= seat < len(self._d.keys) else None
        engine_view = self.engine.view(party)
        return PrefaSeen(
            seats=tuple(self._d.names),
            keys=tuple(self._d.keys),
            you=seat,
            sitter=self._d.sitter,
            parties=self.parties,
            view=engine_view,
            stake=self._d.stake,
            bankroll=self._d.bankroll,
            stacks=tuple(self._d.stacks),
            game_no=self._d.game_no,
            sheet=self.sheet,
            game_over=self.game_over,
            settlement=self.settlement,
            seed=engine_view.seed,
            shown=self.shown(),
        )

    def shown(self) -> tuple[Card, ...]:
        """The 7 of spades once its holder has shown it, until it is played (a discarded 7
        is known to be among the discards), or once it has turned up in the kitty."""
        kinds = {e.kind for e in self.engine.events}
        if "redeal" in kinds:
            return (SEVEN,)  # turned up in the kitty, and the cards are dealt again
        if "seven" not in kinds:
            return ()
        view = self.engine.view(None)
        played = {card for trick in view.played for card in trick.cards} | {card for _, card in view.trick}
        return () if SEVEN in played else (SEVEN,)

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        party = self.party(seat)
        return () if party is None else self.engine.view(party).hand or ()

    def hidden(self) -> frozenset[Card]:
        """Cards nobody sees: the kitty before anyone takes it, then the bidder's discards
        (the bidder's own view shows them to the bidder alone)."""
        view = self.engine.view(None)
        seen = {card for trick in view.played for card in trick.cards}
        seen |= {card for _, card in view.trick}
        held = {card for seat in range(len(self._d.keys)) for card in self.hand_of(seat)}
        seen |= set(self.shown())
        return frozenset(card for card in PREFA_32.cards() if card not in seen and card not in held)

    # ------------------------------------------------------------------ json
    def to_json(self) -> dict[str, Any]:
        data = self._d.model_dump(mode="json")
        data["engine"] = self.engine.to_json()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        state = SAVED.read(_Data, data, GAME_ID, (JSON_FORMAT,))
        engine = Prefa.from_json(state.engine)
        n = len(state.keys)
        if (
            n not in (PLAYERS, PLAYERS + 1)
            or len(state.names) != n
            or len(state.stacks) != n
            or (n == PLAYERS) != (state.sitter is None)
            or (state.sitter is not None and not 0 <= state.sitter < n)
            or engine.parties != n
            or engine.seed != state.seed
            or engine.commitment != state.commitment
            or state.order != state.engine.get("order")
        ):
            raise SAVED.damaged()
        state.engine = {}
        self = cls.__new__(cls)
        self._d = state
        self.engine = engine
        return self
