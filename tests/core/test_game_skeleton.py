"""Every registered game has the one skeleton of docs/architecture.md ("One skeleton per layer"), so a
reader finds a role in the same file in every game. The games come from the registries (the
`gridsmith.games` and `gridsmith.kinds` entry points, the editor's plugins); nothing here names one,
so a new game is checked as soon as it registers. The formats packages have their own, finer test
(tests/formats/test_skeleton.py: a module per kind with its checks, refs.py, templates.py)."""
from __future__ import annotations

import ast
import importlib
import tomllib
from pathlib import Path

import pytest

from gridsmith.engine.core import games

ROOT = Path(__file__).resolve().parents[2]
GAMES = games.names()

# engine/<game>/: the files every game has (game-specific rules modules sit beside them)
ENGINE_FILES = ("api.py", "game.py", "state.py", "actions.py", "events.py", "agents.py", "saves.py",
                "terminal.py", "checks.py", "edits.py")
EDITOR_FILES = ("play.py", "art.py")


def test_games_are_registered():
    assert len(GAMES) >= 5, GAMES


@pytest.mark.parametrize("game", GAMES)
def test_engine_package_has_the_skeleton(game):
    folder = ROOT / "engine" / game
    missing = [name for name in ENGINE_FILES if not (folder / name).is_file()]
    assert not missing, f"engine/{game}/ lacks {missing}"
    assert games.get(game).__class__.__module__ == f"gridsmith.engine.{game}.api"


@pytest.mark.parametrize("game", GAMES)
def test_api_imports_at_module_level_only(game):
    """api.py wires the game's modules together; an import inside a function there hides a cycle."""
    tree = ast.parse((ROOT / "engine" / game / "api.py").read_text(encoding="utf-8"))
    late = [node.lineno for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
            for node in ast.walk(fn) if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert not late, f"engine/{game}/api.py imports inside functions at lines {late}"


@pytest.mark.parametrize("game", GAMES)
def test_engine_package_exports_no_second_way_to_start(game):
    package = importlib.import_module(f"gridsmith.engine.{game}")
    assert not hasattr(package, "new_game"), f"gridsmith.engine.{game}.new_game: start games with GAME.new_game"


@pytest.mark.parametrize("game", GAMES)
def test_editor_package_has_the_skeleton(game):
    pytest.importorskip("PySide6")
    from gridsmith.editor.core import plugins

    folder = ROOT / "editor" / game
    missing = [name for name in EDITOR_FILES if not (folder / name).is_file()]
    assert not missing, f"editor/{game}/ lacks {missing}"
    edited = [p for p in plugins.all_plugins() if p.kind.split(".")[0] == game]
    assert edited, f"no editor plugin for {game}"
    for plugin in edited:
        expected = f"gridsmith.editor.{game}.{plugin.kind.split('.', 1)[1]}_editor"
        assert plugin.editor_class.__module__ == expected, f"{plugin.kind}'s editor lives in {plugin.editor_class.__module__}"


@pytest.mark.parametrize("game", GAMES)
def test_tests_follow_the_shape(game):
    assert any((ROOT / "tests" / game).glob("test_*.py")), f"tests/{game}/ holds no tests"


def test_every_game_is_under_the_independence_contract():
    """The import-linter contract that keeps games apart lists them (a contract cannot say "every
    sub-package but core"); a game missing from it would be silently unchecked."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    independent = [c for c in contracts if c.get("containers") and c["type"] == "layers"]
    assert independent, "no contract keeps the games independent"
    listed = {name.strip() for c in independent for layer in c["layers"] for name in layer.split("|")}
    assert set(GAMES) <= listed, f"not in the independence contract: {sorted(set(GAMES) - listed)}"
