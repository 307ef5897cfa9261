"""Engines do not trust that a model was validated: the bounds of its fields, checked again at entry.

A model built with `model_construct`, changed with `model_copy(update=...)` or by assignment skips
pydantic's validation, and a number that drives a loop (warheads per missile, actions per turn, a
search level) would then run the engine for as long as the number says. `require_bounds` walks a
model (and the models, lists, dicts and dataclasses in it) and refuses any number outside its field's
`ge`/`gt`/`le`/`lt` (or the schema's bounds a semantic check enforces) and any value outside its
`Literal`: one walk, no re-validation, no copies.
"""
from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator
from functools import lru_cache
from typing import Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel

from .errors import ScenarioError

Path = tuple[str | int, ...]
#: (field name, bounds of the value, bounds of list items, allowed literals or None)
_Rule = tuple[str, tuple[Any, ...], tuple[Any, ...], frozenset[Any] | None]


def _bounds(metadata: Any) -> tuple[Any, ...]:
    return tuple(m for m in metadata if isinstance(m, (annotated_types.Ge, annotated_types.Gt,
                                                         annotated_types.Le, annotated_types.Lt)))


def _literals(annotation: Any) -> frozenset[Any] | None:
    if get_origin(annotation) is Literal:
        return frozenset(get_args(annotation))
    if get_origin(annotation) in (Union, getattr(typing, "UnionType", Union)):
        parts = [a for a in get_args(annotation) if a is not type(None)]
        if len(parts) == 1:
            inner = _literals(parts[0])
            return None if inner is None else inner | {None}
    return None


def _item_bounds(annotation: Any) -> tuple[Any, ...]:
    """The bounds of the items of `list[Annotated[int, Field(le=...)]]`."""
    if get_origin(annotation) not in (list, tuple):
        return ()
    args = get_args(annotation)
    if len(args) != 1 or not hasattr(args[0], "__metadata__"):
        return ()
    out: list[Any] = []
    for meta in args[0].__metadata__:
        out.extend(_bounds(getattr(meta, "metadata", [meta])))
    return tuple(out)


def _schema_bounds(extra: Any) -> tuple[Any, ...]:
    """Bounds a model leaves to its schema and a semantic check (formats.model_base.schema_only)."""
    if not isinstance(extra, dict):
        return ()
    kinds = {"minimum": annotated_types.Ge, "exclusiveMinimum": annotated_types.Gt,
             "maximum": annotated_types.Le, "exclusiveMaximum": annotated_types.Lt}
    return tuple(kinds[k](v) for k, v in extra.items() if k in kinds and isinstance(v, (int, float)))


@lru_cache(maxsize=None)
def _rules(cls: type[BaseModel]) -> tuple[_Rule, ...]:
    return tuple((name, _bounds(f.metadata) + _schema_bounds(f.json_schema_extra), _item_bounds(f.annotation),
                  _literals(f.annotation)) for name, f in cls.model_fields.items())


def _outside(value: Any, bounds: tuple[Any, ...]) -> str | None:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    for b in bounds:
        limit: Any = getattr(b, "ge", getattr(b, "gt", getattr(b, "le", getattr(b, "lt", None))))
        if isinstance(b, annotated_types.Ge) and not value >= limit:
            return f"at least {limit}"
        if isinstance(b, annotated_types.Gt) and not value > limit:
            return f"above {limit}"
        if isinstance(b, annotated_types.Le) and not value <= limit:
            return f"at most {limit}"
        if isinstance(b, annotated_types.Lt) and not value < limit:
            return f"below {limit}"
    return None


def violations(obj: Any, path: Path = ()) -> Iterator[tuple[Path, Any, str]]:
    """Every (path, value, what the bound says) of `obj` outside its fields' declared bounds."""
    if isinstance(obj, BaseModel):
        for name, bounds, items, literals in _rules(type(obj)):
            value = getattr(obj, name, None)
            where = (*path, name)
            if literals is not None and value not in literals:
                yield where, value, "one of " + ", ".join(sorted(map(repr, literals)))
                continue
            said = _outside(value, bounds)
            if said:
                yield where, value, said
            if items and isinstance(value, (list, tuple)):
                for i, item in enumerate(value):
                    said = _outside(item, items)
                    if said:
                        yield (*where, i), item, said
            yield from violations(value, where)
    elif isinstance(obj, (list, tuple)):
        for i, item in enumerate(obj):
            if isinstance(item, (BaseModel, list, tuple, dict)) or dataclasses.is_dataclass(item):
                yield from violations(item, (*path, i))
    elif isinstance(obj, dict):
        for k, item in obj.items():
            if isinstance(item, (BaseModel, list, tuple, dict)) or dataclasses.is_dataclass(item):
                yield from violations(item, (*path, str(k)))
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from violations(getattr(obj, f.name), (*path, f.name))


#: models found within bounds, by type and content: batch play starts the same scenario hundreds of
#: times, and the walk costs more than the rest of starting a small game (issue 32)
_WITHIN: dict[Any, None] = {}


def _content(obj: Any) -> Any:
    """What `obj` holds, as a hashable key (models by their JSON, containers and dataclasses by their
    items); None when it holds anything else (then it is not remembered)."""
    if isinstance(obj, BaseModel):
        return type(obj), obj.model_dump_json(warnings=False)
    if obj is None or isinstance(obj, (str, int, float)):
        return type(obj), obj
    if isinstance(obj, (list, tuple)):
        items = tuple(_content(i) for i in obj)
        return None if None in items else (type(obj), items)
    if isinstance(obj, dict):
        pairs = tuple((k, _content(v)) for k, v in obj.items())
        return None if any(v is None for _k, v in pairs) else (dict, pairs)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        fields = tuple(_content(getattr(obj, f.name)) for f in dataclasses.fields(obj))
        return None if None in fields else (type(obj), fields)
    return None


def require_bounds(obj: Any, what: str) -> None:
    """ScenarioError naming the first value of `obj` (a model, or a resolved scenario holding models)
    outside its declared bounds; `what` names it in the message (e.g. "the ruleset")."""
    try:
        key = _content(obj)  # a resolved scenario (a dataclass of models) is remembered too
    except (TypeError, ValueError):  # a model that cannot be written as JSON: walked every time
        key = None
    if key is not None and key in _WITHIN:
        return
    for path, value, said in violations(obj):
        where = ".".join(str(p) for p in path)
        raise ScenarioError(f"{what}: {where} is {value!r}; it must be {said}")
    if key is not None:
        if len(_WITHIN) >= 64:
            _WITHIN.pop(next(iter(_WITHIN)))
        _WITHIN[key] = None
