"""Reading a scenario for play, the same for every game: a scenario file loaded and checked as its
kind, and a scenario model resolved (its references followed) for the games whose scenarios name
other files. Every refusal is a ScenarioError whose message says where the problem is."""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from gridsmith.formats.diagnostics import Problem
from gridsmith.formats.loader import load_file
from gridsmith.formats.registry import CheckContext

from .errors import ScenarioError

M = TypeVar("M")
R = TypeVar("R")

#: a game's `resolve(model, ctx) -> (resolved or None, problems)` (formats.<game>.scenario.resolve)
Resolve = Callable[[M, CheckContext], tuple[R | None, Sequence[Problem]]]


def load_scenario(path: str | Path, kind: str) -> Any:
    """The model of the scenario file at `path`, which must be a `kind`; ScenarioError naming every
    error at its place (`file:line:col: error CODE: message`) otherwise."""
    loaded = load_file(Path(path))
    errors = [d.format_text() for d in loaded.diagnostics if d.is_error]
    if errors:
        raise ScenarioError("\n".join(errors))
    if loaded.spec is None or loaded.spec.kind != kind or loaded.model is None:
        found = f"a {loaded.spec.kind}" if loaded.spec is not None else "not a Gridsmith file"
        raise ScenarioError(f"{path}: {found}, not a {kind}")
    return loaded.model


@dataclass(frozen=True)
class Resolver(Generic[M, R]):
    """How a game whose scenarios name other files resolves them: its scenario `kind`, the `model`
    type a file loads as, the `resolved` type play starts from, and formats' `resolve`."""

    kind: str
    model: type[M]
    resolved: type[R]
    resolve: Resolve[M, R]

    def __call__(self, scenario: object, file: Path | None = None) -> R:
        """`scenario` resolved: as it is when already resolved, else a model whose references are
        followed relative to `file` (None: the working folder). ScenarioError naming every error when
        it cannot be resolved, or when it is neither type."""
        if isinstance(scenario, self.resolved):
            return scenario
        if not isinstance(scenario, self.model):
            raise ScenarioError(f"not a {self.kind}: {type(scenario).__name__}")
        res, problems = self.resolve(scenario, CheckContext(file=file))
        if res is None:
            raise ScenarioError("; ".join(f"{p.code}: {p.message}" for p in problems if p.severity.value == "error"))
        return res

    def read(self, path: str | Path) -> R:
        """The scenario file at `path` loaded (`load_scenario`) and resolved relative to it."""
        model = load_scenario(path, self.kind)
        with located(path):
            return self(model, Path(path))


@contextmanager
def located(path: str | Path) -> Iterator[None]:
    """A ScenarioError raised inside names the scenario file `path` first (`file: message`)."""
    try:
        yield
    except ScenarioError as e:
        if str(e).startswith(str(path)):
            raise
        raise ScenarioError(f"{path}: {e}") from None
