"""The one play loop: every surface (batch play, golden traces, terminal play, the editor's play
windows) drives a game through a `Match`, so the same scenario, seed, seats and agent seed play
the same game everywhere.

    match = Match(state, players, agent_seed=None)   # players: an agent per seat, or None
    match.run()                 # computer seats act until the game ends or a None seat is to move
    match.apply(action)         # the seat to move acts (a human's click, a typed move)
    req = match.request()       # or hand a computer seat's question to another thread ...
    match.apply(req.agent.choose(req.view, req.legal, req.rng))   # ... and apply its answer here

What the loop asks of a state (engine.core.protocol): `to_move`, `is_over`, `legal_actions()`,
`apply(action) -> events`, `view(seat)`. It asks `state.to_move` after every action, so a seat may
act several times in a row (Pendulous' turn of many actions; Kongbots' orders within a pulse). A
state with a clock (Pendulum) may report nobody to move while the game goes on: the loop then calls
`state.advance() -> events` (time passes until the next event: a sandglass runs out, a seat may
act) and asks again; those events are logged with seat None.

A real-time front end (the editor's play window) drives a clocked state itself instead
(`clocked(state)`): it lets the clock run with `match.advance(to=ms)` as the wall clock moves, and a
seat that acts at a moment of its own choosing (a human in real time) acts with
`match.apply(action, seat=q)`. The clock protocol such a state offers:

    state.now                   the game clock, in ms
    state.next_time()           when the clock next does something by itself (None: nothing scheduled)
    state.advance_to(ms)        move the clock to `ms`, firing what is due on the way -> events
    state.set_real_time(seats)  no running on by itself after an action; `seats` act when they choose
    state.may_act(seat)         whether that seat may act now (out of turn included)
    state.apply(action, seat)   that seat acts now

Each seat's generator comes from `engine.core.rng.seat_rngs` (an independent secret, or the
explicit `agent_seed` of a reproducible test), derived once per match: never from the game's seed.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import GameError
from .rng import SeatRng, seat_rngs


@dataclass(frozen=True, slots=True)
class Step:
    """One thing that happened: `seat` played `action` (seat and action None: time passed)."""

    seat: int | None
    action: Any
    events: list[Any]
    #: a clocked game's time of the step (ms), None for the turn-based games
    ms: int | None = None


def clocked(state: Any) -> bool:
    """Whether a state runs on a clock a front end may drive in real time (the protocol above)."""
    return callable(getattr(state, "advance_to", None)) and callable(getattr(state, "next_time", None))


@dataclass(frozen=True, slots=True)
class Request:
    """What a computer seat needs to choose: its own view, the legal actions, its generator."""

    seat: int
    agent: Any
    view: Any
    legal: list[Any]
    rng: SeatRng


class Match:
    def __init__(self, state: Any, players: Sequence[Any | None], agent_seed: int | None = None,
                 max_actions: int = 1_000_000, names: Sequence[str] | None = None) -> None:
        self.state = state
        self.players = list(players)
        #: what each seat is called where it was chosen (`human`, `greedy`, ...)
        self.names = list(names) if names is not None else [getattr(p, "name", "human") for p in self.players]
        self.rngs = seat_rngs(len(self.players), agent_seed)
        self.max_actions = max_actions
        self.steps: list[Step] = []
        self.actions = 0
        # whether self.state runs on a clock, asked once per state rather than once per action
        self._clock_of: tuple[Any, bool] = (None, False)

    def _clocked(self) -> bool:
        state = self.state
        known, flag = self._clock_of
        if known is not state:
            flag = clocked(state)
            self._clock_of = (state, flag)
        return flag

    # ---- whose turn --------------------------------------------------------------------------
    def _settle(self, on_step: Callable[[Step], None] | None = None) -> int | None:
        """Let time pass while the game goes on and nobody may act (a clocked game); the seat to act
        then, None when the game is over."""
        s = self.state
        while not s.is_over:
            q: int | None = s.to_move
            if q is not None:
                return q
            advance = getattr(s, "advance", None)
            if advance is None:
                raise GameError("the game is not over but no seat is to move")
            step = Step(None, None, list(advance()))
            self.steps.append(step)
            if on_step is not None:
                on_step(step)
        return None

    @property
    def to_move(self) -> int | None:
        """The seat to act now (after letting a clock run), None when the game is over."""
        return self._settle()

    def is_computer(self, seat: int) -> bool:
        return self.players[seat] is not None

    def computer_to_move(self) -> bool:
        q = self.to_move
        return q is not None and self.is_computer(q)

    # ---- acting ------------------------------------------------------------------------------
    def request(self) -> Request:
        """The question for the computer seat to move (it may be answered on another thread)."""
        q = self.to_move
        if q is None or not self.is_computer(q):
            raise GameError("no computer seat is to move")
        return Request(q, self.players[q], self.state.view(q), self.state.legal_actions(), self.rngs[q])

    def apply(self, action: Any, seat: int | None = None) -> list[Any]:
        """The seat to move plays `action`; IllegalActionError when the rules forbid it. `seat`: in a
        clocked game, that seat acts now, polled or not (the clock is not run on first)."""
        q = self.to_move if seat is None else seat
        if q is None:
            raise GameError("the game is over")
        return self._act(q, action, seat).events

    def _act(self, q: int, action: Any, seat: int | None) -> Step:
        """Seat `q` (known to be the one acting) plays `action`; the recorded step."""
        if self.actions >= self.max_actions:
            raise GameError(f"no result after {self.actions} actions")
        state = self.state
        ms = getattr(state, "now", None) if self._clocked() else None
        events: list[Any] = state.apply(action) if seat is None else state.apply(action, seat)
        self.actions += 1
        step = Step(q, action, events, ms)
        self.steps.append(step)
        return step

    def advance(self, to: int | None = None) -> Step | None:
        """A clocked game: time passes to the next thing that happens, or to `to` (ms; a real-time
        front end following the wall clock). The step is recorded when something happened."""
        events = list(self.state.advance() if to is None else self.state.advance_to(to))
        if not events:
            return None
        step = Step(None, None, events, getattr(self.state, "now", None))
        self.steps.append(step)
        return step

    def step(self, on_step: Callable[[Step], None] | None = None) -> Step | None:
        """One action of the seat to move: None when the game is over, the seat has no agent, or
        its agent declined (a human at a terminal who quits)."""
        # what `request()` then `apply()` do, with the seat to move asked once (the state's
        # `to_move` and `is_over` are pure: asking again, as they would, changes nothing)
        state = self.state
        q = None if state.is_over else state.to_move
        if q is None:  # over, or a clock must run first
            q = self._settle(on_step)
            if q is None:
                return None
        agent = self.players[q]
        if agent is None:
            return None
        # an agent that never reads its view (needs_view False: the random player) is not given one;
        # a view is pure, so not making it changes nothing but the time
        view = state.view(q) if getattr(agent, "needs_view", True) else None
        action = agent.choose(view, state.legal_actions(), self.rngs[q])
        if action is None:
            return None
        step = self._act(q, action, None)
        if on_step is not None:
            on_step(step)
        return step

    def run(self, on_step: Callable[[Step], None] | None = None) -> bool:
        """Play until the game is over (True) or a seat without an agent is to move, or an agent
        declines to act (False)."""
        while self.step(on_step) is not None:
            pass
        over: bool = self.state.is_over
        return over

    # ---- records -----------------------------------------------------------------------------
    def action_log(self) -> list[tuple[int, str]]:
        """(seat, action text) of every action so far: what a saved game records."""
        return [(s.seat, s.action.to_text()) for s in self.steps if s.seat is not None]
