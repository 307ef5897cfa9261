"""Published JSON Schemas (Draft 2020-12), generated from the models: one file per kind and version.

`gridsmith schema --write` regenerates formats/schemas/; `--check [DIR]` fails when they (or an
exported copy in DIR) are stale. Every schema compiles in a strict validator (ajv --strict): a
keyword that constrains one type sits in a schema object of that type (`_strict`).
"""
from __future__ import annotations

import json
import os
from importlib.resources import files
from pathlib import Path
from typing import Any

from . import registry
from .atomic import atomic_write_text
from .registry import KindSpec

#: the schemas shipped in the package (a folder of the source tree, or of the installed package)
SCHEMA_DIR = Path(str(files("gridsmith.formats").joinpath("schemas")))
DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_BASE = "https://gridsmith.dev/schemas"


def schema_url(kind: str, version: int) -> str:
    """The published address of a kind's schema (its `$id`)."""
    return f"{SCHEMA_BASE}/{kind}.v{version}.json"


#: keywords that constrain only values of one JSON type: a strict validator (ajv's strictTypes)
#: refuses them in a schema object whose `type` does not name that type
TYPE_KEYWORDS: dict[str, tuple[str, ...]] = {
    **{k: ("number", "integer") for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")},
    **{k: ("string",) for k in ("minLength", "maxLength", "pattern", "format")},
    **{k: ("array",) for k in ("minItems", "maxItems", "items", "prefixItems", "uniqueItems", "contains")},
    **{k: ("object",) for k in ("minProperties", "maxProperties", "properties", "required",
                                "additionalProperties", "patternProperties", "propertyNames")},
}


def _strict(node: Any) -> Any:
    """`node` with every type-specific keyword beside an `anyOf` (pydantic puts the constraints of
    an optional field, `minimum` or `maxItems`, beside `anyOf: [{type: integer}, {type: null}]`) moved
    into the branches of the type it constrains, where strict validators expect it."""
    if isinstance(node, list):
        return [_strict(v) for v in node]
    if not isinstance(node, dict):
        return node
    node = {k: _strict(v) for k, v in node.items()}
    branches = node.get("anyOf")
    if isinstance(branches, list) and "type" not in node:
        for key in [k for k in node if k in TYPE_KEYWORDS]:
            value = node.pop(key)
            for branch in branches:
                types = branch.get("type")
                types = types if isinstance(types, list) else [types]
                if any(t in TYPE_KEYWORDS[key] for t in types):
                    inner = branch.get(key)
                    branch[key] = {**inner, **value} if isinstance(inner, dict) and isinstance(value, dict) else value
    return node


def schema_for(spec: KindSpec) -> dict[str, Any]:
    body = _strict(spec.model.model_json_schema(mode="validation"))
    head = {
        "$schema": DRAFT,
        "$id": schema_url(spec.kind, spec.version),
        "title": spec.title,
        "description": f"{spec.description} File kind `{spec.kind}`, version {spec.version}; "
        f"conventional suffix `{spec.suffix}`. Generated from Gridsmith's models: do not edit.",
    }
    body.pop("title", None)
    body.pop("description", None)
    return {**head, **body}


def file_name(spec: KindSpec) -> str:
    return f"{spec.kind}.v{spec.version}.json"


def schema_ref(spec: KindSpec, folder: Path, schemas: str | os.PathLike[str] | None = None) -> str:
    """The `$schema` reference of a file of `spec` in `folder`: relative, and to a schema that exists —
    `schemas` if given, else the nearest `schemas/` folder above (one `gridsmith schema --write DIR`
    made), else the schemas of the installed package."""
    name = file_name(spec)
    candidates = [Path(schemas)] if schemas else [d / "schemas" for d in [folder, *folder.resolve().parents]]
    target = next((c / name for c in candidates if (c / name).is_file()), SCHEMA_DIR / name)
    return Path(os.path.relpath(target.resolve(), folder.resolve())).as_posix()


def render(spec: KindSpec) -> str:
    return json.dumps(schema_for(spec), indent=2, ensure_ascii=False) + "\n"


def expected() -> dict[str, str]:
    return {file_name(s): render(s) for s in registry.all_kinds()}


def stale(directory: Path = SCHEMA_DIR) -> list[str]:
    """Names of schema files that are missing, differ from the models, or belong to no kind."""
    return sorted(problems(directory))


def problems(directory: Path = SCHEMA_DIR) -> dict[str, str]:
    """Schema file name -> what is wrong with it in `directory` ("missing", "stale", or "not the
    schema of any kind": a kind that is gone)."""
    want = expected()
    out: dict[str, str] = {}
    for name, text in want.items():
        path = directory / name
        if not path.is_file():
            out[name] = "missing"
        elif path.read_bytes() != text.encode("utf-8"):
            out[name] = "stale"
    if directory.is_dir():
        out.update({p.name: "not the schema of any kind" for p in directory.glob("*.v*.json") if p.name not in want})
    return out


def write(directory: Path = SCHEMA_DIR) -> list[str]:
    directory.mkdir(parents=True, exist_ok=True)
    changed = stale(directory)
    want = expected()
    for name in changed:
        if name in want:
            atomic_write_text(directory / name, want[name])
        else:
            (directory / name).unlink()
    return changed
