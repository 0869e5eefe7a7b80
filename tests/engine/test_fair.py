"""The fair deal's scheme (engine.core.fair) and its standalone check (`python -m engine.verify
FILE`), run as a member would run it: a subprocess on an exported hand, honest or tampered."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.core.fair import (
    SCHEME,
    BadSeed,
    Mix,
    canonical_text,
    check_member_seed,
    deck_seed,
    server_commitment,
    server_seed_text,
)
from engine.prima_carta.game import PrimaCarta, PrimaCartaOptions
from engine.primero.game import Primero, PrimeroOptions
from engine.verify import DEALS, MATCH, MISMATCH, UNREADABLE, check, main

ROOT = Path(__file__).resolve().parents[2]
SERVER = server_seed_text(0x5EED_CAFE_F00D)
MIX = Mix(
    table=12, hand=7, game="primero", interactions=(1_234_567_890_123_456_789,), members=((42, "lucky"),)
)


def test_the_deck_seed_changes_with_every_value_mixed_in() -> None:
    seed = deck_seed(SERVER, MIX)
    assert 0 <= seed < 2**63 and seed == deck_seed(SERVER, MIX)
    others = [
        deck_seed(server_seed_text(0x5EED_CAFE_F00E), MIX),
        deck_seed(SERVER, Mix(12, 7, "primero", (1_234_567_890_123_456_790,), ((42, "lucky"),))),
        deck_seed(SERVER, Mix(12, 7, "primero", (1_234_567_890_123_456_789,), ((42, "lucky!"),))),
        deck_seed(SERVER, Mix(12, 7, "primero", (1_234_567_890_123_456_789,), ())),
        deck_seed(SERVER, Mix(12, 8, "primero", (1_234_567_890_123_456_789,), ((42, "lucky"),))),
    ]
    assert seed not in others and len(set(others)) == len(others)


def test_the_canonical_text_is_what_a_member_can_hash_by_hand() -> None:
    text = canonical_text(SERVER, MIX)
    assert text.splitlines() == [
        SCHEME,
        f"server seed {SERVER}",
        "table 12",
        "hand 7",
        "game primero",
        "interactions 1234567890123456789",
        "member 42 lucky",
    ]
    digest = hashlib.sha256(text.encode()).digest()
    assert deck_seed(SERVER, MIX) == int.from_bytes(digest[:8], "big") >> 1
    assert server_commitment(SERVER) == hashlib.sha256(SERVER.encode()).hexdigest()
    assert len(SERVER) == 64 and server_seed_text(2**256 - 1) == "f" * 64
    with pytest.raises(ValueError):
        server_seed_text(2**256)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "can't be empty"),
        ("   ", "can't be empty"),
        ("x" * 65, "65 characters long; a fair seed is at most 64"),
        ("two\nlines", "no line breaks"),
    ],
)
def test_a_bad_member_seed_is_refused_with_a_sentence(text: str, says: str) -> None:
    with pytest.raises(BadSeed, match=says):
        check_member_seed(text)
    assert check_member_seed(" x" * 32) == ("x " * 32).strip()


# ------------------------------------------------------------------ exported hands
def export(game: str, options: dict[str, Any], server: str, mix: Mix, dealt: Any) -> dict[str, Any]:
    """An exported hand as /verify attaches it, its deal made by the game's own engine."""
    saved = dealt.to_json()
    return {
        "scheme": SCHEME,
        "table": mix.table,
        "hand": mix.hand,
        "game": game,
        "options": options,
        "server_seed": server,
        "server_commitment": server_commitment(server),
        "interactions": list(mix.interactions),
        "members": [{"id": member, "name": f"member {member}", "seed": seed} for member, seed in mix.members],
        "deck_seed": saved["seed"],
        "order": saved["order"],
        "deal_commitment": saved["commitment"],
    }


def honest_primero() -> dict[str, Any]:
    seed = deck_seed(SERVER, MIX)
    return export("primero", {}, SERVER, MIX, Primero.new(PrimeroOptions(), ["Ana", "Bruno"], seed))


def honest_jasper() -> dict[str, Any]:
    mix = Mix(3, 1, "prima_carta", (99,), ())
    seed = deck_seed(SERVER, mix)
    hand = PrimaCarta.new(PrimaCartaOptions(variant="jasper"), ["crowns", "locks"], seed)
    return export("prima_carta", {"variant": "jasper"}, SERVER, mix, hand)


def test_an_honest_hand_matches_and_the_second_seed_of_jasper_is_covered() -> None:
    for hand in (honest_primero(), honest_jasper()):
        verdict = check(hand)
        assert verdict.matches, verdict.sentence
    jasper = honest_jasper()
    jasper["options"] = {"variant": "classic"}  # as if the second shuffle were not committed
    verdict = check(jasper)
    assert not verdict.matches and "fingerprint is not the SHA-256" in verdict.sentence
    assert set(DEALS) == {"cardano", "holdout", "peg_leg", "prefa", "prima_carta", "primero", "primiera"}


def verify(tmp_path: Path, data: object, name: str = "hand.json") -> subprocess.CompletedProcess[str]:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "engine.verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_standalone_check_passes_an_honest_export_and_names_each_tampering(tmp_path: Path) -> None:
    honest = honest_primero()
    run = verify(tmp_path, honest)
    assert run.returncode == MATCH, run.stdout + run.stderr
    assert run.stdout.startswith("Hand #12-7 (primero) matches: the server seed hashes to the commitment")
    assert run.stdout.count("\n") == 1 and not run.stderr

    server = dict(honest, server_seed=server_seed_text(0x5EED_CAFE_F00E))
    run = verify(tmp_path, server)
    assert run.returncode == MISMATCH
    assert (
        "does NOT match: the server seed's SHA-256 is not the commitment published before the deal"
        in run.stdout
    )

    swapped = dict(honest, order=list(honest["order"]))
    swapped["order"][4], swapped["order"][9] = swapped["order"][9], swapped["order"][4]
    run = verify(tmp_path, swapped)
    assert run.returncode == MISMATCH
    assert (
        f"the recorded order differs from the one its seed deals at card 5 (the file has "
        f"{honest['order'][9]} where the seed deals {honest['order'][4]})"
    ) in run.stdout
    assert "the server seed's SHA-256" not in run.stdout and "the deck seed" not in run.stdout

    member = dict(honest, members=[{"id": 42, "name": "member 42", "seed": "lucky?"}])
    run = verify(tmp_path, member)
    assert run.returncode == MISMATCH
    assert "the deck seed" in run.stdout and "members' seeds gives" in run.stdout
    assert "recorded order" not in run.stdout and "server seed's SHA-256" not in run.stdout


def test_the_check_says_why_it_cannot_check_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = [
        ("{}", "it has no 'scheme'"),
        (
            json.dumps(dict(honest_primero(), scheme="ridotto fair deal 2")),
            "this verifier knows 'ridotto fair deal 1'",
        ),
        (json.dumps(dict(honest_primero(), game="poker")), "doesn't know the game 'poker'"),
        (json.dumps(dict(honest_primero(), interactions=["x"])), "'interactions' are not all whole numbers"),
        ("not json", "is not a JSON file"),
    ]
    for text, says in cases:
        path = tmp_path / "hand.json"
        path.write_text(text, encoding="utf-8")
        assert main([str(path)]) == UNREADABLE
        assert says in capsys.readouterr().err
    assert main([str(tmp_path / "nowhere.json")]) == UNREADABLE
    assert capsys.readouterr().err.startswith("Cannot read ")
    assert main([]) == UNREADABLE and "Usage: python -m engine.verify FILE" in capsys.readouterr().err
