"""The layout DESIGN.md §3 promises: a game is a plug-in, and nothing shared names one.

- Outside a game's own packages (`bot/games/<game>/`, `engine/<game>/`), no module in `bot/`
  or `cogs/` names the game, its actions or its options. A game package may name its own
  game, never another.
- `cogs/` holds only cogs: each module defines the `setup` an extension needs.
- `engine/` imports nothing from `bot/`, `cogs/` or discord.

What counts as naming, read from the registry and the engines (so a new game is covered by
registering it):

- a game: its id and its name in any spelling ("prima_carta", "Prima Carta", "PrimaCarta",
  "prima-carta", "PRIMA_CARTA"), in an identifier, an import or a string literal;
- an action: the class name of each of the engine's moves (a pydantic model with a `kind`
  field), as an identifier. Not in string literals: several are everyday words a table
  uses in its own sentences ("Seconds a player has to act", "Fold").
- an option: each field of the game's options model, read off a table's options
  (`table.options.lines`, `options["variant"]`, `options.get("division")`) anywhere; and
  where the field name is not also a word the table layer uses for its own things
  (`COMMON_WORDS`), as any identifier or whole word in a string literal.

Comments and docstrings are not scanned: they may cite a game as an example ("a seat
choice — Prima Carta: the suit a player backs") without tying the code to it.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from bot.games import GAMES, Plugin

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("bot", "cogs")

COMMON_WORDS = {
    "stack": "stack games: the stacks a table holds for each seat (HandSetup.stacks, TableState.stacks)",
    "ante": "the ledger's reason for what a seat pays at the deal (HandByHand.opening_costs)",
    "target": "ScoreGame.target(), the hook through which a points game says when a game ends",
    "deck": "the deck commitment every hand publishes, and engine.core's decks",
    "lines": "lines of text: the table log, reports",
    "direction": "the way a match passes the deal (engine.core.match.Match.new(direction=...))",
    "house": "the ledger's house account (bot.storage.HOUSE) and what a hand pays it (Outcome.house)",
    "bets": "bets as the table layer and the games' texts speak of them (onlookers' wagers, bet limits)",
}
"""Option fields whose name is also a word the table layer uses for its own things, and
what for. These are forbidden only when read off a table's options."""


# ------------------------------------------------------------------------- what a game is
def words(text: str) -> list[str]:
    """`"PrimaCartaPlugin"`, `"prima_carta"`, `"/play prima-carta"` -> lower-case words."""
    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", text)]


