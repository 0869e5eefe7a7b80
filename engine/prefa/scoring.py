"""Prefa's bid scale, the defenders' duties, and the scoring in pouch points and chips.

Everything here is a pure function of numbers, so the hand (`engine.prefa.game`) and the
table layer share one implementation: the scale and bid values, the duties per contract,
the scoring scenarios of the text, the pouch excess rule ("a pouch score never becomes less
than zero") and the end-of-game settlement of points left in pouches.

Rule decisions cite `prefa-greek-preference.txt` ("the text") and are numbered as in
docs/RULES.md ("Prefa (Greek Preference)"). A *party* is an engine seat 0-2, or 3 for the
fourth player who sits the hand out (four-handed Prefa).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Literal

from pydantic import BaseModel, Field

SUITS = ("spades", "clubs", "diamonds", "hearts")
"""The trump suits in bid order, lowest first (the text, Bid Order/Bid Values)."""
NO_TRUMP = "no_trump"
Strain = Literal["spades", "clubs", "diamonds", "hearts", "no_trump"]
STRAINS: tuple[Strain, ...] = ("spades", "clubs", "diamonds", "hearts", "no_trump")
TenNoTrump = Literal["off", "A", "B"]
"""The "10 no trump" bid: not allowed, or allowed worth 11 (variation A) or 10 (B)."""
Mode = Literal["own", "invited", "alone", "both_out"]
"""How the defence played: both in on their own behalf, one invited by the other (who is
"active"), one alone, or both out."""

CHIPS_PER_POINT = 10
"""The text: "One pouch point equals ten chips.\""""
SITTER_SHORT, SITTER_NAILED = 25, 50
"""Four players: a bidder put up short pays the player sitting out 25 chips, nailed 50."""
TENTATIVE_POINTS, TENTATIVE_CHIPS = 2, 2
"""A tentative bidder who throws the hand in: 2 points added to the pouch and 2 chips to
each other player (the text, Tentative Bid)."""

_PLAIN_VALUES = {"spades": 2, "clubs": 3, "diamonds": 4, "hearts": 5, "no_trump": 6}
_STRAIN_LABELS = {
    "spades": "spades",
    "clubs": "clubs",
    "diamonds": "diamonds",
    "hearts": "hearts",
    "no_trump": "no trump",
}


class Contract(BaseModel, frozen=True):
    """A bid on the scale, or the bidder's final contract: tricks (6-10) and a trump suit
    or no trump."""

    tricks: int = Field(ge=6, le=10)
    strain: Strain

    @property
    def trump(self) -> str | None:
        return None if self.strain == NO_TRUMP else self.strain

    @property
    def text(self) -> str:
        """ "6 spades", "7 no trump": as a player reads it. (The text writes a plain bid
        "(6) spades" because nobody says the six when bidding; on screen the six is plain.)"""
        return f"{self.tricks} {_STRAIN_LABELS[self.strain]}"


@cache
def scale(ten_no_trump: TenNoTrump = "off") -> tuple[Contract, ...]:
    """Every bid from "(6) spades" up to "10 hearts" (or "10 no trump" when allowed)."""
    out = [Contract(tricks=tricks, strain=strain) for tricks in range(6, 11) for strain in STRAINS]
    if ten_no_trump == "off":
        out.pop()  # no 10 no trump: the text's scale ends at 10 hearts
    return tuple(out)


@cache
def _index(ten_no_trump: TenNoTrump) -> dict[Contract, int]:
    return {contract: i for i, contract in enumerate(scale(ten_no_trump))}


def rank(contract: Contract, ten_no_trump: TenNoTrump = "off") -> int:
    """The contract's place on the scale (0 = "(6) spades"); ValueError if not on it."""
    found = _index(ten_no_trump).get(contract)
    if found is None:
        raise ValueError(f"{contract.text} is not a bid at this table.")
    return found


def bid_value(contract: Contract, ten_no_trump: TenNoTrump = "off") -> int:
    """The text's bid value (b.v.): plain bids 2-6; a suit is worth its tricks and no trump
    one more; "10 no trump" 11 (variation A) or 10 (variation B)."""
    if contract.tricks == 6:
        return _PLAIN_VALUES[contract.strain]
    if contract.strain != NO_TRUMP:
        return contract.tricks
    if contract.tricks == 10:
        return 10 if ten_no_trump == "B" else 11
    return contract.tricks + 1


