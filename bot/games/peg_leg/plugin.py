"""Peg Leg at a Ridotto table: the deck plays itself, every card public as it is dealt; the
members bet against the house with **Bet…** on the table message, one form holding the
height (a list of those on offer, each with its payout) and the amount, or through their
panel (/hand, or **Your hand**), where a select of the heights opens a form for the amount:
either way the bet ends their part of the round and takes two interactions. The panel has
surrender buttons per bet; Stand to keep their bets until the next card of the key suit, or
a standing decision — stand for the rest of the hand, or until a bet is beaten — set once
and cancelled from the panel at any time."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from pydantic import ValidationError

from bot.forms import whole_number
from bot.games.base import GamePlugin, HandByHand, HandSetup
from bot.games.capabilities import Job, Move, OutOfTurn, Prepares, Standings, TableMoves
from bot.games.peg_leg import picture
from bot.games.peg_leg.options import PegLegTableOptions
from bot.games.peg_leg.prices import chance_text, odds_text
from bot.games.peg_leg.rules import BRIEF, BRIEF_IN, RULES, RULES_IN
from bot.games.results import HandResult, closing_panel, moved_chips
from bot.i18n import Lang, Text
from bot.ui import Control, Form, FormField, Panel, Picker, plain
from engine.core.cards import POSTAS_50, Card
from engine.core.errors import IllegalAction
from engine.core.msg import Domain, Markup, Msg
from engine.peg_leg import odds
from engine.peg_leg.game import (
    STAND,
    BetStatus,
    BetView,
    KeyBet,
    PegLeg,
    PegLegOptions,
    PegLegView,
    Phase,
    Price,
    Standing,
    StandPat,
    Surrender,
    chips,
    odds_said,
    percent,
    pricing_after,
    suit_name,
)

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.games.view import TableView

t = Domain("peg_leg")
tn = t.n
"""Peg Leg's words at the table (issue 26): the `peg_leg` catalogue, drawn in the language
of whoever reads them (the table's, or the member's for their own panel)."""

PICK = "height"
"""The bet form's key: the panel select of the heights on offer (choosing one opens the form
for the amount), and the table message's **Bet…** (the form holds the height and the amount)."""
BET = "bet.stand"
"""The key of the table message's bet form: the height (as `<height>.<tenths>`, the odds
shown) and the amount are its values; like the panel's bet, it stands for this card."""
MAX_BUTTONS = 20
"""Buttons a panel shows (Discord's five rows: one for the select, four of five buttons):
the stand buttons first, then as many surrender buttons as fit."""
STANDING_LABELS: dict[str, Msg] = {
    "hand": t("Stand for the rest of the hand"),
    "beaten": t("Stand until my bet is beaten"),
    "off": t("Stop standing"),
}
STANDING_NOW: dict[str, Msg] = {
    "hand": t("You're **standing for the rest of the hand**: after every card the bot stands for you."),
    "beaten": t(
        "You're **standing until your bet is beaten**: the bot stands for you after every card while "
        "all your open bets can still win."
    ),
}
BET_LINES = 12
"""Bets listed on the table message (the latest)."""


class AgainstTheHouse(Standings[PegLeg, PegLegTableOptions]):
    """Peg Leg is not rated (docs/RULES.md, "Ratings"): every player bets against the house,
    never against another player, at prices set from the cards seen, so two players' nets
    compare the sizes of their bets and the luck of the key suit, not who played better."""

    def rated(self) -> bool:
        return False

    def hand_standing(self, table: TableView, game: PegLeg) -> None:
        return None


