"""Saved Circuit War games (`circuitwar.save`): write one, and load one by replaying its actions.

The save embeds the scenario and ruleset, so it replays without other files. Loading replays every
action and compares the result with the snapshot: SAV410 an action cannot be played, SAV411 the
position differs (as for every game).
"""
from __future__ import annotations

from collections.abc import Sequence

from gridsmith.engine.core.errors import ReplayError
from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.core.saves import replay_check, rng_digest, snapshot_mismatch
from gridsmith.formats.circuitwar.save import SavedGame, Snapshot
from gridsmith.formats.circuitwar.scenario import Charge

from .actions import Action
from .game import new_game
from .state import CircuitWarState


def snapshot(state: CircuitWarState) -> Snapshot:
    grid, objects, charges = state.board.to_layers()
    r = state.result
    return Snapshot(
        turn=max(1, state.turn), phase=state.phase if r is None else "over",
        to_move=None if state.to_move is None else state.to_move + 1,
        order=[s + 1 for s in state.order], energy=list(state.energy), alive=list(state.alive),
        grid=grid, objects=objects, charges=[Charge(at=a, charge=c) for a, c in charges],
        winner=r.winners[0] + 1 if r is not None and len(r.winners) == 1 else None,
        reason=r.reason if r is not None else "",
        rng=rng_digest(state.seed, state.rng.draws) if isinstance(state.rng, CounterRng) else "",
    )


def to_save(state: CircuitWarState, seats: Sequence[str] = (), description: str = "") -> SavedGame:
    return SavedGame(kind="circuitwar.save", version=1, description=description, scenario=state.scenario,
                     ruleset=state.rules, seed=state.seed, seats=list(seats),
                     actions=[a.to_text() for a in state.log], snapshot=snapshot(state))


def from_save(save: SavedGame) -> tuple[CircuitWarState, list]:
    """The game of a save replayed action by action, and every event; ReplayError on a mismatch."""
    state = new_game(save.scenario, save.seed, ruleset=save.ruleset)
    events = list(state.last_events)
    for i, text in enumerate(save.actions):
        try:
            events += state.apply(Action.from_text(text, state.board.cols))
        except ValueError as e:
            raise ReplayError(f"action {i + 1} ({text}) cannot be played: {e}", ("actions", i)) from None
    got = snapshot(state)
    if not save.snapshot.rng:  # a save from before the digest
        got = got.model_copy(update={"rng": ""})
    differs = snapshot_mismatch(save.snapshot, got, "the actions")
    if differs:
        raise differs
    return state, events


#: the replay check of `gridsmith validate` (engine.circuitwar.checks lists it)
check_replay = replay_check(from_save, "actions")
