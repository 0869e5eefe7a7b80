"""/rules text for Prima Carta's house bets, in our own words, built from the bet catalogue
(`engine.prima_carta.house_bets.BETS`) so the payouts and returns shown are the ones paid."""

from __future__ import annotations

from engine.prima_carta.house_bets import BETS, CARTAS_MEASURED, HouseBet


def _percent(value: float) -> str:
    return f"{value * 100:.1f}%"


def _line(bet: HouseBet) -> str:
    spec = BETS[bet]
    if bet is HouseBet.CARTAS:
        returns = [rtp for _, rtp, _, _ in CARTAS_MEASURED.values()]
        measured = f"returns {_percent(min(returns))} to {_percent(max(returns))} by number"
    else:
        measured = f"returns {_percent(spec.measured_rtp)}"
    return f"**{spec.label}**: {spec.description} Pays {spec.payout_text}; {measured}."


HOUSE_BETS_RULES = (
    "**Bets against the house.** Onlookers bet from their bankroll until the first card; bets "
    'settle with the hand, from the public cards. "7 to 2" pays 7 for every 2 staked, plus the '
    "stake, part chips rounded down. Returns are chips back per 100 staked, measured over "
    "millions of deals.\n" + "\n".join(_line(bet) for bet in HouseBet)
)
"""The /rules section for the house bets, to append to the game's rules text."""
