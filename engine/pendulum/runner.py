"""Playing Pendulum with computer seats on the game clock (headless: fast-forwarded, same timing).

Computer seats are polled at every event — a glass running out, a flip, another seat's action — and
answer after their reaction time; each action keeps the seat busy for its action time ("Eine Aktion
nach der anderen"), both set per seat (scenario) or by the ruleset (`timing`), so no human is
out-raced. An agent may answer `wait`: nothing until the next event. The clock then jumps to the next
thing that happens (fast-forward); a real-time front end would sleep until then instead.

Turn phases (the start placement, the wrap-up after the call, the council, the steps of an untimed
round) take no clock time: the seat whose turn it is is asked until it passes.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .actions import Action, Event
from .state import PendulumState

WAIT = Action("wait")
#: headless games need someone to flip: an expired glass is flipped this long after it ran out when
#: no seat did (ruleset timing.auto_flip_ms overrides)
DEFAULT_AUTO_FLIP_MS = 3000


@dataclass
class SeatClock:
    reaction_ms: int
    action_ms: int
    ready: int = 0  # the seat's next moment to answer
    waiting: bool = False  # answered `wait`: asked again after the next event


def seat_clocks(state: PendulumState) -> list[SeatClock]:
    t = state.rules.timing
    out = []
    for q in range(state.n):
        s = state.seat_options(q)
        out.append(SeatClock(t.reaction_ms if s.reaction_ms is None else s.reaction_ms,
                             t.action_ms if s.action_ms is None else s.action_ms))
    return out


def ensure_auto_flip(state: PendulumState, ms: int = DEFAULT_AUTO_FLIP_MS) -> None:
    """Headless play: give the ruleset an automatic flip when it has none (the save embeds it)."""
    if state.rules.timing.auto_flip_ms is None:
        timing = state.rules.timing.model_copy(update={"auto_flip_ms": ms})
        state.rules = state.rules.model_copy(update={"timing": timing})


def play(state: PendulumState, agents: list, rngs: list, max_actions: int = 200_000,
         on_events: Callable[[list[Event]], None] | None = None) -> int:
    """Play to the end; returns the number of actions requested. RuntimeError if no result."""
    ensure_auto_flip(state)
    clocks = seat_clocks(state)
    actions = 0
    while not state.is_over:
        if actions >= max_actions:
            raise RuntimeError(f"no result after {actions} actions")
        acted = False
        timed = state.phase == "timed"
        for q in state.actors():
            c = clocks[q]
            if timed and (c.waiting or c.ready > state.now):
                continue
            legal = state.legal_actions(q)
            if not legal:
                continue
            options = legal + [WAIT] if timed else legal
            choice = agents[q].choose(state.view(q), options, rngs[q])
            if choice == WAIT:
                c.waiting = True
                continue
            events = state.request(q, choice)
            actions += 1
            acted = True
            if on_events:
                on_events(events)
            if timed:
                c.ready = state.now + c.action_ms
                _wake(clocks, state.now, except_seat=q)
            if state.phase != "timed" or state.is_over:
                break  # the phase changed under the others: ask again
        if state.is_over:
            break
        if acted and state.phase != "timed":
            continue
        if not acted and state.phase not in ("timed", "council_wait"):
            raise RuntimeError(f"nobody can act in phase {state.phase}")
        due = state.next_event_at()
        times = [t for t in (c.ready for c in clocks if not c.waiting) if t > state.now]
        if due is not None:
            times.append(max(due, state.now))
        if not times:
            if acted:
                continue
            raise RuntimeError("the game stalls: every seat waits and nothing is scheduled")
        events = state.advance(min(times))
        if events:
            if on_events:
                on_events(events)
            _wake(clocks, state.now)
    return actions


def _wake(clocks: list[SeatClock], now: int, except_seat: int | None = None) -> None:
    for q, c in enumerate(clocks):
        if q != except_seat and c.waiting:
            c.waiting = False
            c.ready = max(c.ready, now + c.reaction_ms)
