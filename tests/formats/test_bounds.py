"""Every number that drives a loop, a list size or a search budget has an upper bound (issue 28, "a
hang"): the published schemas say it, the validator refuses beyond it at the number, and the engines
refuse a model that skipped validation (a save replays through the same bounds)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gridsmith.engine.core import games
from gridsmith.engine.core.bounds import require_bounds, violations
from gridsmith.engine.core.errors import ScenarioError
from gridsmith.formats import registry
from gridsmith.formats.loader import load_text
from gridsmith.formats.schema import render

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"
#: a save's own numbers that drive nothing: they are compared with a replay, never looped over
SAVE_ONLY = {"seed", "snapshot", "version"}


def _unbounded(schema: dict, node: dict, path: tuple, out: list, seen: frozenset = frozenset()) -> None:
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        if name not in seen:
            _unbounded(schema, schema["$defs"][name], path, out, seen | {name})
    if node.get("type") in ("integer", "number") and not {"maximum", "exclusiveMaximum", "const", "enum"} & set(node):
        out.append(".".join(map(str, path)))
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in node.get(key, []):
            _unbounded(schema, sub, path, out, seen)
    for key, sub in node.get("properties", {}).items():
        if not (path == () and key in SAVE_ONLY):
            _unbounded(schema, sub, (*path, key), out, seen)
    for key in ("items", "additionalProperties"):
        if isinstance(node.get(key), dict):
            _unbounded(schema, node[key], (*path, "*"), out, seen)


@pytest.mark.parametrize("kind", sorted(s.kind for s in registry.all_kinds()))
def test_every_number_of_every_kind_has_a_published_upper_bound(kind):
    schema = json.loads(render(registry.get(kind)))
    out: list[str] = []
    _unbounded(schema, schema, (), out)
    assert not out, f"{kind}: numbers without an upper bound: {out}"


def _with(text: str, key: str, value: str) -> tuple[str, int]:
    """`text` with the first `key:` line's value replaced, and that line's number (1-based)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(rf"^(\s*){key}:", line)
        if m:
            lines[i] = f"{m.group(1)}{key}: {value}"
            return "\n".join(lines) + "\n", i + 1
    raise AssertionError(f"no {key}: in the file")


def test_the_issues_missile_parameter_is_refused_at_the_number():
    text, line = _with((CONTENT / "kongbots" / "default.rules.yaml").read_text(), "warheads", "9000000000000000000")
    diags = load_text(text, "huge.rules.yaml").diagnostics
    errors = [d for d in diags if d.severity.value == "error"]
    assert errors and errors[0].line == line and errors[0].path == ("missiles", "warheads")
    assert "less than or equal to 20" in errors[0].message


@pytest.mark.parametrize("game, file, key", [
    ("pendulous", "default.rules.yaml", "max_actions_per_turn"),
    ("pendulous", "duel.scn.yaml", "turns"),
    ("circuitwar", "default.rules.yaml", "move_actions"),
    ("circuitwar", "default.rules.yaml", "max_turns"),
    ("kongbots", "default.rules.yaml", "hits_outside_ecm"),
])
def test_loop_counts_beyond_their_bound_are_refused(game, file, key):
    text, line = _with((CONTENT / game / file).read_text(), key, "9000000000000000000")
    errors = [d for d in load_text(text, file).diagnostics if d.severity.value == "error"]
    assert [d.line for d in errors] == [line] and errors[0].path[-1] == key


def test_a_save_replays_through_the_same_bounds():
    """The ruleset embedded in a Kongbots save is refused at its own number, before any replay."""
    game = games.get("kongbots")
    state = game.new_game(CONTENT / "kongbots" / "scout-duel.scn.yaml", 3)
    text = game.save_text(game.save(state, ["random", "random"]))
    head, tail = text.split("    description: The manual's rules and gladiatorial limits.\n")
    text = head + "    missiles:\n      warheads: 9000000000000000000\n" + tail
    line = head.count("\n") + 2
    errors = [d for d in load_text(text, "huge.sav.yaml").diagnostics if d.severity.value == "error"]
    assert errors and errors[0].line == line and errors[0].path[-2:] == ("missiles", "warheads")


