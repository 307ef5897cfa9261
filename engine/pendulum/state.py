"""The Pendulum game state on a millisecond clock: a discrete-event simulation.

Nobody has the move. In a timed round every seat may request an action at any moment; the sandglasses
are timers whose expiry is a scheduled event, and time moves only when the caller advances it (to the
next event, or to a requested time), so a game can be stepped, fast-forwarded, run in real time or
played untimed step by step, and is a pure function of scenario, seed and the timed log.

    state.now                       the game clock, in ms
    state.actors()                  seats that may act now (all in a timed round; one in turn phases)
    state.legal_actions(seat)       what that seat may request now
    state.request(seat, action)     ask for an action at `now` (committed after the grace window)
    state.next_event_at()           when something happens by itself (expiry, commit, auto flip)
    state.advance(ms)               move the clock, firing what is due

Simultaneity (rulebook, "Privileg beanspruchen"): requests closer together than `grace_ms` count as
simultaneous and the higher privilege is served first; with `grace_ms` 0 requests are committed at
once, first come first served. A seat has one request in flight at a time ("Eine Aktion nach der
anderen").
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice

from gridsmith.engine.core.protocol import Result
from gridsmith.engine.core.rng import CounterRng
from gridsmith.formats.pendulum.board import Space, purple_markers
from gridsmith.formats.pendulum.effects import AREAS, COLOURS, RESOURCES, TRACKS, Cost
from gridsmith.formats.pendulum.scenario import ResolvedScenario

from .actions import Act, Action, Flip, IllegalAction
from .council import after_action, apply_action, is_legal, legal_actions, start_round
from .events import Event, Performed, PrivilegeRuling, Refused, Requested
from .rules import (ACT_WITHOUT_GLASS, BOTTOM, IGNORE_BLOCKING, MOVE_IN_GLASS_ROW, TOP, WORKER_ACTIONS, explain,
                    open_spaces)

@dataclass
class Worker:
    wid: str
    size: str  # small | large
    space: str | None = None  # None = on the player board
    part: str | None = None  # top | bottom

    def where(self) -> str:
        return "home" if self.space is None else f"{self.space}:{self.part}"


@dataclass
class SeatState:
    res: dict[str, int]
    vp: dict[str, int]
    workers: list[Worker]
    small_reserve: int
    large_reserve: int
    hand: list[str]
    discard: list[str] = field(default_factory=list)
    columns: dict[str, list[str]] = field(default_factory=lambda: {c: [] for c in COLOURS})
    legendary: bool = False
    fame: dict[str, int] = field(default_factory=lambda: {t: 0 for t in TRACKS})
    lost_cubes: dict[str, int] = field(default_factory=lambda: {r: 0 for r in RESOURCES})
    overflow: dict[str, int] = field(default_factory=lambda: {t: 0 for t in TRACKS})
    kept: int = 0
    claimed: bool = False
    next_wid: int = 1


    def copy(self) -> "SeatState":
        # built field by field (no copy.copy, no __init__): a seat is copied for every option an agent weighs
        c = object.__new__(SeatState)
        d = self.__dict__.copy()
        d["res"], d["vp"], d["fame"] = self.res.copy(), self.vp.copy(), self.fame.copy()
        d["lost_cubes"], d["overflow"] = self.lost_cubes.copy(), self.overflow.copy()
        d["columns"] = {k: v.copy() for k, v in self.columns.items()}
        d["workers"] = [Worker(w.wid, w.size, w.space, w.part) for w in self.workers]
        d["hand"], d["discard"] = self.hand.copy(), self.discard.copy()
        c.__dict__ = d
        return c


@dataclass
class Glass:
    row: int  # 0 top, 1 bottom
    expires: int  # ms when its sand has run out


@dataclass(eq=False)
class Request:
    ms: int
    seat: int
    action: Action


class History(Sequence):
    """The first `len` entries of a game's append-only list (log, requests, events), read-only: a view
    reads the history as it stood without copying it (a list copy per decision grew with the game)."""

    __slots__ = ("_items", "_n")

    def __init__(self, items: list) -> None:
        if isinstance(items, History):
            items = items._items[:items._n]  # a view of a view: a plain prefix, read once
        self._items, self._n = items, len(items)

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return self._items[:self._n][i]
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("history index out of range")
        return self._items[i]

    def __iter__(self):
        return islice(self._items, self._n)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (list, tuple, History)) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"History({list(self)!r})"


#: why a seat cannot act in each phase (refusals of a request out of turn)
ACTOR_WORDS = {"start": "another seat places its start worker", "timed": "its last request is still being served",
               "untimed": "it has said done for this step of the time track", "wrapup": "another seat's turn",
               "council": "another seat's turn in the council",
               "council_wait": "the council waits for the sandglasses to run out", "over": "the game is over"}

#: what actions never change: shared between a state and its copies
_SHARED = frozenset({"_memo", "res", "rules", "spaces", "provinces", "stratagems", "rewards", "achievements", "circles",
                     "events", "log", "requests", "rng", "seat_hooks"})

class PendulumState:
    def __init__(self, res: ResolvedScenario, seed: int) -> None:
        self.res = res
        self.rules = res.ruleset
        self.seed = seed
        #: what the game's content gives, worked out once (engine.pendulum.effects, rules): shared by copies
        self._memo: dict = {}
        self.rng = CounterRng(seed)
        self.n = len(res.scenario.seats)
        self.now = 0
        self.round = 1
        self.phase = "start"
        self.log: list[tuple[int, int, Action]] = []  # committed and requested (ms, seat, action)
        self.requests: list[tuple[int, int, Action]] = []  # what the save records: every request
        self.pending: list[Request] = []
        self.result: Result | None = None
        self.events: list[Event] = []
        # board
        self.spaces: dict[str, tuple[str, int, Space]] = {}
        for area, a in res.side.areas.items():
            for r, row in enumerate(a.rows):
                for sp in row.spaces:
                    self.spaces[sp.id] = (area, r, sp)
        self.circles = {a: [row.circles for row in res.side.areas[a].rows] for a in AREAS}
        self.glasses = {a: Glass(0, 0) for a in AREAS}
        self.markers = [self.circles["purple"][0] - 1, self.circles["purple"][1]]
        self.neutral: list[str] = []  # 2 players: the neutral's spaces
        self.provinces = {p.id: p for p in res.cards.provinces}
        self.stratagems = dict(res.cards.stratagems)
        self.rewards = {r.id: r for r in res.cards.council_rewards}
        for r in res.cards.council_rewards:
            if r.type == "permanent_stratagem":
                self.stratagems[r.id] = r  # played like any other stratagem
        self.province_deck: list[str] = []
        self.display: list[str | None] = []
        self.achievement_deck: list[str] = []
        self.achievement: str | None = None
        self.achievement_markers: list[int] = []
        self.legendary_on_card = True
        self.achievements = {a.id: a for a in res.cards.achievements}
        self.reward_stack: list[str] = []  # top = end of the list
        self.removed_rewards: list[str] = []
        self.reward_slots: list[str | None] = []
        self.great_worker_up = True
        self.privilege: list[int] = []  # seats from place 1 down; -1 = the 2-player neutral
        self.seats: list[SeatState] = []
        self.seat_hooks = [frozenset(res.leader_side(q).ability.hooks) for q in range(self.n)]
        # turn phases
        self.queue: list[tuple[int, str]] = []  # start: (seat, worker size) to place
        self.turn_order: list[int] = []
        self.turn_index = 0
        self.passes = 0
        self.turn_actions = 0
        self.done: set[int] = set()
        self.time_step = 0
        self.council_step = 0
        self.council_taken: set[str] = set()
        self.expired_since: dict[str, int] = {}
        self.started: set[tuple[int, str]] = set()  # (seat, worker) whose act was requested in a glass row
        # (seat, worker) -> the area it acted in: it acts again only after that area's glass has flipped
        # (the reward exactly once per glass; matters only where an ability lets workers move in glass rows)
        self.spent: dict[tuple[int, str], str] = {}
        #: seats whose objects a view holds too (`view`): copied before the game changes them (`own_seat`)
        self._lent: set[int] = set()
        self._glasses_lent = False  # the glass objects a view holds too: copied before one changes (`own_glasses`)

    # ------------------------------------------------------------------ lookups
    def leader_side(self, q: int):
        return self.res.leader_side(q)

    def seat_options(self, q: int):
        return self.res.scenario.seats[q]

    def fame_on(self, q: int) -> bool:
        return self.seat_options(q).fame

    def resource_cap(self, q: int, r: str) -> int:
        return self.rules.limits.resource_cap - self.seats[q].lost_cubes[r]

    def track_length(self, q: int, t: str) -> int:
        return self.leader_side(q).tracks[t].length

    def area_of(self, space_id: str) -> str:
        return self.spaces[space_id][0]

    def row_of(self, space_id: str) -> tuple[str, int]:
        a, r, _ = self.spaces[space_id]
        return a, r

    def glass_in_row(self, space_id: str) -> bool:
        a, r, _sp = self.spaces[space_id]  # row_of, read in place: asked for every worker often
        return self.glasses[a].row == r

    def large_in_play(self, q: int) -> int:
        return sum(w.size == "large" for w in self.seats[q].workers)

    def worker(self, q: int, wid: str) -> Worker:
        for w in self.seats[q].workers:
            if w.wid == wid:
                return w
        raise IllegalAction(f"seat {q + 1} has no worker {wid!r}")

    def occupants(self, space_id: str) -> list[tuple[int, Worker | None]]:
        """Workers on the top part (gold frame) of a space: (seat, worker); the neutral as (-1, None)."""
        # one comprehension over every seat (asked at every placement request and its commit)
        out: list[tuple[int, Worker | None]] = [(q, w) for q, s in enumerate(self.seats) for w in s.workers
                                                if w.space == space_id and w.part == TOP]
        return [(-1, None)] + out if space_id in self.neutral else out

    def privilege_rank(self, q: int) -> int:
        return self.privilege.index(q)

    def expired(self, area: str) -> bool:
        return self.now >= self.glasses[area].expires

    # ------------------------------------------------------------------ worker placement
    def occupancy(self) -> dict[str, list[tuple[int, Worker | None]]]:
        """Every space's top-part occupants at once (for enumerating placements)."""
        occ: dict[str, list] = {sid: [(-1, None)] for sid in self.neutral}
        for q, s in enumerate(self.seats):
            for w in s.workers:
                if w.space is not None and w.part == TOP:
                    occ.setdefault(w.space, []).append((q, w))
        return occ

    def can_enter_top(self, q: int, w: Worker, space_id: str, occ: dict | None = None) -> str | None:
        """Why worker `w` may not go to the top part of `space_id` now (None: it may)."""
        where = self.spaces.get(space_id)
        if where is None:
            return f"no space {space_id!r}"
        area, row, _sp = where
        hooks = self.seat_hooks[q]
        if self.glasses[area].row == row and MOVE_IN_GLASS_ROW not in hooks:
            return "workers move only onto spaces in a row without a sandglass"
        return self.blocked_top(q, w, area, self.occupants(space_id) if occ is None else occ.get(space_id, ()))

    def blocked_top(self, q: int, w: Worker, area: str, occ) -> str | None:
        """Why the top part of a space in `area` held by `occ` ((seat, worker) pairs) refuses worker `w`
        of seat `q`, the sandglasses aside (None: it takes it)."""
        if not occ:
            return None  # an empty top part: nothing below can refuse it
        if self.seat_options(q).advanced_placement and any(oq == q for oq, ow in occ if ow is not w):
            return "advanced placement: at most 1 of your workers per top part"
        # another occupant than w: a worker stands once in `occ` (the neutral as None), so two are another
        if w.size == "small" and area != "black" and IGNORE_BLOCKING not in self.seat_hooks[q] \
                and (len(occ) > 1 or occ[0][1] is not w):
            return "a small worker cannot enter an occupied top part in purple or green"
        return None

    def can_leave(self, w: Worker, q: int | None = None) -> str | None:
        """Why worker `w` (of seat `q`) may not move off its space now (None: it may)."""
        if q is not None and MOVE_IN_GLASS_ROW in self.seat_hooks[q]:
            return None
        if w.space is not None and self.glass_in_row(w.space):
            return "a worker on a reward box is stuck until the sandglass leaves its row" \
                if w.part == BOTTOM else "a worker in a row with a sandglass can only act"
        return None

    def may_act(self, q: int, w: Worker) -> bool:
        """Rule 2: a worker on a top part acts only in a row with a sandglass (or its action was requested
        while the glass stood there), unless the seat's ability overrides it."""
        if w.space is None or w.part != TOP or (q, w.wid) in self.spent:
            return False
        a, r, _sp = self.spaces[w.space]  # glass_in_row, read in place: asked for every worker often
        return self.glasses[a].row == r or (q, w.wid) in self.started or ACT_WITHOUT_GLASS in self.seat_hooks[q]

    def free_top_targets(self, q: int, w: Worker, ignore_from: bool = False) -> list[str]:
        """The top parts worker `w` of seat `q` may enter now (`can_enter_top`), in board order: the open
        rows' spaces (its first test, worked out once per position of the glasses), those occupied
        tested further."""
        occ = self.occupancy()
        spaces = self.spaces
        return [sid for sid in open_spaces(self, MOVE_IN_GLASS_ROW in self.seat_hooks[q], False)
                if sid != w.space and (sid not in occ or self.blocked_top(q, w, spaces[sid][0], occ[sid]) is None)]

    def recall(self, q: int, token: str, log: list[str]) -> None:
        if token == "none":
            return
        wid, _, dest = token.partition(">")
        w = self.worker(q, wid)
        if w.space is None or not self.glass_in_row(w.space):
            raise IllegalAction("recall takes a worker out of a row with a sandglass")
        w.space, w.part = None, None  # where a recalled worker goes unless re-placed: home (decision)
        if dest != "home":
            why = self.can_enter_top(q, w, dest)
            if why:
                raise IllegalAction(why)
            w.space, w.part = dest, TOP
        log.append(f"recalled {wid} to {dest}")

    def add_small_worker(self, q: int, log: list[str]) -> None:
        s = self.seats[q]
        if len(s.workers) >= self.rules.limits.max_workers:
            raise IllegalAction(f"at most {self.rules.limits.max_workers} workers in play")
        if s.small_reserve < 1:
            raise IllegalAction("no small worker is left to bring into play")
        s.small_reserve -= 1
        w = Worker(f"w{s.next_wid}", "small")
        s.next_wid += 1
        s.workers.append(w)
        log.append(f"a small worker {w.wid} joins")

    def great_worker(self, q: int, wid: str, log: list[str]) -> None:
        s = self.seats[q]
        w = self.worker(q, wid)
        if w.size != "small" or self.large_in_play(q) >= 2 or s.large_reserve < 1:
            raise IllegalAction("the great worker swaps a small worker, never with 2 large ones in play")
        w.size = "large"  # in place: the same position, the small one leaves the game
        s.large_reserve -= 1
        log.append(f"{wid} becomes a large worker")

    # ------------------------------------------------------------------ provinces
    def conquer(self, q: int, token: str, log: list[str]) -> None:
        if token == "none":
            log.append("no province left to conquer")
            return
        src, _, colour = token.partition(">")
        if colour not in COLOURS:
            raise IllegalAction(f"{token!r}: tuck under red, blue or yellow")
        if src == "deck":
            if not self.province_deck:
                raise IllegalAction("the province deck is empty: conquer from the display (no reshuffle)")
            pid = self.province_deck.pop()
        elif src.startswith("display") and src[7:].isdigit():
            i = int(src[7:]) - 1
            if not 0 <= i < len(self.display) or self.display[i] is None:
                raise IllegalAction(f"no province at {src}")
            pid, self.display[i] = self.display[i], None
        else:
            raise IllegalAction(f"{token!r} is not display1..4 or deck")
        self.seats[q].columns[colour].append(pid)  # under the earlier ones; it never moves
        log.append(f"conquered {pid} under {colour}")

    def refill_display(self) -> int:
        n = 0
        for i, p in enumerate(self.display):
            if p is None and self.province_deck:
                self.display[i] = self.province_deck.pop()
                n += 1
        return n

    # ------------------------------------------------------------------ clock
    def next_event_at(self) -> int | None:
        """When something happens without anyone acting: a request commits, a glass runs out, an
        automatic flip (ruleset timing.auto_flip_ms), or the council's wait for the glasses ends."""
        best: int | None = None  # the least of the times below (one pass, no lists: asked at every step)
        if self.pending:
            best = min(p.ms for p in self.pending) + self.rules.privilege.grace_ms
        if self.phase == "timed":
            now = self.now
            auto = self.rules.timing.auto_flip_ms
            for a, g in self.glasses.items():
                t = g.expires
                if t > now:
                    if best is None or t < best:
                        best = t
                elif auto is not None and t + auto >= now and self.can_flip(a):
                    if best is None or t + auto < best:
                        best = t + auto
        if self.phase == "council_wait":
            t = max(max(g.expires for g in self.glasses.values()), self.now)
            if best is None or t < best:
                best = t
        return best

    def advance(self, to_ms: int) -> list[Event]:
        """Move the clock to `to_ms`, firing everything due on the way, in time order."""
        if to_ms < self.now:
            raise ValueError("the clock never runs backwards")
        out: list[Event] = []
        while True:
            t = self.next_event_at()
            if t is None or t > to_ms:
                break
            self._move_clock(max(t, self.now))
            out += self._fire()
            if self.result is not None:
                break
        self._move_clock(max(to_ms, self.now))
        return out

    def _move_clock(self, t: int) -> None:
        if self.phase in ("council", "wrapup") and self.rules.decisions.council_clock == "paused":
            self.own_glasses()
            for g in self.glasses.values():
                g.expires += t - self.now  # the glasses stand still
        for a, g in self.glasses.items():
            if g.expires <= t and a not in self.expired_since:
                self.expired_since[a] = g.expires
        self.now = t

    def _fire(self) -> list[Event]:
        out: list[Event] = []
        grace = self.rules.privilege.grace_ms
        if self.pending and min(p.ms for p in self.pending) + grace <= self.now:
            first = min(p.ms for p in self.pending)
            group = [p for p in self.pending if p.ms <= first + grace]
            group.sort(key=lambda p: (self.privilege_rank(p.seat), p.ms))
            if len({p.seat for p in group}) > 1 and any(a.ms > b.ms for a, b in zip(group, group[1:])):
                ev = PrivilegeRuling(self.now, None, grace, tuple((p.seat, p.action) for p in group))
                self.events.append(ev)
                out.append(ev)
            for p in group:
                if p not in self.pending:
                    continue  # served already (the council was called meanwhile)
                self.pending.remove(p)
                out += self._commit(p.seat, p.action, requested_at=p.ms)
            return out
        if self.phase == "council_wait" and all(g.expires <= self.now for g in self.glasses.values()):
            evs = start_round(self)
            self.events += evs
            return evs
        auto = self.rules.timing.auto_flip_ms
        if self.phase == "timed" and auto is not None:
            for a in AREAS:
                if self.can_flip(a) and self.glasses[a].expires + auto <= self.now:
                    return self._commit(None, Flip(a))
        return out

    # ------------------------------------------------------------------ who acts
    def actors(self) -> list[int]:
        """Seats that may request an action now, in privilege order."""
        if self.result is not None:
            return []
        if self.phase == "timed":
            if not self.pending:
                return [q for q in self.privilege if q >= 0]
            busy = {p.seat for p in self.pending}
            return [q for q in self.privilege if q >= 0 and q not in busy]
        if self.phase == "untimed":
            return [q for q in self.privilege if q >= 0 and q not in self.done]
        if self.phase == "start":
            return [self.queue[0][0]] if self.queue else []
        if self.phase in ("wrapup", "council"):
            return [self.turn_order[self.turn_index]] if self.turn_order else []
        return []

    @property
    def is_over(self) -> bool:
        return self.result is not None

    # ------------------------------------------------------------------ requests
    def request(self, q: int, action: Action) -> list[Event]:
        """Seat `q` asks for `action` at `now`. Illegal requests raise IllegalAction (nothing changes)."""
        if q not in self.actors():
            raise IllegalAction(f"seat {q + 1} cannot act now ({ACTOR_WORDS.get(self.phase, self.phase)})")
        if not self.is_legal(q, action):
            raise IllegalAction(self.why_illegal(q, action))
        self.requests.append((self.now, q, action))
        if isinstance(action, Act):
            self.started.add((q, action.worker))  # started while the glass is in the row
        if self.phase == "timed" and self.rules.privilege.grace_ms > 0:
            self.pending.append(Request(self.now, q, action))
            return [Requested(self.now, q, action)]
        return self._commit(q, action, requested_at=self.now)

    def _commit(self, q: int | None, action: Action, requested_at: int | None = None) -> list[Event]:
        snapshot = None
        try:
            if q is not None and requested_at is not None and requested_at != self.now:
                # still legal? (a higher privilege may have taken the province, the space, the row)
                if not self.is_legal(q, action):
                    ev = Refused(self.now, q, action, self.why_illegal(q, action), outranked=True)
                    self.events.append(ev)
                    return [ev]
            lent = q is not None and q in self._lent
            if isinstance(action, WORKER_ACTIONS):
                # a place or home changes its seat alone (the overflow forgotten, then the worker; a
                # refusal comes before the worker moves): the snapshot is that seat (the view's object
                # when lent, as below), not every container of the game
                seats = self.seats.copy()
                if not lent:
                    seats[q] = seats[q].copy()  # type: ignore[index]
                snapshot = {"seats": seats}
            else:
                # the glasses' objects change only in a flip: another action's snapshot keeps the same ones
                snapshot = self.clone_parts(seat=None if lent else q, glasses=isinstance(action, Flip))
            if lent:  # the seat the view holds is the snapshot: the game goes on with a copy
                self.own_seat(q)
            lines: list[str] = []
            apply_action(self, q, action, lines)
        except IllegalAction as e:
            if snapshot is not None:
                self.restore_parts(snapshot)
            ev = Refused(self.now, q, action, str(e))
            self.events.append(ev)
            return [ev]
        self.log.append((self.now, -1 if q is None else q, action))
        evs: list[Event] = [Performed(self.now, q, action, tuple(lines))]
        evs += after_action(self, q, action)
        self.events += evs
        return evs

    def legal_actions(self, q: int, at_request: int | None = None) -> list[Action]:
        return legal_actions(self, q)

    def is_legal(self, q: int, action: Action) -> bool:
        """Whether `action` is among `legal_actions(q)`."""
        return is_legal(self, q, action)

    def why_illegal(self, q: int, action: Action) -> str:
        return explain(self, q, action)

    def can_flip(self, area: str) -> bool:
        g = self.glasses[area]
        if self.phase != "timed" or self.now < g.expires:
            return False
        if area == "purple":
            return self.markers[1 - g.row] > 0  # onto a circle holding a marker
        return True

    # ------------------------------------------------------------------ copies
    def clone_parts(self, seat: int | None | bool = True, rng: bool = True, glasses: bool = True) -> dict:
        """Copies of everything an action may change (shallow where the items are immutable); `seat`:
        copy only that seat (None: none) — an action changes its own seat and no other; `rng` False:
        not the generator (a view gets one of its own); `glasses` False: the same glass objects (for
        an action that flips none)."""
        sd = self.__dict__
        # which attributes are containers is worked out once per shape of the state (a view has one more
        # attribute); the state's containers are plain list, set and dict and stay so
        keys = self._memo.get(("containers", len(sd)))
        if keys is None:
            keys = self._memo[("containers", len(sd))] = tuple(
                k for k, v in sd.items() if type(v) in (list, set, dict) and k not in _SHARED)
        d: dict = {k: sd[k].copy() for k in keys}
        if seat is True:
            d["seats"] = [s.copy() for s in self.seats]
        elif seat is not None:
            d["seats"][seat] = self.seats[seat].copy()
        if glasses:
            d["glasses"] = {a: Glass(g.row, g.expires) for a, g in self.glasses.items()}
        if rng:
            d["rng"] = self.rng.clone()
        return d

    def own_seat(self, q: int) -> None:
        """Before the game changes seat `q`: a copy of its own if a view holds the seat's object."""
        if q in self._lent:
            self.seats[q] = self.seats[q].copy()
            self._lent.discard(q)

    def own_glasses(self) -> None:
        """Before the game changes a glass: objects of its own if a view holds them (`view`)."""
        if self._glasses_lent:
            self.glasses = {a: Glass(g.row, g.expires) for a, g in self.glasses.items()}
            self._glasses_lent = False

    def own_seats(self) -> None:
        """Before the game changes every seat (the council's steps): `own_seat` of each."""
        for q in sorted(self._lent):
            self.own_seat(q)

    def restore_parts(self, parts: dict) -> None:
        self.__dict__.update(parts)

    def clone(self) -> "PendulumState":
        other = PendulumState.__new__(PendulumState)
        other.__dict__.update(self.__dict__)
        other.__dict__.update(self.clone_parts())
        other._lent = set()  # every seat copied
        other._glasses_lent = False  # and every glass
        other.log = list(self.log)
        other.requests = list(self.requests)
        other.events = list(self.events)
        return other

    def view(self, q: int) -> "PendulumState":
        """What seat `q` may know: the order of the face-down stacks and the rewards put back unseen are
        removed (sorted), and the generator is not the game's. Its history (log, requests, events) is
        the game's as it stood, read-only (`History`); a clone of the view has lists of its own. Its
        seats and glasses are the game's objects, lent: the game copies a seat or the glasses before it
        changes them (`own_seat`, `own_glasses`), so the view keeps them as they stood; a view is read,
        never played on (a clone of it is)."""
        v = PendulumState.__new__(PendulumState)
        v.__dict__.update(self.__dict__)
        v.__dict__.update(self.clone_parts(seat=None, rng=False, glasses=False))
        self._glasses_lent = v._glasses_lent = True
        self._lent = set(range(len(self.seats)))
        v._lent = set(self._lent)  # a view played on (never, but) copies before changing a seat too
        v.log, v.requests, v.events = History(self.log), History(self.requests), History(self.events)
        v.province_deck = sorted(v.province_deck)
        v.achievement_deck = sorted(v.achievement_deck)
        v.reward_stack = sorted(v.reward_stack + v.removed_rewards)
        v.removed_rewards = []
        v.rng = CounterRng(0)
        v.viewer = q
        return v

    # ------------------------------------------------------------------ text
    def summary(self) -> str:
        lines = [f"round {self.round}, {self.phase}, {self.now / 1000:.1f}s; privilege "
                 + " ".join("N" if q < 0 else str(q + 1) for q in self.privilege)]
        for a in AREAS:
            g = self.glasses[a]
            left = max(0, g.expires - self.now)
            lines.append(f"  {a:6} glass on {('top', 'bottom')[g.row]:6} {left / 1000:5.1f}s left"
                         + (f", markers {self.markers}" if a == "purple" else ""))
        for q, s in enumerate(self.seats):
            lines.append(f"  seat {q + 1}: " + " ".join(f"{k[:3]}={v}" for k, v in s.res.items())
                         + " | " + " ".join(f"{k[:3]}={v}" for k, v in s.vp.items())
                         + (" +L" if s.legendary else "") + " | " + " ".join(f"{w.wid}:{w.size[0]}@{w.where()}"
                                                                          for w in s.workers))
        return "\n".join(lines)


NO_COST = Cost()
__all__ = ["PendulumState", "SeatState", "Worker", "purple_markers", "NO_COST", "TOP", "BOTTOM"]
