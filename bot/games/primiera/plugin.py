"""Primiera (Albertarelli) at a Ridotto table: a points game to 21 (or 11) played from the
hand panel, one button per card and, where a card may take different cards, one button per
capture. Keys name cards by their place in the hand, and a capture by its place among the
card's legal captures, never by the cards.

Money: by default a table plays for the scoreboard. With `play_for: bankroll` each seat
brings a stack into escrow; when a game ends (a side reaches the target) each player pays
each winner the stake for every point they finished behind, a difference counting at most
the target. The stack is that most a game can cost (the target's worth to each other
member's seat), and a member below it tops up at the next deal, so nothing owed is ever
lost. Three players and a robot plays for the scoreboard only: the robot's seat has no
member and no stack (should it ever be dealt a stake, it neither pays nor is paid).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.games.base import (
    CardNames,
    GameEnd,
    GamePlugin,
    HandSetup,
    OptionError,
    Partners,
    Ranking,
    ScoreGame,
    Standings,
    decided,
    game_sides,
)
from bot.games.primiera import picture
from bot.games.primiera.options import PrimieraTableOptions
from bot.games.primiera.render import (
    capture_label,
    card_name,
    card_plays,
    card_text,
    primiera_fields,
    primiera_panel,
    primiera_prompt,
    primiera_status,
    t,
)
from bot.games.primiera.rules import BRIEF, BRIEF_IN, RULES, RULES_IN
from bot.games.results import HandResult, closing_panel, moved_chips, scores_line
from bot.i18n import Text
from bot.ui import plain
from engine.core.cards import Card
from engine.core.match import GameResult, Match
from engine.core.msg import Join, Markup
from engine.primiera import Lay, Primiera
from engine.primiera.game import TARGETS, points_of
from engine.primiera.players import BasicPlayer
from engine.primiera.scoring import CARDS
from engine.primiera.stake import StakedPrimiera, concession, game_stakes

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.games.view import TableView
    from bot.ui import Panel

ROBOT_NAME = "Robot"
BY_CODE = {card.code: card for card in CARDS}


def game_cost(options: PrimieraTableOptions) -> int:
    """The most stakes one game can cost a member's seat: the target to each of the other
    members' seats (a difference counts at most the target; the robot is never paid)."""
    return options.engine_options().target * (options.players - 1)


def game_end(
    target: int, result: GameResult, keys: Sequence[str], names: Sequence[str], robot: int | None
) -> GameEnd:
    """A finished game: each seat but the robot's pays each winner but the robot one stake a
    point behind, at most `target` (`engine.primiera.stake.game_stakes`); the log's line
    names the winners."""
    stakes = game_stakes(target, result, keys, robot)
    named = dict(zip(keys, names, strict=True))
    winners = [named.get(k, k) for k in result.winners]
    top = max((result.scores.get(k, 0) for k in result.winners), default=0)
    who, won = Join(tuple(winners)), points_of(top)
    if len(winners) == 1:
        text = t("🏆 {winners} wins the game with {points}!", winners=who, points=won)
    else:
        text = t("🏆 {winners} win the game with {points}!", winners=who, points=won)
    return GameEnd(result=result, nets={}, text=text, stakes=stakes)


