"""Saved battles (`kongbots.save`): write one, and load one by replaying its orders.

A save embeds the resolved scenario (arena, ruleset, builds), the seed and every order, so it replays
without any other file. Loading replays the orders and compares the result with the snapshot; a
difference is an error, never a silently different battle (SAV410: an order cannot be given where it
stands; SAV411: the position differs from the snapshot — the codes Pendulous and Pyramids use too).
Importing this module adds the replay check to `kongbots.save` for `gridsmith validate`.
"""
from __future__ import annotations


from gridsmith.engine.core.errors import ReplayError
from gridsmith.engine.core.saves import replay_check, snapshot_mismatch
from gridsmith.formats.kongbots.modules import EMPTY, TEAMS
from gridsmith.formats.kongbots.save import BotSnapshot, MissileSnapshot, SaveFile, Snapshot

from .actions import parse_order
from .game import new_game
from .state import KongbotsState


def snapshot(s: KongbotsState) -> Snapshot:
    return Snapshot(
        turn=s.turn, pulse=s.pulse, phase=s.phase,
        to_move=None if s.to_move is None else TEAMS[s.to_move],
        rng_draws=s.rng.draws,
        bots=[BotSnapshot(label=b.label, hex=None if b.hex is None else list(b.hex),
                          modules=[m or EMPTY for m in b.slots], malfunctioning=b.malf, streak=b.streak,
                          lasers_fired=b.fired, surrendered=b.out) for b in s.bots],
        missiles=[MissileSnapshot(id=m.id, target=s.bots[m.target].label, hex=list(m.hex)) for m in s.missiles],
        winners=None if s.result is None else [TEAMS[t] for t in s.result.winners],
    )


def to_save(s: KongbotsState, seats: list[str] | None = None, description: str = "") -> SaveFile:
    return SaveFile(kind="kongbots.save", version=1, description=description, scenario=s.scenario, seed=s.seed,
                    seats=list(seats or []), orders=[o.to_text() for o in s.log], snapshot=snapshot(s))


def from_save(save: SaveFile, upto: int | None = None) -> KongbotsState:
    """The battle of a save, replayed order by order (to order `upto` when given, for a viewer)."""
    state = new_game(save.scenario, save.seed)
    orders = save.orders if upto is None else save.orders[:upto]
    for i, text in enumerate(orders):
        try:
            state.apply(parse_order(text))
        except ValueError as e:
            raise ReplayError(f"order {i + 1} ({text!r}) cannot be given: {e}", ("orders", i)) from None
    if upto is None:
        differs = snapshot_mismatch(save.snapshot, snapshot(state), "the orders")
        if differs:
            raise differs
    return state


#: the replay check of `gridsmith validate` (engine.kongbots.checks lists it)
check_replay = replay_check(from_save, "orders")
