"""Structural problems: pydantic's validation errors said as a designer would want to hear them,
each with a stable code and the path of the offending value (or key)."""
from __future__ import annotations

import copy
import difflib
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from .diagnostics import Problem, shown

_TYPE_NAMES = {
    "int": "a whole number",
    "bool": "true or false",
    "str": "a text string",
    "string": "a text string",  # pydantic's error type is `string_type`
    "float": "a number",
    "dict": "a mapping (key: value lines)",
    "list": "a list",
    "NoneType": "empty",
}

_RANGE_ERRORS = {
    "greater_than", "greater_than_equal", "less_than", "less_than_equal", "too_short", "too_long",
    "string_too_short", "string_too_long", "multiple_of",
}


def problems_from(error: ValidationError, model: type[BaseModel]) -> list[Problem]:
    out: list[Problem] = []
    for err in error.errors(include_url=False):
        loc = tuple(err["loc"])
        kind = err["type"]
        where = ".".join(str(p) for p in loc) or "the file"
        if kind == "literal_error" and loc and loc[-1] == "[key]":  # a mapping with fixed keys (`sides`)
            key = str(err["input"])
            choices = ", ".join(repr(c) for c in _literal_choices(err))
            out.append(Problem("S301", f"unknown key {shown(key)} in {'.'.join(str(p) for p in loc[:-2]) or 'the file'}"
                               f" (expected one of: {choices})", loc[:-1], on_key=True))
        elif kind == "unsafe_text":
            out.append(Problem("S306", f"{where}: {err['msg']}", loc))
        elif kind in ("extra_forbidden", "invalid_key"):  # invalid_key: a number or boolean as a key
            key = str(err["input"]) if kind == "invalid_key" else str(loc[-1])
            hint = _did_you_mean(key, _field_names_at(model, loc[:-1]))
            out.append(Problem("S301", f"unknown key {shown(key)}{hint}", loc, on_key=True))
        elif kind == "missing":
            parent = ".".join(str(p) for p in loc[:-1]) or "the file"
            out.append(Problem("S302", f"missing key {str(loc[-1])!r} in {parent}", loc[:-1]))
        elif kind in _RANGE_ERRORS:
            out.append(Problem("S304", f"{where}: {err['msg'].lower()}", loc))
        elif kind in ("literal_error", "enum"):
            out.append(Problem("S305", f"{where}: {err['msg'].lower()}", loc))
        elif kind.endswith("_type") or kind in ("int_from_float", "bool_parsing", "int_parsing", "model_type"):
            expected = _expected(kind, err)
            got = _TYPE_NAMES.get(type(err.get("input")).__name__, type(err.get("input")).__name__)
            value = _short(err.get("input"))
            out.append(Problem("S303", f"{where} must be {expected}, not {got} ({value})", loc))
        else:
            out.append(Problem("S300", f"{where}: {err['msg']}", loc))
    return out


def _literal_choices(err: ErrorDetails) -> list[str]:
    expected = (err.get("ctx") or {}).get("expected", "")
    return [c.strip().strip("'") for c in str(expected).replace(" or ", ",").split(",") if c.strip()]


def _expected(kind: str, err: ErrorDetails) -> str:
    base = kind.removesuffix("_type").removesuffix("_parsing").removesuffix("_from_float")
    if kind == "model_type":
        return "a mapping (key: value lines)"
    return _TYPE_NAMES.get(base, base.replace("_", " "))


def _short(value: Any) -> str:
    return shown(value, quote=isinstance(value, str), limit=40)


def suggestion(model: type[BaseModel], loc: tuple[Any, ...], key: str) -> str | None:
    """The field an unknown `key` at `loc` (the path of its mapping) most likely means, if any."""
    close = difflib.get_close_matches(key, _field_names_at(model, loc), n=1, cutoff=0.6)
    return close[0] if close else None


def repaired(model: type[BaseModel], data: dict[str, Any], error: ValidationError,
             rounds: int = 5) -> tuple[BaseModel | None, list[tuple[Any, ...]]]:
    """`data` (left unchanged) made valid by taking out what the structure refuses, so the later
    stages can check every part of a file that parsed (issue 29: a typo'd key no longer hides the
    playability problems): an unknown key is renamed to the field it most likely means (when that
    field is not given) or left out, a value of a wrong type or out of range is left out of its
    mapping (its default applies). Returns (the model or None when that is not enough, the paths
    touched: findings at or under them describe the repair, not the file)."""
    fixed: Any = copy.deepcopy(data)
    touched: list[tuple[Any, ...]] = []
    for _ in range(rounds):
        progress = False
        for err in sorted(error.errors(include_url=False), key=lambda e: len(e["loc"]), reverse=True):
            loc = tuple(err["loc"])
            if loc and loc[-1] == "[key]":  # a key outside a fixed set: the key itself is at loc[-2]
                loc = loc[:-1]
            if not loc or err["type"] == "missing":
                continue
            parent = _at(fixed, loc[:-1])
            if not isinstance(parent, dict) or loc[-1] not in parent:
                continue
            value = parent.pop(loc[-1])
            touched.append(loc)
            progress = True
            if err["type"] == "extra_forbidden" and isinstance(loc[-1], str):
                meant = suggestion(model, loc[:-1], loc[-1])
                if meant is not None and meant not in parent:
                    parent[meant] = value
                    touched.append((*loc[:-1], meant))
        if not progress:
            return None, touched
        try:
            return model.model_validate(fixed), touched
        except ValidationError as e:
            error = e
    return None, touched


def _at(data: Any, loc: tuple[Any, ...]) -> Any:
    for item in loc:
        try:
            data = data[item]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _did_you_mean(key: str, candidates: list[str]) -> str:
    close = difflib.get_close_matches(key, candidates, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else f" (expected one of: {', '.join(candidates)})" if candidates else ""


def _field_names_at(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """The field names of the model that `loc` points into, following lists and optionals."""
    tp: Any = model
    for item in loc:
        tp = _unwrap(tp)
        if isinstance(item, int):
            args = typing.get_args(tp)
            tp = args[0] if args else None
        elif isinstance(tp, type) and issubclass(tp, BaseModel) and item in tp.model_fields:
            tp = tp.model_fields[item].annotation
        else:
            return []
    tp = _unwrap(tp)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return list(tp.model_fields)
    return []


def _unwrap(tp: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return args[0] if len(args) == 1 else tp
    return tp