class PegLegPlugin(
    GamePlugin[PegLeg, PegLegTableOptions],
    HandByHand[PegLeg, PegLegTableOptions],
    Prepares[PegLeg],
    OutOfTurn[PegLeg],
    TableMoves[PegLeg],
):
    id = "peg_leg"
    name = "Peg Leg"
    options_model = PegLegTableOptions
    min_players = 2
    max_players = 6
    seat_choices = ("1", "2", "3", "4", "5", "6")
    # Nothing is secret once dealt, but a member's bets, surrenders and standing decisions
    # are their own: the panel (**Your hand**) carries them; **Bet…** on the table message
    # opens the bet form directly (`moves`).
    private_hands = True
    rules = RULES
    brief = BRIEF
    translated = True  # its catalogue is complete in every language (issue 26)
    rules_in = RULES_IN
    brief_in = BRIEF_IN
    form_keys = frozenset({PICK})
    colour = discord.Colour.dark_purple()
    capabilities = (AgainstTheHouse(),)

    # --------------------------------------------------------------- options
    def option_error(self, error: ValidationError) -> Text:
        return t(
            "Peg Leg's cap is between {least} and {most} stakes per player per hand ({default} if you "
            "leave it out).",
            least=1,
            most=1000,
            default=20,
        )

    def describe_options(self, options: PegLegTableOptions, stake: int) -> Text:
        return t(
            "Bets from {least} up to {most} per player per hand · house edge {edge}% · a round of bets "
            "after each key-suit card",
            least=chips(stake),
            most=chips(options.cap * stake),
            edge=5,
        )

    # ----------------------------------------------------------------- money
    def min_bankroll(self, stake: int, options: PegLegTableOptions) -> int:
        """A member sits down only with the cap for a hand, so every bet they may make can
        be paid."""
        return options.cap * stake

    def cost(self, game: PegLeg, seat: int, action: Any) -> int:
        return action.amount if isinstance(action, KeyBet) else 0

    def held(self, game: PegLeg) -> int:
        if game.outcome is not None:
            return 0
        return game.staked

    # ------------------------------------------------------------------ play
    def new_hand(self, setup: HandSetup, options: PegLegTableOptions) -> PegLeg:
        rules = PegLegOptions(stake=setup.stake, cap=options.cap)
        return PegLeg.new(rules, list(setup.names), setup.seed, setup.dealer)

    def load(self, data: Mapping[str, Any]) -> PegLeg:
        return PegLeg.from_json(data)

    def seat_names(self, game: PegLeg) -> tuple[str, ...]:
        return game.seats

    def decode(self, game: PegLeg, seat: int, key: str, values: Sequence[str] = ()) -> Any | None:
        """Keys: `stand`; `standing.<hand|beaten|off>` (a standing decision);
        `surrender.<bet>` (the bet's place in the hand's list); `bet.<height>.<tenths>` with
        the amount typed in the form — the tenths are the odds the bettor was shown, and a
        bet whose odds have moved since is refused — and `bet.<height>.<tenths>.stand`, the
        panel's bet, which also stands for this card; `bet.stand` with the height picked in the
        form (`<height>.<tenths>`) and the amount, the table message's bet."""
        parts = key.split(".")
        if key == BET and len(values) == 2:
            picked = values[0].split(".")
            if len(picked) != 2 or not all(part.isdigit() for part in picked):
                raise IllegalAction(t("Pick a height from the list to bet on; nothing was bet."))
            parts, values = ["bet", *picked, "stand"], values[1:]
        if parts == ["stand"] and not values:
            return STAND if STAND in game.legal_actions(seat) else None
        if parts[0] == "standing":
            action = self.out_of_turn(game, seat, key, values)
            return action if action in game.legal_actions(seat) else None
        if parts[0] == "surrender" and len(parts) == 2 and parts[1].isdigit() and not values:
            action = Surrender(bet=int(parts[1]))
            return action if action in game.legal_actions(seat) else None
        stands = parts[3:] == ["stand"]
        if (
            parts[0] == "bet"
            and len(parts) == 3 + stands
            and parts[1].isdigit()
            and parts[2].isdigit()
            and len(values) == 1
        ):
            number, shown = int(parts[1]), int(parts[2])
            if seat not in game.awaiting:
                return None
            now = game.price(number)
            if now != shown:
                if now <= 0:
                    raise IllegalAction(t("{number} is no longer on offer; nothing was bet.", number=number))
                raise IllegalAction(
                    t(
                        "The odds on {number} have moved to {odds} since you opened the form; "
                        "nothing was bet.",
                        number=number,
                        odds=odds_said(now),
                    )
                )
            amount = whole_number(values[0], "bet", "chips", least=game.options.stake)
            return KeyBet(number=number, amount=amount, stand=stands)
        return None

    def encode(self, game: PegLeg, seat: int, action: Any) -> tuple[str, tuple[str, ...]]:
        if isinstance(action, KeyBet):
            key = f"bet.{action.number}.{game.price(action.number)}" + (".stand" if action.stand else "")
            return key, (str(action.amount),)
        if isinstance(action, Surrender):
            return f"surrender.{action.bet}", ()
        if isinstance(action, Standing):
            return f"standing.{action.until}", ()
        return "stand", ()

    def move_name(self, table: TableView, game: PegLeg, seat: int, action: Any) -> str:
        """A bet says its height, amount and odds (a list and a form make it on the panel);
        the rest, their buttons' words."""
        if isinstance(action, KeyBet):
            odds = odds_said(game.price(action.number))
            said = (
                t(
                    "Bet {chips} on {number} (pays {odds}) and stand",
                    chips=chips(action.amount),
                    number=action.number,
                    odds=odds,
                )
                if action.stand
                else t(
                    "Bet {chips} on {number} (pays {odds})",
                    chips=chips(action.amount),
                    number=action.number,
                    odds=odds,
                )
            )
            return table.lang(said, md=False)
        return super().move_name(table, game, seat, action)

    def out_of_turn(self, game: PegLeg, seat: int, key: str, values: Sequence[str]) -> Any | None:
        """A standing decision set or cancelled (`standing.<hand|beaten|off>`) while bets are
        open, whether or not the round waits on the member (docs/RULES.md, Peg Leg 11)."""
        for action in game.standing_moves(seat):
            if key == f"standing.{action.until}" and not values:
                return action
        return None

    def moves(self, game: PegLeg, seat: int) -> list[Move]:
        """**Bet…** on the table message while engine seat `seat` may bet: it opens the bet
        form (`form` with no values) for the member who presses it."""
        if any(isinstance(action, KeyBet) for action in game.legal_actions(seat)):
            return [Move(PICK, t("Bet…"))]
        return []

    # ------------------------------------------------- pricing, off the loop
    def prepare(self, game: PegLeg, seat: int, action: Any) -> Job | None:
        """A move that opens a betting round prices it (4,000 simulated deals): done ahead in
        a worker, on a copy of the hand."""
        return Job(pricing_after, (game, seat, action))

    def absorb(self, result: Any) -> None:
        """The prices the worker made go into the engine's cache, where `apply` finds them:
        the same prices it would make (each position's simulation is seeded by its cards)."""
        for dealt, hist in result:
            odds.remember(dealt, hist)

    def timeout_action(self, game: PegLeg, seat: int) -> Any:
        """Standing: the bets stay as they are."""
        return STAND

    # ---------------------------------------------------- hidden information
    def secret_cards(self, game: PegLeg) -> frozenset[Card]:
        """The cards not dealt yet."""
        return frozenset(game.order[game.dealt :])

    # ------------------------------------------------------------- rendering
    def table_picture(self, table: TableView, view: Any) -> Image | None:
        return picture.table_picture(table, view)

    def status(self, table: TableView, game: PegLeg) -> str:
        view = game.view(None)
        say = table.lang
        hand = Markup(str(table.hand_no))
        if view.phase is Phase.OVER or not view.awaiting:
            return say(t("**Hand {hand}** in play.", hand=hand))
        who = Markup(", ".join(_who(table, seat) for seat in view.awaiting))
        due = (
            say(t(" (timer {when})", when=Markup(discord.utils.format_dt(table.deadline, "R"))))
            if table.deadline
            else ""
        )
        when = (
            t("opening bets")
            if view.round_after == 1
            else t("bets after card {place}", place=view.round_after)
        )
        return say(
            t(
                "**Hand {hand} · {when}** — waiting on {who}{due}. Press **Bet…** to bet.",
                hand=hand,
                when=when,
                who=who,
                due=Markup(due),
            )
        )

    def summary(self, table: TableView, game: PegLeg) -> list[str]:
        """Whose bets are awaited, then the key stack's height and what each player staked
        (the stacks and the odds are in the picture and in Details)."""
        view = game.view(None)
        say = table.lang
        staked = " · ".join(f"{_who(table, s)} {say.number(view.staked[s])}" for s in range(len(view.seats)))
        line = t(
            "Card {place} of 50 · {symbol} {suit} stack {height} high · staked: {staked}",
            place=len(view.dealt),
            symbol=Markup(_symbol(view.key_suit)),
            suit=_suit(view.key_suit),
            height=view.key_height,
            staked=Markup(staked),
        )
        return [self.status(table, game), say(line)]

    def prompt(self, table: TableView, game: PegLeg, fresh: set[int]) -> str:
        view = game.view(None)
        say = table.lang
        who = Markup(", ".join(table.seat_for(seat).mention for seat in view.awaiting))
        due = (
            say(t(" You have until {when}.", when=Markup(discord.utils.format_dt(table.deadline, "R"))))
            if table.deadline
            else ""
        )
        return say(
            t(
                "{who}: bets are open at Peg Leg table #{table} — the {suit} stack holds {height}. Press "
                "**Bet…** to bet, or **Your hand** to surrender or stand.{due}",
                who=who,
                table=Markup(str(table.id)),
                suit=_suit(view.key_suit),
                height=view.key_height,
                due=Markup(due),
            )
        )

    def table_fields(self, table: TableView, game: PegLeg, embed: discord.Embed) -> None:
        view = game.view(None)
        say = table.lang
        key = next(stack for stack in view.stacks if stack.key)
        suit = Markup(f"{_symbol(view.key_suit)} {say(_suit(view.key_suit))}")
        embed.add_field(
            name=say(t("Key suit · {suit}", suit=suit)),
            value=say(
                t(
                    "First card {card} · the key stack holds **{height}**: {ranks}",
                    card=view.first,
                    height=view.key_height,
                    ranks=Markup(f"`{' '.join(str(card.rank) for card in key.cards)}`"),
                )
            ),
            inline=False,
        )
        last = Markup(view.dealt[-1].short) if view.dealt else Markup("—")
        top = Markup(view.discard[-1].short) if view.discard else t("empty")
        others = [stack for stack in view.stacks if not stack.key]
        stacks = " · ".join(f"{_symbol(s.suit)} {say(_suit(s.suit))} ×{len(s.cards)}" for s in others)
        embed.add_field(
            name=say(t("The deal · card {place} of 50", place=len(view.dealt))),
            value=say(
                t(
                    "Last card {last} · discard pile {pile}, top {top}\nOther stacks: {stacks}",
                    last=last,
                    pile=tn("{n} card", "{n} cards", n=len(view.discard)),
                    top=top,
                    stacks=Markup(stacks),
                )
            ),
            inline=False,
        )
        if view.prices:
            offered = [price for price in view.prices if price.offered]
            lines = [
                say(
                    t(
                        "**{number}** · {chance} · pays {odds}",
                        number=price.number,
                        chance=chance_text(say, price.chance),
                        odds=odds_text(say, price.tenths),
                    )
                )
                for price in offered
            ]
            embed.add_field(
                name=say(
                    t("Odds on the key stack's final height (after card {place})", place=view.round_after)
                ),
                value="\n".join(lines) or say(t("Nothing on offer.")),
                inline=False,
            )
        names = [_who(table, seat) for seat in range(len(view.seats))]
        lines = [_bet_line(names[bet.seat], bet, say) for bet in view.bets[-BET_LINES:]]
        if len(view.bets) > BET_LINES:
            earlier = len(view.bets) - BET_LINES
            lines.insert(0, say(tn("… {n} earlier bet", "… {n} earlier bets", n=earlier)))
        staked = " · ".join(f"{names[s]} {say.number(view.staked[s])}" for s in range(len(view.seats)))
        embed.add_field(
            name=say(t("Bets · staked {staked}", staked=Markup(staked)))[:256],
            value="\n".join(lines)[-1024:] if lines else say(t("No bets yet.")),
            inline=False,
        )
        if view.final is not None:
            embed.add_field(
                name=say(t("Result")),
                value=say(
                    t(
                        "The {suit} stack ended **{height}** high.",
                        suit=_suit(view.key_suit),
                        height=view.final,
                    )
                ),
                inline=False,
            )

    def hand_result(self, table: TableView, game: PegLeg) -> HandResult | None:
        """The engine's own summary of the hand (who won and lost what, and the house), in
        the table's language; the engine's seats are the players' names."""
        outcome = game.outcome
        if outcome is None:
            return None
        headline = table.lang(outcome.said, md=False) if outcome.said is not None else outcome.summary
        names = self.seat_names(game)
        return HandResult(headline, (), None, moved_chips(outcome), tuple(names))

    def panel(self, table: TableView, game: PegLeg, seat: int, picks: tuple[str, ...]) -> Panel:
        """A member's bets, the odds on offer and, while they are deciding, the controls."""
        view = game.view(seat)
        say = table.lang
        embed = discord.Embed(
            title=say(
                t(
                    "Your bets · Peg Leg table #{table} · hand {hand}",
                    table=Markup(str(table.id)),
                    hand=Markup(str(table.hand_no)),
                )
            ),
            colour=self.colour,
        )
        key = next(stack for stack in view.stacks if stack.key)
        embed.add_field(
            name=say(
                t(
                    "Key stack · {symbol} {suit}",
                    symbol=Markup(_symbol(view.key_suit)),
                    suit=_suit(view.key_suit),
                )
            ),
            value=say(
                t(
                    "{cards}: {ranks}",
                    cards=tn("{n} card", "{n} cards", n=view.key_height),
                    ranks=Markup(f"`{' '.join(str(c.rank) for c in key.cards)}`"),
                )
            ),
        )
        embed.add_field(name=say(t("Card")), value=say(t("{place} of 50", place=len(view.dealt))))
        left = view.cap - view.staked[seat]
        embed.add_field(
            name=say(t("Left to bet")),
            value=say(t("{left} of {cap}", left=chips(max(0, left)), cap=view.cap)),
        )
        mine = [bet for bet in view.bets if bet.seat == seat]
        embed.add_field(
            name=say(t("Your bets")),
            value="\n".join(_bet_line(f"#{bet.index + 1}", bet, say) for bet in mine)[-1024:]
            or say(t("None yet.")),
            inline=False,
        )
        offered = [price for price in view.prices if price.offered]
        if offered:
            embed.add_field(
                name=say(t("Odds now")),
                value="\n".join(
                    say(
                        t(
                            "**{number}** · chance {chance} · pays {odds}",
                            number=p.number,
                            chance=chance_text(say, p.chance),
                            odds=odds_text(say, p.tenths),
                        )
                    )
                    for p in offered
                ),
                inline=False,
            )
        if view.phase is Phase.OVER:
            return closing_panel(Panel(embed), self.hand_result(table, game), seat, say)
        order = view.standing[seat]
        # A standing decision is set or cancelled whenever bets are open (`out_of_turn`).
        standing = [
            Control(f"standing.{action.until}", STANDING_LABELS[action.until], discord.ButtonStyle.primary)
            for action in game.standing_moves(seat)
        ]
        if seat not in view.awaiting:
            if order is not None:
                embed.description = say(STANDING_NOW[order])
            else:
                embed.description = say(
                    t("You've decided for this card — waiting for the others.")
                    if view.prices
                    else t("No bets are open right now; the deck is being dealt.")
                )
            return Panel(embed, _rows(standing))
        embed.description = say(
            t(
                "**Your move.** Pick a height below to bet on it (the bet is your move for this card), "
                "surrender a bet, or stand: **Stand** keeps your bets until the next card of the key "
                "suit; the blue buttons stand for you from now on, until you stop them."
            )
        )
        legal = view.legal
        pickers: tuple[Picker, ...] = ()
        if any(isinstance(action, KeyBet) for action in legal):
            options = tuple((str(p.number), _offer(p, say), False) for p in offered)
            pickers = (Picker(PICK, t("Bet on the key stack's final height…"), options),)
        controls = [Control("stand", t("Stand — keep my bets"), discord.ButtonStyle.success), *standing]
        surrenders = [action for action in legal if isinstance(action, Surrender)]
        for action in surrenders[: MAX_BUTTONS - len(controls)]:
            bet = view.bets[action.bet]
            controls.append(
                Control(
                    f"surrender.{action.bet}",
                    t(
                        "Surrender #{bet} ({number}) for {value}",
                        bet=Markup(str(bet.index + 1)),
                        number=bet.number,
                        value=bet.value,
                    ),
                    discord.ButtonStyle.danger,
                )
            )
        return Panel(embed, _rows(controls), pickers)

    def form(self, table: TableView, game: PegLeg, seat: int, key: str, values: Sequence[str]) -> Form | None:
        """`height` opens the bet form: with the height picked on the panel (values: that
        height), a form for its amount; from the table message's **Bet…** (no values), one
        form holding the list of heights on offer and the amount. Sending either bets and
        stands for this card, so a bet is two interactions (pick and send, or open and send)."""
        numbers = {a.number for a in game.legal_actions(seat) if isinstance(a, KeyBet)}
        if key != PICK or not numbers:
            return None
        stake = game.options.stake
        left = game.cap() - game.view(None).staked[seat]
        field = FormField(
            "amount",
            t("Chips to bet ({least} to {most})", least=stake, most=left),
            t("{least} to {most}", least=stake, most=left),
            12,
        )
        if not values:
            offered = [p for p in game.view(None).prices if p.number in numbers]
            heights = FormField(
                "height",
                t("Height of the key stack at the end"),
                t("Pick the height to bet on"),
                options=tuple((f"{p.number}.{p.tenths}", _offer(p), False) for p in offered),
            )
            return Form(BET, t("Bet on the key stack's final height"), (heights, field))
        if len(values) != 1 or not values[0].isdigit() or int(values[0]) not in numbers:
            return None
        number = int(values[0])
        tenths = game.price(number)
        if tenths <= 0:
            return None
        return Form(
            f"bet.{number}.{tenths}.stand",
            t("Bet on {number} · pays {odds}", number=number, odds=odds_said(tenths)),
            (field,),
        )


