"""What the table layer needs to know about each game, and nothing about its rules.

An adapter turns table seats into an engine state, names the controls for legal moves,
says how a game holds chips (per hand, or as stacks brought to the table) and which move a
player who does not act makes. All rules stay in `engine/`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from bot.forms import whole_number
from engine.core.game import Event, Game
from engine.core.players import LEVELS, ComputerPlayer, computer_player
from engine.holdout.game import Fold as HoldoutFold
from engine.holdout.game import Holdout, HoldoutOptions, PassCards, PlayCard, Seconds
from engine.prima_carta.game import SUITS as PRIMA_CARTA_SUITS
from engine.prima_carta.game import Copa, Fold, PrimaCarta, PrimaCartaOptions
from engine.primero.game import AllIn, Bid, Pass, Primero, PrimeroOptions, Stake
from engine.primero.game import Fold as PrimeroFold
from engine.primero.game import Phase as PrimeroPhase
from engine.primero.hands import HandType


class OptionError(ValueError):
    """A table option a member chose is not valid; the message says why, for the member."""


@dataclass(frozen=True)
class Move:
    """One button: the key in its custom id, its label, and whether it commits chips."""

    key: str
    label: str
    danger: bool = False


@dataclass(frozen=True)
class HandSetup:
    """Everything the table knows when it deals a hand."""

    choices: Sequence[str]  # each seat's choice, in seat order
    names: Sequence[str]  # each seat's display name
    stake: int
    seed: int
    dealer: int  # seat index of this hand's dealer (the deal passes left)
    options: Mapping[str, Any] = field(default_factory=dict)
    stacks: Sequence[int] | None = None  # stack games: chips each seat has at the table
    leader: int | None = None  # stack games: the last hand's winner, if still seated
    carried: int = 0  # stack games: chips a hand without a winner left in the pot


class GameAdapter:
    """Base shape; one subclass per game."""

    game_id: str
    name: str
    min_players: int  # over every option
    max_players: int
    #: seat names in seat order (Prima Carta: the suits a player backs)
    seat_choices: tuple[str, ...]
    #: whether a joining member picks their seat (Prima Carta: their suit)
    pick_seat: bool = True
    #: whether players hold secret cards (they get the "Your hand" panel)
    private_hands: bool = False
    levels: tuple[str, ...]
    #: the /play options this game takes
    option_names: tuple[str, ...] = ()

    def choice_label(self, choice: str) -> str:
        return choice.title()

    # --------------------------------------------------------------- options
    def table_options(self, raw: Mapping[str, Any], stake: int) -> dict[str, Any]:
        """Validate the options a host chose at /play; raises OptionError with a sentence."""
        self._refuse_unknown(raw)
        return {}

    def _refuse_unknown(self, raw: Mapping[str, Any]) -> None:
        unknown = [name for name, value in raw.items() if value is not None and name not in self.option_names]
        if unknown:
            raise OptionError(f"{self.name} has no {unknown[0].replace('_', ' ')} option.")

    def describe_options(self, options: Mapping[str, Any], stake: int) -> str:
        return ""

    def seat_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        return self.min_players, self.max_players

    # ----------------------------------------------------------------- money
    def buy_in(self, stake: int, options: Mapping[str, Any]) -> int | None:
        """Chips a player brings to the table as a stack, or None if chips go in hand by hand."""
        return None

    def min_bankroll(self, stake: int, options: Mapping[str, Any]) -> int:
        """Chips a member needs to sit down."""
        raise NotImplementedError

    def seat_minimum(self, stake: int, options: Mapping[str, Any]) -> int:
        """Stack games: the least a stack must hold to be dealt in (else the seat stands up)."""
        return stake

    def points(self, game: Game) -> list[int] | None:
        """Points games: what each seat scored in this finished hand (None: a chips game)."""
        return None

    def target(self, options: Mapping[str, Any]) -> int | None:
        """Points games: the score that ends a game."""
        return None

    def board(self, options: Mapping[str, Any]) -> str:
        """The key results are recorded under for the scoreboard."""
        return self.game_id

    def opening_costs(self, game: Game) -> list[int]:
        """Per-hand games: chips each seat puts in when the hand is dealt (antes)."""
        return [0] * len(game.view(None).seats)

    def cost(self, game: Game, seat: int, action: Any) -> int:
        """Per-hand games: chips this action moves from the seat's account into escrow."""
        return 0

    def held(self, game: Game) -> int:
        """Chips the hand in play holds at the table (what the table's escrow must hold)."""
        raise NotImplementedError

    def final_stacks(self, game: Game) -> list[int] | None:
        """Stack games: each seat's stack once the hand is settled."""
        return None

    # ------------------------------------------------------------------ play
    def new_hand(self, setup: HandSetup) -> Game:
        raise NotImplementedError

    def load(self, data: Mapping[str, Any]) -> Game:
        raise NotImplementedError

    def awaiting(self, game: Game) -> tuple[int, ...]:
        """The seats the hand is waiting on (several at once during a simultaneous choice)."""
        seat = game.to_act
        return () if seat is None else (seat,)

    def moves(self, game: Game, seat: int) -> list[Move]:
        """Buttons for the public table message (games without private hands)."""
        return []

    def action_for(self, game: Game, seat: int, key: str, values: Sequence[str] = ()) -> Any | None:
        """The legal action behind a control key (and a select's values), or None."""
        raise NotImplementedError

    def timeout_action(self, game: Game, seat: int) -> Any:
        """The least committal legal move, played for a player who does not act."""
        raise NotImplementedError

    def logged(self, event: Event) -> bool:
        """Whether the table log repeats this event (some are drawn elsewhere on the table)."""
        return True

    def computer(self, level: str) -> ComputerPlayer:
        return computer_player(self.game_id, level if level in self.levels else None)


