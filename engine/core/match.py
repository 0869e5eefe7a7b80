"""A match: a run of hands at one table, and what spans them (DESIGN.md §3).

A hand knows only engine seats 0..n-1 and its own cards and chips. The `Match` keeps the
rest: who dealt last and which way the deal passes, chips a hand left on the table for
the next, running scores toward a target and the games they finished, this hand's
partnerships, Prefa's pouches, and — as a `Seating` — which table seat sits in each
engine seat this hand, who sits the hand out and who plays a seat that has no member.

Table seats are named by string keys (a suit for Prima Carta, "1".."6" elsewhere); the
match's `order` lists every key once, in seating order going left (clockwise). Engine
seats always follow that order too, so "the next engine seat" is the player on the left;
a game whose play goes right (Primiera) walks its engine seats backwards itself.

Design: a `Match` is a frozen pydantic model and every change is a method that returns a
new `Match` (with anything it produced, as a tuple). The table service commits a hand
and its match together and restores both when a move fails; with values that never
change in place, "the match before the move" is just the old object — nothing to copy,
nothing half-updated if a step raises halfway. It costs a tuple unpack at each call,
which also makes the new value impossible to forget. (Its dict fields are never
mutated by these methods; callers must not mutate them either.)

Pure: no I/O, no clock, no randomness. `to_json()`/`from_json()` round-trip exactly, and
`from_json` refuses data that is damaged or inconsistent with a `DamagedMatch`.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.core.errors import BadSetup
from engine.core.rng import seeded_index

JSON_FORMAT = 1

FIRST_DEALER_PURPOSE = "first-dealer"
"""The label `seeded_index` hashes with the first hand's seed to draw the first dealer."""

Direction = Literal["left", "right"]
"""Which way the deal passes: "left" to the next key in `order` (clockwise: Prefa,
Primero, Prima Carta), "right" to the previous one (Primiera: "the player on the right
of the last dealer becoming the new dealer")."""

FirstDealer = Literal["first_seated", "drawn"]
"""Who deals a match's first hand: "first_seated" — the first seated key in `order`;
"drawn" — drawn by lot from that hand's seed, so anyone holding the seed once it is
revealed can check the draw (Primiera: "Randomly choose who will be the first dealer")."""

TieRule = Literal["shared", "play_on"]
"""A tie at the top once the target is reached: "shared" — every tied side wins (our
Primero points game); "play_on" — another hand is played until the tie breaks (Primiera:
"Se due o più giocatori sono in parità, con 21 o più punti, si gioca un nuovo round")."""


class MatchError(BadSetup, ValueError):
    """A match was asked for something it cannot do (unknown seat, too few players, a
    negative pot). A `BadSetup` for the table layer and a `ValueError` for everyone else."""


