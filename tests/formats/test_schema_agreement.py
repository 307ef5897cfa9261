"""The published schema and the validator agree (issue 28, item 2): whatever the published JSON Schema
of a kind refuses, `gridsmith validate`'s pipeline refuses too, with an error.

Hypothesis starts from a valid file of every registered kind (the kind's template, or for a saved
game a short game of each game) and changes it at one place: a number at and beyond the bounds the
schemas name, a value of the wrong type, an empty or odd string, a key removed or an unknown key
added, a list item dropped or repeated. jsonschema (Draft 2020-12, the schema in formats/schemas)
is the oracle. The validator may be stricter than the schema (it is, on purpose: whole numbers,
semantic checks), never more lenient.

`make test` runs a small budget; `make fuzz` sets GRIDSMITH_FUZZ_EXAMPLES for a long run.
"""
from __future__ import annotations

import copy
import json
import os
import re
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridsmith.formats import registry, schema
from gridsmith.formats.document import FileDocument
from gridsmith.formats.loader import load_text, validate_file
from gridsmith.formats.templates import new_model

from savekit import GAMES, save_text

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("GRIDSMITH_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="GRIDSMITH_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
BOUND_KEYS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems",
              "minLength", "maxLength")


@lru_cache(maxsize=1)
def seeds() -> dict[str, tuple[str, str]]:
    """kind -> (file suffix, text) of a valid file: every kind's template, and a save of each game."""
    out = {}
    for spec in registry.all_kinds():
        model = new_model(spec)
        if model is not None:
            out[spec.kind] = (spec.suffix, FileDocument.new(model).to_text())
    for game in GAMES:
        kind = f"{game}.save"
        out[kind] = (registry.get(kind).suffix, save_text(game, actions=12))
    return out


@lru_cache(maxsize=None)
def validator(kind: str) -> jsonschema.Draft202012Validator:
    spec = registry.get(kind)
    return jsonschema.Draft202012Validator(json.loads((schema.SCHEMA_DIR / schema.file_name(spec)).read_text("utf-8")))


def _bounds(node: Any) -> set[int]:
    """Every number a schema names as a bound, anywhere in `node`."""
    found: set[int] = set()
    if isinstance(node, dict):
        for k, v in node.items():
            if k in BOUND_KEYS and isinstance(v, (int, float)) and not isinstance(v, bool):
                found.add(int(v))
            found |= _bounds(v)
    elif isinstance(node, list):
        for v in node:
            found |= _bounds(v)
    return found


@lru_cache(maxsize=1)
def near_bounds() -> list[int]:
    """The bounds of every schema, and one either side of each: where off-by-one disagreements live."""
    bounds: set[int] = set()
    for kind in seeds():
        bounds |= _bounds(validator(kind).schema)
    return sorted({b + d for b in bounds for d in (-1, 0, 1)})


def _paths(node: Any, path: tuple = ()) -> list[tuple]:
    """Every place in the document: the root's children and everything under them."""
    out = [path] if path else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*path, i))
    return out


def _parent(data: Any, path: tuple) -> Any:
    for p in path[:-1]:
        data = data[p]
    return data


ODD_TEXT = ["", " ", "x", "a b", "-", "_", "A", "1", "é", "x" * 300, "\u200bx", "ｘ", "default", "../x.yaml"]
EXTREMES = [-2**63, 2**63 - 1, -1, 0, 1, 2, 10**6, 10**12]


def values() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(near_bounds()), st.sampled_from(EXTREMES), st.integers(-2**63, 2**63 - 1),
        st.sampled_from([0.5, -0.5, 1.0, 1e300]), st.sampled_from(ODD_TEXT), st.text(max_size=8),
        st.sampled_from([True, False, None, [], {}, [1], {"x": 1}]),
    )


@st.composite
def mutated(draw) -> tuple[str, str, Any]:
    kind = draw(st.sampled_from(sorted(seeds())), label="kind")
    suffix, text = seeds()[kind]
    data = yaml.safe_load(text)
    path = draw(st.sampled_from(_paths(data)), label="path")
    parent, key = _parent(data, path), path[-1]
    how = draw(st.sampled_from(["value", "value", "value", "remove", "unknown", "repeat"]), label="how")
    if how == "remove":
        del parent[key]
    elif how == "unknown":
        target = parent if isinstance(parent, dict) else parent[key]
        if isinstance(target, dict):
            target["unknown_key"] = draw(values())
    elif how == "repeat" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    else:
        parent[key] = draw(values(), label="value")
    return kind, suffix, data


@FUZZ
@given(mutated())
def test_what_the_schema_refuses_validate_refuses(case):
    kind, suffix, data = case
    if validator(kind).is_valid(data):
        return
    reason = next(iter(validator(kind).iter_errors(data))).message
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"x{suffix}"
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")
        found = validate_file(path)
    assert any(d.is_error for d in found), (
        f"{kind}: the schema refuses ({reason}) but validate finds no error: {[d.format_text() for d in found]}")


def test_every_seed_validates_and_passes_its_schema():
    """The starting points are valid, so a refusal is the mutation's doing."""
    for kind, (suffix, text) in seeds().items():
        data = yaml.safe_load(text)
        assert validator(kind).is_valid(data), kind
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"x{suffix}"
            path.write_text(text, "utf-8")
            assert [d.format_text() for d in validate_file(path) if d.is_error] == [], kind


# --- the constraints the published schema carries and no kind's check reports: the shared stage -------

@pytest.mark.parametrize("name, old, new", [
    ("pendulum/default.board.yaml", "{id: p-top-1,", "{id: '',"),
    ("pendulum/default.deck.yaml", "id: ", "id: 'Not An Id'"),
    ("pendulum/bolk.leader.yaml", "id: bolk", "id: ''"),
])
def test_a_pendulum_id_that_breaks_its_pattern_is_refused_where_it_is(name, old, new):
    text = (REPO / "content" / name).read_text("utf-8")
    at = text.index(old)
    end = at + len(old) if old.endswith(",") or old == "id: bolk" else text.index("\n", at)  # the whole value
    text = text[:at] + new + text[end:]
    line = text.count("\n", 0, at) + 1
    found = [d for d in load_text(text, str(REPO / "content" / name)).diagnostics if d.code == "S307"]
    assert found and found[0].is_error and found[0].line == line, [d.format_text() for d in found]
    assert "does not match the pattern" in found[0].message


def test_every_checking_code_a_schema_only_constraint_names_is_documented():
    """A constraint left to a kind's check names the check's code; the code exists."""
    known = {c["code"] for c in json.loads((REPO / "formats" / "codes.json").read_text("utf-8"))["codes"]}
    named = set()
    for path in (REPO / "formats").rglob("*.py"):
        for by in re.findall(r'schema_only\(\s*by="([^"]+)"', path.read_text("utf-8")):
            named |= {c.strip() for c in by.split(",")}
    assert named and named <= known, named - known
