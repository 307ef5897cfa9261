"""Saved games (manual 3.2 "Saving Games", 3.3 "Playing Saved Games"): `pendulous.save` v1.

A save holds the scenario and ruleset, the seed, the action log and a snapshot. Loading replays
the log from the start and compares the result with the snapshot: a game is a pure function of
(scenario, ruleset, seed, actions), so any difference means a tampered, truncated or foreign file,
and it is reported, never silently played as a different game.

`check_replay` is the replay check of `gridsmith validate` (engine.pendulous.checks lists it).
"""
from __future__ import annotations

import io
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from gridsmith.engine.core.errors import ReplayError
from gridsmith.formats.atomic import atomic_write_text
from gridsmith.formats.diagnostics import Problem
from gridsmith.formats.document import new_tree
from gridsmith.formats.schema import schema_url
from gridsmith.formats.loader import load_file, round_trip_yaml
from gridsmith.formats.pendulous.save import MAX_ACTIONS, SaveFile, SeatSnapshot, Snapshot, embedded_problems
from gridsmith.formats.registry import CheckContext

from .actions import action_from_text
from .board import CITY_KIND, WATER_KIND
from .game import start_game
from .state import IllegalAction, PendulousState


class SaveError(ReplayError):
    """A saved game that does not replay to its snapshot; `problems` locate each difference."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        first = problems[0] if problems else None
        super().__init__("; ".join(p.message for p in problems[:5]), tuple(first.path) if first else (),
                         first.code if first else "SAV410")


def snapshot(s: PendulousState) -> Snapshot:
    b = s.board
    owners, armies, supply = [], [], []
    for r in range(b.height):
        o, a, u = [], [], []
        for c in range(b.width):
            i = r * b.stride + c
            k, q = b.kind[i], s.owner[i]
            if k == WATER_KIND:
                o.append("~"), a.append("."), u.append("~")
                continue
            o.append(("ABCD" if k == CITY_KIND else "1234")[q])
            n = s.armies[i]
            a.append(str(min(n, 9)) if n else ".")
            u.append("+" if s.supplied >> i & 1 else "-")
        owners.append("".join(o)), armies.append("".join(a)), supply.append("".join(u))
    seats = [
        SeatSnapshot(force_pool=s.pool[q], resources=s.resources[q], victory_points=s.vp[q], out=s.out[q])
        for q in range(len(s.pool))
    ]
    return Snapshot(
        turn=s.turn,
        to_move=s.to_move,
        rng_draws=s.rng.draws if s.rng is not None else 0,
        seats=seats,
        owners=owners,
        armies=armies,
        supply=supply,
        winners=list(s.result.winners) if s.result else None,
    )


def save_game(s: PendulousState, seats: list[str] | None = None, description: str = "") -> SaveFile:
    """The saved-game model of a game in progress (or over)."""
    return SaveFile(
        kind="pendulous.save",
        version=1,
        description=description,
        scenario=s.scenario,
        ruleset=s.rules,
        seed=s.rng.seed if s.rng is not None else 0,
        seats=list(seats or []),
        actions=list(s.log),
        snapshot=snapshot(s),
    )


def save_text(save: SaveFile) -> str:
    """The YAML text of a save: every value written out (the embedded ruleset too, so a later change
    of the code's defaults cannot change a saved game)."""
    data = save.model_dump(mode="json", exclude_none=True)
    tree = new_tree(save, data, comments=["A saved Pendulous game: `gridsmith replay` checks it, `gridsmith play` resumes it."],
                    schema_ref=schema_url(save.kind, save.version))
    buf = io.StringIO()
    round_trip_yaml().dump(tree, buf)
    return buf.getvalue()


def write_save(path: str | os.PathLike, s: PendulousState, seats: list[str] | None = None, description: str = "") -> Path:
    """Save atomically (a temp file renamed over the target: never a half-written save)."""
    atomic_write_text(path, save_text(save_game(s, seats, description)))
    return Path(path)


def replay(save: SaveFile, upto: int | None = None) -> tuple[PendulousState, list[Any]]:
    """Play the save's actions from the start (the first `upto` of them); returns the state and
    every event. SaveError when an action is not legal where it stands."""
    state, events = start_game(save.scenario, save.ruleset, save.seed)
    for n, text in enumerate(save.actions[:upto]):
        try:
            action = action_from_text(text)
            events.extend(state.apply(action))
        except (IllegalAction, ValueError) as e:
            raise SaveError([Problem("SAV410", f"action {n + 1} ({text!r}) cannot be replayed: {e}", ("actions", n))]) from None
    return state, events


def differences(save: SaveFile, state: PendulousState) -> list[Problem]:
    """Where the replayed state differs from the save's snapshot."""
    got = snapshot(state)
    want = save.snapshot
    out: list[Problem] = []
    for name in ("turn", "to_move", "rng_draws", "winners"):
        if getattr(got, name) != getattr(want, name):
            out.append(Problem("SAV411", f"snapshot {name} is {getattr(want, name)!r} but the actions replay to "
                               f"{getattr(got, name)!r}", ("snapshot", name)))
    for q, (g, w) in enumerate(zip(got.seats, want.seats)):
        for field in ("force_pool", "resources", "victory_points", "out"):
            if getattr(g, field) != getattr(w, field):
                out.append(Problem("SAV411", f"seat {q + 1} {field.replace('_', ' ')} is {getattr(w, field)!r} in the "
                                   f"snapshot but {getattr(g, field)!r} after replaying", ("snapshot", "seats", q, field)))
    if len(got.seats) != len(want.seats):
        out.append(Problem("SAV411", "the snapshot's seats do not match the scenario", ("snapshot", "seats")))
    for name in ("owners", "armies", "supply"):
        g, w = getattr(got, name), getattr(want, name)
        for r, (gl, wl) in enumerate(zip(g, w)):
            if gl != wl:
                c = next((c for c, (x, y) in enumerate(zip(gl, wl)) if x != y), min(len(gl), len(wl)))
                out.append(Problem("SAV411", f"snapshot {name} at square {r},{c} is {wl[c:c + 1]!r} but the actions "
                                   f"replay to {gl[c:c + 1]!r}", ("snapshot", name, r, c)))
                break
        if len(g) != len(w):
            out.append(Problem("SAV411", f"snapshot {name} has the wrong number of rows", ("snapshot", name)))
    return out


def load_game(save: SaveFile) -> PendulousState:
    """Replay a save and verify it against its snapshot; SaveError on any difference."""
    state, _ = replay(save)
    probs = differences(save, state)
    if probs:
        raise SaveError(probs)
    return state


def read_save(path: str | os.PathLike) -> SaveFile:
    """Load a *.sav.yaml file as a model; SaveError listing the file's diagnostics otherwise."""
    loaded = load_file(path)
    if not isinstance(loaded.model, SaveFile) or any(d.is_error for d in loaded.diagnostics):
        msgs = [Problem(d.code, d.format_text()) for d in loaded.diagnostics if d.is_error]
        raise SaveError(msgs or [Problem("SAV400", f"{path} is not a pendulous.save file")])
    return loaded.model


def check_replay(model: SaveFile, ctx: CheckContext) -> Iterable[Problem]:
    """The engine-backed check of `gridsmith validate`: the log replays to the snapshot. Not run
    when the embedded scenario or ruleset is invalid (check_save reports that)."""
    if embedded_problems(model, ctx) or len(model.actions) > MAX_ACTIONS:
        return []
    try:
        state, _ = replay(model)
    except SaveError as e:
        return e.problems
    except Exception as e:  # noqa: BLE001 - a validator reports, it never crashes
        return [Problem("SAV410", f"the saved game cannot be replayed: {type(e).__name__}: {e}", ("actions",))]
    return differences(model, state)

