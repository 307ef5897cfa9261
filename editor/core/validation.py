"""Live validation of an in-memory model: structure (pydantic) then the kind's semantic checks.

Runs on a snapshot in a worker thread (see problems.LiveValidator), never on the model being edited.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gridsmith.formats.diagnostics import Problem, Severity


def structure_problems(model: Any) -> list[Problem]:
    """Re-validate the model from its plain data: in-place list edits bypass pydantic's checks."""
    try:
        type(model).model_validate(model.model_dump(mode="python"))
    except ValidationError as e:
        try:
            from gridsmith.formats.structure import problems_from
        except ImportError:  # pragma: no cover - older formats package
            return [Problem("S300", err["msg"], tuple(err["loc"]), Severity.ERROR) for err in e.errors()]
        return problems_from(e, type(model))
    return []


def check(model: Any, path: Path | None = None) -> list[Problem]:
    problems = structure_problems(model)
    if problems:
        return problems
    from gridsmith.formats.registry import CheckContext

    try:
        from gridsmith.formats.loader import check_model
    except ImportError:  # the loader lands with the foundation issue; semantic checks wait for it
        return []
    return list(check_model(model, CheckContext(file=path)))
