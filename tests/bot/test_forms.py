"""Numbers typed into forms are parsed under a written grammar, never guessed."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bot.forms import MOST, read_whole, whole_number
from engine.core.errors import IllegalAction


def canonical(text: str) -> str:
    """The number an accepted field spells, written plainly: a sign only if negative, then
    the digits without separators or leading zeros."""
    body = text.strip()
    digits = body.lstrip("+-").replace(",", "").lstrip("0") or "0"
    return "-" + digits if body.startswith("-") and digits != "0" else digits


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1500", 1500),
        ("  25 ", 25),
        ("\t7\n", 7),
        ("1,500", 1500),
        ("12,345,678", 12_345_678),
        ("100,000", 100_000),
        ("0", 0),
        ("007", 7),
        ("+25", 25),
        ("-5", -5),
        ("-1,000", -1000),
    ],
)
def test_plain_and_grouped_ascii_numbers_are_read(text: str, value: int) -> None:
    assert read_whole(text) == value


@pytest.mark.parametrize(
    "text",
    [
        "--5",  # the issue: lstrip("-") let it through, int() did not
        "²",
        "①",
        "③",
        "3,0",  # was read as 30
        "1_0",  # was read as 10
        "1,00",
        ",100",
        "100,",
        "1,,000",
        "1,0000",
        "0,500",
        "１２",  # fullwidth
        "١٢",  # Arabic-Indic digits: str.isdigit() says yes
        "1e3",
        "1.5",
        "1 000",
        "+-5",
        "+",
        "-",
        "",
        "   ",
        "twenty",
        "25 chips",
    ],
)
def test_anything_else_is_not_a_number(text: str) -> None:
    assert read_whole(text) is None
    with pytest.raises(IllegalAction, match=r"must be a whole number of chips, like 25 — not “"):
        whole_number(text, "bet", "chips", least=1)


def test_the_sentences_for_the_player() -> None:
    with pytest.raises(IllegalAction) as caught:
        whole_number("five", "bet", "chips", least=1)
    assert str(caught.value) == "The bet must be a whole number of chips, like 25 — not “five”."
    with pytest.raises(IllegalAction) as caught:
        whole_number("-5", "bet", "chips", least=1)
    assert str(caught.value) == "The bet must be at least 1 chip."
    with pytest.raises(IllegalAction) as caught:
        whole_number("0", "total", "points", least=20)
    assert str(caught.value) == "The total must be at least 20 points."
    with pytest.raises(IllegalAction) as caught:
        whole_number("1" * 30, "bet", "chips", least=1)
    assert str(caught.value) == f"The bet must be at most {MOST:,} chips."
    with pytest.raises(IllegalAction) as caught:
        whole_number("x" * 50, "bet", "chips", least=1)
    assert str(caught.value).endswith(f"not “{'x' * 20}”.")


def test_the_largest_number_is_accepted_and_one_more_is_not() -> None:
    assert whole_number(f"{MOST:,}", "bet", "chips", least=1) == MOST
    with pytest.raises(IllegalAction, match="at most"):
        whole_number(str(MOST + 1), "bet", "chips", least=1)
    assert MOST < 2**63 - 1  # whatever a form accepts fits an SQLite integer


def test_a_number_thousands_of_digits_long_is_refused_without_converting_it() -> None:
    # int() refuses strings over 4,300 digits with a ValueError; the parser never asks it.
    assert read_whole("9" * 100_000) is not None
    with pytest.raises(IllegalAction, match="at most"):
        whole_number("9" * 100_000, "bet", "chips", least=1)


@given(st.text())
@example("--5")
@example("①")
@example("3,0")
@example("1_0")
@example(" 0001,000")
def test_any_text_is_a_number_that_round_trips_or_a_sentence(text: str) -> None:
    value = read_whole(text)
    if value is not None:
        body = text.strip()
        assert body.isascii() and set(body) <= set("0123456789,+-")
        if abs(value) <= MOST:
            assert canonical(text) == str(value)
        else:
            assert len(canonical(text).lstrip("-")) > len(str(MOST))
    try:
        got = whole_number(text, "bet", "chips", least=1)
    except IllegalAction:
        return
    assert got == value and 1 <= got <= MOST


@given(st.integers(min_value=0, max_value=10**40))
def test_every_whole_number_reads_back_plain_and_grouped(n: int) -> None:
    for written in (str(n), f"{n:,}", f" {n:,}\n", f"+{n}"):
        value = read_whole(written)
        if n <= MOST:
            assert value == n, written
        else:
            assert value is not None and value > MOST, written


@given(st.integers(min_value=1, max_value=MOST))
def test_every_allowed_bet_is_accepted_as_typed(n: int) -> None:
    assert whole_number(str(n), "bet", "chips", least=1) == n
    assert whole_number(f"{n:,}", "bet", "chips", least=1) == n
