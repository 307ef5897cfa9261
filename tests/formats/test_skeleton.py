"""Every game's formats package has the one shape (issue 27; docs/architecture.md, "Adding a game"):
a module per kind named after the kind, which registers the kind and holds its checks; `refs.py`
for the references between its files; `templates.py` the one source of new files. The games are
the registered ones, so a new game is checked by registering, without editing this test."""
from __future__ import annotations

import ast
import importlib
from importlib.util import find_spec
from pathlib import Path

import pytest

from gridsmith.formats import registry

SPECS = registry.all_kinds()
GAMES = sorted({spec.game for spec in SPECS})


def _package(game: str) -> str:
    return f"gridsmith.formats.{game}"


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.kind)
def test_each_kind_lives_in_the_module_named_after_it_with_its_checks(spec):
    module = f"{_package(spec.game)}.{spec.kind.split('.', 1)[1]}"
    assert spec.model.__module__ == module
    assert importlib.import_module(module).__dict__.get(spec.model.__name__) is spec.model
    assert [c.__module__ for c in spec.checks] == [module] * len(spec.checks)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_refs_and_templates(game):
    assert find_spec(f"{_package(game)}.refs") is not None, f"formats/{game}/refs.py"
    templates = importlib.import_module(f"{_package(game)}.templates").TEMPLATES
    kinds = {s.kind for s in SPECS if s.game == game}
    assert set(templates) <= kinds
    # saved games are made by the engine (a new game of the scenario template); every other kind has one
    assert set(templates) == {k for k in kinds if not k.endswith(".save")}


@pytest.mark.parametrize("game", GAMES)
def test_references_are_declared_in_refs_only(game):
    folder = Path(find_spec(_package(game)).origin).parent
    for path in sorted(folder.glob("*.py")):
        if path.name == "refs.py":
            continue
        calls = [n for n in ast.walk(ast.parse(path.read_text("utf-8")))
                 if isinstance(n, ast.Call) and getattr(n.func, "id", getattr(n.func, "attr", None)) == "declare"]
        assert not calls, f"{path.name} declares references: they belong in refs.py"


@pytest.mark.parametrize("game", GAMES)
def test_no_kind_module_keeps_a_template_of_its_own(game):
    """templates.py is the one source: formats.templates no longer looks for `template()` beside the model."""
    for spec in SPECS:
        if spec.game == game:
            assert not hasattr(importlib.import_module(spec.model.__module__), "template"), spec.kind
