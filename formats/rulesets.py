"""The ruleset a scenario plays under, for every game whose scenarios name one: a bundled name or a
path relative to the scenario, followed by the shared reference resolver (formats.references).

Validation never raises: its reference stage reports a ruleset that cannot be used at the scenario's
key (R6xx). This is for the engines and editors, which need the model itself and get RulesetError
with the resolver's one-line reason instead. Each game binds it to its reference in its refs.py.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

from pydantic import BaseModel

from .errors import FormatError
from .references import Reference, follow
from .registry import CheckContext

M = TypeVar("M", bound=BaseModel)
M_co = TypeVar("M_co", bound=BaseModel, covariant=True)


class Loader(Protocol[M_co]):
    """A game's `load_ruleset(ref, scenario_file=None)` (formats.<game>.refs)."""

    def __call__(self, ref: str | None, scenario_file: Path | None = None) -> M_co: ...


class RulesetError(FormatError):
    """A ruleset that cannot be used; the message is the resolver's reason."""


def load(ref: str | None, reference: Reference, built_in: Callable[[], M], scenario_file: Path | None = None) -> M:
    """The ruleset named by `ref` (None: the reference's bundled default), or RulesetError. When the
    bundled default itself is missing (an installed package without the content folder), `built_in()`:
    the model's defaults are the manual's numbers."""
    result = follow(ref, reference, CheckContext(file=scenario_file))
    if result.model is not None:
        model: M = result.model
        return model
    if (ref or reference.default) == reference.default and result.code == "R601":
        return built_in()
    raise RulesetError(result.message)


def loader(reference: Reference, built_in: Callable[[], M]) -> Loader[M]:
    """`load` bound to a game's ruleset reference: its refs.py's `load_ruleset(ref, scenario_file=None)`,
    the engine's and the editor's way to the model."""

    def load_ruleset(ref: str | None, scenario_file: Path | None = None) -> M:
        return load(ref, reference, built_in, scenario_file)

    return load_ruleset
