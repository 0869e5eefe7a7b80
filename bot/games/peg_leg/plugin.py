"""Peg Leg at a Ridotto table: the deck plays itself, every card public as it is dealt; the
members bet against the house with **Bet…** on the table message, one form holding the
height (a list of those on offer, each with its payout) and the amount, or through their
panel (/hand, or **Your hand**), where a select of the heights opens a form for the amount:
either way the bet ends their part of the round and takes two interactions. The panel has
surrender buttons per bet; Stand to keep their bets until the next card of the key suit, or
a standing decision — stand for the rest of the hand, or until a bet is beaten — set once
and cancelled from the panel at any time."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from pydantic import ValidationError

from bot.forms import whole_number
from bot.games.base import GamePlugin, HandByHand, HandSetup
from bot.games.capabilities import Job, Move, OutOfTurn, Prepares, Standings, TableMoves
from bot.games.peg_leg import picture
from bot.games.peg_leg.options import PegLegTableOptions
from bot.games.peg_leg.rules import BRIEF, RULES
from bot.games.results import HandResult, closing_panel, from_summary
from bot.ui import Control, Form, FormField, Panel, Picker, plain
from engine.core.cards import POSTAS_50, Card
from engine.core.errors import IllegalAction
from engine.core.text import chips, plural
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
    odds_text,
    pricing_after,
)

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.games.view import TableView

PICK = "height"
"""The bet form's key: the panel select of the heights on offer (choosing one opens the form
for the amount), and the table message's **Bet…** (the form holds the height and the amount)."""
BET = "bet.stand"
"""The key of the table message's bet form: the height (as `<height>.<tenths>`, the odds
shown) and the amount are its values; like the panel's bet, it stands for this card."""
MAX_BUTTONS = 20
"""Buttons a panel shows (Discord's five rows: one for the select, four of five buttons):
the stand buttons first, then as many surrender buttons as fit."""
STANDING_LABELS = {
    "hand": "Stand for the rest of the hand",
    "beaten": "Stand until my bet is beaten",
    "off": "Stop standing",
}
STANDING_NOW = {
    "hand": "You're **standing for the rest of the hand**: after every card the bot stands for you.",
    "beaten": (
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
    form_keys = frozenset({PICK})
    colour = discord.Colour.dark_purple()
    capabilities = (AgainstTheHouse(),)

    def choice_label(self, choice: str) -> str:
        return f"Seat {choice}"

    # --------------------------------------------------------------- options
    def option_error(self, error: ValidationError) -> str:
        return "Peg Leg's cap is between 1 and 1,000 stakes per player per hand (20 if you leave it out)."

    def describe_options(self, options: PegLegTableOptions, stake: int) -> str:
        return (
            f"Bets from {chips(stake)} up to {chips(options.cap * stake)} per player per hand · "
            "house edge 5% · a round of bets after each key-suit card"
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
                raise IllegalAction("Pick a height from the list to bet on; nothing was bet.")
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
                    raise IllegalAction(f"{number} is no longer on offer; nothing was bet.")
                raise IllegalAction(
                    f"The odds on {number} have moved to {odds_text(now)} since you opened the form; "
                    "nothing was bet."
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
            stand = " and stand" if action.stand else ""
            odds = odds_text(game.price(action.number))
            return f"Bet {plural(action.amount, 'chip')} on {action.number} (pays {odds}){stand}"
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
            return [Move(PICK, "Bet…")]
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
        if view.phase is Phase.OVER or not view.awaiting:
            return f"**Hand {table.hand_no}** in play."
        who = ", ".join(_who(table, seat) for seat in view.awaiting)
        due = f" (timer {discord.utils.format_dt(table.deadline, 'R')})" if table.deadline else ""
        when = "opening bets" if view.round_after == 1 else f"bets after card {view.round_after}"
        return f"**Hand {table.hand_no} · {when}** — waiting on {who}{due}. Press **Bet…** to bet."

    def summary(self, table: TableView, game: PegLeg) -> list[str]:
        """Whose bets are awaited, then the key stack's height and what each player staked
        (the stacks and the odds are in the picture and in Details)."""
        view = game.view(None)
        staked = " · ".join(f"{_who(table, s)} {view.staked[s]:,}" for s in range(len(view.seats)))
        key = f"{_symbol(view.key_suit)} {view.key_label} stack {view.key_height} high"
        return [self.status(table, game), f"Card {len(view.dealt)} of 50 · {key} · staked: {staked}"]

    def prompt(self, table: TableView, game: PegLeg, fresh: set[int]) -> str:
        view = game.view(None)
        who = ", ".join(table.seat_for(seat).mention for seat in view.awaiting)
        due = f" You have until {discord.utils.format_dt(table.deadline, 'R')}." if table.deadline else ""
        return (
            f"{who}: bets are open at Peg Leg table #{table.id} — the {view.key_label} stack holds "
            f"{view.key_height}. Press **Bet…** to bet, or **Your hand** to surrender or stand.{due}"
        )

    def table_fields(self, table: TableView, game: PegLeg, embed: discord.Embed) -> None:
        view = game.view(None)
        key = next(stack for stack in view.stacks if stack.key)
        embed.add_field(
            name=f"Key suit · {_symbol(view.key_suit)} {view.key_label}",
            value=(
                f"First card {view.first.short} · the key stack holds **{view.key_height}**: "
                f"`{' '.join(str(card.rank) for card in key.cards)}`"
            ),
            inline=False,
        )
        last = view.dealt[-1].short if view.dealt else "—"
        top = view.discard[-1].short if view.discard else "empty"
        others = [stack for stack in view.stacks if not stack.key]
        stacks = " · ".join(f"{_symbol(s.suit)} {s.label} ×{len(s.cards)}" for s in others)
        embed.add_field(
            name=f"The deal · card {len(view.dealt)} of 50",
            value=(
                f"Last card {last} · discard pile {plural(len(view.discard), 'card')}, top {top}\n"
                f"Other stacks: {stacks}"
            ),
            inline=False,
        )
        if view.prices:
            offered = [price for price in view.prices if price.offered]
            lines = [
                f"**{price.number}** · {price.chance:.0%} · pays {odds_text(price.tenths)}"
                for price in offered
            ]
            embed.add_field(
                name=f"Odds on the key stack's final height (after card {view.round_after})",
                value="\n".join(lines) or "Nothing on offer.",
                inline=False,
            )
        names = [_who(table, seat) for seat in range(len(view.seats))]
        lines = [_bet_line(names[bet.seat], bet) for bet in view.bets[-BET_LINES:]]
        if len(view.bets) > BET_LINES:
            lines.insert(0, f"… {plural(len(view.bets) - BET_LINES, 'earlier bet')}")
        staked = " · ".join(f"{names[s]} {view.staked[s]:,}" for s in range(len(view.seats)))
        embed.add_field(
            name=f"Bets · staked {staked}"[:256],
            value="\n".join(lines)[-1024:] if lines else "No bets yet.",
            inline=False,
        )
        if view.final is not None:
            embed.add_field(
                name="Result",
                value=f"The {view.key_label} stack ended **{view.final}** high.",
                inline=False,
            )

    def hand_result(self, table: TableView, game: PegLeg) -> HandResult | None:
        outcome = game.outcome
        if outcome is None:
            return None
        return from_summary(table, self.seat_names(game), outcome)

    def panel(self, table: TableView, game: PegLeg, seat: int, picks: tuple[str, ...]) -> Panel:
        """A member's bets, the odds on offer and, while they are deciding, the controls."""
        view = game.view(seat)
        embed = discord.Embed(
            title=f"Your bets · Peg Leg table #{table.id} · hand {table.hand_no}",
            colour=self.colour,
        )
        key = next(stack for stack in view.stacks if stack.key)
        embed.add_field(
            name=f"Key stack · {_symbol(view.key_suit)} {view.key_label}",
            value=f"{plural(view.key_height, 'card')}: `{' '.join(str(c.rank) for c in key.cards)}`",
        )
        embed.add_field(name="Card", value=f"{len(view.dealt)} of 50")
        left = view.cap - view.staked[seat]
        embed.add_field(name="Left to bet", value=f"{chips(max(0, left))} of {view.cap:,}")
        mine = [bet for bet in view.bets if bet.seat == seat]
        embed.add_field(
            name="Your bets",
            value="\n".join(_bet_line(f"#{bet.index + 1}", bet) for bet in mine)[-1024:] or "None yet.",
            inline=False,
        )
        offered = [price for price in view.prices if price.offered]
        if offered:
            embed.add_field(
                name="Odds now",
                value="\n".join(
                    f"**{p.number}** · chance {p.chance:.0%} · pays {odds_text(p.tenths)}" for p in offered
                ),
                inline=False,
            )
        if view.phase is Phase.OVER:
            return closing_panel(Panel(embed), self.hand_result(table, game), seat)
        order = view.standing[seat]
        # A standing decision is set or cancelled whenever bets are open (`out_of_turn`).
        standing = [
            Control(f"standing.{action.until}", STANDING_LABELS[action.until], discord.ButtonStyle.primary)
            for action in game.standing_moves(seat)
        ]
        if seat not in view.awaiting:
            if order is not None:
                embed.description = STANDING_NOW[order]
            else:
                embed.description = (
                    "You've decided for this card — waiting for the others."
                    if view.prices
                    else "No bets are open right now; the deck is being dealt."
                )
            return Panel(embed, _rows(standing))
        embed.description = (
            "**Your move.** Pick a height below to bet on it (the bet is your move for this card), "
            "surrender a bet, or stand: **Stand** keeps your bets until the next card of the key "
            "suit; the blue buttons stand for you from now on, until you stop them."
        )
        legal = view.legal
        pickers: tuple[Picker, ...] = ()
        if any(isinstance(action, KeyBet) for action in legal):
            options = tuple((str(p.number), _offer(p), False) for p in offered)
            pickers = (Picker(PICK, "Bet on the key stack's final height…", options),)
        controls = [Control("stand", "Stand — keep my bets", discord.ButtonStyle.success), *standing]
        surrenders = [action for action in legal if isinstance(action, Surrender)]
        for action in surrenders[: MAX_BUTTONS - len(controls)]:
            bet = view.bets[action.bet]
            controls.append(
                Control(
                    f"surrender.{action.bet}",
                    f"Surrender #{bet.index + 1} ({bet.number}) for {bet.value:,}",
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
        field = FormField("amount", f"Chips to bet ({stake:,} to {left:,})", f"{stake:,} to {left:,}", 12)
        if not values:
            offered = [p for p in game.view(None).prices if p.number in numbers]
            heights = FormField(
                "height",
                "Height of the key stack at the end",
                "Pick the height to bet on",
                options=tuple((f"{p.number}.{p.tenths}", _offer(p), False) for p in offered),
            )
            return Form(BET, "Bet on the key stack's final height", (heights, field))
        if len(values) != 1 or not values[0].isdigit() or int(values[0]) not in numbers:
            return None
        number = int(values[0])
        tenths = game.price(number)
        if tenths <= 0:
            return None
        return Form(f"bet.{number}.{tenths}.stand", f"Bet on {number} · pays {odds_text(tenths)}", (field,))


def _rows(controls: Sequence[Control]) -> tuple[Control, ...]:
    """Buttons five to a row, below the select (row 0)."""
    return tuple(
        Control(c.key, c.label, c.style, c.disabled, row=1 + place // 5) for place, c in enumerate(controls)
    )


def _offer(price: Price) -> str:
    """A height on offer as the bet lists show it: "7 cards · pays 3.5 to 1 · 21%"."""
    return f"{price.number} cards · pays {odds_text(price.tenths)} · {price.chance:.0%}"


def _who(table: TableView, seat: int) -> str:
    return table.hand_seats[seat] if seat < len(table.hand_seats) else plain(table.seat_for(seat).name)


def _bet_line(who: str, bet: BetView) -> str:
    what = f"{who}: {bet.amount:,} on **{bet.number}** at {odds_text(bet.tenths)}"
    if bet.status is BetStatus.OPEN:
        return f"{what} · open" + (f" (cash-out {bet.value:,})" if bet.value else "")
    if bet.status is BetStatus.SURRENDERED:
        return f"{what} · surrendered for {bet.value:,}"
    if bet.status is BetStatus.WON:
        return f"{what} · 🏆 won, pays {bet.value:,}"
    return f"{what} · lost"


def _symbol(suit: str) -> str:
    return POSTAS_50.suit_symbols[POSTAS_50.suits.index(suit)]


__all__ = ["PegLegPlugin", "PegLegView", "StandPat"]