def contains(haystack: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


def action_classes(game_id: str) -> set[str]:
    """The class names of the engine's moves: public pydantic models with a `kind` field,
    defined in the game's engine package."""
    package = importlib.import_module(f"engine.{game_id}")
    modules = [package]
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
        modules.append(importlib.import_module(info.name))
    found = set()
    for module in modules:
        for name, value in vars(module).items():
            if (
                isinstance(value, type)
                and issubclass(value, BaseModel)
                and value.__module__.startswith(package.__name__)
                and "kind" in value.model_fields
                and not name.startswith("_")
            ):
                found.add(name)
    return found


@dataclass(frozen=True)
class GameNames:
    game_id: str
    spellings: tuple[tuple[str, ...], ...]  # each a sequence of words
    actions: frozenset[str]
    options: frozenset[str]


def game_names(game_id: str, plugin: Plugin) -> GameNames:
    spellings = {tuple(words(game_id)), tuple(words(plugin.name))}
    return GameNames(
        game_id,
        tuple(sorted(spellings)),
        frozenset(action_classes(game_id)),
        frozenset(plugin.options_model.model_fields),
    )


NAMES = [game_names(game_id, plugin) for game_id, plugin in GAMES.items()]


def test_the_names_are_read_from_the_games() -> None:
    """Guards the scan itself: it knows every game's spellings, actions and options."""
    by_id = {names.game_id: names for names in NAMES}
    assert ("prima", "carta") in by_id["prima_carta"].spellings
    assert {"Copa", "Fold"} <= by_id["prima_carta"].actions
    assert {"PassCards", "PlayCard", "Seconds"} <= by_id["holdout"].actions
    assert {"lines", "deck"} <= by_id["holdout"].options
    assert {"variant", "bid_limit", "repass", "overstate", "division"} <= by_id["primero"].options


# ------------------------------------------------------------------------------ the scan
def documentation(tree: ast.AST) -> set[int]:
    """ids of string constants that are documentation: docstrings, and the bare strings
    that document a module-level name or a class attribute."""
    docs = set()
    for node in ast.walk(tree):
        value = node.value if isinstance(node, ast.Expr) else None
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            docs.add(id(value))
    return docs


def identifiers(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.Attribute):
        yield node.attr
    elif isinstance(node, ast.alias):
        yield node.name
        if node.asname:
            yield node.asname
    elif isinstance(node, ast.ImportFrom) and node.module:
        yield node.module
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        yield node.name
    elif isinstance(node, (ast.arg, ast.keyword)) and node.arg:
        yield node.arg


def is_options(node: ast.AST) -> bool:
    """`options`, `table.options`, `self.table.options`..."""
    return (isinstance(node, ast.Name) and node.id == "options") or (
        isinstance(node, ast.Attribute) and node.attr == "options"
    )


def option_read(node: ast.AST) -> str | None:
    """The option a node reads off a table's options, if it does."""
    if isinstance(node, ast.Attribute) and is_options(node.value):
        return node.attr
    if isinstance(node, ast.Subscript) and is_options(node.value):
        key = node.slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            return key.value
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and is_options(node.func.value)
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        return node.args[0].value
    return None


def owner(path: Path) -> str | None:
    """The game whose own package `path` is in, if any."""
    parts = path.relative_to(ROOT).parts
    if parts[:2] == ("bot", "games") and len(parts) > 3 and parts[2] in GAMES:
        return parts[2]
    return None


def problems_in(path: Path) -> Iterator[str]:
    yield from problems_in_source(str(path.relative_to(ROOT)), path.read_text(), owner(path))


def within(own: GameNames | None, spelling: tuple[str, ...]) -> bool:
    """Whether another game's name is part of this game's own name (Cardano's Primero is a
    Primero): its package may then say that name, but still not its actions or options."""
    return own is not None and any(contains(list(mine), list(spelling)) for mine in own.spellings)


#: Game names that are also ordinary words in the languages a game's own text is written in
#: (issue 26): Italian "la prima carta" is "the first card", Spanish "primero" is "first". In a
#: game's own package a string may say them as words; shared code, and identifiers, still may not.
ORDINARY_WORDS: frozenset[tuple[str, ...]] = frozenset({("prima", "carta"), ("primero",)})


def said_as_words(text: str, spelling: tuple[str, ...]) -> bool:
    """Whether `text` says `spelling` only as lower-case words ("la prima carta"), never as a
    name ("Prima Carta", "PrimaCarta", "prima_carta")."""
    found = re.findall(r"(?<![\w])" + r"[\s_]*".join(spelling) + r"(?![\w])", text, re.IGNORECASE)
    return bool(found) and all(hit == " ".join(spelling) for hit in found)


def problems_in_source(rel: str, source: str, mine: str | None) -> Iterator[str]:
    """Where the module `rel` (in game `mine`'s own package, or shared if None) names a game
    other than its own, that game's actions or its options."""
    tree = ast.parse(source, rel)
    docs = documentation(tree)
    own = next((names for names in NAMES if names.game_id == mine), None)
    for names in NAMES:
        if names.game_id == mine:
            continue
        actions = names.actions - (own.actions if own else frozenset())
        options = names.options - (own.options if own else frozenset())
        specific = options - COMMON_WORDS.keys()
        for node in ast.walk(tree):
            line = getattr(node, "lineno", "?")
            texts: list[str] = []
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                texts.append(node.value)
            for name in identifiers(node):
                texts.append(name)
                if name in actions:
                    yield f"{rel}:{line}: names {names.game_id}'s action {name}"
                if name in specific:
                    yield f"{rel}:{line}: names {names.game_id}'s option {name!r}"
            for text in texts:
                found = words(text)
                prose = mine is not None and isinstance(node, ast.Constant)
                for spelling in names.spellings:
                    if prose and spelling in ORDINARY_WORDS and said_as_words(text, spelling):
                        continue
                    if contains(found, list(spelling)) and not within(own, spelling):
                        yield f"{rel}:{line}: names the game {names.game_id} ({text!r})"
                if isinstance(node, ast.Constant):
                    hits = [field for field in specific if re.search(rf"(?<![\w]){field}(?![\w])", text)]
                    for field in hits:
                        yield f"{rel}:{line}: names {names.game_id}'s option {field!r} ({text!r})"
            read = option_read(node)
            if read in options:
                yield f"{rel}:{line}: reads {names.game_id}'s option {read!r} off a table's options"


def shared_sources() -> list[Path]:
    files = [path for top in SHARED for path in sorted((ROOT / top).rglob("*.py"))]
    assert files
    return files


def test_shared_code_names_no_game_its_actions_or_its_options() -> None:
    problems = sorted({problem for path in shared_sources() for problem in problems_in(path)})
    assert not problems, (
        "Shared code must ask the registry, not name a game (DESIGN.md §3). Move these into "
        "the game's own package, or make them a GamePlugin hook:\n  " + "\n  ".join(problems)
    )


def test_the_scan_finds_a_game_named_in_shared_code() -> None:
    """The scan itself: a shared module that names a game, an action and an option fails;
    its docstrings and comments don't count, and a game's own package may name itself."""
    source = (
        "from engine.holdout.game import PassCards\n"
        "def f(table):\n"
        "    '''Docstrings may say Holdout.'''\n"
        "    # comments may say Primero\n"
        "    x = table.options.lines\n"
        "    return 'Open a PrimaCarta table', table.options['variant'], PassCards\n"
    )
    text = "\n".join(problems_in_source("bot/_layout_probe.py", source, None))
    assert "bot/_layout_probe.py:1: names the game holdout" in text
    assert "names holdout's action PassCards" in text
    assert ":5: reads holdout's option 'lines'" in text
    assert ":6: names the game prima_carta" in text
    assert ":6: names primero's option 'variant'" in text
    assert ":3:" not in text and ":4:" not in text
    own = "\n".join(problems_in_source("bot/games/holdout/probe.py", source, "holdout"))
    assert "holdout" not in own.replace("bot/games/holdout/", "") and "prima_carta" in own
    # A game's own text in another language may use a game's name as ordinary words ("la
    # prima carta del mazzo", "el primero"), but not as the name.
    words_only = "RULES = ('Gira la prima carta del mazzo.', 'Tu palo es el primero.')\n"
    assert not list(problems_in_source("bot/games/holdout/probe.py", words_only, "holdout"))
    named = "RULES = 'Come a Prima Carta.'\n"
    assert "names the game prima_carta" in "".join(
        problems_in_source("bot/games/holdout/probe.py", named, "holdout")
    )
    assert "names the game prima_carta" in "".join(problems_in_source("bot/_probe.py", words_only, None))


# ------------------------------------------------------------------------------ cogs, engine
def test_cogs_holds_only_cogs() -> None:
    problems = []
    for path in sorted((ROOT / "cogs").rglob("*.py")):
        rel = path.relative_to(ROOT)
        if path.name == "__init__.py":
            if path.parent != ROOT / "cogs":
                problems.append(f"{rel}: cogs/ holds modules, not packages")
            continue
        tree = ast.parse(path.read_text(), str(path))
        setups = [
            node
            for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "setup"
        ]
        if not setups:
            problems.append(f"{rel}: defines no setup(bot); every module in cogs/ is an extension")
    assert not problems, "\n".join(problems)


def test_engine_imports_nothing_from_bot_cogs_or_discord() -> None:
    problems = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                modules = [node.module]
            else:
                continue
            for module in modules:
                if module.split(".")[0] in {"bot", "cogs", "discord"}:
                    problems.append(f"{path.relative_to(ROOT)}:{node.lineno}: imports {module}")
    assert not problems, "engine/ is pure rules (DESIGN.md §3):\n" + "\n".join(problems)


def imported_roots(path: Path) -> Iterator[tuple[int, str]]:
    """(line, top-level module) of every absolute import in `path`, TYPE_CHECKING ones too."""
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module.split(".")[0]


def test_the_table_service_imports_no_discord() -> None:
    """The service layer (the table service and its clock) takes the member who clicked and
    the clock's reading from outside; only cogs, renderers and the app talk to Discord."""
    service = [*sorted((ROOT / "bot" / "tables").rglob("*.py")), ROOT / "bot" / "clock.py"]
    problems = [
        f"{path.relative_to(ROOT)}:{line}: imports {module}"
        for path in service
        for line, module in imported_roots(path)
        if module == "discord"
    ]
    assert service and not problems, "\n".join(problems)


# ------------------------------------------------------------------------------ import cycles
LAYERS = ("engine", "bot", "cogs")

KNOWN_CYCLES: dict[frozenset[str], str] = {}
"""Import cycles that exist today and are due to go, each with what removes it. A cycle
counts as known when its files are among one entry's."""


def module_files() -> dict[str, Path]:
    """Every module of the layers by dotted name (a package by its `__init__.py`)."""
    files = {}
    for top in LAYERS:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            files[".".join(parts)] = path
    return files


def imports_of(module: str, path: Path, known: Mapping[str, Path]) -> set[str]:
    """The modules of the layers `module` imports anywhere in its file: at module level,
    under TYPE_CHECKING and inside functions alike (each ties the two files together). An
    import names the most precise module it reaches: `from bot.art import layout` is
    `bot.art.layout`, `from bot.art import to_png` is `bot.art`."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                target = f"{base}.{alias.name}"
                if target in known:
                    found.add(target)
                elif base in known:
                    found.add(base)
    found.discard(module)
    return found


def import_cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or round a loop (the strongly
    connected components of more than one module, by Tarjan's algorithm), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)


def test_the_cycle_finder_sees_function_level_imports(tmp_path: Path) -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert import_cycles(graph) == [["a", "b", "c"]]
    probe = tmp_path / "x.py"
    probe.write_text(
        "from . import z\n\n\ndef f() -> None:\n    from bot import y\n    from bot.y import thing\n"
    )
    known = {name: Path(name.replace(".", "/") + ".py") for name in ("bot", "bot.x", "bot.y", "bot.z")}
    assert imports_of("bot.x", probe, known) == {"bot.y", "bot.z"}


def test_no_import_cycles_between_files() -> None:
    """Files of engine/, bot/ and cogs/ that import each other (at module level or inside a
    function) are one room a newcomer cannot read in order; only the known cycles remain."""
    files = module_files()
    graph = {module: imports_of(module, path, files) for module, path in files.items()}
    cycles = import_cycles(graph)
    new = [c for c in cycles if not any(set(c) <= known for known in KNOWN_CYCLES)]
    listing = "\n  ".join(" <-> ".join(cycle) for cycle in cycles)
    assert not new, f"Import cycles between files (known ones included):\n  {listing}"
