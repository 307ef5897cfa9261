"""Published JSON Schemas (issue 2, item 6): up to date with the models, well-formed Draft 2020-12 with
$id, title and description; the bundled content passes them (jsonschema and the check-jsonschema CLI) and
the structural bad files fail them."""
from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import jsonschema
import pytest

from fmtkit import REPO
from gridsmith.formats import registry, schema
from gridsmith.formats.loader import load_file, to_plain
from gridsmith.cli import main

SCHEMAS = sorted(schema.SCHEMA_DIR.glob("*.json"))
CONTENT = sorted((REPO / "content").rglob("*.yaml"))
BAD = Path(__file__).parent / "bad"
STRUCTURAL_BAD = [BAD / n for n in ("unknown_key.scn.yaml", "wrong_type.scn.yaml", "missing_key.scn.yaml")]
CHECK_JSONSCHEMA = Path(sys.executable).parent / "check-jsonschema"  # installed next to this interpreter


def _schema_file(kind: str) -> Path:
    spec = registry.get(kind)
    return schema.SCHEMA_DIR / schema.file_name(spec)


def _kind_of(path: Path) -> str:
    loaded = load_file(path)
    assert loaded.spec is not None, [d.format_text() for d in loaded.diagnostics]
    return loaded.spec.kind


def test_schema_check_passes(capsys):
    assert main(["schema", "--check"]) == 0
    assert "up to date" in capsys.readouterr().out


def test_schema_check_fails_on_a_stale_schema(tmp_path):
    for name, text in schema.expected().items():
        (tmp_path / name).write_text(text)
    assert schema.stale(tmp_path) == []
    first = sorted(schema.expected())[0]
    (tmp_path / first).write_text("{}\n")
    (tmp_path / "leftover.v9.json").write_text("{}\n")
    assert schema.stale(tmp_path) == sorted([first, "leftover.v9.json"])
    assert schema.write(tmp_path) == sorted([first, "leftover.v9.json"])
    assert schema.stale(tmp_path) == []


def test_one_schema_per_registered_kind():
    assert sorted(p.name for p in SCHEMAS) == sorted(schema.file_name(s) for s in registry.all_kinds())


@pytest.mark.parametrize("path", SCHEMAS, ids=[p.name for p in SCHEMAS])
def test_schema_is_well_formed_draft_2020_12(path):
    doc = json.loads(path.read_text("utf-8"))
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert doc["$id"].startswith("https://") and doc["$id"].endswith(path.name)
    assert doc["title"] and doc["description"]
    jsonschema.Draft202012Validator.check_schema(doc)
    assert doc.get("additionalProperties") is False  # unknown keys are errors for every validator
    assert "kind" in doc["required"] and "version" in doc["required"]


def test_scenario_schema_carries_the_manual_limits():
    doc = json.loads(_schema_file("pendulous.scenario").read_text())
    props = doc["properties"]
    assert props["description"]["maxLength"] == 256  # manual 4.2.3
    assert props["players"]["minItems"] == 2 and props["players"]["maxItems"] == 4  # manual 2.2
    assert props["map"]["maxItems"] == 50  # manual 4.2.5: 50 x 50
    assert props["map"]["items"]["pattern"] == "^[~1-4A-D]{1,50}$"


def _validator(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(_schema_file(kind).read_text()))


@pytest.mark.parametrize("path", CONTENT, ids=[str(p.relative_to(REPO)) for p in CONTENT])
def test_bundled_content_passes_its_schema_with_jsonschema(path):
    data = to_plain(load_file(path).tree)
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in _validator(_kind_of(path)).iter_errors(data)]
    assert errors == []


@pytest.mark.parametrize("path", CONTENT, ids=[str(p.relative_to(REPO)) for p in CONTENT])
def test_bundled_content_names_its_schema_for_the_yaml_language_server(path):
    first = path.read_text("utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    ref = first.split("$schema=", 1)[1].strip()
    assert (path.parent / ref).resolve() == _schema_file(_kind_of(path)).resolve()


def test_bundled_content_passes_check_jsonschema():
    by_kind: dict[str, list[Path]] = defaultdict(list)
    for path in CONTENT:
        by_kind[_kind_of(path)].append(path)
    for kind, paths in sorted(by_kind.items()):
        proc = subprocess.run([str(CHECK_JSONSCHEMA), "--schemafile", str(_schema_file(kind)), *map(str, paths)],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("path", STRUCTURAL_BAD, ids=[p.name for p in STRUCTURAL_BAD])
def test_structural_bad_files_fail_jsonschema(path):
    data = to_plain(load_file(path).tree)
    assert list(_validator("pendulous.scenario").iter_errors(data))


def test_structural_bad_files_fail_check_jsonschema():
    for path in STRUCTURAL_BAD:
        proc = subprocess.run([str(CHECK_JSONSCHEMA), "--schemafile", str(_schema_file("pendulous.scenario")),
                               str(path)], capture_output=True, text=True, timeout=120)
        assert proc.returncode == 1, (path, proc.stdout, proc.stderr)
        assert path.name in proc.stdout