def _rows(controls: Sequence[Control]) -> tuple[Control, ...]:
    """Buttons five to a row, below the select (row 0)."""
    return tuple(
        Control(c.key, c.label, c.style, c.disabled, row=1 + place // 5) for place, c in enumerate(controls)
    )


def _offer(price: Price, say: Lang | None = None) -> Msg:
    """A height on offer as the bet lists show it: "7 cards · pays 3.5 to 1 · 21%" (its odds
    and chance already in `say`'s words where the list is drawn in that language)."""
    return t(
        "{cards} · pays {odds} · {chance}",
        cards=tn("{n} card", "{n} cards", n=price.number),
        odds=odds_said(price.tenths) if say is None else odds_text(say, price.tenths),
        chance=percent(price.chance) if say is None else chance_text(say, price.chance),
    )


def _who(table: TableView, seat: int) -> str:
    return table.hand_seats[seat] if seat < len(table.hand_seats) else plain(table.seat_for(seat).name)


def _bet_line(who: str, bet: BetView, say: Lang) -> str:
    return _bet_text(say, who, bet.amount, bet.number, bet.tenths, bet.status, bet.value)


# A bet's line is shown in several places a draw (the table message and its Details, the
# panel): rendered once per language and value, its odds from `prices.odds_text`.
@functools.lru_cache(maxsize=4096)
def _bet_text(
    say: Lang, who: str, amount: int, number: int, tenths: int, status: BetStatus, value: int
) -> str:
    """A bet's line as `say` writes it (`who` already escaped), rendered once."""
    what = t(
        "{who}: {amount} on **{number}** at {odds}",
        who=Markup(who),
        amount=amount,
        number=number,
        odds=odds_text(say, tenths),
    )
    if status is BetStatus.OPEN:
        if value:
            return say(t("{bet} · open (cash-out {value})", bet=what, value=value))
        return say(t("{bet} · open", bet=what))
    if status is BetStatus.SURRENDERED:
        return say(t("{bet} · surrendered for {value}", bet=what, value=value))
    if status is BetStatus.WON:
        return say(t("{bet} · 🏆 won, pays {value}", bet=what, value=value))
    return say(t("{bet} · lost", bet=what))


def _symbol(suit: str) -> str:
    return POSTAS_50.suit_symbols[POSTAS_50.suits.index(suit)]


def _suit(suit: str) -> Msg:
    """A suit's name in the reader's language, from its id ("locks")."""
    return suit_name(POSTAS_50.suits.index(suit))


__all__ = ["PegLegPlugin", "PegLegView", "StandPat"]
