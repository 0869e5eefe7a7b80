"""A stepped hand (`PrimaCartaOptions.stepped`) deals the passes after the copa one at a
time, each on its own `Deal`, so a table can show every pass (issue 23); the cards, the
passes and the result are those of the hand dealt at once."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.prima_carta import Copa, Deal, Phase, PrimaCarta, PrimaCartaOptions

SEATS = ["crowns", "locks", "fruit"]


def copa_all(g: PrimaCarta) -> None:
    while g.phase is Phase.COPA and g.to_act is not None:
        seat = g.to_act
        g.apply(seat, next(a for a in g.legal_actions(seat) if isinstance(a, Copa)))


@pytest.mark.parametrize("variant", ["classic", "jasper"])
@pytest.mark.parametrize("pauses", [False, True])
def test_a_stepped_hand_deals_one_pass_per_deal_and_ends_as_the_hand_dealt_at_once(
    variant: str, pauses: bool
) -> None:
    stepped_hands = 0
    for seed in range(40):
        whole = PrimaCarta.new(PrimaCartaOptions(pauses=pauses, variant=variant), SEATS, seed)
        stepped = PrimaCarta.new(PrimaCartaOptions(pauses=pauses, variant=variant, stepped=True), SEATS, seed)
        for g in (whole, stepped):
            if g.phase is Phase.DEAL:
                g.apply(g.prima, Deal())
            copa_all(g)
            if g.phase is Phase.REPASSO:
                g.apply(g.prima, Deal())
        if whole.phase is not Phase.OVER or len(whole.log) <= 1:
            continue
        # After the copa the stepped hand has dealt the first pass of the repasso only.
        assert [entry.number for entry in stepped.log] == [1, 2]
        passes = 2
        while stepped.phase is Phase.PASSES:
            assert not stepped.awaiting and stepped.legal_actions(stepped.prima) == []
            # Each Deal deals exactly one pass, logged as its own event.
            events = stepped.apply(stepped.prima, Deal())
            passes += 1
            assert len(stepped.log) == passes
            assert events[0].kind == "pass" and f"Pass {passes}:" in events[0].text
            assert PrimaCarta.from_json(stepped.to_json()).to_json() == stepped.to_json()
        if passes > 2:
            stepped_hands += 1
        assert stepped.phase is Phase.OVER
        assert stepped.log == whole.log and stepped.outcome == whole.outcome
        assert [e.text for e in stepped.events] == [e.text for e in whole.events]
    assert stepped_hands >= 5, "too few hands with a repasso of several passes to test"


def test_deal_is_refused_while_the_copa_is_being_decided() -> None:
    g = PrimaCarta.new(PrimaCartaOptions(stepped=True), SEATS, 3)
    assert g.phase is Phase.COPA
    with pytest.raises(IllegalAction):
        g.apply(g.prima, Deal())
