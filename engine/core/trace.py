"""Golden playthroughs: a complete seeded game written as a readable text trace.

Each action is a line `> SEAT: ACTION`, followed by its events indented, so a change to the rules
shows up in review as a changed trace. Any game that follows engine.core.protocol can be traced;
`seat_name` turns a seat index into a word (e.g. a colour).
"""
from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .loop import Match, Step


def trace_game(state: Any, agents: Sequence[Any], agent_seed: int, header: Sequence[str] = (),
               seat_name: Callable[[int], str] = lambda q: f"seat {q + 1}", opening: Sequence[Any] = (),
               max_actions: int = 100_000) -> list[str]:
    """Play `state` to the end with `agents` through the shared loop and return the trace lines.
    A trace is reproducible only with a fixed `agent_seed` (engine.core.rng.seat_rngs)."""
    lines = [f"# {h}" for h in header]
    lines += [f"  {e.to_text()}" for e in opening]

    def record(step: Step) -> None:
        if step.seat is not None:
            lines.append(f"> {seat_name(step.seat)}: {step.action.to_text()}")
        lines.extend(f"  {e.to_text()}" for e in step.events)

    Match(state, agents, agent_seed, max_actions).run(record)
    return lines


def compare(path: Path, lines: list[str], update: bool = False) -> str | None:
    """None when `path` holds exactly `lines`; otherwise a unified diff (the file is rewritten when
    `update`, so a deliberate rule change is one command and a reviewed diff)."""
    text = "\n".join(lines) + "\n"
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    if old == text:
        return None
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return None
    diff = difflib.unified_diff(old.splitlines(), lines, str(path), "this run", n=2, lineterm="")
    return "\n".join(list(diff)[:80])
