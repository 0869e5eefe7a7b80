"""Issue 20, item 3: the table service's pieces (`hand`, `lobby`, `autoplay`, `wagers`,
`offers`) hold the one commit path and only what they need, never the whole service; and
the service returns what changed instead of calling back into the cog."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from bot.tables import TableService
from bot.tables.commit import Commit, TableChange

ROOT = Path(__file__).resolve().parents[2]
PIECES = ("hand", "lobby", "autoplay", "wagers", "offers", "ratings")


def test_the_service_pieces_are_handed_the_commit_path_and_never_the_service() -> None:
    for piece in PIECES:
        tree = ast.parse((ROOT / "bot" / "tables" / f"{piece}.py").read_text(encoding="utf-8"))
        names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        imported = {
            alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names
        }
        assert "TableService" not in names | imported, f"{piece}.py knows the whole service"
        assert "service" not in attributes, f"{piece}.py reaches into self.service"
        assert "_committed" not in attributes, f"{piece}.py calls a private part of the service"


def test_the_commit_path_is_an_object_of_its_own_that_rolls_back_memory_and_database() -> None:
    for method in ("log", "transfer", "save", "commit", "rolled_back"):
        assert callable(getattr(Commit, method, None)), f"Commit has no {method}"


def test_the_service_returns_what_changed_and_never_calls_back_into_the_cog() -> None:
    service = inspect.getsource(TableService)
    assert "on_change" not in service and "on_turn" not in service
    for method in (TableService.click, TableService.click_private):
        assert "respond" not in inspect.signature(method).parameters
    fields = set(TableChange.__dataclass_fields__)
    assert {"table", "note", "redraw", "ping"} <= fields
