"""The strong computer player's reasons (`Advice.reason`) as messages (issue 26), so a hint
reads in the member's language. Built once a decision is made, never inside the search:
the player's choices and speed are the same as when its reasons were English strings."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.cards import Card
from engine.core.msg import Arg, Join, Msg, Number
from engine.prefa.scoring import Contract
from engine.prefa.words import contract_said, strain_said, t


def only_move() -> Msg:
    return t("It is the only move.")


def nothing_to_bid() -> Msg:
    return t("Nothing is left to bid.")


def no_deal(what: str) -> Msg:
    """The search found no deal to judge by; `what` the basic player's choice used instead."""
    if what == "discard":
        return t("It found no deal to judge by: the basic discard.")
    if what == "contract":
        return t("It found no deal to judge by: the basic contract.")
    if what == "call":
        return t("It found no deal to judge by: the basic call.")
    return t("It found no deal to judge by: the basic card.")


def passes_no_deal() -> Msg:
    return t("Passes: it found no deal to judge its hand by.")


def far_from(best: float, need: int, contract: Contract) -> Msg:
    return t(
        "Passes: with a kitty its hand looks worth about {best} tricks, far from the {need} of {bid}.",
        best=Number(best),
        need=need,
        bid=contract_said(contract),
    )


def well_above(best: float, need: int, contract: Contract) -> Msg:
    return t(
        "Bids: with a kitty its hand looks worth about {best} tricks, well above the {need} of {bid}.",
        best=Number(best),
        need=need,
        bid=contract_said(contract),
    )


def as_bidder(contract: Contract, avg: float, share: float, samples: int, mean: float) -> Msg:
    return t(
        "as bidder at {bid} it takes {avg} tricks on average and makes in {share}% of {n} samples, "
        "worth {mean} chips",
        bid=contract_said(contract),
        avg=Number(avg),
        share=Number(share, places=0),
        n=samples,
        mean=Number(mean, sign=True),
    )


def bids(line: Msg) -> Msg:
    return t("Bids: {line}.", line=line)


def takes_it(line: Msg) -> Msg:
    return t("Takes it if nobody else wants it: {line}, and it can throw in.", line=line)


def passes(line: Msg) -> Msg:
    return t("Passes: {line}.", line=line)


def clear_discard(a: Card, b: Card, worth: float, contract: Contract) -> Msg:
    return t(
        "Puts away {a} and {b}: the ten cards left look worth {worth} tricks in {strain}, well ahead "
        "of any other choice.",
        a=a,
        b=b,
        worth=Number(worth),
        strain=strain_said(contract.strain),
    )


def throws_in(contract: Contract, value: float) -> Msg:
    return t(
        "Throws in: its best contract, {bid}, is worth {value} on average.",
        bid=contract_said(contract),
        value=Number(value, sign=True),
    )


def discards(
    a: Card, b: Card, contract: Contract, avg: float, share: float, samples: int, value: float
) -> Msg:
    return t(
        "Puts away {a} and {b} to play {bid}: {avg} tricks on average, makes in {share}% of {n} "
        "samples, worth {value} chips.",
        a=a,
        b=b,
        bid=contract_said(contract),
        avg=Number(avg),
        share=Number(share, places=0),
        n=samples,
        value=Number(value, sign=True),
    )


def announces(contract: Contract, aces: bool, avg: float, share: float, samples: int, value: float) -> Msg:
    said: dict[str, Arg] = dict(
        bid=contract_said(contract),
        avg=Number(avg),
        share=Number(share, places=0),
        n=samples,
        value=Number(value, sign=True),
    )
    if aces:
        return t(
            "Announces {bid} with the four aces: {avg} tricks on average, makes in {share}% of {n} "
            "samples, worth {value} chips.",
            **said,
        )
    return t(
        "Announces {bid}: {avg} tricks on average, makes in {share}% of {n} samples, worth {value} chips.",
        **said,
    )


def call_words(kind: str) -> Msg:
    """A defence call in a list of the others ("take the other along +1.5")."""
    if kind == "in":
        return t("in")
    if kind == "out":
        return t("out")
    if kind == "alone":
        return t("alone")
    if kind == "take_you":
        return t("take the other along")
    return t("let the other go alone")


def _call_head(kind: str) -> Msg:
    """The call chosen, at the head of its reason."""
    if kind == "in":
        return t("In")
    if kind == "out":
        return t("Out")
    if kind == "alone":
        return t("Alone")
    if kind == "take_you":
        return t("Take the other along")
    return t("Let the other go alone")


def defence(
    kind: str,
    avg: float,
    contract: Contract,
    share: float,
    samples: int,
    worth: float,
    others: Mapping[str, float],
) -> Msg:
    listed = tuple(
        t("{call} {worth}", call=call_words(k), worth=Number(v, sign=True)) for k, v in others.items()
    )
    return t(
        "{call}: the bidder takes {avg} tricks on average and makes {bid} in {share}% of {n} samples; "
        "this is worth {worth} chips to it ({others}).",
        call=_call_head(kind),
        avg=Number(avg),
        bid=contract_said(contract),
        share=Number(share, places=0),
        n=samples,
        worth=Number(worth, sign=True),
        others=Join(listed, "comma"),
    )


def all_alike() -> Msg:
    return t("Its cards are all alike here.")


def plays(card: Card, bidder: bool, avg: float, samples: int, worth: float) -> Msg:
    said: dict[str, Arg] = dict(card=card, avg=Number(avg), n=samples, worth=Number(worth, sign=True))
    if bidder:
        return t(
            "Plays {card}: after it it takes {avg} tricks on average over {n} samples, worth {worth} "
            "chips to the bidder.",
            **said,
        )
    return t(
        "Plays {card}: after it the bidder takes {avg} tricks on average over {n} samples, worth "
        "{worth} chips to the bidder.",
        **said,
    )
