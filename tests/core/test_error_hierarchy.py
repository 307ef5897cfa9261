"""Every exception the project defines derives from one base per layer (issue 27 item 2):
formats.errors.FormatError (formats reports content problems as diagnostics; these are for callers
outside validation) and engine.core.errors.GameError (the command line turns one into a located line
and exit 1). Found by importing every module of the layer, so a new game's exceptions are checked."""
from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

from gridsmith.engine.core.errors import GameError
from gridsmith.formats.errors import FormatError

BASES = {"formats": FormatError, "engine": GameError}


def _exceptions(layer: str) -> list[type[BaseException]]:
    package = importlib.import_module(f"gridsmith.{layer}")
    found = []
    for info in pkgutil.walk_packages(package.__path__, f"gridsmith.{layer}."):
        module = importlib.import_module(info.name)
        found += [obj for _, obj in inspect.getmembers(module, inspect.isclass)
                  if issubclass(obj, BaseException) and obj.__module__ == module.__name__]
    return found


@pytest.mark.parametrize("layer", sorted(BASES))
def test_every_exception_of_a_layer_derives_from_its_base(layer):
    found = _exceptions(layer)
    assert len(found) >= 3, found
    strays = [f"{cls.__module__}.{cls.__qualname__}" for cls in found if not issubclass(cls, BASES[layer])]
    assert strays == []
