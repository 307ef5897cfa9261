"""Published JSON Schemas (Draft 2020-12), generated from the models: one file per kind and version.

`gridsmith schema --write` regenerates formats/schemas/; `--check` fails when they are stale.
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


def schema_for(spec: KindSpec) -> dict[str, Any]:
    body = spec.model.model_json_schema(mode="validation")
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
    want = expected()
    out = [n for n, text in want.items() if not (directory / n).is_file() or (directory / n).read_text("utf-8") != text]
    out += [p.name for p in directory.glob("*.json") if p.name not in want]
    return sorted(out)


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
