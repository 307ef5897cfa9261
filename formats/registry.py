"""The registry of content kinds, keyed by the `kind` value a file declares (never by its name).

Each game's formats package registers its kinds when imported; `formats.kinds` imports them,
found through the `gridsmith.kinds` entry-point group: `get(kind)` imports the kind's game only (a
tree of one game's files builds no other game's models), `all_kinds()` and `known_suffixes()` every
game.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

from pydantic import BaseModel

from . import kinds
from .diagnostics import Problem

#: a migration takes the plain data of version N and returns the data of version N+1
Migration = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class CheckContext:
    """What a semantic check may need beyond the model: where the file is (to resolve references)."""

    file: FsPath | None = None


SemanticCheck = Callable[[Any, CheckContext], Iterable[Problem]]


@dataclass(frozen=True)
class KindSpec:
    kind: str  # "game.kind", e.g. "pendulous.scenario"
    version: int  # the current version
    model: type[BaseModel]
    suffix: str  # conventional file suffix, e.g. ".scn.yaml"
    title: str
    description: str
    #: migrations[n] turns version n into version n+1
    migrations: dict[int, Migration] = field(default_factory=dict)
    #: semantic checks and playability lints, run on a structurally valid model
    checks: tuple[SemanticCheck, ...] = ()

    @property
    def game(self) -> str:
        return self.kind.split(".", 1)[0]

    @property
    def oldest_version(self) -> int:
        return min([self.version, *self.migrations])

    def migrate(self, data: dict[str, Any], from_version: int) -> dict[str, Any]:
        for v in range(from_version, self.version):
            data = self.migrations[v](data)
            data["version"] = v + 1
        return data


_KINDS: dict[str, KindSpec] = {}


def register(spec: KindSpec) -> KindSpec:
    if not spec.suffix.endswith((".yaml", ".yml")):  # formats.discover picks content among YAML files
        raise ValueError(f"kind {spec.kind!r}: a suffix ends in .yaml or .yml, not {spec.suffix!r}")
    if spec.kind in _KINDS:
        raise ValueError(f"kind {spec.kind!r} registered twice")
    _KINDS[spec.kind] = spec
    return spec


_EXTRA_CHECKS: dict[str, list[SemanticCheck]] = {}


def add_check(kind: str, check: SemanticCheck) -> None:
    """Add a check to a kind from a higher layer (e.g. the engine verifies that a saved game
    replays to its snapshot); formats never imports the engine, the command line wires it. A check
    already added to the kind is not added again (the command line and a game may both add it)."""
    added = _EXTRA_CHECKS.setdefault(kind, [])
    if check not in added:
        added.append(check)


#: kind -> what adds its checks from a higher layer, run the first time the kind's checks are wanted
_DEFERRED: dict[str, list[Callable[[], None]]] = {}


def defer_checks(kind: str, load: Callable[[], None]) -> None:
    """Have `load` (which calls `add_check`) run the first time the checks of `kind` are wanted, so a
    run that checks no file of `kind` never imports what its checks need (the engine)."""
    _DEFERRED.setdefault(kind, []).append(load)


#: a stage runs on every structurally valid model before its kind's checks: (kind, model, context)
Stage = Callable[[str, Any, CheckContext], list[Problem]]
_STAGES: list[Stage] = []


def add_stage(stage: Stage) -> None:
    """Add a stage that the loader runs before every kind's checks. The reference stage
    (formats.references) registers itself so: it reads the files a file names through the loader,
    so the loader cannot import it."""
    _STAGES.append(stage)


def stages() -> tuple[Stage, ...]:
    """The stages registered so far: a game's formats import the reference stage when they declare
    references, before any of its kinds is checked (`get` loads the game)."""
    return tuple(_STAGES)


def checks_for(spec: KindSpec) -> tuple[SemanticCheck, ...]:
    if spec.kind in _DEFERRED:
        with _LOCK:  # another thread (the language server's checker) waits until they are added
            loads = _DEFERRED.get(spec.kind, [])
            while loads:
                loads.pop(0)()
            _DEFERRED.pop(spec.kind, None)
    return spec.checks + tuple(_EXTRA_CHECKS.get(spec.kind, ()))


def get(kind: str) -> KindSpec | None:
    """The kind's spec, its game's formats imported first; every game's when its own do not have it."""
    spec = _KINDS.get(kind)
    if spec is None and not _complete:
        _load_game(kind.split(".", 1)[0])
        spec = _KINDS.get(kind)
        if spec is None:
            _load_all()
            spec = _KINDS.get(kind)
    return spec


def all_kinds() -> list[KindSpec]:
    _load_all()
    return sorted(_KINDS.values(), key=lambda s: s.kind)


def known_suffixes() -> tuple[str, ...]:
    _load_all()
    return tuple(sorted({s.suffix for s in _KINDS.values()}))


_loaded = _complete = False
_games_started: set[str] = set()
_games_done: set[str] = set()
#: one thread loads kinds (or a kind's deferred checks) while the others wait for them
_LOCK = threading.RLock()


def _load_game(game: str) -> None:
    if game in _games_done:
        return
    with _LOCK:
        if game not in _games_started:  # (else this thread is loading it: a module asks while it registers)
            _games_started.add(game)
            kinds.load_game(game)
            _games_done.add(game)


def _load_all() -> None:
    global _loaded, _complete
    if _complete:
        return
    with _LOCK:
        if not _loaded:  # (else this thread is loading them: a game's module asks while it registers)
            _loaded = True
            kinds.load_all()
            _complete = True
