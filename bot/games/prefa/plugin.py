"""Prefa (Greek Preference) at a Ridotto table: three players (four with the dealer sitting
out) bid, take the kitty, defend and play tricks from private hand panels; the pouches live
in the table's match from hand to hand, and the game ends when they are empty.

Money: by default a table plays for the scoreboard (Prefa chips on the score sheet, nothing
from the bankroll). With `play_for: bankroll` each Prefa chip is worth the stake: each seat
brings a stack of `stack` hands' worth, one hand's worth being the most one hand can cost
it (`hand_cost`); chips move between the stacks when each hand ends, and a member whose
stack falls below one hand's worth tops up from the bankroll at the next deal, or gives
the seat to a computer player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import discord
from pydantic import ValidationError

from bot.games.base import GameEnd, GamePlugin, HandSetup, OptionError, Ranking, ScoreGame, Standings
from bot.games.prefa import picture
from bot.games.prefa.options import PrefaTableOptions
from bot.games.prefa.render import (
    contract_key,
    contract_text,
    hand_order,
    prefa_fields,
    prefa_panel,
    prefa_prompt,
    prefa_status,
)
from bot.games.prefa.rules import BRIEF, BRIEF_IN, RULES, RULES_IN
from bot.games.results import HandResult, closing_panel, from_summary, signed
from bot.i18n import Text
from bot.i18n import chips as bankroll_chips
from bot.ui import plain
from engine.core.cards import Card
from engine.core.match import GameResult, Match
from engine.core.msg import Arg, Join, Markup, Msg
from engine.core.players import Advice, Advises, ComputerPlayer, computer_player
from engine.prefa import (
    CHIPS_PER_POINT,
    Alone,
    Bid,
    Contract,
    Declare,
    Discard,
    Good,
    In,
    LetAlone,
    Out,
    Pass,
    Phase,
    Play,
    TakeYou,
    Tentative,
    ThrowIn,
    bid_value,
    scale,
    score_hand,
)
from engine.prefa.hand import PrefaHand
from engine.prefa.scoring import Mode, nets
from engine.prefa.words import contract_said, points_of, t

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.games.view import TableView
    from bot.ui import Panel

SIMPLE = {"pass": Pass, "tentative": Tentative, "throw_in": ThrowIn, "in": In, "out": Out}
MODES: tuple[Mode, ...] = ("own", "invited", "alone", "both_out")
SIMPLE |= {"alone": Alone, "take_you": TakeYou, "let_alone": LetAlone}


@cache
def hand_cost(options: PrefaTableOptions) -> int:
    """The most Prefa chips one hand can cost one player under `options`: the worst payment
    of any scoring scenario (every contract, with and without four aces, every defence and
    every split of the ten tricks, four players so the sitter's share counts too), plus a
    whole bid value's worth of pouch overflow paid by the fullest pouch. (Two Empty Pouches
    is not offered at bankroll tables, so nothing else is paid at the end of a game.)"""
    rules = options.engine_options()
    worst, top = 0, 0
    aces_choices = (False, True) if rules.four_aces != "off" else (False,)
    for contract in scale(rules.ten_no_trump):
        for aces in aces_choices:
            value = bid_value(contract, rules.ten_no_trump)
            if aces and rules.four_aces == "A":
                value += rules.aces_amount
            top = max(top, value)
            bonus = rules.aces_amount if aces and rules.four_aces == "B" else 0
            tricks = 9 if rules.tens_as_nines and contract.tricks == 10 else contract.tricks
            for mode in MODES:
                for taken in range(11):
                    for first in range(11 - taken):
                        for active in (1, 2) if mode in ("invited", "alone") else (None,):
                            score = score_hand(
                                mode=mode,
                                contract_tricks=tricks,
                                bid_value=value,
                                bidder=0,
                                first=1,
                                second=2,
                                tricks=(taken, first, 10 - taken - first),
                                active=active,
                                sitter=3,
                                aces_bonus=bonus,
                                parties=4,
                            )
                            worst = max(worst, -min(nets(score.payments, 4)))
    return worst + CHIPS_PER_POINT * top


class _Computer:
    """An engine computer player, playing a table seat's engine seat."""

    def __init__(self, player: ComputerPlayer) -> None:
        self.player = player
        self.level = player.level

    def choose(self, game: PrefaHand, seat: int) -> Any:
        party = game.party(seat)
        if party is None:
            raise ValueError("This seat sits the hand out.")
        return self.player.choose(game.engine, party)


