"""What the table layer needs to know about each game, and nothing about its rules.

An adapter turns table seats into an engine state, names the buttons for legal moves,
says what a move costs in chips (so the table can escrow it) and which move a player
who does not act makes. All rules stay in `engine/`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.game import Event, Game
from engine.core.players import LEVELS, ComputerPlayer, computer_player
from engine.prima_carta.game import SUITS as PRIMA_CARTA_SUITS
from engine.prima_carta.game import Copa, Fold, PrimaCarta, PrimaCartaOptions


@dataclass(frozen=True)
class Move:
    """One button: the key in its custom id, its label, and whether it commits chips."""

    key: str
    label: str
    danger: bool = False


class GameAdapter:
    """Base shape; one subclass per game."""

    game_id: str
    name: str
    min_players: int
    max_players: int
    #: seat names a player picks when joining (Prima Carta: the suits), in seat order
    seat_choices: tuple[str, ...]
    levels: tuple[str, ...]

    def choice_label(self, choice: str) -> str:
        return choice.title()

    def min_bankroll(self, stake: int) -> int:
        """Chips a member needs to sit down: the most one hand can cost them."""
        raise NotImplementedError

    def new_hand(self, choices: Sequence[str], stake: int, seed: int, dealer: int) -> Game:
        raise NotImplementedError

    def load(self, data: Mapping[str, Any]) -> Game:
        raise NotImplementedError

    def opening_costs(self, game: Game) -> list[int]:
        """Chips each seat puts in when the hand is dealt (antes)."""
        raise NotImplementedError

    def moves(self, game: Game, seat: int) -> list[Move]:
        raise NotImplementedError

    def action_for(self, game: Game, seat: int, key: str) -> Any | None:
        """The legal action behind a button key, or None if it is not legal now."""
        raise NotImplementedError

    def cost(self, action: Any) -> int:
        """Chips this action moves from the seat into the pot."""
        raise NotImplementedError

    def timeout_action(self, game: Game, seat: int) -> Any:
        """The least committal legal move, played for a player who does not act."""
        raise NotImplementedError

    def logged(self, event: Event) -> bool:
        """Whether the table log repeats this event (some are drawn elsewhere on the table)."""
        return True

    def computer(self, level: str) -> ComputerPlayer:
        return computer_player(self.game_id, level)


class PrimaCartaAdapter(GameAdapter):
    game_id = "prima_carta"
    name = "Prima Carta"
    min_players = 2
    max_players = 5
    seat_choices = tuple(PRIMA_CARTA_SUITS)
    levels = LEVELS["prima_carta"]

    def min_bankroll(self, stake: int) -> int:
        return PrimaCarta.most_a_seat_can_pay(PrimaCartaOptions(stake=stake))

    def new_hand(self, choices: Sequence[str], stake: int, seed: int, dealer: int) -> Game:
        return PrimaCarta.new(PrimaCartaOptions(stake=stake), list(choices), seed, dealer)

    def load(self, data: Mapping[str, Any]) -> Game:
        return PrimaCarta.from_json(data)

    def opening_costs(self, game: Game) -> list[int]:
        assert isinstance(game, PrimaCarta)
        return list(game.view(None).paid)

    def moves(self, game: Game, seat: int) -> list[Move]:
        out = []
        for action in game.legal_actions(seat):
            if isinstance(action, Copa):
                out.append(Move("copa", f"Pay the copa · {action.amount}"))
            elif isinstance(action, Fold):
                out.append(Move("fold", "Fold", danger=True))
        return out

    def action_for(self, game: Game, seat: int, key: str) -> Any | None:
        for action in game.legal_actions(seat):
            if action.kind == key:
                return action
        return None

    def cost(self, action: Any) -> int:
        return action.amount if isinstance(action, Copa) else 0

    def timeout_action(self, game: Game, seat: int) -> Any:
        return Fold()

    def logged(self, event: Event) -> bool:
        # Each pass has its own field on the table message (cards played up, stack sizes).
        return event.kind != "pass"


GAMES: dict[str, GameAdapter] = {adapter.game_id: adapter for adapter in (PrimaCartaAdapter(),)}
