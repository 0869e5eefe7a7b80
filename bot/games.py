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

from engine.core.game import Event, Game
from engine.core.players import LEVELS, ComputerPlayer, computer_player
from engine.holdout.game import Fold as HoldoutFold
from engine.holdout.game import Holdout, HoldoutOptions, PassCards, PlayCard, Seconds
from engine.prima_carta.game import SUITS as PRIMA_CARTA_SUITS
from engine.prima_carta.game import Copa, Fold, PrimaCarta, PrimaCartaOptions


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


GAMES: dict[str, GameAdapter] = {
    adapter.game_id: adapter for adapter in (PrimaCartaAdapter(), HoldoutAdapter())
}

__all__ = ["GAMES", "GameAdapter", "HandSetup", "Move", "OptionError"]
