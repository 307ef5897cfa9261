"""What every game's saved games share: the engine-backed check of `gridsmith validate`."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import hashlib

from pydantic import BaseModel

from gridsmith.formats.diagnostics import Problem

from .errors import ReplayError


def replay_check(replay: Callable[[Any], Any], log_key: str) -> Callable[[Any, Any], Iterable[Problem]]:
    """A semantic check (formats.registry.add_check) for a kind of saved game: `replay(model)` must
    reach the snapshot. A ReplayError is reported with its code where it points; anything else is
    SAV410 at the action log `log_key` (a broken save is a diagnostic, never a traceback)."""

    def check_replay(model: Any, ctx: Any) -> Iterable[Problem]:
        try:
            replay(model)
        except ReplayError as e:
            return [Problem(e.code, str(e), e.path)]
        except Exception as e:  # noqa: BLE001 - a validator reports, it never crashes
            return [Problem("SAV410", f"the saved game cannot be replayed: {e}", (log_key,))]
        return []

    return check_replay


Path = tuple[str | int, ...]


def first_difference(want: Any, got: Any, path: Path = ()) -> tuple[Path, Any, Any] | None:
    """Where two snapshots first differ, in the file's order: (path, the saved value, the replayed
    value). Models (and dicts) compare field by field, lists item by item, and a row of a grid (a string in a
    list) character by character, so the path points at the one square that differs."""
    if isinstance(want, BaseModel) and type(want) is type(got):
        for name in type(want).model_fields:
            found = first_difference(getattr(want, name), getattr(got, name), (*path, name))
            if found:
                return found
        return None
    if isinstance(want, dict) and isinstance(got, dict):  # a snapshot's fields by name, in file order
        for name in want:
            found = first_difference(want[name], got.get(name), (*path, name))
            if found:
                return found
        return None
    if isinstance(want, (list, tuple)) and isinstance(got, (list, tuple)):
        for i, (w, g) in enumerate(zip(want, got)):
            found = first_difference(w, g, (*path, i))
            if found:
                return found
        if len(want) != len(got):
            return path, f"{len(want)} entries", f"{len(got)}"
        return None
    if want == got:
        return None
    if isinstance(want, str) and isinstance(got, str) and path and isinstance(path[-1], int):
        c = next((c for c, (x, y) in enumerate(zip(want, got)) if x != y), min(len(want), len(got)))
        return (*path, c), want[c:c + 1], got[c:c + 1]
    return path, want, got


def snapshot_mismatch(want: Any, got: Any, what: str) -> ReplayError | None:
    """SAV411 at the snapshot's first difference, naming it (None when the snapshots agree); `what`
    is what replays ("the orders", "the actions")."""
    found = first_difference(want, got)
    if found is None:
        return None
    path, w, g = found
    where = ".".join(str(p) for p in path) or "the snapshot"
    return ReplayError(f"{what} do not replay to the snapshot: {where} is {_short(w)} in the snapshot but "
                       f"{_short(g)} after replaying (the file was edited or is from another version of the rules)",
                       ("snapshot", *path), "SAV411")


def rng_digest(seed: int, draws: int) -> str:
    """A snapshot's digest of the game's generator (its seed and how far it has drawn): a save whose
    seed was changed does not replay to it, even before the new seed has decided anything."""
    return hashlib.sha256(f"{seed}:{draws}".encode()).hexdigest()[:16]


def _short(value: Any) -> str:
    text = value if isinstance(value, str) and value.endswith("entries") else repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
