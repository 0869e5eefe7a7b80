"""engine/ stays pure: no Discord, bot or cog imports, no I/O or clocks, no global random."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN = {"discord", "bot", "cogs", "time", "datetime", "os", "io", "socket", "asyncio", "logging"}


def imported_modules(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_engine_sources_import_nothing_impure() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert files
    for path in files:
        bad = imported_modules(path) & FORBIDDEN
        assert not bad, f"{path.relative_to(ENGINE.parent)} imports {sorted(bad)}"


def test_engine_uses_no_global_random() -> None:
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            named = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            if named and node.value.id == "random":  # type: ignore[attr-defined]
                assert node.attr == "Random", f"{path.name} uses random.{node.attr}"
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                raise AssertionError(f"{path.name} imports from random")


def test_importing_engine_loads_no_discord() -> None:
    code = (
        "import sys, engine, engine.core.cards, engine.core.rng, engine.core.players, "
        "engine.prima_carta, engine.prima_carta.players, engine.holdout, engine.holdout.players, "
        "engine.primero, engine.primero.players, engine.prefa, engine.prefa.players, "
        "engine.primiera, engine.primiera.players, engine.cardano, engine.cardano.players; "
        "bad = [m for m in ('discord', 'bot', 'cogs') if m in sys.modules]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ENGINE.parent, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