class _AdvisingComputer(_Computer):
    """A computer player that can also say why (`engine.core.players.Advises`)."""

    def advise(self, game: PrefaHand, seat: int) -> Advice:
        party = game.party(seat)
        if party is None:
            raise ValueError("This seat sits the hand out.")
        assert isinstance(self.player, Advises)
        return self.player.advise(game.engine, party)


class PrefaPlugin(
    GamePlugin[PrefaHand, PrefaTableOptions],
    ScoreGame[PrefaHand, PrefaTableOptions],
    Standings[PrefaHand, PrefaTableOptions],
):
    id = "prefa"
    name = "Prefa"
    options_model = PrefaTableOptions
    min_players = 3
    max_players = 4
    seat_choices = ("1", "2", "3", "4")
    private_hands = True
    rules = RULES
    brief = BRIEF
    translated = True  # its catalogue is complete in every language (issue 26)
    rules_in = RULES_IN
    brief_in = BRIEF_IN
    colour = discord.Colour.dark_blue()

    # --------------------------------------------------------------- options
    def parse_options(self, raw: Mapping[str, Any]) -> PrefaTableOptions:
        chosen = super().parse_options(raw)
        if chosen.bankroll and chosen.last_pouch_shared:
            raise OptionError(
                t(
                    "Two empty pouches shares out a pouch of any size at the end, so it is for "
                    "scoreboard tables; leave last_pouch_shared out when playing for the bankroll."
                )
            )
        if chosen.four_aces_amount and chosen.four_aces == "off":
            raise OptionError(
                t("The four-aces amount is for tables that play four aces (four_aces: A or B).")
            )
        return chosen

    def option_error(self, error: ValidationError) -> Text:
        field = str(error.errors()[0]["loc"][0]) if error.errors() else ""
        if field == "pouch":
            return t(
                "A Prefa pouch holds between {low} and {high} points ({default} if you leave it out).",
                low=1,
                high=1000,
                default=31,
            )
        if field == "four_aces_amount":
            return t(
                "The four-aces amount is between {low} and {high} (a tenth of the pouch if you leave it out).",  # noqa: E501
                low=1,
                high=1000,
            )
        return t("That Prefa option isn't valid.")

    def describe_options(self, options: PrefaTableOptions, stake: int) -> Text:
        parts: list[Msg] = [t("pouches of {points}", points=points_of(options.pouch))]
        if options.bankroll:
            parts.append(
                t(
                    "for the bankroll: 1 Prefa chip = {chips}, stacks of {stack} ({n} × the {cost} one hand can cost)",  # noqa: E501
                    chips=bankroll_chips(stake),
                    stack=options.stack * hand_cost(options) * stake,
                    n=options.stack,
                    cost=hand_cost(options) * stake,
                )
            )
        else:
            # Short, so the lobby's lines fit 500 characters with every option and the
            # hints line; /rules says what a scoreboard table is.
            parts.append(t("for the scoreboard"))
        if options.direction == "counterclockwise":
            parts.append(t("counter-clockwise"))
        # The variations' letters (A, B) are the rule text's names for them, the same in
        # every language.
        extras = [
            (t("the 7 of spades bids first"), options.seven_opens),
            (t("tentative bid"), options.tentative),
            (t("10 no trump ({letter})", letter=Markup(options.ten_no_trump)), options.ten_no_trump != "off"),
            (t("10's as 9's"), options.tens_as_nines),
            (t("four aces ({letter})", letter=Markup(options.four_aces)), options.four_aces != "off"),
            (t("counter-invitation"), options.counter_invitation),
            (t("two empty pouches"), options.last_pouch_shared),
        ]
        parts += [text for text, on in extras if on]
        parts.append(t("3 or 4 players"))
        return t("{options}", options=Join(parts, "dot"))

    def new_match(self, options: PrefaTableOptions) -> Match:
        return Match.new(
            self.seat_choices,
            direction="right" if options.direction == "counterclockwise" else "left",
            # "The first dealer is chosen at random": drawn from the first hand's committed
            # seed, so anyone holding the revealed seed can check the draw.
            first_dealer="drawn",
        )

    # ----------------------------------------------------------------- money
    def buy_in(self, stake: int, options: PrefaTableOptions) -> int | None:
        return options.stack * hand_cost(options) * stake if options.bankroll else 0

    def seat_minimum(self, stake: int, options: PrefaTableOptions) -> int:
        return hand_cost(options) * stake if options.bankroll else 0

    def tops_up(self, options: PrefaTableOptions) -> bool:
        return options.bankroll

    def keeps_seat(self, table: TableView) -> bool:
        """A game is in progress while the pouches are filled: a leaver's seat, pouch and
        place on the score sheet are kept for a computer player."""
        return bool(table.match.pouches)

    def held(self, game: PrefaHand) -> int:
        return sum(game.stacks)

    def final_stacks(self, game: PrefaHand) -> list[int] | None:
        return game.final_stacks()

    def before_deal(
        self, match: Match, seated: Sequence[str], options: PrefaTableOptions, last: PrefaHand | None
    ) -> tuple[Match, str | None]:
        """A game starts with every pouch filled; a newcomer's pouch is filled as they are
        first dealt in. The holder of the 7 of spades deals after the first hand ("seven
        opens"), and a deal with that 7 in the kitty is dealt again by the same dealer."""
        missing = [key for key in seated if key not in match.pouches]
        if missing:
            match = match.fill_pouches(options.pouch, missing)
        dealer = None
        if isinstance(last, PrefaHand) and last.result is not None and last.game_no == match.games:
            result = last.result
            if result.same_dealer:
                dealer = last.dealer_key
            elif result.next_dealer is not None:
                seat = last.seat_of(result.next_dealer)
                dealer = last.keys[seat] if seat is not None else None
        return match, dealer

    def after_hand(
        self, match: Match, game: PrefaHand, keys: Sequence[str]
    ) -> tuple[Match, GameEnd | None] | None:
        """The pouches change by the hand's result and the hand's chips go on the game's
        tally; when the pouches are empty the game ends: its chips decide the winner."""
        match = match.change_pouches({k: v for k, v in game.pouch_deltas().items() if k in match.order})
        total = [c + s for c, s in zip(game.chips, game.settlement, strict=True)]
        match, _ = match.add_scores(dict(zip(game.keys, total, strict=True)))
        if not game.game_over:
            return match, None
        match, result = match.close_game()
        names = dict(zip(game.keys, game.names, strict=True))
        winners = [names[k] for k in result.winners if k in names]
        top = max((result.scores.get(k, 0) for k in result.winners), default=0)
        said: dict[str, Arg] = dict(who=Join(tuple(winners)), top=Markup(f"{top:+,}"))
        if game.bankroll:
            unit = t(
                " (× {stake} = {total} bankroll chips)",
                stake=game.stake,
                total=Markup(f"{top * game.stake:+,}"),
            )
            said["unit"] = unit
            if len(winners) == 1:
                text = t(
                    "🏆 The pouches are empty: {who} wins the game with {top} Prefa chips{unit}!", **said
                )
            else:
                text = t("🏆 The pouches are empty: {who} win the game with {top} Prefa chips{unit}!", **said)
        elif len(winners) == 1:
            text = t("🏆 The pouches are empty: {who} wins the game with {top} Prefa chips!", **said)
        else:
            text = t("🏆 The pouches are empty: {who} win the game with {top} Prefa chips!", **said)
        net = {k: v * game.stake for k, v in result.scores.items()} if game.bankroll else {}
        return match, GameEnd(result=result, nets=net, text=text)

    # --------------------------------------------------------------- ratings
    def hand_standing(self, table: TableView, game: PrefaHand) -> Ranking | None:
        """Each hand with a contract is rated as the declarer against the two defenders,
        rated as a team (docs/RULES.md, "Ratings"): made (or given up by both defenders
        going out), the declarer ranks first; set, the defenders do. A hand thrown in or
        dealt again decided nothing, and the player sitting a hand out is not in it."""
        result = game.result
        if result is None or result.kind not in ("played", "both_out") or result.made is None:
            return None
        declarer = game.seat_of(result.bidder)
        if declarer is None:
            return None
        defenders = tuple(
            table.dealt[seat]
            for seat in range(len(game.keys))
            if seat != declarer and game.party(seat) is not None
        )
        sides = ((table.dealt[declarer],), defenders)
        return Ranking(sides, (1, 0) if result.made else (0, 1))

    def game_standing(self, table: TableView, result: GameResult) -> Ranking | None:
        """Rated hand by hand (`hand_standing`), so not again at the game's end."""
        return None

    # ------------------------------------------------------------------ play
    def new_hand(self, setup: HandSetup, options: PrefaTableOptions) -> PrefaHand:
        match = setup.match
        previous = setup.previous if isinstance(setup.previous, PrefaHand) else None
        game_no = match.games if match is not None else 0
        history: Sequence[Any] = ()
        first = True
        if previous is not None and previous.game_no == game_no and previous.result is not None:
            history = previous.sheet
            first = previous.first_hand and previous.result.same_dealer
        return PrefaHand.deal(
            options.engine_options(),
            list(setup.choices),
            list(setup.names),
            setup.seed,
            dealer=setup.dealer,
            stake=setup.stake,
            bankroll=options.bankroll,
            stacks=setup.stacks,
            pouches=match.pouches if match is not None else None,
            game_no=game_no,
            first_hand=first,
            history=history,
        )

    def load(self, data: Mapping[str, Any]) -> PrefaHand:
        return PrefaHand.from_json(data)

    def seat_names(self, game: PrefaHand) -> tuple[str, ...]:
        return game.names

    def computer(self, level: str) -> ComputerPlayer:
        player = computer_player(self.id, level if level in self.levels else None)
        return _AdvisingComputer(player) if isinstance(player, Advises) else _Computer(player)

    def decode(self, game: PrefaHand, seat: int, key: str, values: Sequence[str] = ()) -> Any | None:
        """Keys: `pass`, `tentative`, `throw_in`, `in`, `out`, `alone`, `take_you`, `let_alone`;
        `bid.<tricks>.<strain>`, `good.<tricks>.<strain>`, `declare.<tricks>.<strain>`;
        the pickers `discard` (values: two places in the hand), `declare` and `declare.aces`
        (values: `<tricks>.<strain>`); `play.<place>`. Cards go by their place in the hand."""
        hand = game.hand_of(seat)
        parts = key.split(".")
        action: Any
        try:
            if key in SIMPLE and not values:
                action = SIMPLE[key]()
            elif parts[0] in ("bid", "good") and len(parts) == 3 and not values:
                contract = Contract(tricks=int(parts[1]), strain=parts[2])  # type: ignore[arg-type]
                action = Bid(contract=contract) if parts[0] == "bid" else Good(contract=contract)
            elif parts[0] == "declare" and len(parts) == 3 and not values:
                action = Declare(contract=Contract(tricks=int(parts[1]), strain=parts[2]))  # type: ignore[arg-type]
            elif key in ("declare", "declare.aces") and len(values) == 1:
                tricks, strain = values[0].split(".")
                contract = Contract(tricks=int(tricks), strain=strain)  # type: ignore[arg-type]
                action = Declare(contract=contract, aces=key == "declare.aces")
            elif key == "discard" and len(values) == 2:
                places = sorted({int(v) for v in values})
                if len(places) != 2 or min(places) < 0:
                    return None
                action = Discard(cards=(hand[places[0]], hand[places[1]]))
            elif parts[0] == "play" and len(parts) == 2 and not values:
                place = int(parts[1])
                if place < 0:
                    return None
                action = Play(card=hand[place])
            else:
                return None
        except (ValueError, IndexError, ValidationError):
            return None
        return action if action in game.legal_actions(seat) else None

    def encode(self, game: PrefaHand, seat: int, action: Any) -> tuple[str, tuple[str, ...]]:
        hand = game.hand_of(seat)
        kind = action.kind
        if kind in ("bid", "good"):
            return f"{kind}.{contract_key(action.contract)}", ()
        if kind == "declare":
            if action.aces:
                return "declare.aces", (contract_key(action.contract),)
            return f"declare.{contract_key(action.contract)}", ()
        if kind == "discard":
            return "discard", tuple(str(hand.index(card)) for card in action.cards)
        if kind == "play":
            return f"play.{hand.index(action.card)}", ()
        return str(kind), ()

    def move_name(self, table: TableView, game: PrefaHand, seat: int, action: Any) -> str:
        """The buttons' words; a card to play, the two cards to discard and a contract chosen
        from the list named in full."""
        kind = action.kind
        say = table.lang
        if kind == "play":
            return say(t("Play {card}", card=action.card), md=False)
        if kind == "discard":
            a, b = action.cards
            return say(t("Discard {a} and {b}", a=a, b=b), md=False)
        if kind == "declare":
            bid = contract_said(action.contract)
            if action.aces:
                return say(t("Play {bid} with the four aces", bid=bid), md=False)
            return say(t("Play {bid}", bid=bid), md=False)
        return super().move_name(table, game, seat, action)

    def timeout_action(self, game: PrefaHand, seat: int) -> Any:
        """Bidding: pass. Otherwise the basic computer player's choice (a discard, a
        contract, a defence call and a card it would make itself)."""
        if game.phase is Phase.BIDDING:
            return Pass()
        return self.computer(self.levels[0]).choose(game, seat)

    # ---------------------------------------------------- hidden information
    def private_cards(self, game: PrefaHand, seat: int) -> frozenset[Card]:
        return frozenset(game.hand_of(seat)) - set(game.shown())

    def secret_cards(self, game: PrefaHand) -> frozenset[Card]:
        return game.hidden()

    # ------------------------------------------------------------- rendering
    def table_picture(self, table: TableView, view: Any) -> Image | None:
        return picture.table_picture(table, view)

    def hand_picture(self, table: TableView, view: Any, picks: tuple[str, ...]) -> Image | None:
        return picture.hand_picture(table, view, picks)

    def table_fields(self, table: TableView, game: PrefaHand, embed: discord.Embed) -> None:
        prefa_fields(table, game, embed)

    def status(self, table: TableView, game: PrefaHand) -> str:
        return prefa_status(table, game)

    def summary(self, table: TableView, game: PrefaHand) -> list[str]:
        """Whose turn, then the contract once there is one (its first line: who plays what),
        before it the pouches; the bidding sheet, the trick and the seats are in the picture
        and in Details."""
        say = table.lang
        seen = game.view(None)
        contract = contract_text(seen, say)
        if contract:
            return [prefa_status(table, game), contract.splitlines()[0]]
        pouches = " · ".join(
            f"{plain(name)} {seen.view.pouches[seen.parties[index]]}" for index, name in enumerate(seen.seats)
        )
        return [prefa_status(table, game), say(t("Pouches: {pouches}", pouches=Markup(pouches)))]

    def prompt(self, table: TableView, game: PrefaHand, fresh: set[int]) -> str:
        return prefa_prompt(table, game, fresh)

    def panel(self, table: TableView, game: PrefaHand, seat: int, picks: tuple[str, ...]) -> Panel:
        return closing_panel(prefa_panel(table, game, seat), self.hand_result(table, game), seat, table.lang)

    def hand_result(self, table: TableView, game: PrefaHand) -> HandResult | None:
        """The engine's summary (the contract, the tricks, the pouch and the payments), the
        hand's Prefa chips where they are only written on the score sheet, and what carries
        to the next hand: the pouches, or the end of the game."""
        outcome = game.outcome
        if outcome is None:
            return None
        names = game.names
        say = table.lang
        reasons: tuple[str, ...] = ()
        if game.bankroll and any(game.chips):
            said = t(
                "Each Prefa chip is worth the stake here: {worth} from stack to stack.",
                worth=bankroll_chips(table.stake),
            )
            reasons = (say(said, md=False),)
        elif any(game.chips):
            tally = " · ".join(f"{name} {signed(c)}" for name, c in zip(names, game.chips, strict=True))
            reasons = (
                say(t("Prefa chips on the score sheet this hand: {tally}.", tally=Markup(tally)), md=False),
            )
        if game.game_over:
            carried = say(t("The pouches are empty: this hand ends the game."), md=False)
        else:
            pouches = game.pouches_after
            left = " · ".join(f"{name} {pouches[key]}" for name, key in zip(names, game.keys, strict=True))
            carried = say(t("Pouches left: {left}.", left=Markup(left)), md=False)
        headline = say(outcome.said, md=False) if outcome.said is not None else None
        return from_summary(table, names, outcome, reasons=reasons, carried=carried, headline=headline)


__all__ = ["PrefaPlugin", "hand_cost", "hand_order"]