def duties(tricks: int) -> tuple[int, int]:
    """(first defender, second defender) trick duties when both play (the text, Defenders'
    Responsibilities). The first defender sits on the bidder's left.

    Decision 9: at 9 tricks the text gives 1 to "the bidder closest to the dealer" and 0 to
    "the defender farthest from the dealer"; its 7-trick line glosses "farthest from the
    dealer" as "(on bidder's right)", so we read "dealer" as "bidder" in both: the defender on
    the bidder's left has 1, the one on the right 0.
    """
    return {6: (2, 2), 7: (2, 1), 8: (1, 1), 9: (1, 0), 10: (0, 0)}[tricks]


def lone_duty(tricks: int) -> int:
    """A defender who goes it alone: 2 tricks against 6 or 7, 1 against 8 or 9, 0 against 10."""
    return {6: 2, 7: 2, 8: 1, 9: 1, 10: 0}[tricks]


class Payment(BaseModel, frozen=True):
    """Chips one party pays another, and why."""

    payer: int
    payee: int
    chips: int = Field(ge=1)
    reason: str


class Score(BaseModel, frozen=True):
    """One hand's scoring before the pouch floor: the change to the bidder's pouch and the
    chips paid between players."""

    scenario: str
    """The text's scenario, e.g. "made exactly", "up (short) by 1", "made with 1 extra"."""
    made: bool
    """Whether the bidder made it (both defenders out counts as made)."""
    bidder_pouch: int
    payments: tuple[Payment, ...]


def _mult(short: int) -> int:
    """Short by one: single; nailed (two or more): double."""
    return 1 if short == 1 else 2


def score_hand(
    *,
    mode: Mode,
    contract_tricks: int,
    bid_value: int,
    bidder: int,
    first: int,
    second: int,
    tricks: Sequence[int],
    active: int | None = None,
    sitter: int | None = None,
    aces_bonus: int = 0,
    parties: int = 3,
) -> Score:
    """Score one hand by the text's scenarios (Scoring Scenarios).

    `contract_tricks` is the contract as scored (9 for a played-out 10 under "10's as 9's");
    `tricks[seat]` what each engine seat took; `first`/`second` the defenders on the bidder's
    left and right; `active` the defender who went alone or invited the other. `sitter` is
    the party sitting out (four players), paid by a bidder who goes up; `aces_bonus` the
    chips of "four aces, variation B", paid by or to every other party.

    >>> score_hand(mode="own", contract_tricks=7, bid_value=7, bidder=0, first=1, second=2,
    ...            tricks=(8, 2, 0)).payments[0].chips
    56
    """
    bv, k = bid_value, contract_tricks
    tb = tricks[bidder]
    t1, t2 = tricks[first], tricks[second]
    paid: list[Payment] = []

    def pay(payer: int, payee: int, amount: int, reason: str) -> None:
        if amount > 0 and payer != payee:
            paid.append(Payment(payer=payer, payee=payee, chips=amount, reason=reason))

    if mode == "both_out":
        scenario, made, pouch = "both defenders out", True, -bv
    elif mode not in ("own", "invited", "alone"):
        raise ValueError(f"Unknown defence {mode!r}.")
    elif tb < k:
        up = k - tb
        made = False
        scenario = "up (short) by 1" if up == 1 else f"up (nailed) by {up}"
        m = _mult(up)
        pouch = bv * m
        if mode == "own":
            pay(bidder, first, bv * t1 * m, "defender's tricks")
            pay(bidder, second, bv * t2 * m, "defender's tricks")
        else:
            assert active is not None
            taken = t1 + t2 if mode == "invited" else tricks[active]
            pay(bidder, active, bv * taken * m, "defence's tricks")
        if sitter is not None:
            pay(bidder, sitter, SITTER_SHORT if up == 1 else SITTER_NAILED, "the player sitting out")
    else:
        made = True
        extra = tb - k
        if mode == "own":
            d1, d2 = duties(k)
            s1, s2 = max(0, d1 - t1), max(0, d2 - t2)
            if extra == 0:
                scenario, pouch = "made exactly", -bv
                pay(bidder, first, bv * t1, "defender's tricks")
                pay(bidder, second, bv * t2, "defender's tricks")
            else:
                # The defence fell short together; each defender below their own duty is up,
                # and pays by their own shortfall (decision 10).
                scenario, pouch = f"made with {extra} extra", 0
                if s1 and s2:
                    pay(first, bidder, bv * tb * _mult(s1), "short defender")
                    pay(second, bidder, bv * tb * _mult(s2), "short defender")
                else:
                    fault, other, t_other = (first, second, t2) if s1 else (second, first, t1)
                    m = _mult(s1 or s2)
                    pay(fault, bidder, bv * tb * m, "short defender")
                    pay(fault, other, bv * t_other * m, "the other defender's tricks")
        elif mode == "invited":
            assert active is not None
            short = sum(duties(k)) - (t1 + t2)
            if short <= 0:
                scenario, pouch = "made exactly", -bv
                pay(bidder, active, bv * (t1 + t2), "defence's tricks")
            else:
                # Short by one pays single; nailed by two, three or four pays that many times.
                scenario, pouch = f"made with {extra} extra", 0
                pay(active, bidder, bv * tb * short, "short defence")
        else:
            assert active is not None
            duty, taken = lone_duty(k), tricks[active]
            if taken >= duty:
                scenario, pouch = "made; the lone defender made it too", -bv
                pay(bidder, active, bv * taken, "defender's tricks")
            else:
                scenario, pouch = f"made with {extra} extra", 0
                pay(active, bidder, bv * tb * _mult(duty - taken), "short defender")
    if aces_bonus:
        for party in range(parties):
            if made:
                pay(party, bidder, aces_bonus, "four aces")
            else:
                pay(bidder, party, aces_bonus, "four aces")
    return Score(scenario=scenario, made=made, bidder_pouch=pouch, payments=tuple(paid))


