"""Prima Carta's house bets at the table: which are open (from the deal until the first
card) and how each settles from the hand's public cards.

STAND-IN until engineer O's catalogue (`engine/prima_carta/house_bets.py`: `BETS`,
`Facts`, `returned`) lands: two of the text's bets, Prima and Conto, with the payouts the
text prints (Outside Bettors, "Vigilante Bets"). At merge, `offers` and `settle` read O's
catalogue instead and this table goes."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import BetOffer, BetResult
from engine.core.cards import POSTAS_50
from engine.core.text import chips
from engine.prima_carta.game import Phase, PrimaCarta

#: seconds the table waits for bets before the dealer turns the first card
BET_WINDOW = 30


@dataclass(frozen=True)
class _Bet:
    key: str
    label: str
    payout: str


_PICKS_SUIT = tuple(
    (suit, f"{symbol} {label}")
    for suit, label, symbol in zip(
        POSTAS_50.suits, POSTAS_50.suit_labels, POSTAS_50.suit_symbols, strict=True
    )
)
#: Conto: the number of cards promoted in the first pass, in three bands (the text: Alto 17
#: and above pays 8:1, Medio 14 or 15 pays 2:1, Bajo 10 or 11 pays 14:1)
_CONTO = {
    "alto": ("Alto (17 or more)", 8, range(17, 51)),
    "medio": ("Medio (14 or 15)", 2, range(14, 16)),
    "bajo": ("Bajo (10 or 11)", 14, range(10, 12)),
}

OFFERS: tuple[BetOffer, ...] = (
    BetOffer(
        "prima",
        "Prima",
        _PICKS_SUIT,
        "The suit of the very first card. Pays 4 to 1 — only 2 to 1 if that card is the 1.",
    ),
    BetOffer(
        "conto",
        "Conto",
        tuple((key, label) for key, (label, _, _) in _CONTO.items()),
        "How many cards the first pass plays up: Alto 17+ pays 8 to 1, Medio 14–15 pays 2 to 1, "
        "Bajo 10–11 pays 14 to 1.",
    ),
)


def offers(game: PrimaCarta) -> tuple[BetOffer, ...] | None:
    """Bets are open while the hand waits for its first card."""
    return OFFERS if game.phase is Phase.DEAL else None


def settle(game: PrimaCarta, key: str, pick: str, amount: int) -> BetResult | None:
    """A bet settled from the first pass (None before it is dealt, or for a bet unknown)."""
    if game.phase is Phase.DEAL:
        return None
    view = game.view(None)
    if view.prima_card is None or not view.passes:
        return None
    if key == "prima":
        card = view.prima_card
        if card.suit != pick:
            return BetResult(0, f"lost (the first card was {card.short})")
        odds = 2 if card.rank == 1 else 4
        return BetResult(
            amount * (odds + 1), f"won {chips(amount * odds)} (first card {card.short}, {odds} to 1)"
        )
    if key == "conto" and pick in _CONTO:
        _, odds, band = _CONTO[pick]
        promoted = sum(view.passes[0].stacks)
        if promoted not in band:
            return BetResult(0, f"lost ({promoted} cards played up)")
        return BetResult(amount * (odds + 1), f"won {chips(amount * odds)} ({promoted} cards played up)")
    return None
