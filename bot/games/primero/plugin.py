"""Primero (Bergamese rules) at a Ridotto table: stacks (or a points game), bids made through
a hand panel and a form, passes with cards changed face up, the showdown on the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from pydantic import ValidationError

from bot.forms import whole_number
from bot.games.base import GamePlugin, HandSetup, OptionError, ScoreGame
from bot.games.primero import picture
from bot.games.primero.options import BETTING_ONLY, PrimeroTableOptions
from bot.games.primero.render import (
    bid_text,
    card_text,
    changing,
    primero_fields,
    primero_panel,
    primero_prompt,
    primero_result,
    primero_status,
    turn_buttons,
)
from bot.games.primero.rules import BRIEF, BRIEF_IN, RULES, RULES_IN
from bot.games.results import HandResult, closing_panel
from bot.i18n import Text
from bot.ui import Form, FormField
from engine.core.cards import PRIMERO_40, Card
from engine.core.msg import Join, Markup, Msg
from engine.primero.game import AllIn, Bid, Fold, Pass, Primero, Stake, t, tn
from engine.primero.game import Phase as HandPhase
from engine.primero.hands import HandType, hand_said, kind_said

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.games.view import TableView
    from bot.ui import Panel

POINTS_BOARD = "primero_points"
"""Results of Primero's points game, kept apart from its chips hands."""

OPTION_ERRORS = {
    "stack": t(
        "Primero's stack is between {least} and {most} stakes ({usual} if you leave it out).",
        least=10,
        most=10_000,
        usual=20,
    ),
    "ante": t(
        "Primero's ante is between {least} and {most} stakes ({usual} if you leave it out).",
        least=0,
        most=10,
        usual=1,
    ),
    "bid_limit": t("The bid limit is between {least} and {most} stakes.", least=1, most=10_000),
    "target": t("The target score is between {least} and {most} points.", least=100, most=100_000),
}
OPTION_NAMES = {
    "stack": t("stack"),
    "ante": t("ante"),
    "bid_limit": t("bid limit"),
    "division": t("division"),
}
"""The betting-only options as the points game's refusal names them (the /play option's
name with spaces)."""