def pour(
    pouches: Sequence[int], party: int, change: int, ring: Sequence[int]
) -> tuple[tuple[int, ...], tuple[Payment, ...]]:
    """Apply `change` to `party`'s pouch, never below zero (the text's note after the
    scenarios): points it cannot take come out of the fullest pouch, ten chips a point, paid
    to `party`. Returns the new pouches and those payments.

    `ring` lists every party in the direction of play, starting after `party` (the sitter
    included in the four-handed game). Decision 11: a tie for the fullest pouch goes to the
    first tied party in `ring`, the nearest on the bidder's left. Decision 12: a pouch that
    holds less than what is still owed gives all it has and the rest comes from the next
    fullest; points that no pouch holds any more are lost (every pouch is then empty and
    the game is over).

    >>> pour((3, 10, 8), 0, -5, (1, 2))
    ((0, 8, 8), (Payment(payer=1, payee=0, chips=20, reason='pouch overflow'),))
    """
    new = list(pouches)
    if change >= 0:
        new[party] += change
        return tuple(new), ()
    own = min(-change, new[party])
    new[party] -= own
    owed = -change - own
    paid: list[Payment] = []
    while owed > 0:
        holders = [p for p in ring if p != party and new[p] > 0]
        if not holders:
            break
        top = max(new[p] for p in holders)
        donor = next(p for p in holders if new[p] == top)
        taken = min(owed, new[donor])
        new[donor] -= taken
        owed -= taken
        paid.append(Payment(payer=donor, payee=party, chips=taken * CHIPS_PER_POINT, reason="pouch overflow"))
    return tuple(new), tuple(paid)


def nets(payments: Sequence[Payment], parties: int) -> tuple[int, ...]:
    """Each party's chip result from `payments` (they sum to zero)."""
    out = [0] * parties
    for p in payments:
        out[p.payer] -= p.chips
        out[p.payee] += p.chips
    return tuple(out)


def game_over(pouches: Mapping[str, int], last_pouch_shared: bool = False) -> bool:
    """Whether a Prefa game has ended: every pouch empty, or with "Two (Three) Empty
    Pouches" all but one. Mirrors `Match.pouches_empty(leave)`."""
    left = sum(1 for v in pouches.values() if v)
    return bool(pouches) and left <= (1 if last_pouch_shared else 0)


def settle(pouches: Mapping[str, int]) -> dict[str, int]:
    """The chips each player gets (+) or pays (-) for points left in pouches at the end.

    The text, Two Empty Pouches: "The third player's (non-zero) pouch is then divided by 3,
    so that 1/3rd of the non-zero pouch is paid in chips to each of the players whose pouches
    are empty." Decision 13: a pouch of P points is worth 10 P chips; the holder pays each
    other player one share of it, 10 P / n rounded to the nearest chip (halves up), n being
    the players in the game (3, or 4 for the four-handed "Three Empty Pouches"). When all
    pouches are empty nothing moves: chips were already paid hand by hand. Used on every
    pouch left, it also settles a game stopped early (each pair nets 10 (P_i - P_j) / n).

    >>> settle({"A": 0, "B": 0, "C": 3})
    {'A': 10, 'B': 10, 'C': -20}
    """
    keys = list(pouches)
    n = len(keys)
    out = dict.fromkeys(keys, 0)
    for key in keys:
        points = pouches[key]
        if points < 0:
            raise ValueError("A pouch can't be below zero.")
        if not points:
            continue
        share = (2 * CHIPS_PER_POINT * points + n) // (2 * n)
        for other in keys:
            if other != key:
                out[key] -= share
                out[other] += share
    return out
