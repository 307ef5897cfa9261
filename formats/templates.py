"""Starting points for new files, one source for `gridsmith new` and the editor's File > New.

A game's formats package may have a module `templates` with `TEMPLATES = {kind: () -> model}`;
this finds it through the kind's registered model, so it names no game."""
from __future__ import annotations

import importlib
import importlib.util

from pydantic import BaseModel

from .registry import KindSpec


def new_model(spec: KindSpec) -> BaseModel | None:
    """A new, valid model of the kind, or None when its game has no template for it (a saved game
    is made by the game's engine: `gridsmith new` asks the Game)."""
    package = spec.model.__module__.rsplit(".", 1)[0]
    if importlib.util.find_spec(f"{package}.templates") is None:
        return None
    make = getattr(importlib.import_module(f"{package}.templates"), "TEMPLATES", {}).get(spec.kind)
    return make() if callable(make) else None
