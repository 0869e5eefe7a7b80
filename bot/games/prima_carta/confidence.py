"""Prima Carta's confidence bets between members (the text, Outside Bettors, "Confidence
Bets"): Fuerza and Seguro, as terms the table's generic side-bet offers carry. The table
escrows and settles them; this module says who may offer what, when, and how each settles.
docs/RULES.md, "Bets at the table"."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.forms import read_whole, whole_number
from bot.games.base import OfferChoice, OfferSettlement, OfferTerms
from engine.core.errors import IllegalAction
from engine.core.msg import Markup, Msg
from engine.prima_carta.game import SUIT_NAMES, SUITS, Phase, PrimaCarta, SeatStatus, chips, t, tn

#: the largest Fuerza stake, in table stakes (as a house bet's limit)
FUERZA_LIMIT = 10
#: the longest odds a Fuerza may be offered at, either way
MOST_ODDS = 10
_ODDS = re.compile(r"\s*([0-9]+)\s*[:/-]\s*([0-9]+)\s*")
#: a Fuerza may be offered and accepted after the first pass until the repasso is dealt: the
#: copa round, and the engine's pause before the repasso where it has one
_FUERZA_PHASES = frozenset(phase for phase in Phase if phase.value in ("copa", "repasso"))


def _label(game: PrimaCarta, seat: int) -> Msg:
    """A seat named by its suit, in the reader's language ("Crowns", "Corone")."""
    return SUIT_NAMES[SUITS.index(game.seats[seat])]


def choices(game: PrimaCarta, seat: int | None) -> list[OfferChoice]:
    """Fuerza: an onlooker (`seat` None), after the first pass, to a player who has paid
    the copa. Seguro: a player still in, during the copa round, to one who hasn't decided."""
    if game.phase not in _FUERZA_PHASES:
        return []
    status = game.statuses()
    stake = game.options.stake
    out = []
    if seat is None:
        for target, state in enumerate(status):
            if state is SeatStatus.LIVE:
                out.append(
                    OfferChoice(
                        "fuerza",
                        target,
                        t("Fuerza: back {suit} to win", suit=_label(game, target)),
                        (
                            (
                                "amount",
                                t("Your stake, in chips"),
                                t("1 to {most}", most=FUERZA_LIMIT * stake),
                            ),
                            ("odds", t("Odds they pay you (blank: 1:1)"), "1:1"),
                        ),
                    )
                )
    elif game.phase is Phase.COPA and status[seat] is not SeatStatus.FOLDED:
        for target, state in enumerate(status):
            if target != seat and state is SeatStatus.UNDECIDED:
                price = game.copa_price(target)
                out.append(
                    OfferChoice(
                        "seguro",
                        target,
                        t("Seguro: pay part of {suit}'s copa", suit=_label(game, target)),
                        (
                            (
                                "amount",
                                t("Your part of their copa, in chips"),
                                t("1 to {most}", most=price - 1),
                            ),
                        ),
                    )
                )
    return out


def _part_of_copa(text: str, most: int) -> int:
    """The Seguro form's number, read as `bot.forms.whole_number` reads a bet, with the
    game's own sentences (the copa is the game's word, which the room's forms don't know)."""
    value = read_whole(text)
    if value is None:
        raise IllegalAction(
            t(
                "The part of the copa must be a whole number of chips, like 25 — not “{typed}”.",
                typed=Markup(text[:20]),  # shown as typed, as it always was
            )
        )
    if value < 1:
        raise IllegalAction(
            tn(
                "The part of the copa must be at least {n} chip.",
                "The part of the copa must be at least {n} chips.",
                n=1,
            )
        )
    if value > most:
        raise IllegalAction(
            tn(
                "The part of the copa must be at most {n} chip.",
                "The part of the copa must be at most {n} chips.",
                n=most,
            )
        )
    return value


def terms(game: PrimaCarta, kind: str, seat: int, values: Sequence[str]) -> OfferTerms:
    label = _label(game, seat)
    if kind == "fuerza":
        amount = whole_number(
            values[0] if values else "", "stake", "chips", least=1, most=FUERZA_LIMIT * game.options.stake
        )
        text = (values[1] if len(values) > 1 else "").strip() or "1:1"
        match = _ODDS.fullmatch(text)
        a = read_whole(match[1]) if match else None
        b = read_whole(match[2]) if match else None
        if a is None or b is None or not (1 <= a <= MOST_ODDS and 1 <= b <= MOST_ODDS):
            raise IllegalAction(
                t("Write the odds as two whole numbers from 1 to {most}, like 1:1 or 2:1.", most=MOST_ODDS)
            )
        liability, odd = divmod(amount * a, b)
        if odd:
            raise IllegalAction(
                t(
                    "At {odds} a stake of {amount} doesn't pay a whole number of chips; "
                    "choose a stake that is a multiple of {per}.",
                    odds=Markup(f"{a}:{b}"),
                    amount=amount,
                    per=b,
                )
            )
        return OfferTerms(
            amount,
            liability,
            t(
                "Fuerza on {suit}: {stake} that {suit} wins, at {odds} against {liability}.",
                suit=label,
                stake=chips(amount),
                odds=Markup(f"{a}:{b}"),
                liability=chips(liability),
            ),
            {"odds": [a, b]},
        )
    if kind == "seguro":
        price = game.copa_price(seat)
        amount = _part_of_copa(values[0] if values else "", price - 1)
        return OfferTerms(
            amount,
            0,
            t(
                "Seguro for {suit}: {part} of the {copa} copa for half of what {suit} wins.",
                suit=label,
                part=chips(amount),
                copa=chips(price),
            ),
        )
    raise IllegalAction(t("That offer isn't open now."))


def still_open(game: PrimaCarta, kind: str, seat: int, data: Mapping[str, Any]) -> bool:
    """Fuerza until the repasso (while its player stays in); Seguro until its player decides."""
    state = game.statuses()[seat]
    if kind == "fuerza":
        return game.phase in _FUERZA_PHASES and state is SeatStatus.LIVE
    return game.phase is Phase.COPA and state is SeatStatus.UNDECIDED


def settle(game: PrimaCarta, kind: str, seat: int, maker: int, taker: int) -> OfferSettlement:
    """Fuerza: the backer takes both stakes if the suit wins, else the player does. Seguro:
    a player who folded gives the backer's part back; one who stayed in keeps it (it paid
    part of their copa) and, if they won, pays the backer half of the pot they took."""
    label = _label(game, seat)
    won = game.winner == seat
    if kind == "fuerza":
        if won:
            said = t("{suit} won: the backer collects {pot}", suit=label, pot=chips(maker + taker))
            return OfferSettlement(maker + taker, 0, said)
        said = t("{suit} lost: the player collects {pot}", suit=label, pot=chips(maker + taker))
        return OfferSettlement(0, maker + taker, said)
    if game.statuses()[seat] is SeatStatus.FOLDED:
        return OfferSettlement(maker, 0, t("{suit} folded: the part of the copa went back", suit=label))
    if won:
        outcome = game.outcome
        half = (outcome.paid_out[seat] // 2) if outcome is not None else 0
        said = t("{suit} won: {half} to the backer", suit=label, half=chips(half))
        return OfferSettlement(0, maker, said, taker_pays_maker=half)
    return OfferSettlement(0, maker, t("{suit} lost: the backer's part paid toward its copa", suit=label))