class DamagedMatch(MatchError):
    """Saved match data that is not a match this version can restore."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class Seating(_Frozen):
    """Who sits where for one hand: the map between engine seats and table seats.

    `engine_seats[i]` is the table seat key in engine seat i. `dealer` is the table seat
    that deals; `dealer_seat` its engine seat, or None when the dealer sits the hand out
    (four-handed Prefa). `eldest` is the engine seat first after the dealer in the deal's
    direction — who bids or plays first. `vacant` are engine seats no member holds (the
    robot of Primiera for three); `played_by[k]` names the table seat whose member plays
    seat k. `sitting_out` are seated table seats not dealt in this hand. `by_lot` says the
    dealer was drawn by lot from the hand's seed (a "drawn" first dealer)."""

    hand_no: int = Field(ge=1)
    engine_seats: tuple[str, ...]
    dealer: str
    dealer_seat: int | None
    eldest: int = Field(ge=0)
    sitting_out: tuple[str, ...] = ()
    vacant: tuple[str, ...] = ()
    played_by: dict[str, str] = Field(default_factory=dict)
    by_lot: bool = False

    @property
    def size(self) -> int:
        """How many engine seats the hand has."""
        return len(self.engine_seats)

    def engine_seat(self, key: str) -> int | None:
        """The engine seat table seat `key` plays in this hand, or None if it is not dealt in."""
        return self.engine_seats.index(key) if key in self.engine_seats else None

    def table_seat(self, index: int) -> str:
        """The table seat key in engine seat `index`."""
        if not 0 <= index < len(self.engine_seats):
            raise MatchError(f"There is no seat {index} in this hand.")
        return self.engine_seats[index]

    def seats_in_game(self) -> tuple[str, ...]:
        """Every table seat in this hand's game: dealt in (robots included) or sitting out."""
        return (*self.engine_seats, *self.sitting_out)

    def _problem(self, order: Collection[str]) -> str | None:
        """Why this seating cannot be a real one at a table with seat keys `order`."""
        known = order if isinstance(order, (set, frozenset)) else set(order)
        seats = self.engine_seats
        dealt = set(seats)
        if len(seats) < 1 or len(dealt) != len(seats) or not known.issuperset(dealt):
            return "its engine seats are not distinct table seats"
        out = self.sitting_out
        if out and (not dealt.isdisjoint(out) or len(set(out)) != len(out)):
            return "a seat both plays and sits out"
        if not known.issuperset(out) or self.dealer not in known:
            return "it names an unknown seat"
        if self.dealer_seat is None:
            if self.dealer not in self.sitting_out:
                return "its dealer is neither dealt in nor sitting out"
        elif not 0 <= self.dealer_seat < len(seats) or seats[self.dealer_seat] != self.dealer:
            return "its dealer is not in the dealer's seat"
        if self.eldest >= len(seats) or (len(seats) > 1 and self.eldest == self.dealer_seat):
            return "its eldest hand is not a seat after the dealer"
        if self.vacant and (not dealt.issuperset(self.vacant) or len(set(self.vacant)) != len(self.vacant)):
            return "a vacant seat is not dealt in"
        if self.dealer in self.vacant:
            return "a seat with no member deals"
        for seat, by in self.played_by.items():
            if seat not in dealt or by not in dealt or by == seat or by in self.vacant:
                return "a seat is played by a seat that cannot play it"
        return None


class GameResult(_Frozen):
    """A finished game: the hand that ended it, the final scores and who won (every seat
    of a side that shares the top score)."""

    game_no: int = Field(ge=1)
    hand_no: int = Field(ge=0)
    winners: tuple[str, ...]
    scores: dict[str, int]


