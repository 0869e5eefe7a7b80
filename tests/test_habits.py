"""The habits we keep are checked by the one test command: `.ci/run` runs exactly the README's
command, and that command lints, checks the formatting, type-checks (the bench scripts too),
runs the engine's doctests and the test suite."""

from __future__ import annotations

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
