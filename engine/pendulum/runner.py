"""Seats polled on the game clock: the state a turn-based play loop drives.

`PolledGame` wraps a `PendulumState` in the shape of the one play loop (engine.core.loop): `to_move`
is the seat that may answer now, `legal_actions()` its actions (in a timed round plus `wait`:
nothing until the next event), `apply(action)`, and `advance()` when nobody may answer: time passes
to the next thing that happens. Computer seats are polled at every event — a glass running out, a
flip, another seat's action — answer after their reaction time, and each action keeps the seat busy
for its action time ("Eine Aktion nach der anderen"); both are set per seat (scenario) or by the
ruleset (`timing`), so no human is out-raced. Headless play fast-forwards with the same timing; a
real-time front end calls `advance()` when the wall clock reaches `next_time()`.

Turn phases (the start placement, the wrap-up after the call, the council, the steps of an untimed
round) take no clock time: the seat whose turn it is answers until it passes.

With `auto_advance` (headless play, batch runs, replays of a loop's log) `apply` lets the clock run
on by itself until a seat may answer, so `to_move` is only None once the game is over and every step
of the loop is one seat's action; a real-time front end turns it off and calls `advance()` itself.

Real time (engine.core.loop's clock protocol, used by the editor's play window): `set_real_time(seats)`
turns `auto_advance` off and makes `seats` (the humans) free: in a timed round they are never polled
(`to_move` skips them; they act whenever they like with `apply(action, seat)`), in the turn phases and
untimed steps they come after the polled seats. `advance_to(ms)` follows the wall clock.
"""
from __future__ import annotations

from dataclasses import dataclass

from gridsmith.engine.core.errors import GameError

from .actions import Action, IllegalAction, Wait
from .events import Event
from .state import ACTOR_WORDS, PendulumState

WAIT = Wait()
#: headless games need someone to flip: an expired glass is flipped this long after it ran out when
#: no seat did (ruleset timing.auto_flip_ms overrides; a save embeds the value used)
DEFAULT_AUTO_FLIP_MS = 3000


@dataclass
class SeatClock:
    reaction_ms: int
    action_ms: int
    ready: int = 0  # the seat's next moment to answer
    waiting: bool = False  # answered `wait`: asked again after the next event


def ensure_auto_flip(state: PendulumState, ms: int = DEFAULT_AUTO_FLIP_MS) -> None:
    """Headless play: give the ruleset an automatic flip when it has none (the save embeds it)."""
    if state.rules.timing.auto_flip_ms is None:
        timing = state.rules.timing.model_copy(update={"auto_flip_ms": ms})
        state.rules = state.rules.model_copy(update={"timing": timing})
        # the resolved scenario carries the same ruleset, as a resumed game's does (its save embeds this
        # one); in place: the caller's resolved scenario is the one the game plays
        state.res.ruleset = state.rules


class Stalled(GameError, RuntimeError):
    """Every seat waits and nothing is scheduled (only without automatic flips)."""


class PolledGame:
    def __init__(self, state: PendulumState, auto_flip: bool = True, auto_advance: bool = True) -> None:
        if auto_flip:
            ensure_auto_flip(state)
        self.state = state
        self.auto_advance = auto_advance
        #: seats that act at moments of their own choosing (humans in real time): never polled in a timed round
        self.free: frozenset[int] = frozenset()
        t = state.rules.timing
        self.clocks = []
        for q in range(state.n):
            s = state.seat_options(q)
            self.clocks.append(SeatClock(t.reaction_ms if s.reaction_ms is None else s.reaction_ms,
                                         t.action_ms if s.action_ms is None else s.action_ms))

    @property
    def n(self) -> int:
        return self.state.n

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def result(self):
        return self.state.result

    @property
    def to_move(self) -> int | None:
        """The seat that may answer now; None while everyone waits, is busy or reacting."""
        st = self.state
        if st.is_over:
            return None
        timed = st.phase == "timed"
        actors = st.actors()
        for q in actors:
            c = self.clocks[q]
            if q in self.free or timed and (c.waiting or c.ready > st.now):
                continue
            return q
        if not timed:
            return next((q for q in actors if q in self.free), None)
        return None

    # ---- the clock protocol of a real-time front end (engine.core.loop) ----------------------------
    @property
    def now(self) -> int:
        return self.state.now

    def set_real_time(self, seats) -> None:
        """Driven by a wall clock: no running on after an action; `seats` act when they choose."""
        self.auto_advance = False
        self.free = frozenset(seats)

    def may_act(self, seat: int) -> bool:
        return seat in self.state.actors()

    def advance_to(self, ms: int) -> list[Event]:
        """Move the clock to `ms` (never backwards), firing what is due on the way."""
        events = self.state.advance(max(ms, self.state.now))
        if events:
            self._wake()
        return events

    def legal_actions(self) -> list[Action]:
        q = self.to_move
        if q is None:
            return []
        legal = self.state.legal_actions(q)
        return legal + [WAIT] if self.state.phase == "timed" else legal

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """The seat to move acts, or `seat` (polled or not: a human at a moment of their choosing)."""
        q = self.to_move if seat is None else seat
        if q is None:
            raise IllegalAction("no seat may act now")
        if seat is not None and not self.may_act(seat):
            raise IllegalAction(f"seat {seat + 1} cannot act now "
                                f"({ACTOR_WORDS.get(self.state.phase, self.state.phase)})")
        st = self.state
        if action == WAIT:
            if st.phase != "timed":
                raise IllegalAction("waiting is for timed rounds; pass or say done")
            self.clocks[q].waiting = True
            return self.settle() if self.auto_advance else []
        timed = st.phase == "timed"
        events = st.request(q, action)
        if timed:
            self.clocks[q].ready = st.now + self.clocks[q].action_ms
            self._wake(except_seat=q)
        return events + self.settle() if self.auto_advance else events

    def settle(self) -> list[Event]:
        """Let the clock run until a seat may answer or the game ends."""
        out: list[Event] = []
        while not self.is_over and self.to_move is None:
            out += self.advance()
        return out

    def next_time(self) -> int | None:
        """When `advance()` will move the clock to: the next event or a seat's next moment."""
        st = self.state
        times = [c.ready for q, c in enumerate(self.clocks)
                 if q not in self.free and not c.waiting and c.ready > st.now]
        due = st.next_event_at()
        if due is not None:
            times.append(max(due, st.now))
        return min(times) if times else None

    def advance(self) -> list[Event]:
        t = self.next_time()
        if t is None:
            raise Stalled("the game stalls: every seat waits and nothing is scheduled")
        events = self.state.advance(t)
        if events:
            self._wake()
        return events

    def _wake(self, except_seat: int | None = None) -> None:
        now = self.state.now
        for q, c in enumerate(self.clocks):
            if q != except_seat and c.waiting:
                c.waiting = False
                c.ready = max(c.ready, now + c.reaction_ms)

    def view(self, q: int) -> PendulumState:
        return self.state.view(q)

    @property
    def rng(self):
        return self.state.rng

    @property
    def turn(self) -> int:
        """The round being played (what batch statistics call the game's length in turns)."""
        return self.state.round

    def clone(self) -> "PolledGame":
        other = PolledGame.__new__(PolledGame)
        other.state = self.state.clone()
        other.auto_advance = self.auto_advance
        other.free = self.free
        other.clocks = [SeatClock(c.reaction_ms, c.action_ms, c.ready, c.waiting) for c in self.clocks]
        return other
