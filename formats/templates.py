"""Starting points for new files: the smallest valid, playable file of each kind.

A kind's module may define `template(**parameters) -> model`; this finds it through the registry.
Parameters are keyword arguments with defaults, bounded with `Annotated[int, Interval(...)]`
(the editor's File > New dialog asks for them).
"""
from __future__ import annotations

import importlib

from pydantic import BaseModel

from .registry import KindSpec


def new_model(spec: KindSpec, **options) -> BaseModel | None:
    """The kind's template; `options` are its parameters (e.g. width, height, players)."""
    make = template_of(spec)
    return make(**options) if make is not None else None


def template_of(spec: KindSpec):
    """The kind's `template` function, or None."""
    module = importlib.import_module(spec.model.__module__)
    make = getattr(module, "template", None)
    return make if callable(make) else None
