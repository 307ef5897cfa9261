"""Starting points for new files: the smallest valid, playable file of each kind.

A kind's module may define `template() -> model`; this finds it through the registry.
"""
from __future__ import annotations

import importlib

from pydantic import BaseModel

from .registry import KindSpec


def new_model(spec: KindSpec) -> BaseModel | None:
    module = importlib.import_module(spec.model.__module__)
    make = getattr(module, "template", None)
    return make() if callable(make) else None