class PrimaCartaAdapter(GameAdapter):
    game_id = "prima_carta"
    name = "Prima Carta"
    min_players = 2
    max_players = 5
    seat_choices = tuple(PRIMA_CARTA_SUITS)
    levels = LEVELS["prima_carta"]

    def min_bankroll(self, stake: int, options: Mapping[str, Any]) -> int:
        return PrimaCarta.most_a_seat_can_pay(PrimaCartaOptions(stake=stake))

    def new_hand(self, setup: HandSetup) -> Game:
        return PrimaCarta.new(
            PrimaCartaOptions(stake=setup.stake), list(setup.choices), setup.seed, setup.dealer
        )

    def load(self, data: Mapping[str, Any]) -> Game:
        return PrimaCarta.from_json(data)

    def opening_costs(self, game: Game) -> list[int]:
        assert isinstance(game, PrimaCarta)
        return list(game.view(None).paid)

    def held(self, game: Game) -> int:
        assert isinstance(game, PrimaCarta)
        return 0 if game.outcome is not None else sum(game.view(None).paid)

    def moves(self, game: Game, seat: int) -> list[Move]:
        out = []
        for action in game.legal_actions(seat):
            if isinstance(action, Copa):
                out.append(Move("copa", f"Pay the copa · {action.amount}"))
            elif isinstance(action, Fold):
                out.append(Move("fold", "Fold", danger=True))
        return out

    def action_for(self, game: Game, seat: int, key: str, values: Sequence[str] = ()) -> Any | None:
        for action in game.legal_actions(seat):
            if action.kind == key:
                return action
        return None

    def cost(self, game: Game, seat: int, action: Any) -> int:
        return action.amount if isinstance(action, Copa) else 0

    def timeout_action(self, game: Game, seat: int) -> Any:
        return Fold()

    def logged(self, event: Event) -> bool:
        # Each pass has its own field on the table message (cards played up, stack sizes).
        return event.kind != "pass"


class HoldoutTableOptions(BaseModel, frozen=True):
    """What a Holdout host chooses at /play."""

    lines: str = Field(default="auto", pattern="^(auto|single|double)$")
    """single (2-4 players), double (4-6), or auto: single up to four players, double above."""
    deck: str = Field(default="postas", pattern="^(postas|vines)$")
    stack: int = Field(default=100, ge=10, le=10_000)
    """The stack each player brings to the table, in stakes."""


