"""Validation for the editor: every stage that can run reports, warnings included.

`check(model)` is the live validation of an in-memory model (run on a snapshot in a worker thread,
see problems.LiveValidator): structure (pydantic) and then the kind's semantic checks and lints —
also when the structure has errors, since most checks still work on the rest of the model (a check
that cannot run on the broken part is skipped until the structure is fixed).

`check_text(text)` is the same for a file whose structure does not read (the text view): the
loader's diagnostics, and when the structure reads once its unknown keys are renamed as the "did
you mean" suggestions say (or left out when there is none), the semantic checks and lints of the
file read that way, located in the text — a typo'd key no longer hides every warning.
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gridsmith.formats import config, references, registry
from gridsmith.formats.diagnostics import Diagnostic, Problem, Severity
from gridsmith.formats.loader import Loaded, load_text, to_plain
from gridsmith.formats.locate import Locator
from gridsmith.formats.registry import CheckContext
from gridsmith.formats.structure import problems_from
from gridsmith.formats.suggestions import did_you_mean


def structure_problems(model: Any) -> list[Problem]:
    """Re-validate the model from its plain data: in-place list edits bypass pydantic's checks."""
    try:
        type(model).model_validate(model.model_dump(mode="python"))
    except ValidationError as e:
        return problems_from(e, type(model))
    return []


def semantic_problems(spec, model: Any, ctx: CheckContext, tolerant: bool) -> list[Problem]:
    """The reference stage (each reference to another file that cannot be followed, as the loader
    reports it) and the kind's checks; with `tolerant`, a check that fails on broken data is skipped."""
    out: list[Problem] = []
    try:
        out.extend(references.check(spec.kind, model, ctx))
    except Exception:
        if not tolerant:
            raise
    for check_fn in registry.checks_for(spec):
        try:
            out.extend(check_fn(model, ctx))
        except Exception:
            if not tolerant:
                raise
    return out


def check(model: Any, path: Path | None = None) -> list[Problem]:
    """Every problem of `model`, with the severities of its file's project configuration."""
    problems = structure_problems(model)
    spec = registry.get(getattr(model, "kind", ""))
    if spec is not None:
        problems += semantic_problems(spec, model, CheckContext(file=path), tolerant=bool(problems))
    if path is None:
        return problems
    try:
        return config.for_path(path).apply_problems(problems, path)
    except config.ConfigError as e:  # said in the problems panel, as the command line says it
        return [Problem("Y119", f"project configuration: {e}"), *problems]


def check_text(text: str, filename: str, path: Path | None = None) -> Loaded:
    """The loader's reading of `text`, plus the findings of the later stages that can still run,
    with the severities of the file's project configuration."""
    loaded = load_text(text, filename, file=path)
    if loaded.model is None:
        loaded.diagnostics += _checks_without_unknown_keys(loaded, path)
    if path is not None:
        try:
            loaded.diagnostics = config.for_path(path).apply(loaded.diagnostics)
        except config.ConfigError as e:
            loaded.diagnostics.insert(0, Diagnostic(loaded.file, 1, 1, Severity.ERROR, "Y119",
                                                    f"project configuration: {e}"))
    return loaded


def _checks_without_unknown_keys(loaded: Loaded, path: Path | None) -> list[Diagnostic]:
    spec, tree = loaded.spec, loaded.tree
    if spec is None or tree is None or loaded.migrated_from is not None:
        return []
    unknown = [d for d in loaded.diagnostics if d.code == "S301" and d.path]
    if not unknown:
        return []
    data = copy.deepcopy(to_plain(tree))
    for d in sorted(unknown, key=lambda d: len(d.path), reverse=True):
        parent = data
        try:
            for key in d.path[:-1]:
                parent = parent[key]
            value = parent.pop(d.path[-1])
        except (KeyError, IndexError, TypeError, AttributeError):
            return []
        meant = did_you_mean(d.message)
        if meant and meant not in parent:
            parent[meant] = value
    try:
        model = spec.model.model_validate(data)
    except ValidationError:
        return []
    locator = Locator(tree, loaded.text)
    seen = {(d.code, d.path) for d in loaded.diagnostics}
    out = []
    for p in semantic_problems(spec, model, CheckContext(file=path), tolerant=True):
        if (p.code, p.path) in seen:
            continue
        line, col = locator.position(p.path, p.on_key)
        out.append(Diagnostic(loaded.file, line, col, p.severity, p.code, p.message, p.path))
    return out


__all__ = ["check", "check_text", "did_you_mean", "semantic_problems", "structure_problems", "Severity"]