class PrimeroPlugin(
    GamePlugin[Primero, PrimeroTableOptions],
    ScoreGame[Primero, PrimeroTableOptions],
):
    id = "primero"
    name = "Primero"
    options_model = PrimeroTableOptions
    min_players = 2
    max_players = 6
    seat_choices = ("1", "2", "3", "4", "5", "6")
    private_hands = True
    rules = RULES
    brief = BRIEF
    translated = True  # its catalogue is complete in every language (issue 26)
    rules_in = RULES_IN
    brief_in = BRIEF_IN
    view_keys = frozenset({"discard"})
    form_keys = frozenset({"bidform", "coverbet"})
    colour = discord.Colour.dark_red()

    def boards(self) -> dict[str, str | Msg]:
        return {self.id: self.name, POINTS_BOARD: t("Primero (points game)")}

    # --------------------------------------------------------------- options
    def parse_options(self, raw: Mapping[str, Any]) -> PrimeroTableOptions:
        chosen = super().parse_options(raw)
        given = {name for name, value in raw.items() if value is not None}
        if chosen.variant == "points":
            extra = [name for name in BETTING_ONLY if name in given]
            if extra:
                raise OptionError(
                    t(
                        "The points game uses no chips; leave the {option} option out.",
                        option=OPTION_NAMES[extra[0]],
                    )
                )
        elif "target" in given:
            raise OptionError(t("A target score is for the points game (variant: points)."))
        return chosen

    def option_error(self, error: ValidationError) -> Text:
        field = str(error.errors()[0]["loc"][0]) if error.errors() else ""
        return OPTION_ERRORS.get(field, t("That Primero option isn't valid."))

    def describe_options(self, options: PrimeroTableOptions, stake: int) -> Text:
        rules: list[Msg] = [
            t("passing again in a round allowed")
            if options.repass
            else t("passing again in a round not allowed"),
            t("first-round bids may overstate")
            if options.overstate
            else t("first-round bids may not overstate"),
        ]
        if not options.betting:
            return t("Points game to {n} · no chips · {rules}", n=options.target, rules=Join(rules, "dot"))
        limit = (
            t("no bid limit")
            if options.bid_limit is None
            else t("bets up to {n}", n=options.bid_limit * stake)
        )
        division = t("winner takes all") if options.division == "all" else t("split pot (½ · ¼ · rest stays)")
        return t(
            "Stacks of {chips} · ante {ante} · {limit} · {division} · {rules}",
            chips=tn("{n} chip", "{n} chips", n=options.stack * stake),
            ante=options.ante * stake,
            limit=limit,
            division=division,
            rules=Join(rules, "dot"),
        )

    # ----------------------------------------------------------------- money
    def buy_in(self, stake: int, options: PrimeroTableOptions) -> int | None:
        return options.stack * stake if options.betting else 0

    def seat_minimum(self, stake: int, options: PrimeroTableOptions) -> int:
        return max(1, options.ante * stake) if options.betting else 0

    def target(self, options: PrimeroTableOptions) -> int | None:
        return None if options.betting else options.target

    def board(self, options: PrimeroTableOptions) -> str:
        return self.id if options.betting else POINTS_BOARD

    def held(self, game: Primero) -> int:
        return game.chips_held

    def final_stacks(self, game: Primero) -> list[int] | None:
        return list(game.view(None).stacks)

    def points(self, game: Primero) -> list[int] | None:
        points = game.view(None).points
        return None if points is None else list(points)

    # ------------------------------------------------------------------ play
    def new_hand(self, setup: HandSetup, options: PrimeroTableOptions) -> Primero:
        return Primero.new(
            options.engine_options(setup.stake),
            list(setup.names),
            setup.seed,
            setup.dealer,
            setup.stacks,
            setup.carried,
        )

    def load(self, data: Mapping[str, Any]) -> Primero:
        return Primero.from_json(data)

    def decode(self, game: Primero, seat: int, key: str, values: Sequence[str] = ()) -> Any | None:
        """Keys name cards by their place in the seat's hand, never by the card:
        `stake[.<places>]`, `pass.<places>`, `allin[.<places>]`, `fold`, `cover[.<places>]`
        (values: the bet that names no hand), `bid.<type>[.<places>]` (values: total, bet),
        and `bid`, the bid form's answer (values: the type, the total, the bet at a betting
        table, and the places of the cards to change, comma-separated, when changing is open).
        `<places>` is the digits of the cards to change, e.g. `13`. Typed values that are
        not numbers raise IllegalAction with a sentence for the player."""
        hand = game.view(seat).hand or ()
        if key == "bid":
            return self._bid_form(game, seat, values)
        parts = key.split(".")
        kind = parts[0]
        bid_type = HandType.from_label(parts[1]) if kind == "bid" and len(parts) > 1 else None
        if kind == "bid":
            if bid_type is None or len(parts) > 3:
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
        if kind == "stake" and not values:
            return Stake(discard=discard)
        if kind == "pass" and not values:
            return Pass(discard=discard) if discard else None
        if kind == "allin" and not values:
            return AllIn(discard=discard)
        if kind == "fold" and not values:
            return Fold() if not discard else None
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

    def _bid_form(self, game: Primero, seat: int, values: Sequence[str]) -> Any | None:
        """The bid form's answer (see `decode`): its type, total, bet and cards to change."""
        choice = game.choices(seat)
        if choice is None:
            return None
        betting = game.options.betting
        wanted = 2 + betting + (choice.max_discard > 0)
        if len(values) != wanted:
            return None
        kind = HandType.from_label(values[0])
        if kind is None:
            return None
        places = values[-1].split(",") if choice.max_discard and values[-1] else []
        hand = game.view(seat).hand or ()
        if not all(p.isdigit() and int(p) < len(hand) for p in places) or len(set(places)) != len(places):
            return None
        total = whole_number(values[1], "total", "points", least=1)
        bet = whole_number(values[2], "bet", "chips", least=1) if betting else 0
        discard = tuple(hand[int(p)] for p in sorted(places, key=int))
        return Bid(type=kind, total=total, bet=bet, discard=discard)

    def encode(self, game: Primero, seat: int, action: Any) -> tuple[str, tuple[str, ...]]:
        hand = game.view(seat).hand or ()
        discard = getattr(action, "discard", ())
        places = "".join(str(hand.index(card)) for card in discard)
        tail = f".{places}" if places else ""
        if isinstance(action, Bid):
            values = (str(action.total), str(action.bet)) if game.options.betting else (str(action.total),)
            return f"bid.{action.type.label}{tail}", values
        if isinstance(action, Stake):
            return (f"cover{tail}", (str(action.bet),)) if action.bet else (f"stake{tail}", ())
        if isinstance(action, Pass):
            return f"pass{tail}", ()
        if isinstance(action, AllIn):
            return f"allin{tail}", ()
        return "fold", ()

    def move_name(self, table: TableView, game: Primero, seat: int, action: Any) -> str:
        """The buttons' words, with the cards to change named (a list picks them on the panel)
        and a bid's hand, total and bet (a form types them)."""
        say = table.lang
        hand = game.view(seat).hand or ()
        cards: tuple[Card, ...] = getattr(action, "discard", ())

        def changed(move: Msg | Markup) -> str:
            if cards:
                return say(t("{move}, changing {cards}", move=move, cards=Join(cards, "space")), md=False)
            return say(move, md=False) if isinstance(move, Msg) else move

        if isinstance(action, Bid):
            hand_bid = hand_said(action.type, action.total)
            if game.options.betting:
                return changed(t("Bid {hand} and bet {n}", hand=hand_bid, n=action.bet))
            return changed(t("Bid {hand}", hand=hand_bid))
        choice = game.choices(seat)
        if isinstance(action, Stake) and action.bet and choice is not None:
            return changed(t("Cover {owe} and bet {n}", owe=choice.owe, n=action.bet))
        if choice is not None and choice.phase is not HandPhase.CHOICE:
            places = tuple(hand.index(card) for card in cards)
            key, _ = self.encode(game, seat, action)
            keys = {key, key.replace("stake", "cover", 1)}  # a forced player's stake covers
            tail = changing(places)
            for control in turn_buttons(choice, places, say):
                if control.key in keys:
                    # the button's words without its " · change 2", then the cards named
                    shown = say(control.label, md=False) if isinstance(control.label, Msg) else control.label
                    return changed(Markup(shown.removesuffix(say(tail, md=False) if tail else "")))
        return super().move_name(table, game, seat, action)

    def timeout_action(self, game: Primero, seat: int) -> Any:
        """The least committal move: at the end of the hand fold (half the set-aside comes
        back); in a round, stand if there's nothing to pay, cover if forced, else fold
        (the points game has no fold: stand)."""
        choice = game.choices(seat)
        assert choice is not None
        if choice.phase is HandPhase.CHOICE:
            return Fold()
        if choice.stake and (choice.owe == 0 or choice.forced or not choice.fold):
            return Stake()
        if choice.all_in and not choice.fold:
            return AllIn()
        return Fold()

    # ---------------------------------------------------- hidden information
    def private_cards(self, game: Primero, seat: int) -> frozenset[Card]:
        if game.phase is HandPhase.OVER:
            return frozenset()  # everyone still in has shown; a folded hand stays unseen below
        return frozenset(game.view(seat).hand or ())

    def secret_cards(self, game: Primero) -> frozenset[Card]:
        """The undealt deck, and at the showdown the hands of players who folded."""
        data = game.to_json()
        shown = {card for showing in game.view(None).showdown or () for card in showing.cards}
        discarded = {card for pile in game.view(None).discards for card in pile}
        held = {card for seat in range(len(game.seats)) for card in game.view(seat).hand or ()}
        # The saved deck order, past the cards dealt so far (a Primero hand has no `order`
        # attribute, so reading one here always found an empty deck).
        undealt = {PRIMERO_40.parse(code) for code in data["order"][data["next"] :]}
        folded = held - shown if game.phase is HandPhase.OVER else set()
        return frozenset((undealt | folded) - discarded - shown)

    # ------------------------------------------------------------- rendering
    def table_picture(self, table: TableView, view: Any) -> Image | None:
        return picture.table_picture(table, view)

    def hand_picture(self, table: TableView, view: Any, picks: tuple[str, ...]) -> Image | None:
        return picture.hand_picture(table, view, picks)

    def table_fields(self, table: TableView, game: Primero, embed: discord.Embed) -> None:
        primero_fields(table, game, embed)

    def status(self, table: TableView, game: Primero) -> str:
        return primero_status(table, game)

    def summary(self, table: TableView, game: Primero) -> list[str]:
        """Whose turn, then the bid and the pot (the seats and discards are in the picture)."""
        view = game.view(None)
        say = table.lang
        bid = Markup(bid_text(view, say))
        line = say(t("{bid} · pot {n} chips", bid=bid, n=view.pot)) if view.options.betting else bid
        return [primero_status(table, game), line]

    def prompt(self, table: TableView, game: Primero, fresh: set[int]) -> str:
        return primero_prompt(table, game, fresh)

    def panel(self, table: TableView, game: Primero, seat: int, picks: tuple[str, ...]) -> Panel:
        discard = tuple(int(p) for p in picks if p.isdigit())
        return closing_panel(
            primero_panel(table, game, seat, discard), self.hand_result(table, game), seat, table.lang
        )

    def hand_result(self, table: TableView, game: Primero) -> HandResult | None:
        return primero_result(table, game)

    def pick(self, key: str, values: Sequence[str]) -> tuple[str, ...] | None:
        """`discard` (values: the places of the cards picked to change)."""
        if key != "discard" or not all(v.isdigit() and len(v) == 1 for v in values):
            return None
        return tuple(str(p) for p in sorted({int(v) for v in values}))

    def form(
        self, table: TableView, game: Primero, seat: int, key: str, values: Sequence[str]
    ) -> Form | None:
        """`bidform[.<places>]` opens the bid form, the whole bid in one: the hand type (a
        list), the total, the bet at a betting table, and the cards to change (a list, the
        panel's picks chosen) when changing is open; `coverbet[.<places>]` the forced
        cover's bet naming no hand."""
        choice = game.choices(seat)
        if choice is None:
            return None
        say = table.lang
        parts = key.split(".")
        places = parts[1] if len(parts) > 1 else ""
        if len(parts) > 2 or (not places.isdigit() and places):
            return None
        tail = f".{places}" if places else ""
        if parts[0] == "coverbet":
            if not choice.cover_bet_max:
                return None
            bet = FormField(
                "bet",
                say(t("Bet naming no hand, in chips"), md=False),
                say(t("{least} to {most}", least=1, most=choice.cover_bet_max), md=False),
                12,
            )
            return Form(f"cover{tail}", say(t("Cover, then bet"), md=False), (bet,))
        if parts[0] != "bidform" or values or not choice.bids:
            return None
        kinds = sorted(choice.bids.items())
        fields = [
            FormField(
                "type",
                say(t("Hand type"), md=False),
                say(t("Choose the hand you bid"), md=False),
                options=tuple(
                    (
                        kind.label,
                        say(
                            t(
                                "{kind} · total {least}–{most}",
                                kind=kind_said(kind),
                                least=totals[0],
                                most=totals[-1],
                            ),
                            md=False,
                        ),
                        False,
                    )
                    for kind, totals in kinds
                ),
            ),
            FormField(
                "total",
                say(t("Total points (its range is in the list above)"), md=False),
                say(t("e.g. 40"), md=False),
                6,
            ),
        ]
        if choice.betting:
            low, high = choice.bet_range
            fields.append(
                FormField(
                    "bet",
                    say(t("Bet in chips (replaces the current bet)"), md=False),
                    say(t("{least} to {most}", least=low, most=high), md=False),
                    12,
                )
            )
        if choice.max_discard:
            hand = game.view(seat).hand or ()
            picked = {int(p) for p in places}
            fields.append(
                FormField(
                    "discard",
                    say(t("Cards to change (up to {n})", n=choice.max_discard), md=False),
                    say(t("None: keep your hand"), md=False),
                    options=tuple((str(i), card_text(card), i in picked) for i, card in enumerate(hand)),
                    min_values=0,
                    max_values=min(choice.max_discard, len(hand)),
                )
            )
        return Form("bid", say(t("Bid"), md=False), tuple(fields))