class HoldoutAdapter(GameAdapter):
    game_id = "holdout"
    name = "Holdout"
    min_players = 2
    max_players = 6
    seat_choices = ("1", "2", "3", "4", "5", "6")
    pick_seat = False
    private_hands = True
    levels = LEVELS["holdout"]
    option_names = ("lines", "deck", "stack")

    def choice_label(self, choice: str) -> str:
        return f"Seat {choice}"

    def table_options(self, raw: Mapping[str, Any], stake: int) -> dict[str, Any]:
        self._refuse_unknown(raw)
        try:
            chosen = HoldoutTableOptions(**{k: v for k, v in raw.items() if v is not None})
        except ValidationError as error:
            raise OptionError(
                "Holdout's stack is between 10 and 10,000 stakes (100 if you leave it out)."
            ) from error
        return chosen.model_dump()

    def describe_options(self, options: Mapping[str, Any], stake: int) -> str:
        chosen = HoldoutTableOptions(**options)
        lines = {
            "auto": "single line up to 4 players, double line for 5–6",
            "single": "single line (2–4 players)",
            "double": "double line (4–6 players)",
        }[chosen.lines]
        deck = "Postas deck (50 cards)" if chosen.deck == "postas" else "Vines deck (55 cards, Emperor = 11)"
        return f"{lines} · {deck} · stacks of {chosen.stack * stake:,} chips"

    def seat_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        lines = HoldoutTableOptions(**options).lines
        if lines == "auto":
            return 2, 6
        return HoldoutOptions.seat_range(1 if lines == "single" else 2)

    def buy_in(self, stake: int, options: Mapping[str, Any]) -> int | None:
        return HoldoutTableOptions(**options).stack * stake

    def min_bankroll(self, stake: int, options: Mapping[str, Any]) -> int:
        buy_in = self.buy_in(stake, options)
        assert buy_in is not None
        return buy_in

    def engine_options(self, options: Mapping[str, Any], stake: int, players: int) -> HoldoutOptions:
        chosen = HoldoutTableOptions(**options)
        lines = {"single": 1, "double": 2}.get(chosen.lines, 1 if players <= 4 else 2)
        return HoldoutOptions(stake=stake, lines=lines, deck=chosen.deck)  # type: ignore[arg-type]

    def new_hand(self, setup: HandSetup) -> Game:
        options = self.engine_options(setup.options, setup.stake, len(setup.choices))
        return Holdout.new(options, list(setup.names), setup.seed, setup.leader, setup.stacks)

    def load(self, data: Mapping[str, Any]) -> Game:
        return Holdout.from_json(data)

    def held(self, game: Game) -> int:
        assert isinstance(game, Holdout)
        view = game.view(None)
        return sum(view.stacks) + view.pot + sum(view.antes)

    def final_stacks(self, game: Game) -> list[int] | None:
        assert isinstance(game, Holdout)
        return list(game.view(None).stacks)

    def awaiting(self, game: Game) -> tuple[int, ...]:
        assert isinstance(game, Holdout)
        return game.awaiting

    def action_for(self, game: Game, seat: int, key: str, values: Sequence[str] = ()) -> Any | None:
        """Keys name cards by their place in the seat's sorted hand, never by the card itself:
        `pass` (values: two places), `play.<line>.<place>`, `seconds.<line>`, `fold`."""
        assert isinstance(game, Holdout)
        hand = game.view(seat).hand or ()
        parts = key.split(".")
        action: Any
        try:
            if parts == ["pass"]:
                places = sorted({int(value) for value in values})
                if len(places) != 2 or len(values) != 2:
                    return None
                action = PassCards(cards=(hand[places[0]], hand[places[1]]))
            elif parts[0] == "play" and len(parts) == 3:
                action = PlayCard(card=hand[int(parts[2])], line=int(parts[1]))
            elif parts[0] == "seconds" and len(parts) == 2:
                action = Seconds(line=int(parts[1]))
            elif parts == ["fold"]:
                action = HoldoutFold()
            else:
                return None
        except (ValueError, IndexError):
            return None
        return action if action in game.legal_actions(seat) else None

    def timeout_action(self, game: Game, seat: int) -> Any:
        """At the pass, the two highest cards go left; in play, the player folds."""
        assert isinstance(game, Holdout)
        legal = game.legal_actions(seat)
        passes = [a for a in legal if isinstance(a, PassCards)]
        if passes:
            hand = sorted(game.view(seat).hand or (), key=lambda card: (card.rank, card.suit))
            highest = tuple(sorted(hand[-2:]))
            for action in passes:
                if tuple(sorted(action.cards)) == highest:
                    return action
            return passes[0]
        return HoldoutFold()


