"""Saved games (`pendulum.save`): write a game, and load one by replaying its clock-stamped log.

The log holds every request as `MS SEAT ACTION`; what the clock does by itself (commits after the
grace window, automatic flips, the council's wait) follows from the embedded ruleset, so replaying
means: advance the clock to each request's millisecond, request it again. Loading compares the result
with the snapshot; a mismatch is an error, never a silently different game (SAV410: a request cannot
be replayed, SAV411: the replayed game differs from the snapshot).
"""
from __future__ import annotations

import hashlib
import json


from gridsmith.formats.pendulum.save import SaveFile, SeatClock, SeatSnapshot, Snapshot
from gridsmith.formats.pendulum.scenario import resolve_embedded

from gridsmith.engine.core.errors import ReplayError
from gridsmith.engine.core.saves import replay_check

from .actions import Action, IllegalAction
from .game import new_game
from .state import PendulumState


def snapshot(state: PendulumState) -> Snapshot:
    seats = []
    for s in state.seats:
        seats.append(SeatSnapshot(
            resources=dict(s.res),
            vp={**s.vp, "legendary": int(s.legendary)},
            fame=sum(s.fame.values()),
            workers=[f"{w.size}@{w.where()}" for w in s.workers],
        ))
    glasses = {a: f"{('top', 'bottom')[g.row]}@{g.expires}" for a, g in state.glasses.items()}
    winners = None if state.result is None else [q + 1 for q in state.result.winners]
    return Snapshot(now_ms=state.now, round=state.round, phase=state.phase,
                    privilege=[q + 1 for q in state.privilege], glasses=glasses, seats=seats,
                    rng_draws=state.rng.draws, winners=winners, cards=cards_digest(state),
                    pending=[f"{p.ms} {p.seat + 1} {p.action.to_text()}" for p in state.pending])


def cards_digest(state: PendulumState) -> str:
    """Where every card is, as a short digest: the hidden shuffles are the seed's, not the log's."""
    where = [state.achievement_deck, state.achievement, state.province_deck, state.display, state.reward_stack,
             state.reward_slots]
    return hashlib.sha256(json.dumps(where, default=str).encode()).hexdigest()[:16]


def to_save(state: PendulumState, players: list[str] | None = None, description: str = "",
            clocks: list[SeatClock] | None = None) -> SaveFile:
    res = state.res
    return SaveFile(
        kind="pendulum.save", version=1, description=description,
        scenario=res.scenario, ruleset=state.rules, board=res.board, leaders=list(res.leaders),
        decks=list(res.decks), seed=state.seed, players=list(players or []),
        log=[f"{ms} {q + 1} {a.to_text()}" for ms, q, a in state.requests], clocks=list(clocks or []),
        snapshot=snapshot(state),
    )


def from_save(save: SaveFile, upto: int | None = None) -> PendulumState:
    """The game of a save, replayed request by request (to request `upto` when given)."""
    res, problems = resolve_embedded(save.scenario, save.ruleset, save.board, save.leaders, save.decks)
    if res is None:
        raise ReplayError("the embedded files have errors: " + "; ".join(p.message for p in problems[:3]))
    state = new_game(res, save.seed)
    lines = save.log if upto is None else save.log[:upto]
    for i, line in enumerate(lines):
        ms_text, seat_text, action_text = line.split(" ", 2)
        ms, q = int(ms_text), int(seat_text) - 1
        try:
            if ms < state.now:
                raise IllegalAction(f"the clock is at {state.now} ms already")
            state.advance(ms)
            state.request(q, Action.from_text(action_text))
        except (IllegalAction, ValueError) as e:
            raise ReplayError(f"request {i + 1} ({line}) cannot be replayed: {e}", ("log", i)) from None
    if upto is None:
        want = save.snapshot
        if want.now_ms > state.now:
            state.advance(want.now_ms)
        got = snapshot(state)
        if not want.cards:  # a save from before the digest
            got = got.model_copy(update={"cards": ""})
        if want.pending is None:  # a save from before pending requests were kept
            got = got.model_copy(update={"pending": None})
        if got != want:
            diffs = [k for k in type(want).model_fields if getattr(got, k) != getattr(want, k)]
            raise ReplayError(f"the log does not replay to the snapshot ({', '.join(diffs)} differ): the file was "
                              "edited or is from another version of the rules", ("snapshot", diffs[0]), "SAV411")
    return state


#: the replay check of `gridsmith validate` (engine.pendulum.checks lists it)
check_replay = replay_check(from_save, "log")
