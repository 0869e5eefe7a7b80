"""Issue 20, item 1: one place knows every control. Each custom-id format is defined once,
as data, and round-trips; the id strings on members' screens today still parse (a deploy
must not break the buttons already posted); one router sends each control to the handler a
cog registered; panel state lives in one object; each cog does one job."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import discord
import pytest

from bot import components
from bot.components import (
    BET_FORM,
    BET_SELECT,
    OFFER_ANSWER,
    OFFER_FORM,
    OFFER_SELECT,
    PANEL_BUTTON,
    PANEL_FORM,
    PANEL_SELECT,
    TABLE_MOVE,
    ComponentRouter,
    Kind,
)
from bot.tables import Table

ROOT = Path(__file__).resolve().parents[2]

#: custom ids exactly as the bot before issue 20 wrote them (cogs/tables.py's f-strings)
TODAYS_IDS = [
    (TABLE_MOVE, "rd:12:7:copa", {"table": 12, "version": 7, "key": "copa"}),
    (TABLE_MOVE, "rd:3:0:join.crowns", {"table": 3, "version": 0, "key": "join.crowns"}),
    (
        PANEL_BUTTON,
        "rp:5:swords:h3.2:play.0.3",
        {"table": 5, "seat": "swords", "token": "h3.2", "key": "play.0.3"},
    ),
    (PANEL_SELECT, "rs:5:2:h1.0:pass", {"table": 5, "seat": "2", "token": "h1.0", "key": "pass"}),
    (PANEL_FORM, "rm:9:north:h4.1:bid", {"table": 9, "seat": "north", "token": "h4.1", "key": "bid"}),
    (BET_SELECT, "rbs:4:h2:kind", {"table": 4, "hand": 2, "key": "kind"}),
    (BET_SELECT, "rbs:4:h2:pick.prima", {"table": 4, "hand": 2, "key": "pick.prima"}),
    (BET_FORM, "rbm:4:h2:prima", {"table": 4, "hand": 2, "key": "prima", "pick": ""}),
    (BET_FORM, "rbm:4:h2:prima:cups", {"table": 4, "hand": 2, "key": "prima", "pick": "cups"}),
    (OFFER_SELECT, "rof:8:h1", {"table": 8, "hand": 1}),
    (OFFER_FORM, "rom:8:h1:fuerza.2", {"table": 8, "hand": 1, "kind": "fuerza", "seat": 2}),
    (OFFER_ANSWER, "roa:8:h1:3:accept", {"table": 8, "hand": 1, "offer": 3, "answer": "accept"}),
    (OFFER_ANSWER, "roa:8:h1:3:decline", {"table": 8, "hand": 1, "offer": 3, "answer": "decline"}),
]


@pytest.mark.parametrize(("format", "custom", "values"), TODAYS_IDS, ids=[c for _, c, _ in TODAYS_IDS])
def test_todays_custom_ids_parse_and_every_format_round_trips_byte_for_byte(
    format: components.CustomId, custom: str, values: dict[str, int | str]
) -> None:
    fields = format.parse(custom)
    assert fields == values
    assert format(**values) == custom
    others = [f for f in components.FORMATS if f is not format and f.parse(custom) is not None]
    assert not others, f"{custom} reads as more than one format"


def test_no_custom_id_format_is_spelled_out_outside_the_components_module() -> None:
    spelled = re.compile(r"""f?["'](rd|rp|rs|rm|rbs|rbm|rof|rom|roa):""")
    for path in [*ROOT.joinpath("cogs").glob("*.py"), *ROOT.joinpath("bot").rglob("*.py")]:
        if path.name == "components.py":
            continue
        found = spelled.search(path.read_text(encoding="utf-8"))
        assert found is None, f"{path.relative_to(ROOT)} spells out a custom id: {found and found.group(0)}"


async def test_one_router_sends_each_control_to_the_handler_a_cog_registered() -> None:
    seen: list[tuple[str, dict[str, int | str], list[str]]] = []

    def handler(name: str):  # type: ignore[no-untyped-def]
        async def handle(interaction: discord.Interaction, values: list[str], **fields: int | str) -> None:
            seen.append((name, fields, values))

        return handle

    router = ComponentRouter(lambda *_: None, ValueError, lambda *_: None)  # type: ignore[arg-type,return-value]
    router.on(TABLE_MOVE, handler("move"))
    router.on(TABLE_MOVE, handler("bet panel"), key="bet")
    router.on(PANEL_FORM, handler("form"))
    move = router.route(Kind.BUTTON, "rd:1:2:copa")
    bet = router.route(Kind.BUTTON, "rd:1:2:bet")
    assert move is not None and bet is not None
    await move[0](None, [], **move[1])
    await bet[0](None, [], **bet[1])
    assert [name for name, _, _ in seen] == ["move", "bet panel"]
    assert router.route(Kind.BUTTON, "rm:1:x:h1.0:bid") is None, "a form id on a button is no form"
    assert router.route(Kind.FORM, "rm:1:x:h1.0:bid") is not None
    assert router.route(Kind.BUTTON, "rx:1") is None


def test_cogs_do_one_job_each_and_play_imports_no_other_cog() -> None:
    for path in ROOT.joinpath("cogs").glob("*.py"):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 400, f"{path.name} has {lines} lines"
        assert "DynamicItem" not in path.read_text(encoding="utf-8"), path.name
    tree = ast.parse(ROOT.joinpath("cogs", "play.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {name for name in imported if name and name.startswith("cogs")}


def test_panel_state_lives_in_one_object_not_on_the_table() -> None:
    for name in ("ping_message_id", "fresh_panels", "pinged", "ping_failed"):
        assert name not in Table.__init__.__code__.co_names, f"Table still keeps {name}"


def test_a_forms_values_come_in_the_order_of_its_boxes_a_list_as_one_value() -> None:
    # A submitted form as Discord sends it: text boxes in action rows, lists in labels.
    data = {
        "components": [
            {"type": 18, "id": 1, "component": {"type": 3, "custom_id": "type", "values": ["numerus"]}},
            {"type": 1, "id": 2, "components": [{"type": 4, "custom_id": "total", "value": "25"}]},
            {"type": 18, "id": 3, "component": {"type": 3, "custom_id": "discard", "values": ["0", "3"]}},
            {"type": 18, "id": 4, "component": {"type": 3, "custom_id": "none", "values": []}},
        ]
    }
    assert components.form_values(data) == ["numerus", "25", "0,3", ""]