class PrimeroTableOptions(BaseModel, frozen=True):
    """What a Primero host chooses at /play (the text: "agree on the rules first")."""

    variant: str = Field(default="betting", pattern="^(betting|points)$")
    """betting (chips), or the text's non-betting variant played to a target score."""
    stack: int = Field(default=100, ge=10, le=10_000)
    """Betting: the stack each player brings, in stakes."""
    ante: int = Field(default=1, ge=0, le=10)
    """Betting: stakes each player antes per hand."""
    bid_limit: int | None = Field(default=None, ge=1, le=10_000)
    """Betting: the largest bet, in stakes (none: whatever the bidder has)."""
    repass: bool = True
    overstate: bool = True
    division: str = Field(default="all", pattern="^(all|split)$")
    target: int = Field(default=1000, ge=100, le=100_000)
    """Points: the score that wins the game."""


_BETTING_ONLY = ("stack", "ante", "bid_limit", "division")


class PrimeroAdapter(GameAdapter):
    game_id = "primero"
    name = "Primero"
    min_players = 2
    max_players = 6
    seat_choices = ("1", "2", "3", "4", "5", "6")
    pick_seat = False
    private_hands = True
    levels = LEVELS["primero"]
    option_names = ("variant", "stack", "ante", "bid_limit", "repass", "overstate", "division", "target")

    def choice_label(self, choice: str) -> str:
        return f"Seat {choice}"

    def table_options(self, raw: Mapping[str, Any], stake: int) -> dict[str, Any]:
        self._refuse_unknown(raw)
        given = {k: v for k, v in raw.items() if v is not None}
        try:
            chosen = PrimeroTableOptions(**given)
        except ValidationError as error:
            field_ = str(error.errors()[0]["loc"][0]) if error.errors() else ""
            raise OptionError(
                {
                    "stack": "Primero's stack is between 10 and 10,000 stakes (100 if you leave it out).",
                    "ante": "Primero's ante is between 0 and 10 stakes (1 if you leave it out).",
                    "bid_limit": "The bid limit is between 1 and 10,000 stakes.",
                    "target": "The target score is between 100 and 100,000 points.",
                }.get(field_, "That Primero option isn't valid.")
            ) from error
        if chosen.variant == "points":
            extra = [name for name in _BETTING_ONLY if name in given]
            if extra:
                raise OptionError(
                    f"The points game uses no chips; leave the {extra[0].replace('_', ' ')} option out."
                )
        elif "target" in given:
            raise OptionError("A target score is for the points game (variant: points).")
        return chosen.model_dump()

    def describe_options(self, options: Mapping[str, Any], stake: int) -> str:
        chosen = PrimeroTableOptions(**options)
        rules = [
            "passing again in a round " + ("allowed" if chosen.repass else "not allowed"),
            "first-round bids may " + ("overstate" if chosen.overstate else "not overstate"),
        ]
        if chosen.variant == "points":
            return f"Points game to {chosen.target:,} · no chips · " + " · ".join(rules)
        limit = "no bid limit" if chosen.bid_limit is None else f"bets up to {chosen.bid_limit * stake:,}"
        division = "winner takes all" if chosen.division == "all" else "split pot (½ · ¼ · rest stays)"
        return (
            f"Stacks of {chosen.stack * stake:,} chips · ante {chosen.ante * stake:,} · {limit} · "
            f"{division} · " + " · ".join(rules)
        )

    def engine_options(self, options: Mapping[str, Any], stake: int) -> PrimeroOptions:
        chosen = PrimeroTableOptions(**options)
        return PrimeroOptions(
            stake=stake,
            ante=chosen.ante,
            bid_limit=chosen.bid_limit,
            repass=chosen.repass,
            overstate_first=chosen.overstate,
            division=chosen.division,  # type: ignore[arg-type]
            betting=chosen.variant == "betting",
        )

    def _betting(self, options: Mapping[str, Any]) -> bool:
        return PrimeroTableOptions(**options).variant == "betting"

    def buy_in(self, stake: int, options: Mapping[str, Any]) -> int | None:
        return PrimeroTableOptions(**options).stack * stake if self._betting(options) else 0

    def min_bankroll(self, stake: int, options: Mapping[str, Any]) -> int:
        return self.buy_in(stake, options) or 0

    def seat_minimum(self, stake: int, options: Mapping[str, Any]) -> int:
        if not self._betting(options):
            return 0
        return max(1, PrimeroTableOptions(**options).ante * stake)

    def target(self, options: Mapping[str, Any]) -> int | None:
        return None if self._betting(options) else PrimeroTableOptions(**options).target

    def board(self, options: Mapping[str, Any]) -> str:
        return self.game_id if self._betting(options) else POINTS_BOARD

    def new_hand(self, setup: HandSetup) -> Game:
        return Primero.new(
            self.engine_options(setup.options, setup.stake),
            list(setup.names),
            setup.seed,
            setup.dealer,
            setup.stacks,
            setup.carried,
        )

    def load(self, data: Mapping[str, Any]) -> Game:
        return Primero.from_json(data)

    def held(self, game: Game) -> int:
        assert isinstance(game, Primero)
        view = game.view(None)
        return sum(view.stacks) + sum(view.set_aside) + view.pot + view.side_pot + view.carried

    def final_stacks(self, game: Game) -> list[int] | None:
        assert isinstance(game, Primero)
        return list(game.view(None).stacks)

    def points(self, game: Game) -> list[int] | None:
        assert isinstance(game, Primero)
        points = game.view(None).points
        return None if points is None else list(points)

    def awaiting(self, game: Game) -> tuple[int, ...]:
        assert isinstance(game, Primero)
        return game.awaiting

    def action_for(self, game: Game, seat: int, key: str, values: Sequence[str] = ()) -> Any | None:
        """Keys name cards by their place in the seat's sorted hand, never by the card:
        `stake[.<places>]`, `pass.<places>`, `allin[.<places>]`, `fold`, `cover[.<places>]`
        (values: the bet that names no hand), `bid.<type>[.<places>]` (values: total, bet).
        `<places>` is the digits of the cards to change, e.g. `13`. Typed values that are
        not numbers raise IllegalAction with a sentence for the player."""
        assert isinstance(game, Primero)
        hand = game.view(seat).hand or ()
        parts = key.split(".")
        kind = parts[0]
        bid_type = HandType.from_label(parts[1]) if kind == "bid" and len(parts) > 1 else None
        if kind == "bid":
            if bid_type is None:
                return None
            places = parts[2] if len(parts) > 2 else ""
        else:
            places = parts[1] if len(parts) > 1 else ""
            if len(parts) > 2:
                return None
        try:
            indexes = [int(ch) for ch in places]
            discard = tuple(hand[i] for i in indexes)
        except (ValueError, IndexError):
            return None
        if len(set(indexes)) != len(indexes):
            return None
        if kind == "stake":
            return Stake(discard=discard)
        if kind == "pass":
            return Pass(discard=discard) if discard else None
        if kind == "allin":
            return AllIn(discard=discard)
        if kind == "fold":
            return PrimeroFold() if not discard else None
        if kind == "cover":  # a forced cover; with a typed value, then a bet naming no hand
            if not values:
                return Stake(discard=discard)
            return Stake(discard=discard, bet=whole_number(values[0], "bet", "chips", least=1))
        if bid_type is not None:
            total = whole_number(values[0] if values else "", "total", "points", least=1)
            bet = 0
            if game.options.betting:
                bet = whole_number(values[1] if len(values) > 1 else "", "bet", "chips", least=1)
            return Bid(type=bid_type, total=total, bet=bet, discard=discard)
        return None

    def timeout_action(self, game: Game, seat: int) -> Any:
        """The least committal move: at the end of the hand fold (half the set-aside comes
        back); in a round, stand if there's nothing to pay, cover if forced, else fold
        (the points game has no fold: stand)."""
        assert isinstance(game, Primero)
        choice = game.choices(seat)
        assert choice is not None
        if choice.phase is PrimeroPhase.CHOICE:
            return PrimeroFold()
        if choice.stake and (choice.owe == 0 or choice.forced or not choice.fold):
            return Stake()
        if choice.all_in and not choice.fold:
            return AllIn()
        return PrimeroFold()


POINTS_BOARD = "primero_points"
"""Results of Primero's points game, kept apart from its chips hands."""


GAMES: dict[str, GameAdapter] = {
    adapter.game_id: adapter for adapter in (PrimaCartaAdapter(), HoldoutAdapter(), PrimeroAdapter())
}

BOARDS: dict[str, str] = {
    **{game_id: adapter.name for game_id, adapter in GAMES.items()},
    POINTS_BOARD: "Primero (points game)",
}
"""Every scoreboard: game id (or points board) -> its name."""

__all__ = ["BOARDS", "GAMES", "GameAdapter", "HandSetup", "Move", "OptionError"]
