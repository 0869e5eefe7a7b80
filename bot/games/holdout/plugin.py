"""Holdout at a Ridotto table: each member brings a stack, passes two cards in secret and
plays from a private hand panel; the line, the pot and the chilo are on the table message."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from pydantic import ValidationError

from bot.games.base import GamePlugin, HandSetup
from bot.games.holdout import picture
from bot.games.holdout.options import HoldoutTableOptions
from bot.games.holdout.render import holdout_fields, holdout_panel, holdout_prompt, holdout_status
from bot.games.holdout.rules import BRIEF, BRIEF_IN, RULES, RULES_IN
from bot.games.results import HandResult, closing_panel, moved_chips
from bot.i18n import Text
from engine.core.cards import Card
from engine.core.msg import Markup
from engine.holdout.game import Fold, Holdout, HoldoutOptions, PassCards, PlayCard, Seconds, chips, t

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.games.view import TableView
    from bot.ui import Panel


class HoldoutPlugin(GamePlugin[Holdout, HoldoutTableOptions]):
    id = "holdout"
    name = "Holdout"
    options_model = HoldoutTableOptions
    min_players = 2
    max_players = 6
    seat_choices = ("1", "2", "3", "4", "5", "6")
    private_hands = True
    rules = RULES
    brief = BRIEF
    translated = True  # its catalogue is complete in every language (issue 26)
    rules_in = RULES_IN
    brief_in = BRIEF_IN
    view_keys = frozenset({"line"})
    colour = discord.Colour.dark_teal()

    # --------------------------------------------------------------- options
    def option_error(self, error: ValidationError) -> Text:
        return t(
            "Holdout's stack is between {low} and {high} stakes ({default} if you leave it out).",
            low=10,
            high=10_000,
            default=20,
        )

    def describe_options(self, options: HoldoutTableOptions, stake: int) -> Text:
        lines = {
            "auto": t("single line up to 4 players, double line for 5–6"),
            "single": t("single line (2–4 players)"),
            "double": t("double line (4–6 players)"),
        }[options.lines]
        deck = (
            t("Postas deck (50 cards)")
            if options.deck == "postas"
            else t("Vines deck (55 cards, Emperor = 11)")
        )
        return t(
            "{lines} · {deck} · stacks of {stack}", lines=lines, deck=deck, stack=chips(options.stack * stake)
        )

    def seat_range(self, options: HoldoutTableOptions) -> tuple[int, int]:
        if options.lines == "auto":
            return 2, 6
        return HoldoutOptions.seat_range(1 if options.lines == "single" else 2)

    # ----------------------------------------------------------------- money
    def buy_in(self, stake: int, options: HoldoutTableOptions) -> int | None:
        return options.stack * stake

    def held(self, game: Holdout) -> int:
        return game.chips_held

    def final_stacks(self, game: Holdout) -> list[int] | None:
        return list(game.view(None).stacks)

    # ------------------------------------------------------------------ play
    def new_hand(self, setup: HandSetup, options: HoldoutTableOptions) -> Holdout:
        rules = options.engine_options(setup.stake, len(setup.choices))
        return Holdout.new(rules, list(setup.names), setup.seed, setup.leader, setup.stacks)

    def load(self, data: Mapping[str, Any]) -> Holdout:
        return Holdout.from_json(data)

    def decode(self, game: Holdout, seat: int, key: str, values: Sequence[str] = ()) -> Any | None:
        """Keys name cards by their place in the seat's sorted hand, never by the card itself:
        `pass` (values: two places), `play.<line>.<place>`, `seconds.<line>`, `fold`."""
        hand = game.view(seat).hand or ()
        parts = key.split(".")
        action: Any
        try:
            if parts == ["pass"]:
                places = sorted({int(value) for value in values})
                if len(places) != 2 or len(values) != 2:
                    return None
                action = PassCards(cards=(hand[places[0]], hand[places[1]]))
            elif parts[0] == "play" and len(parts) == 3 and not values:
                action = PlayCard(card=hand[int(parts[2])], line=int(parts[1]))
            elif parts[0] == "seconds" and len(parts) == 2 and not values:
                action = Seconds(line=int(parts[1]))
            elif parts == ["fold"] and not values:
                action = Fold()
            else:
                return None
        except (ValueError, IndexError):
            return None
        return action if action in game.legal_actions(seat) else None

    def encode(self, game: Holdout, seat: int, action: Any) -> tuple[str, tuple[str, ...]]:
        hand = game.view(seat).hand or ()
        if isinstance(action, PassCards):
            return "pass", tuple(str(hand.index(card)) for card in action.cards)
        if isinstance(action, PlayCard):
            return f"play.{action.line}.{hand.index(action.card)}", ()
        if isinstance(action, Seconds):
            return f"seconds.{action.line}", ()
        return "fold", ()

    def move_name(self, table: TableView, game: Holdout, seat: int, action: Any) -> str:
        """The pass names its two cards and who gets them; a card played, its button's words."""
        say = table.lang
        if isinstance(action, PassCards):
            names = game.view(seat).seats
            first, second = action.cards
            return say(
                t(
                    "Pass {first} and {second} to {player}",
                    first=first,
                    second=second,
                    player=names[(seat + 1) % len(names)],
                )
            )
        named = super().move_name(table, game, seat, action)
        return say(t("Play {move}", move=Markup(named))) if isinstance(action, PlayCard) else named

    def timeout_action(self, game: Holdout, seat: int) -> Any:
        """At the pass, the two highest cards go left; in play, the player folds."""
        legal = game.legal_actions(seat)
        passes = [a for a in legal if isinstance(a, PassCards)]
        if passes:
            hand = sorted(game.view(seat).hand or (), key=lambda card: (card.rank, card.suit))
            highest = tuple(sorted(hand[-2:]))
            for action in passes:
                if tuple(sorted(action.cards)) == highest:
                    return action
            return passes[0]
        return Fold()

    # ---------------------------------------------------- hidden information
    def private_cards(self, game: Holdout, seat: int) -> frozenset[Card]:
        return frozenset(game.view(seat).hand or ())

    def secret_cards(self, game: Holdout) -> frozenset[Card]:
        """The undealt deck: every card neither in a hand nor on a line."""
        data = game.to_json()
        played = {text for line in data["lines"] for text in line}
        held = {card for seat in range(len(game.seats)) for card in self.private_cards(game, seat)}
        return frozenset(card for card in game.order if card.code not in played and card not in held)

    # ------------------------------------------------------------- rendering
    def table_picture(self, table: TableView, view: Any) -> Image | None:
        return picture.table_picture(table, view)

    def hand_picture(self, table: TableView, view: Any, picks: tuple[str, ...]) -> Image | None:
        return picture.hand_picture(table, view, picks)

    def table_fields(self, table: TableView, game: Holdout, embed: discord.Embed) -> None:
        holdout_fields(table, game, embed)

    def status(self, table: TableView, game: Holdout) -> str:
        return holdout_status(table, game)

    def summary(self, table: TableView, game: Holdout) -> list[str]:
        """Whose turn, then the pot and the antes in front (the line is in the picture)."""
        view = game.view(None)
        pot = t("Pot {pot} chips · antes in front {antes}", pot=view.pot, antes=sum(view.antes))
        return [holdout_status(table, game), table.lang(pot)]

    def prompt(self, table: TableView, game: Holdout, fresh: set[int]) -> str:
        return holdout_prompt(table, game, fresh)

    def panel(self, table: TableView, game: Holdout, seat: int, picks: tuple[str, ...]) -> Panel:
        line = int(picks[0]) if picks and picks[0].isdigit() else None
        return closing_panel(
            holdout_panel(table, game, seat, line), self.hand_result(table, game), seat, table.lang
        )

    def hand_result(self, table: TableView, game: Holdout) -> HandResult | None:
        """The engine's summary (who won, how, and the pot) in the table's language; the
        engine's seats are named after the players, so nothing is renamed."""
        outcome = game.outcome
        if outcome is None or outcome.said is None:
            return None
        names = tuple(self.seat_names(game))
        return HandResult(table.lang(outcome.said, md=False), nets=moved_chips(outcome), names=names)

    def pick(self, key: str, values: Sequence[str]) -> tuple[str, ...] | None:
        """`line.<n>`: the line a double-line player plays into next."""
        parts = key.split(".")
        if len(parts) == 2 and parts[0] == "line" and parts[1] in ("0", "1"):
            return (parts[1],)
        return None
