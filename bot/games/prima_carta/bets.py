"""Prima Carta's house bets at the table: which are open (while the hand waits for its
first card) and how each settles from the hand's public cards, through the catalogue in
`engine.prima_carta.house_bets` (its payouts, its rounding, its measured returns).

Everything a player reads here is a message in the game's catalogue (issue 26), drawn in
the reader's language by the frame; the bets keep their own names (Prima, Escúcha, Máximo,
Conto, Cartas, Começo) in every language, as the glossary says."""

from __future__ import annotations

from bot.games.base import BetOffer, BetResult
from engine.core.cards import POSTAS_50
from engine.core.errors import RuleError
from engine.core.msg import Join, Markup, Msg, Number
from engine.prima_carta import house_bets
from engine.prima_carta.game import SUIT_NAMES, SUITS, Phase, PrimaCarta, t, tn
from engine.prima_carta.house_bets import (
    ALTO_ODDS,
    BAJO_ODDS,
    BETS,
    CARTAS_NUMBERS,
    CARTAS_ODDS,
    COMECO_TABLE,
    ESCUCHA_ACE_ODDS,
    ESCUCHA_ODDS,
    MAXIMO_ODDS,
    MEDIO_ODDS,
    PRIMA_ACE_ODDS,
    PRIMA_ODDS,
    Facts,
    HouseBet,
    Odds,
)


def odds(line: Odds) -> Msg:
    """A payout as each language says it: "4 to 1", "4 a 1", "4 προς 1"."""
    return t("{win} to {per}", win=line.win, per=line.per)


def _percent(value: float) -> Number:
    """A measured return as a percentage with one decimal ("93.4"; "93,4" in Italian)."""
    return Number(value * 100, 1)


DESCRIPTIONS: dict[HouseBet, Msg] = {
    HouseBet.PRIMA: t("The very first card dealt is of your suit."),
    HouseBet.ESCUCHA: t("Your suit is the first to hold all ten cards, whoever has folded."),
    HouseBet.MAXIMO: t("Your suit's first card is the highest (10 high, 1 low); a tie of exactly two loses."),
    HouseBet.ALTO: t("The first pass plays up 17 or more cards."),
    HouseBet.MEDIO: t("The first pass plays up 14 or 15 cards."),
    HouseBet.BAJO: t("The first pass plays up 10 or 11 cards."),
    HouseBet.CARTAS: t("The first pass plays up exactly the number you name, 10 to 20."),
    HouseBet.COMECO: t("Paid from a table by how many cards the first pass plays up."),
}
"""What each bet is on, as the catalogue's `BetSpec.description` says it in English."""


def _comeco_line(low: int, high: int | None, line: Odds) -> Msg:
    cards = Markup(f"{low}+" if high is None else f"{low}")
    return t("{cards}: {odds}", cards=cards, odds=odds(line))


PAYOUTS: dict[HouseBet, Msg] = {
    HouseBet.PRIMA: t(
        "{odds}; {ace} if the first card is a 1", odds=odds(PRIMA_ODDS), ace=odds(PRIMA_ACE_ODDS)
    ),
    HouseBet.ESCUCHA: t(
        "{odds}; {ace} if its first card is its 1", odds=odds(ESCUCHA_ODDS), ace=odds(ESCUCHA_ACE_ODDS)
    ),
    HouseBet.MAXIMO: t("{odds}, ties of three or more included", odds=odds(MAXIMO_ODDS)),
    HouseBet.ALTO: odds(ALTO_ODDS),
    HouseBet.MEDIO: odds(MEDIO_ODDS),
    HouseBet.BAJO: odds(BAJO_ODDS),
    HouseBet.CARTAS: t(
        "{lines}",
        lines=Join(
            tuple(
                t("{cards}: {odds}", cards=Markup(str(n)), odds=odds(CARTAS_ODDS[n])) for n in CARTAS_NUMBERS
            ),
            "comma",
        ),
    ),
    HouseBet.COMECO: t(
        "{lines}; any other count loses",
        lines=Join(tuple(_comeco_line(*line) for line in COMECO_TABLE), "comma"),
    ),
}
"""What each bet pays, as the catalogue's `BetSpec.payout_text` says it in English."""


def _pick_label(bet: HouseBet, pick: str) -> Msg:
    if pick in SUITS:
        index = SUITS.index(pick)
        return t("{symbol} {suit}", symbol=Markup(POSTAS_50.suit_symbols[index]), suit=SUIT_NAMES[index])
    # A number (Cartas): each pays its own odds, so each has its own measured return.
    number = int(pick)
    return tn(
        "{n} card · pays {odds} · returns {rtp}%",
        "{n} cards · pays {odds} · returns {rtp}%",
        n=number,
        odds=odds(CARTAS_ODDS[number]),
        rtp=_percent(house_bets.measured_return(bet, pick)),
    )


def _payout(bet: HouseBet) -> Msg:
    spec = BETS[bet]
    if bet is HouseBet.CARTAS:
        each = Join(
            tuple(
                t(
                    "{number}: {odds} ({rtp}%)",
                    number=Markup(str(number)),
                    odds=odds(CARTAS_ODDS[number]),
                    rtp=_percent(house_bets.measured_return(bet, str(number))),
                )
                for number in CARTAS_NUMBERS
            ),
            "comma",
        )
        return t(
            "{description} Pays by number, each with its own measured return: {each}.",
            description=DESCRIPTIONS[bet],
            each=each,
        )
    return t(
        "{description} Pays {payout} (measured return {rtp}%).",
        description=DESCRIPTIONS[bet],
        payout=PAYOUTS[bet],
        rtp=_percent(spec.measured_rtp),
    )


OFFERS: tuple[BetOffer, ...] = tuple(
    BetOffer(
        bet.value, spec.label, tuple((pick, _pick_label(bet, pick)) for pick in spec.picks), _payout(bet)
    )
    for bet, spec in BETS.items()
)
"""Every house bet, in the catalogue's order, as the Bet panel lists them (its label is the
bet's own name, the same in every language)."""


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
    if not result.won:
        outcome = t("lost")
    else:
        assert result.odds is not None
        # the chips back as the old English wrote them (ungrouped), in every language
        back = Markup(str(result.returned))
        outcome = t("won {odds}: {back} back", odds=odds(result.odds), back=back)
        if result.rounded_off:
            outcome = t(
                "{outcome} ({part} of a chip rounded down to the house)",
                outcome=outcome,
                part=Markup(str(result.rounded_off)),
            )
    return BetResult(result.returned, t("{outcome} ({why})", outcome=outcome, why=_why(key, known)))


def _why(key: str, known: Facts) -> Msg:
    """The public fact the bet turned on, for the table's results list."""
    bet = HouseBet(key)
    if bet is HouseBet.PRIMA:
        return t("first card {card}", card=known.first)
    if bet is HouseBet.ESCUCHA:
        return t("{suit} finished first", suit=SUIT_NAMES[SUITS.index(known.champion)])
    if bet is HouseBet.MAXIMO:
        return t("first cards {cards}", cards=Join(known.foundations, "space"))
    return tn(
        "{n} card played up in the first pass", "{n} cards played up in the first pass", n=known.promoted
    )
