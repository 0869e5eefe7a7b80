"""Prima Carta's house bets at the table: which are open (while the hand waits for its
first card) and how each settles from the hand's public cards, through the catalogue in
`engine.prima_carta.house_bets` (its payouts, its rounding, its measured returns)."""

from __future__ import annotations

from bot.games.base import BetOffer, BetResult
from engine.core.cards import POSTAS_50
from engine.core.errors import RuleError
from engine.prima_carta import house_bets
from engine.prima_carta.game import SUIT_LABELS, SUITS, Phase, PrimaCarta
from engine.prima_carta.house_bets import BETS, CARTAS_NUMBERS, CARTAS_ODDS, Facts, HouseBet


def _pick_label(bet: HouseBet, pick: str) -> str:
    if pick in SUITS:
        index = SUITS.index(pick)
        return f"{POSTAS_50.suit_symbols[index]} {SUIT_LABELS[index]}"
    # A number (Cartas): each pays its own odds, so each has its own measured return.
    odds = CARTAS_ODDS[int(pick)]
    return f"{pick} cards · pays {odds} · returns {house_bets.measured_return(bet, pick):.1%}"


def _payout(bet: HouseBet) -> str:
    spec = BETS[bet]
    if bet is HouseBet.CARTAS:
        each = ", ".join(
            f"{number}: {CARTAS_ODDS[number]} ({house_bets.measured_return(bet, str(number)):.1%})"
            for number in CARTAS_NUMBERS
        )
        return f"{spec.description} Pays by number, each with its own measured return: {each}."
    return f"{spec.description} Pays {spec.payout_text} (measured return {spec.measured_rtp:.1%})."


OFFERS: tuple[BetOffer, ...] = tuple(
    BetOffer(
        bet.value, spec.label, tuple((pick, _pick_label(bet, pick)) for pick in spec.picks), _payout(bet)
    )
    for bet, spec in BETS.items()
)
"""Every house bet, in the catalogue's order, as the Bet panel lists them."""


def offers(game: PrimaCarta) -> tuple[BetOffer, ...] | None:
    """Bets are open while the hand waits for its first card ("a house bet made before the
    game", the text's Vigilante Bets)."""
    return OFFERS if game.phase is Phase.DEAL else None


def facts(game: PrimaCarta) -> Facts | None:
    """What the bets settle on, once the hand is over (its whole deal is public then)."""
    first = game.first_card()
    promoted = game.first_pass_promoted()
    champion = game.champion()
    if first is None or promoted is None or champion is None:
        return None
    return Facts(
        first=first, foundations=tuple(game.foundations_in_order()), promoted=promoted, champion=champion
    )


def settle(game: PrimaCarta, key: str, pick: str, amount: int) -> BetResult | None:
    """A bet settled from the finished hand's public cards (None before the hand is over)."""
    known = facts(game)
    if known is None:
        return None
    try:
        result = house_bets.settle(key, pick, amount, known)
    except RuleError:
        return None
    return BetResult(result.returned, house_bets.outcome_text(key, pick, amount, known) + _why(key, known))


def _why(key: str, known: Facts) -> str:
    """The public fact the bet turned on, for the table's results list."""
    bet = HouseBet(key)
    if bet is HouseBet.PRIMA:
        return f" (first card {known.first.short})"
    if bet is HouseBet.ESCUCHA:
        return f" ({SUIT_LABELS[SUITS.index(known.champion)]} finished first)"
    if bet is HouseBet.MAXIMO:
        return f" (first cards {' '.join(card.short for card in known.foundations)})"
    return f" ({known.promoted} cards played up in the first pass)"
