"""The habits we keep are checked by the one test command: `.ci/run` runs exactly the README's
command, and that command lints, checks the formatting, type-checks (the bench scripts too),
runs the engine's doctests and the test suite."""

from __future__ import annotations

import ast
import re
import shlex
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_test_command() -> str:
    """The command in the README's "Run the tests" paragraph."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("**Run the tests**") :]
    found = re.search(r"```sh\n(.+?)\n```", section, re.S)
    assert found is not None, "the README's test paragraph has no sh block"
    return found.group(1).strip()


def steps(command: str) -> list[str]:
    return [" ".join(shlex.split(step)) for step in command.split("&&")]


def pyproject() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_ci_runs_exactly_the_readme_test_command() -> None:
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert readme_test_command() in lines


def test_the_test_command_lints_checks_formatting_types_and_tests() -> None:
    assert steps(readme_test_command())[2:] == [
        ".venv/bin/ruff check .",
        ".venv/bin/ruff format --check .",
        ".venv/bin/mypy",
        ".venv/bin/python -m pytest -q",
    ]


def test_the_one_pytest_run_includes_the_engine_doctests() -> None:
    options = pyproject()["tool"]["pytest"]["ini_options"]  # type: ignore[index]
    assert "--doctest-modules" in options["addopts"].split()
    assert "engine" in options["testpaths"]


def test_mypy_checks_the_bench_scripts_too() -> None:
    files = pyproject()["tool"]["mypy"]["files"]  # type: ignore[index]
    assert set(files) >= {"engine", "bot", "cogs", "bench"}


# The tools the tests share live once in tests/helpers (fixtures in conftest.py): a test module
# or bench script that spells out a card notation, or writes its own panel fetch, table opener,
# seed patch or dealt table, is a copy.
SHARED_TOOLS = {"fetch", "private", "open_table", "fixed_seed", "dave"}
SUIT_NAMES = {"spades", "hearts", "diamonds", "clubs", "coins", "cups", "swords", "crowns", "locks", "fruit"}
# bench/restore.py saves tables as the service would after a restart (a computer seat, the
# seating drawn by the match, a few random moves): a snapshot maker, not a dealt test table.
NOT_A_DEALT_TABLE = {("bench/restore.py", "template")}


def notation_letters(node: ast.AST) -> bool:
    """A dict from short letters to suit names: `{"S": "spades", ...}`, `{"Cr": "crowns", ...}`."""
    if not isinstance(node, ast.Dict) or not node.keys:
        return False
    keys = [k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
    values = {v.value for v in node.values if isinstance(v, ast.Constant)}
    return len(keys) == len(node.keys) and all(len(k) <= 2 for k in keys) and bool(values & SUIT_NAMES)


def copies_in(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    where = path.relative_to(ROOT).as_posix()
    patched = source.count("bot.tables.hand." + "new_seed")
    found = [f"{where}: monkeypatches the deal seed"] * patched
    tree = ast.parse(source)
    found += [f"{where}:{n.lineno}: spells out card letters" for n in ast.walk(tree) if notation_letters(n)]
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if node.name in SHARED_TOOLS and path.name != "conftest.py":
                found.append(f"{where}:{node.lineno}: defines {node.name}()")
            calls = {
                n.func.attr if isinstance(n.func, ast.Attribute) else getattr(n.func, "id", "")
                for n in ast.walk(node)
                if isinstance(n, ast.Call)
            }
            if {"TableState", "new_hand"} <= calls and (where, node.name) not in NOT_A_DEALT_TABLE:
                found.append(f"{where}:{node.lineno}: deals a hand into a Table in {node.name}()")
    return found


def test_the_tests_write_each_shared_tool_once() -> None:
    paths = [*ROOT.glob("tests/**/*.py"), *ROOT.glob("bench/*.py")]
    helpers = ROOT / "tests" / "helpers"
    copies = [line for path in sorted(paths) if helpers not in path.parents for line in copies_in(path)]
    assert not copies, "\n".join(copies)