class Match(_Frozen):
    """What spans the hands at one table. Build one with `Match.new`; every method returns
    a new match."""

    format: int = JSON_FORMAT
    order: tuple[str, ...]
    direction: Direction = "left"
    first_dealer: FirstDealer = "first_seated"
    """How the first hand's dealer is chosen (a saved match from before this was kept
    deals on from its last dealer, so the default changes nothing for it)."""
    dealer: str | None = None
    """The table seat that dealt the last hand (None before the first)."""
    hand_no: int = Field(default=0, ge=0)
    carried: int = Field(default=0, ge=0)
    """Chips a hand left on the table for the next (a Primero pot nobody won)."""
    scores: dict[str, int] = Field(default_factory=dict)
    """Each table seat's score in the game under way."""
    target: int | None = Field(default=None, ge=1)
    tie_rule: TieRule = "shared"
    fixed_partners: bool = False
    """Partnerships last the whole match and a side wins together (classic Scopone to 11);
    otherwise they are set during each hand (Primiera's first Herald) and every seat
    scores and wins for itself."""
    partners: tuple[tuple[str, ...], ...] = ()
    """The partnerships in force: each a tuple of table seats playing together."""
    pouches: dict[str, int] = Field(default_factory=dict)
    """Prefa: each seat's pouch — points it still has to get rid of; the game ends when
    they are all empty."""
    last_winner: str | None = None
    """The table seat that won the last hand, for games where the winner leads next."""
    games: int = Field(default=0, ge=0)
    """Games finished so far at this table."""
    last_result: GameResult | None = None
    seating: Seating | None = None
    """The current (or last) hand's seating."""

    # ------------------------------------------------------------------ building
    @classmethod
    def new(
        cls,
        order: Sequence[str],
        *,
        direction: Direction = "left",
        target: int | None = None,
        tie_rule: TieRule = "shared",
        fixed_partners: bool = False,
        first_dealer: FirstDealer = "first_seated",
    ) -> Match:
        """A match at a table whose seat keys, going left, are `order`; no hand dealt yet."""
        try:
            match = cls.model_validate(
                {
                    "order": tuple(order),
                    "direction": direction,
                    "first_dealer": first_dealer,
                    "target": target,
                    "tie_rule": tie_rule,
                    "fixed_partners": fixed_partners,
                }
            )
        except ValidationError as error:
            raise MatchError(f"A match can't be set up like that: {_first(error)}") from error
        problem = match._problem()
        if problem:
            raise MatchError(f"A match can't be set up like that: {problem}.")
        return match

    def to_json(self) -> dict[str, Any]:
        """The match as plain JSON data; `Match.from_json` reads it back exactly."""
        return self.model_dump(mode="json")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Match:
        """Restore a saved match. Raises DamagedMatch if the data is not one."""
        try:
            text = json.dumps(data, allow_nan=False)
        except (TypeError, ValueError) as error:
            raise DamagedMatch("This saved match is damaged and cannot be restored.") from error
        try:
            # Strict JSON validation: no "3" for 3, no 1.0 for 1, no unknown fields.
            match = cls.model_validate_json(text)
        except ValidationError as error:
            raise DamagedMatch("This saved match is damaged and cannot be restored.") from error
        if match.format != JSON_FORMAT:
            raise DamagedMatch("This saved match is not one this version can restore.")
        problem = match._problem()
        if problem:
            raise DamagedMatch(f"This saved match is damaged and cannot be restored: {problem}.")
        return match

    def checked(self) -> Match:
        """This match if its parts agree with each other, as `from_json` checks; for a match
        read inside a larger saved model. Raises DamagedMatch if they don't."""
        if self.format != JSON_FORMAT:
            raise DamagedMatch("This saved match is not one this version can restore.")
        problem = self._problem()
        if problem:
            raise DamagedMatch(f"This saved match is damaged and cannot be restored: {problem}.")
        return self

    # ------------------------------------------------------------------ the deal
    def next_hand(
        self,
        seated: Iterable[str],
        *,
        sit_out: Iterable[str] = (),
        dealer_sits_out: bool = False,
        dealer: str | None = None,
        robot: str | None = None,
        played_by: Mapping[str, str] | None = None,
        seed: int | None = None,
    ) -> tuple[Match, Seating]:
        """Start the next hand with members in the table seats `seated` (any order).

        The deal passes in `direction` to the next seated key after the last dealer,
        skipping empty seats and `sit_out` (seated, but not playing this hand). The first
        hand goes to the first seated key in `order`, or with `first_dealer="drawn"` to the
        playing key (in `order`) at `seeded_index(seed, how many play, FIRST_DEALER_PURPOSE)`,
        `seed` being the hand's own committed seed. `dealer` names it instead when the rules
        choose (Prefa's holder of the 7). With `dealer_sits_out` the dealer
        is not dealt in (four-handed Prefa: "The dealer sits out the hand"). `robot` is a
        table seat with no member dealt in opposite the dealer (Primiera for three plus a
        robot: "En face du donneur, se trouve un robot"); `played_by` maps seats to the seat
        whose member plays them. Partnerships end with the hand unless `fixed_partners`."""
        seated_keys = tuple(seated)
        out = tuple(sit_out)
        self._known(seated_keys, "seated")
        self._known(out, "sitting out")
        if len(set(seated_keys)) != len(seated_keys):
            raise MatchError("A seat can't be taken twice.")
        if not set(out) <= set(seated_keys):
            raise MatchError("Only a seated player can sit a hand out.")
        playing = [key for key in self.order if key in seated_keys and key not in out]
        by_lot = False
        if dealer is None:
            if not playing:
                raise MatchError("Nobody is playing this hand.")
            if self.dealer is not None:
                dealer = self._after(self.dealer, playing)
            elif self.first_dealer == "drawn":
                if seed is None:
                    raise MatchError("The first dealer is drawn from the hand's seed: give the seed.")
                dealer = playing[seeded_index(seed, len(playing), FIRST_DEALER_PURPOSE)]
                by_lot = True
            else:
                dealer = playing[0]
        elif dealer not in playing:
            raise MatchError("The dealer must be a seated player who is playing this hand.")
        dealt = [key for key in playing if not (dealer_sits_out and key == dealer)]
        sitting_out = tuple(key for key in self.order if key in out or (dealer_sits_out and key == dealer))
        vacant: tuple[str, ...] = ()
        if robot is not None:
            self._known((robot,), "the robot's")
            if robot in seated_keys:
                raise MatchError("The robot's seat must be one nobody sits in.")
            if dealer_sits_out or (len(dealt) + 1) % 2:
                raise MatchError(
                    "A robot sits opposite the dealer, so it needs an even table with the dealer in."
                )
            # Opposite the dealer in a ring of len(dealt) + 1 seats: the robot goes in after
            # the player half-way-less-one round from the dealer; the others keep their order.
            at = dealt.index(dealer)
            before = dealt[(at + (len(dealt) + 1) // 2 - 1) % len(dealt)]
            dealt.insert(dealt.index(before) + 1, robot)
            vacant = (robot,)
        if len(dealt) < 2:
            raise MatchError("A hand needs at least two players dealt in.")
        by = dict(played_by or {})
        dealer_seat = dealt.index(dealer) if dealer in dealt else None
        seating = Seating(
            hand_no=self.hand_no + 1,
            engine_seats=tuple(dealt),
            dealer=dealer,
            dealer_seat=dealer_seat,
            eldest=dealt.index(self._after(dealer, dealt, ring=dealt if dealer in dealt else None)),
            sitting_out=sitting_out,
            vacant=vacant,
            played_by=by,
            by_lot=by_lot,
        )
        problem = seating._problem(self.order)
        if problem:
            raise MatchError(f"That seating can't be dealt: {problem}.")
        match = self._copy(
            dealer=dealer,
            hand_no=self.hand_no + 1,
            seating=seating,
            partners=self.partners if self.fixed_partners else (),
        )
        return match, seating

    def controller(self, index: int) -> str | None:
        """The table seat whose member acts for engine seat `index` this hand, or None when
        it plays itself (a robot without a partner plays automatically).

        A seat's own member plays it, unless `played_by` says otherwise; a vacant seat is
        played by its partner once partnerships are known ("s'il a un partenaire ... c'est
        son partenaire qui joue à sa place")."""
        seating = self._seating()
        key = seating.table_seat(index)
        if key in seating.played_by:
            return seating.played_by[key]
        if key not in seating.vacant:
            return key
        for team in self.partners:
            if key in team:
                mates = [
                    k for k in team if k != key and k in seating.engine_seats and k not in seating.vacant
                ]
                if mates:
                    return mates[0]
        return None

    def controlled_by(self, key: str) -> tuple[int, ...]:
        """Every engine seat the member in table seat `key` acts for this hand."""
        seating = self._seating()
        return tuple(i for i in range(seating.size) if self.controller(i) == key)

    def won_hand(self, key: str | None) -> Match:
        """Record the table seat that won the hand just played (None: nobody did)."""
        if key is not None:
            self._known((key,), "the winner's")
        return self._copy(last_winner=key)

    # ------------------------------------------------------------------ chips on the table
    def take_carried(self) -> tuple[Match, int]:
        """Take the carried pot into the hand being dealt: (match with none left, chips)."""
        return self._copy(carried=0), self.carried

    def carry(self, amount: int) -> Match:
        """A hand left `amount` chips on the table for the next hand."""
        if amount < 0:
            raise MatchError("A hand can't carry a negative pot.")
        return self._copy(carried=self.carried + amount)

    # ------------------------------------------------------------------ partnerships
    def with_partners(self, teams: Iterable[Iterable[str]]) -> Match:
        """Set the partnerships in force (Primiera's first Herald; the fixed pairs of the
        classic game). Every team a non-empty group of distinct table seats."""
        partners = tuple(tuple(team) for team in teams)
        problem = _team_problem(partners, self.order)
        if problem:
            raise MatchError(f"Those partnerships can't be: {problem}.")
        return self._copy(partners=partners)

    def partner_of(self, key: str) -> tuple[str, ...]:
        """The table seats playing with `key` (empty when it plays alone)."""
        for team in self.partners:
            if key in team:
                return tuple(k for k in team if k != key)
        return ()

    # ------------------------------------------------------------------ scores
    def add_scores(self, points: Mapping[str, int]) -> tuple[Match, GameResult | None]:
        """Add a hand's points per table seat. Once a side in the game reaches the target,
        the top side wins (a tie shared or played on per `tie_rule`); the game is then
        recorded and the next starts from nothing."""
        self._known(tuple(points), "scoring")
        scores = dict(self.scores)
        for key, value in points.items():
            scores[key] = scores.get(key, 0) + value
        match = self._copy(scores=self._ordered(scores))
        if match.target is None:
            return match, None
        sides = match._sides()
        if not sides:
            return match, None
        top = max(score for _, score in sides)
        if top < match.target:
            return match, None
        best = [team for team, score in sides if score == top]
        if len(best) > 1 and match.tie_rule == "play_on":
            return match, None
        return match._finish(tuple(k for team in best for k in team))

    def close_game(self) -> tuple[Match, GameResult]:
        """End the game under way now, whatever the scores (Prefa once the pouches are
        empty): the top side wins, a tie shared; scores and pouches start again."""
        sides = self._sides()
        top = max((score for _, score in sides), default=0)
        return self._finish(tuple(k for team, score in sides if score == top for k in team))

    # ------------------------------------------------------------------ pouches (Prefa)
    def fill_pouches(self, amount: int, keys: Iterable[str]) -> Match:
        """Put `amount` points in the pouch of each table seat in `keys` (the agreed start)."""
        chosen = tuple(keys)
        self._known(chosen, "pouch")
        if amount < 0:
            raise MatchError("A pouch can't start below zero.")
        return self._copy(pouches=self._ordered({**self.pouches, **dict.fromkeys(chosen, amount)}))

    def change_pouches(self, deltas: Mapping[str, int]) -> Match:
        """Add (or, negative, take) points in pouches; a pouch never goes below zero —
        the game's scoring decides where an overflow goes before it asks."""
        self._known(tuple(deltas), "pouch")
        pouches = dict(self.pouches)
        for key, delta in deltas.items():
            pouches[key] = pouches.get(key, 0) + delta
            if pouches[key] < 0:
                raise MatchError("A pouch can't go below zero.")
        return self._copy(pouches=self._ordered(pouches))

    def pouches_empty(self, leave: int = 0) -> bool:
        """Whether the pouch game is over: pouches were filled and at most `leave` of them
        still hold points (0 by the rules; 1 for the "Two Empty Pouches" variation)."""
        return bool(self.pouches) and sum(1 for v in self.pouches.values() if v) <= leave

    def vacate(self, key: str) -> Match:
        """Table seat `key` has been left: its score and pouch go, so a newcomer there
        starts from nothing."""
        self._known((key,), "leaving")
        return self._copy(
            scores={k: v for k, v in self.scores.items() if k != key},
            pouches={k: v for k, v in self.pouches.items() if k != key},
        )

    # ------------------------------------------------------------------ internals
    def _copy(self, **changes: Any) -> Self:
        # Frozen models: model_copy builds the new value without re-running validators;
        # every public method has already checked what it changes.
        return self.model_copy(update=changes)

    def _seating(self) -> Seating:
        if self.seating is None:
            raise MatchError("No hand has been dealt yet.")
        return self.seating

    def _known(self, keys: Sequence[str], what: str) -> None:
        unknown = [k for k in keys if k not in self.order]
        if unknown:
            raise MatchError(f"There is no {what} seat {unknown[0]!r} at this table.")

    def _ordered(self, values: Mapping[str, int]) -> dict[str, int]:
        """`values` in seat order, so equal matches serialise identically."""
        return {k: values[k] for k in self.order if k in values}

    def _after(self, key: str, among: Sequence[str], ring: Sequence[str] | None = None) -> str:
        """The first of `among` after `key` going in `direction` round `ring` (`order`)."""
        ring = ring if ring is not None else self.order
        step = 1 if self.direction == "left" else -1
        start = ring.index(key)
        for offset in range(1, len(ring) + 1):
            candidate = ring[(start + step * offset) % len(ring)]
            if candidate in among:
                return candidate
        return among[0]  # `key` is alone: it follows itself

    def _sides(self) -> list[tuple[tuple[str, ...], int]]:
        """The sides of the game under way with their scores: each partnership when they
        are fixed (a side's score is its best member's), otherwise every seat alone. Only
        seats in the current hand's game count, as a seat that left no longer plays."""
        playing = self.seating.seats_in_game() if self.seating is not None else tuple(self.scores)
        teams = self.partners if self.fixed_partners else ()
        sides: list[tuple[tuple[str, ...], int]] = []
        alone = [k for k in self.order if k in playing and not any(k in team for team in teams)]
        for team in teams:
            members = tuple(k for k in team if k in playing)
            if members:
                sides.append((members, max(self.scores.get(k, 0) for k in members)))
        sides += [((k,), self.scores.get(k, 0)) for k in alone]
        return sides

    def _finish(self, winners: tuple[str, ...]) -> tuple[Self, GameResult]:
        result = GameResult(
            game_no=self.games + 1,
            hand_no=self.hand_no,
            winners=tuple(k for k in self.order if k in winners),
            scores=dict(self.scores),
        )
        return self._copy(scores={}, pouches={}, games=self.games + 1, last_result=result), result

    def _problem(self) -> str | None:
        """Why this match cannot be a real one (None when it can)."""
        order = self.order
        known = set(order)
        if not order or len(known) != len(order) or "" in known:
            return "its seats are not distinct names"
        if self.dealer is not None and self.dealer not in known:
            return "its dealer is not a seat"
        if self.last_winner is not None and self.last_winner not in known:
            return "its last winner is not a seat"
        if not known.issuperset(self.scores) or not known.issuperset(self.pouches):
            return "a score or pouch belongs to no seat"
        if self.pouches and min(self.pouches.values()) < 0:
            return "a pouch is below zero"
        team_problem = _team_problem(self.partners, order) if self.partners else None
        if team_problem:
            return team_problem
        result = self.last_result
        if result is not None and (
            result.game_no != self.games
            or result.hand_no > self.hand_no
            or not set(result.winners) <= known
            or not set(result.scores) <= known
        ):
            return "its last game's result does not fit"
        if (self.games == 0) != (result is None):
            return "its count of games does not fit its last result"
        seating = self.seating
        if seating is not None:
            seating_problem = seating._problem(known)
            if seating_problem:
                return seating_problem
            if seating.hand_no != self.hand_no or seating.dealer != self.dealer:
                return "its seating is not the last hand's"
        elif self.hand_no:
            return "it has dealt hands but no seating"
        return None


def _team_problem(teams: tuple[tuple[str, ...], ...], order: Sequence[str]) -> str | None:
    members = [k for team in teams for k in team]
    if any(not team for team in teams) or len(set(members)) != len(members):
        return "a seat is in two partnerships, or a partnership is empty"
    if not set(members) <= set(order):
        return "a partnership names an unknown seat"
    return None


def _first(error: ValidationError) -> str:
    detail = error.errors()[0]
    where = ".".join(str(part) for part in detail["loc"])
    return f"{where}: {detail['msg']}" if where else str(detail["msg"])
