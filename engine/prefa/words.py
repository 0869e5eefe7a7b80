"""Prefa's words as messages (issue 26): the contracts, the counts, the scoring scenarios
and the calls, in the game's catalogue ("prefa"), rendered in each reader's language by the
bot. The English is word for word what the engine and the table said before.

Kept apart from `scoring`, whose plain strings the search and the strong player use in
their inner loops: a message is built only where a player reads it."""

from __future__ import annotations

import re

from engine.core.cards import Card
from engine.core.msg import Domain, Msg
from engine.prefa.scoring import Contract

t = Domain("prefa")
tn = t.n


def strain_said(strain: str) -> Msg:
    """The trump suit or no trump, as in a contract ("spades", "no trump")."""
    if strain == "spades":
        return t("spades")
    if strain == "clubs":
        return t("clubs")
    if strain == "diamonds":
        return t("diamonds")
    if strain == "hearts":
        return t("hearts")
    return t("no trump")


def contract_said(contract: Contract) -> Msg:
    """ "6 spades", "7 no trump" (`Contract.text`)."""
    return t("{tricks} {strain}", tricks=contract.tricks, strain=strain_said(contract.strain))


def tricks_of(n: int) -> Msg:
    return tn("{n} trick", "{n} tricks", n=n)


def points_of(n: int) -> Msg:
    return tn("{n} point", "{n} points", n=n)


def chips_of(n: int) -> Msg:
    return tn("{n} chip", "{n} chips", n=n)


def cards_of(n: int) -> Msg:
    return tn("{n} card", "{n} cards", n=n)


_NAILED = re.compile(r"up \(nailed\) by (\d+)")
_EXTRA = re.compile(r"made with (\d+) extra")


def scenario_said(scenario: str) -> Msg:
    """The scoring scenario `scoring.score_hand` names in plain words (it stays a string
    there, for the search), as a message."""
    if scenario == "both defenders out":
        return t("both defenders out")
    if scenario == "up (short) by 1":
        return t("up (short) by 1")
    if scenario == "made exactly":
        return t("made exactly")
    if scenario == "made; the lone defender made it too":
        return t("made; the lone defender made it too")
    if (found := _NAILED.fullmatch(scenario)) is not None:
        return t("up (nailed) by {n}", n=int(found.group(1)))
    if (found := _EXTRA.fullmatch(scenario)) is not None:
        return t("made with {n} extra", n=int(found.group(1)))
    if scenario == "thrown in":
        return t("thrown in")
    if scenario == "tentative thrown in":
        return t("tentative thrown in")
    if scenario == "redeal":
        return t("dealt again")
    # A scenario this list does not know yet reads as scoring names it, rather than wrongly
    # (tests/bot/test_i18n_prefa.py checks every scenario scoring can name is here).
    return t("{scenario}", scenario=scenario)


def call_said(kind: str, counter: bool = False) -> Msg:
    """A defence call as the player says it ("I'm in.")."""
    if kind == "in":
        return t("I'm in.")
    if kind == "out":
        return t("I'm out.")
    if kind == "alone":
        return t("I'll go it alone.")
    if kind == "take_you":
        return t("No, I'll take you with me.") if counter else t("I'll take you with me.")
    return t("Go ahead alone.")


def card_said(card: Card) -> Msg:
    """A card named in full ("Spades King", `Card.label`), for a list a player picks from."""
    rank = _rank_said(card.rank)
    if card.suit == "spades":
        return t("Spades {rank}", rank=rank)
    if card.suit == "clubs":
        return t("Clubs {rank}", rank=rank)
    if card.suit == "diamonds":
        return t("Diamonds {rank}", rank=rank)
    return t("Hearts {rank}", rank=rank)


def _rank_said(rank: int) -> Msg | int:
    if rank == 14:
        return t("Ace")
    if rank == 13:
        return t("King")
    if rank == 12:
        return t("Queen")
    if rank == 11:
        return t("Jack")
    return rank
