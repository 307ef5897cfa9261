"""The published schemas compile in strict validators (issue 29 item 6): no keyword sits in a
schema object whose `type` cannot hold the values it constrains (ajv's strictTypes, "strict mode:
missing type 'number' for keyword 'minimum'"), and `gridsmith schema --check DIR` checks an
exported copy."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from gridsmith.formats import registry, schema

SCHEMA_FILES = sorted(schema.SCHEMA_DIR.glob("*.v*.json"))

_ONE = ("items", "contains", "additionalProperties", "propertyNames", "not", "if", "then", "else")
_LIST = ("anyOf", "oneOf", "allOf", "prefixItems")
_MAP = ("properties", "patternProperties", "$defs")


def subschemas(node: Any, where: str = "#") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema object of a JSON Schema (never the data in `default` or `examples`)."""
    if not isinstance(node, dict):
        return
    yield where, node
    for key in _ONE:
        yield from subschemas(node.get(key), f"{where}/{key}")
    for key in _LIST:
        for i, sub in enumerate(node.get(key) or []):
            yield from subschemas(sub, f"{where}/{key}/{i}")
    for key in _MAP:
        for name, sub in (node.get(key) or {}).items():
            yield from subschemas(sub, f"{where}/{key}/{name}")


def strict_problems(document: dict[str, Any]) -> list[str]:
    """What ajv --strict=true refuses (strictTypes): a type-specific keyword without its type."""
    jsonschema.Draft202012Validator.check_schema(document)
    out = []
    for where, node in subschemas(document):
        types = node.get("type")
        types = set(types if isinstance(types, list) else [types] if types else [])
        if "integer" in types:
            types.add("number")
        for key, applies in schema.TYPE_KEYWORDS.items():
            if key in node and not types & set(applies):
                out.append(f"{where}: {key!r} needs type {' or '.join(applies)}, has {sorted(types) or 'none'}")
    return out


@pytest.mark.parametrize("spec", registry.all_kinds(), ids=lambda s: s.kind)
def test_every_generated_schema_is_strict(spec):
    assert strict_problems(schema.schema_for(spec)) == []


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_every_published_schema_is_strict(path):
    assert strict_problems(json.loads(path.read_text("utf-8"))) == []


def test_the_check_finds_what_ajv_refused():
    """The shape ajv refused in 6 of 22 schemas: `minimum` beside an optional field's anyOf."""
    refused = {"type": "object", "properties": {"energy": {
        "anyOf": [{"type": "integer"}, {"type": "null"}], "default": None, "minimum": 0}}}
    assert strict_problems(refused) == ["#/properties/energy: 'minimum' needs type number or integer, has none"]
    assert strict_problems(schema._strict(refused)) == []


def test_moved_constraints_still_constrain():
    """Moved into the non-null branch, `minimum` and `maxItems` refuse what they refused before."""
    specs = {s.kind: s for s in registry.all_kinds()}
    energy = schema.schema_for(specs["circuitwar.scenario"])["$defs"]["Player"]["properties"]["energy"]
    check = jsonschema.Draft202012Validator(energy).is_valid
    assert (check(-1), check(None), check(3)) == (False, True, True)
    rows = schema.schema_for(specs["pyramids.scenario"])["$defs"]["SetupChoice"]["properties"]["rows"]
    check = jsonschema.Draft202012Validator(rows).is_valid
    good = ["PSC12345678"] * 4
    assert (check(good), check(good[:3]), check(["x"] * 4), check(None)) == (True, False, False, True)


@pytest.mark.skipif(shutil.which("ajv") is None, reason="ajv-cli is not installed (npm i -g ajv-cli ajv-formats)")
def test_ajv_strict_compiles_every_schema():
    args = ["ajv", "compile", "--spec=draft2020", "--strict=true"]
    formats = subprocess.run(["node", "-e", "require.resolve('ajv-formats')"], capture_output=True)
    if formats.returncode == 0:
        args += ["-c", "ajv-formats"]
    for path in SCHEMA_FILES:
        proc = subprocess.run([*args, "-s", str(path)], capture_output=True, text=True)
        assert proc.returncode == 0, (path.name, proc.stdout + proc.stderr)


def gridsmith(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gridsmith", "schema", *args], capture_output=True, text=True)


def test_check_dir_names_stale_and_missing_files_of_an_exported_copy(tmp_path):
    exported = tmp_path / "schemas"
    assert gridsmith("--write", str(exported)).returncode == 0
    ok = gridsmith("--check", str(exported))
    assert ok.returncode == 0 and "up to date" in ok.stdout, ok.stderr
    first, second = sorted(exported.glob("*.json"))[:2]
    first.write_text(first.read_text("utf-8").replace("Generated", "generated"), encoding="utf-8")
    second.unlink()
    (exported / "gone.scenario.v1.json").write_text("{}")
    bad = gridsmith("--check", str(exported))
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert f"{first.name}: stale" in bad.stderr and f"{second.name}: missing" in bad.stderr
    assert "gone.scenario.v1.json: not the schema of any kind" in bad.stderr
    assert f"gridsmith schema --write {exported}" in bad.stderr
    assert gridsmith("--check", str(tmp_path / "nowhere")).returncode == 2
    assert gridsmith("--check").returncode == 0  # the package's own copy