class PrimieraPlugin(
    GamePlugin[Primiera, PrimieraTableOptions],
    ScoreGame[Primiera, PrimieraTableOptions],
    Partners[Primiera, PrimieraTableOptions],
    Standings[Primiera, PrimieraTableOptions],
    CardNames,
):
    id = "primiera"
    name = "Primiera"
    options_model = PrimieraTableOptions
    min_players = 2
    max_players = 4
    seat_choices = ("1", "2", "3", "4")
    private_hands = True
    rules = RULES
    brief = BRIEF
    translated = True  # its catalogue is complete in every language (issue 26)
    rules_in = RULES_IN
    brief_in = BRIEF_IN
    view_keys = frozenset({"pick", "unpick"})
    colour = discord.Colour.dark_green()

    # --------------------------------------------------------------- options
    def parse_options(self, raw: Mapping[str, Any]) -> PrimieraTableOptions:
        chosen = super().parse_options(raw)
        if chosen.bankroll and chosen.variant == "robot":
            raise OptionError(
                t(
                    "The robot has no bankroll, so three players and a robot plays for the "
                    "scoreboard; leave play_for out, or choose another form."
                )
            )
        return chosen

    def describe_options(self, options: PrimieraTableOptions, stake: int) -> Text:
        target = options.engine_options().target
        form = {
            "heralds": t("The heralds game · the first Herald played sets the teams"),
            "scopone": t("Classic scopone · fixed partners opposite"),
            "two": t("Two players · each for themselves"),
            "three": t("Three players · each for themselves"),
            "robot": t("Three players and a robot · the robot sits opposite the dealer"),
        }[options.variant]
        if options.bankroll:
            return t(
                "{form} · to {target} points · for the bankroll: each pays each winner {stake} a point "
                "behind, stacks of {stack}",
                form=form,
                target=target,
                stake=stake,
                stack=game_cost(options) * stake,
            )
        return t("{form} · to {target} points · for the scoreboard", form=form, target=target)

    def seat_range(self, options: PrimieraTableOptions) -> tuple[int, int]:
        return options.players, options.players

    def new_match(self, options: PrimieraTableOptions) -> Match:
        engine = options.engine_options()
        return Match.new(
            self.seat_choices,
            target=engine.target,
            tie_rule="play_on",
            direction="right",
            fixed_partners=engine.fixed_partners,
            # "Randomly choose who will be the first dealer": drawn from the first hand's
            # committed seed, so anyone can check it once the seed is revealed.
            first_dealer="drawn",
        )

    def robot(self, options: PrimieraTableOptions) -> str | None:
        return ROBOT_NAME if options.variant == "robot" else None

    def partners(self, game: Primiera) -> tuple[tuple[int, ...], ...] | None:
        return game.partnerships or None

    # ----------------------------------------------------------------- money
    def points(self, game: Primiera) -> list[int] | None:
        score = game.score
        return list(score.points) if score is not None else [0] * len(game.seats)

    def target(self, options: PrimieraTableOptions) -> int | None:
        return options.engine_options().target

    def held(self, game: Primiera) -> int:
        return sum(game.stacks) if isinstance(game, StakedPrimiera) else 0

    def final_stacks(self, game: Primiera) -> list[int] | None:
        return list(game.stacks) if isinstance(game, StakedPrimiera) else None

    def buy_in(self, stake: int, options: PrimieraTableOptions) -> int | None:
        return game_cost(options) * stake if options.bankroll else None

    def seat_minimum(self, stake: int, options: PrimieraTableOptions) -> int:
        return game_cost(options) * stake if options.bankroll else 0

    def tops_up(self, options: PrimieraTableOptions) -> bool:
        return options.bankroll

    def leaving_debts(self, table: TableView, choice: str) -> dict[str, int]:
        """A member who leaves a bankroll game before its end concedes it: they pay each
        seat ahead of them one stake a point behind, at most the target (what the game's
        end would cost them if that seat won it), and nobody pays them."""
        options: PrimieraTableOptions = table.options
        if not options.bankroll:
            return {}
        return concession(table.match.target or 0, table.match.scores, choice)

    def after_hand(
        self, match: Match, game: Primiera, keys: Sequence[str]
    ) -> tuple[Match, GameEnd | None] | None:
        """The hand's points go on the match; at the target the game ends and each seat
        owes each winner one stake a point behind (at most the target's worth), the robot
        neither paying nor paid. A scoreboard table records no chips (the table moves
        stakes only between stacks)."""
        points = self.points(game) or []
        match, result = match.add_scores(dict(zip(keys, points, strict=True)))
        if result is None:
            return match, None
        return match, game_end(match.target or 0, result, keys, list(self.seat_names(game)), game.robot)

    # --------------------------------------------------------------- ratings
    def hand_standing(self, table: TableView, game: Primiera) -> Ranking | None:
        """The Heralds forms are rated round by round (docs/RULES.md, "Ratings"): the first
        Herald sets the partners for one round only, so the round is what a partnership
        plays together. Each side of the round (a pair, or a player alone) by its points,
        the robot counting as the basic computer; a round where every side scored the same
        decided nothing. The other forms are rated by the whole game (`game_standing`)."""
        options: PrimieraTableOptions = table.options
        score = game.score
        if not options.engine_options().heralds or score is None:
            return None
        sides = tuple(tuple(table.dealt[seat] for seat in side.seats) for side in score.sides)
        return decided(Ranking(sides, tuple(side.points for side in score.sides)))

    def game_standing(self, table: TableView, result: GameResult) -> Ranking | None:
        """Scopone, two and three players: the game's final standing, Scopone's fixed pairs
        as teams (`game_sides`); the Heralds forms were rated round by round."""
        options: PrimieraTableOptions = table.options
        if options.engine_options().heralds:
            return None
        return decided(game_sides(table.match, result))

    # ------------------------------------------------------------------ play
    def new_hand(self, setup: HandSetup, options: PrimieraTableOptions) -> Primiera:
        engine = options.engine_options()
        if setup.stacks is None:
            return Primiera.new(engine, list(setup.names), setup.seed, setup.dealer)
        game = StakedPrimiera.new(engine, list(setup.names), setup.seed, setup.dealer)
        game.stacks = tuple(setup.stacks)
        return game

    def load(self, data: Mapping[str, Any]) -> Primiera:
        if "stacks" in data:
            return StakedPrimiera.from_json(data)
        return Primiera.from_json(data)

    def decode(self, game: Primiera, seat: int, key: str, values: Sequence[str] = ()) -> Any | None:
        """`lay.<place>`: the card for the table; `play.<place>`: the card, with its only
        capture (or none); `play.<place>.<n>`: the card with its n-th legal capture."""
        if values:
            return None
        parts = key.split(".")
        if not all(p.isdigit() and len(p) <= 2 for p in parts[1:]):
            return None
        numbers = [int(p) for p in parts[1:]]
        if parts[0] == "lay" and len(numbers) == 1:
            legal = game.legal_actions(seat)
            hand = game.view(seat).hand or ()
            if numbers[0] < len(hand):
                action = Lay(card=hand[numbers[0]])
                return action if action in legal else None
            return None
        if parts[0] != "play" or not 1 <= len(numbers) <= 2:
            return None
        plays = card_plays(game, seat, numbers[0])
        if len(numbers) == 1:
            return plays[0] if len(plays) == 1 else None
        if len(plays) < 2 or numbers[1] >= len(plays):
            return None
        return plays[numbers[1]]

    def encode(self, game: Primiera, seat: int, action: Any) -> tuple[str, tuple[str, ...]]:
        hand = game.view(seat).hand or ()
        place = hand.index(action.card)
        if isinstance(action, Lay):
            return f"lay.{place}", ()
        plays = card_plays(game, seat, place)
        if len(plays) == 1:
            return f"play.{place}", ()
        return f"play.{place}.{plays.index(action)}", ()

    def move_name(self, table: TableView, game: Primiera, seat: int, action: Any) -> str:
        """ "Lay 🪙F (8 · P10) face down"; "Play 🪙7 takes 🏆3+🗡4", as the card's button says."""
        if isinstance(action, Lay):
            return table.lang(t("Lay {card} face down", card=Markup(card_text(action.card))))
        return table.lang(t("Play {move}", move=Markup(capture_label(action.card, action, table.lang))))

    def timeout_action(self, game: Primiera, seat: int) -> Any:
        """What the basic computer player would do: at the lay, the card that gives least
        away; in play, the capture worth most, or the card that risks least."""
        return BasicPlayer().choose(game, seat)

    # ---------------------------------------------------- hidden information
    def private_cards(self, game: Primiera, seat: int) -> frozenset[Card]:
        if seat == game.robot:
            return frozenset()  # its pile is nobody's; once turned up it is everyone's
        view = game.view(seat)
        laid = {view.laid_card} if view.laid_card is not None else set()
        return frozenset(view.hand or ()) | laid

    def card_name(self, card: Card) -> Text:
        return card_name(card)

    def secret_cards(self, game: Primiera) -> frozenset[Card]:
        """The undealt stock, the robot's face-down pile and the card laid for it."""
        data = game.to_json()
        codes = list(data["order"][data["next"] :])
        robot = game.robot
        if robot is not None:
            if not data["robot_open"]:
                codes += data["hands"][robot]
            if data["laid"][robot] is not None:
                codes.append(data["laid"][robot])
        return frozenset(BY_CODE[code] for code in codes)

    # ------------------------------------------------------------- rendering
    def table_picture(self, table: TableView, view: Any) -> Image | None:
        return picture.table_picture(table, view)

    def hand_picture(self, table: TableView, view: Any, picks: tuple[str, ...]) -> Image | None:
        return picture.hand_picture(table, view, picks)

    def table_fields(self, table: TableView, game: Primiera, embed: discord.Embed) -> None:
        primiera_fields(table, game, embed)

    def status(self, table: TableView, game: Primiera) -> str:
        return primiera_status(table, game)

    def summary(self, table: TableView, game: Primiera) -> list[str]:
        """Whose turn, then the match's score (the table and the seats are in the picture)."""
        view = game.view(None)
        target = table.match.target or TARGETS[view.options.form]
        score = table.match.scores
        scores = " · ".join(
            f"{plain(name)} {score.get(table.hand_choice(seat), 0)}" for seat, name in enumerate(view.seats)
        )
        said = t("Scores to {target}: {scores}", target=target, scores=Markup(scores))
        return [primiera_status(table, game), table.lang(said)]

    def prompt(self, table: TableView, game: Primiera, fresh: set[int]) -> str:
        return primiera_prompt(table, game, fresh)

    def panel(self, table: TableView, game: Primiera, seat: int, picks: tuple[str, ...]) -> Panel:
        picked = int(picks[0]) if picks and picks[0].isdigit() else None
        return closing_panel(
            primiera_panel(table, game, seat, picked), self.hand_result(table, game), seat, table.lang
        )

    def hand_result(self, table: TableView, game: Primiera) -> HandResult | None:
        """The side with the most points takes the round; the reasons are the items each
        side scored (cards, coins, the seven of coins, primiera, sweeps); the points go on
        toward the target."""
        outcome = game.outcome
        score = game.view(None).score
        if outcome is None or score is None:
            return None
        names = game.view(None).seats
        say = table.lang
        sides = [(side.points, Join(tuple(names[s] for s in side.seats))) for side in score.sides]
        top = max(points for points, _ in sides)
        best = [who for points, who in sides if points == top]
        one = len(best) == 1 and all(len(side.seats) == 1 for side in score.sides if side.points == top)
        others = [t("{side} {points}", side=who, points=points) for points, who in sides if points != top]
        against = Markup(
            say(t(" (against {others})", others=Join(tuple(others), "comma")), md=False) if others else ""
        )
        won = points_of(top)
        if top == 0:
            said = t("Nobody scores this round.")
        elif len(best) == 1 and one:
            said = t(
                "{side} takes the round with {points}{against}.", side=best[0], points=won, against=against
            )
        elif len(best) == 1:
            said = t(
                "{side} take the round with {points}{against}.", side=best[0], points=won, against=against
            )
        else:
            said = t(
                "{sides} tie for the round with {points} each{against}.",
                sides=Join(tuple(best)),
                points=won,
                against=against,
            )
        headline = say(said, md=False)
        doubled = (say(t("All alone: the four points count double."), md=False),) if score.doubled else ()
        reasons = (*doubled, *(say(item.said, md=False) for item in score.items if item.side is not None))
        carried = scores_line(table, names, self.target(table.options))
        return HandResult(headline, reasons, carried, moved_chips(outcome), tuple(names))

    def pick(self, key: str, values: Sequence[str]) -> tuple[str, ...] | None:
        """`pick.<place>`: show that card's captures; `unpick`: back to the cards."""
        parts = key.split(".")
        if values:
            return None
        if parts == ["unpick"]:
            return ()
        if len(parts) == 2 and parts[0] == "pick" and parts[1].isdigit() and len(parts[1]) <= 2:
            return (parts[1],)
        return None