def _loop_parameter(name, res):
    """A model of the game's scenario with one loop-driving number beyond its bound, built the way
    validation does not see: `model_copy(update=...)` skips it."""
    if name == "kongbots":
        r = res.ruleset
        return res.model_copy(update={"ruleset": r.model_copy(update={
            "missiles": r.missiles.model_copy(update={"warheads": 9 * 10**18})})})
    if name == "pendulous":
        return res.model_copy(update={"settings": res.settings.model_copy(update={"turns": 10**15})})
    if name == "circuitwar":
        return res.model_copy(update={"players": [p.model_copy(update={"energy": 10**15}) for p in res.players]})
    if name == "pyramids":
        import dataclasses
        return dataclasses.replace(res, options=res.options.model_copy(update={"level": 10**6}))
    if name == "pendulum":
        import dataclasses
        rs = res.ruleset
        return dataclasses.replace(res, ruleset=rs.model_copy(update={
            "provinces": rs.provinces.model_copy(update={"display": 10**12})}))
    raise AssertionError(name)


@pytest.mark.parametrize("name", games.names())
def test_engines_refuse_a_model_that_skipped_validation(name):
    game = games.get(name)
    scenario = next(p for p in sorted((CONTENT / name).glob("*.scn.yaml")))
    state = game.new_game(scenario, 1)  # the bundled scenario plays ...
    res = _scenario_of(name, state)
    assert not list(violations(res))
    bad = _loop_parameter(name, res)
    with pytest.raises(ScenarioError, match="must be"):  # ... and the same beyond a bound does not start
        game.new_state(bad, 1, None, scenario.parent)


def _scenario_of(name, state):
    return {"kongbots": lambda: state.scenario, "pendulous": lambda: state.scenario,
            "circuitwar": lambda: state.scenario, "pyramids": lambda: state.resolved,
            "pendulum": lambda: state.state.res}[name]()


def test_require_bounds_names_the_field_and_the_bound():
    from gridsmith.formats.kongbots.ruleset import Missiles
    m = Missiles().model_copy(update={"warheads": 21})
    with pytest.raises(ScenarioError) as e:
        require_bounds(m, "the ruleset")
    assert str(e.value) == "the ruleset: warheads is 21; it must be at most 20"


def _schema_bounds(kind: str) -> list[tuple[str, object, object]]:
    out: list[tuple[str, object, object]] = []

    def walk(schema, node, path, seen=frozenset()):
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            if name not in seen:
                walk(schema, schema["$defs"][name], path, seen | {name})
        if node.get("type") in ("integer", "number") and "maximum" in node:
            out.append((".".join(path), node.get("minimum", node.get("exclusiveMinimum")), node["maximum"]))
        for key in ("anyOf", "oneOf", "allOf"):
            for sub in node.get(key, []):
                walk(schema, sub, path, seen)
        for key, sub in node.get("properties", {}).items():
            walk(schema, sub, (*path, key), seen)
        for key in ("items", "additionalProperties"):
            if isinstance(node.get(key), dict):
                walk(schema, node[key], (*path, "*"), seen)

    schema = json.loads(render(registry.get(kind)))
    walk(schema, schema, ())
    return out


@pytest.mark.parametrize("kind", sorted(s.kind for s in registry.all_kinds()
                                        if s.kind.endswith((".ruleset", ".scenario"))))
def test_each_games_table_of_bounds_says_the_models_bounds(kind):
    from fnmatch import fnmatchcase
    doc = (REPO / "docs" / "rules" / f"{kind.split('.')[0]}.md").read_text(encoding="utf-8")
    table = doc.split("\n## Bounds\n", 1)[1]
    rows = re.findall(r"^\| `([\w.]+)` \| `([\w.*]+)` \| (-?[\d,]*) \| (-?[\d,]+) \|$", table, re.M)
    mine = [(key, lo, hi) for k, key, lo, hi in rows if k == kind]
    for path, lo, hi in _schema_bounds(kind):
        said = [(l, h) for key, l, h in mine if fnmatchcase(path, key)]
        assert said, f"{kind} {path}: not in the table of bounds of docs/rules/{kind.split('.')[0]}.md"
        assert said[0] == ("" if lo is None else f"{lo:,}", f"{hi:,}"), f"{kind} {path}: {said[0]} != {lo}, {hi}"
