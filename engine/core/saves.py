"""What every game's saved games share: the engine-backed check of `gridsmith validate`."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

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
