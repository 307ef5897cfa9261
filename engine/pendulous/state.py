"""The Pendulous game state and its rules (manual sections 1.2 and 2.1-2.8).

A game is a pure function of (scenario, ruleset, seed, actions): chance comes only from the state's
`CounterRng`. Seats are 0-based (0 red, 1 gray, 2 green, 3 blue) and play in that order.

Turn structure (docs/rules/pendulous.md has the reasoning for each step the manual leaves open):

* game start: initial forces into the force pool (never above maximum forces), start resources,
  start victory points; supply traced for the display. Then the setup turn (turn 0): every seat
  places and picks up armies on its own squares for free, no attacks, nothing at its start.
* start of a seat's normal turn: reversion of adjacent unsupplied enemy squares (2.8), supply
  re-traced, victory points for its owned cities and owned supplied land (2.3), reinforcements
  capped by maximum forces and resources (2.4).
* during the turn: place / pick up / attack, one resource each (2.5-2.7), then End Turn.
* end of a seat's turn: supply traced for everyone, that seat's armies on its unsupplied squares
  disbanded, every seat without a city is out (2.4, 2.8).
* after the last seat of the last turn: victory points once more for every seat; most points wins.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gridsmith.engine.core.errors import IllegalActionError
from gridsmith.engine.core.protocol import Result, Termination
from gridsmith.engine.core.rng import CounterRng
from gridsmith.formats.pendulous.ruleset import Ruleset
from gridsmith.formats.pendulous.scenario import Scenario

from . import events as ev
from .actions import END_TURN, Attack, EndTurn, PickUp, Place
from .board import CITY_KIND, LAND_KIND, Board, Listing, bits_of, build_board
from .combat import PointTable, odds_units


class IllegalAction(IllegalActionError):
    """An action that the rules do not allow in this state (the message says which rule)."""


class Static:
    """What never changes during a game; shared by every clone."""

    __slots__ = (
        "scenario", "rules", "board", "nseats", "place", "pickup", "attack", "eff",
        "port_mask", "body_ports", "naval", "cap", "turns", "vp_land", "vp_city", "points", "listing",
    )

    def __init__(self, scenario: Scenario, rules: Ruleset) -> None:
        self.scenario = scenario
        self.rules = rules
        b = self.board = build_board(scenario)
        self.nseats = len(scenario.players)
        rc = [b.rowcol(i) for i in range(b.size)]
        # one action object per square, built once: legal_actions() only picks from these
        self.place = tuple(Place(r, c) for r, c in rc)
        self.pickup = tuple(PickUp(r, c) for r, c in rc)
        self.attack = tuple(Attack(r, c) for r, c in rc)
        self.eff = tuple(p.army_effectiveness for p in scenario.players)
        port = 0
        for i in bits_of(b.city_mask):
            if b.bodies_of[i]:
                port |= 1 << i
        self.port_mask = port
        self.body_ports = tuple(coast & port for coast in b.body_coast)
        self.naval = scenario.settings.naval_invasions
        self.cap = rules.limits.armies_per_land_square
        self.turns = scenario.settings.turns
        self.vp_land = scenario.settings.victory_points.land
        self.vp_city = scenario.settings.victory_points.city
        self.points = PointTable(rules)
        #: the squares of legal actions and attack targets, listed incrementally (board.Listing)
        self.listing = Listing()


_STATIC_CACHE: dict[tuple[str, str], Static] = {}


def _static_for(scenario: Scenario, rules: Ruleset) -> Static:
    """Static data is rebuilt only for a scenario or ruleset not seen recently: batch play starts
    hundreds of games of the same scenario, and a 50x50 board takes tens of milliseconds to build."""
    key = (scenario.model_dump_json(), rules.model_dump_json())
    st = _STATIC_CACHE.get(key)
    if st is None:
        if len(_STATIC_CACHE) >= 8:
            _STATIC_CACHE.pop(next(iter(_STATIC_CACHE)))
        st = _STATIC_CACHE[key] = Static(scenario, rules)
    return st


@dataclass
class SeatStats:
    """Counts behind the combat report (manual 3.1.3)."""

    attacks: int = 0
    attacks_won: int = 0
    attack_chance_sum: float = 0.0
    defences: int = 0
    defences_won: int = 0
    defence_chance_sum: float = 0.0

    def copy(self) -> "SeatStats":
        # positional: every view copies four of these per action
        return SeatStats(self.attacks, self.attacks_won, self.attack_chance_sum, self.defences, self.defences_won,
                         self.defence_chance_sum)


def flood(board: Board, sources: int, region: int) -> int:
    """Every square of `region` connected (8 directions, inside `region`) to a square of `sources`."""
    s = sources & region
    dilate = board.dilate
    while True:
        n = dilate(s) & region
        if n == s:
            return s
        s = n


def supplied_region(board: Board, own: int) -> int:
    """2.8: the squares of `own` (one owner's squares) in supply: connected to one of its cities
    through its own squares (8 directions)."""
    return flood(board, own & board.city_mask, own)


class AgentMemo:
    """What computer players keep between actions of one game (engine.pendulous.agents._targets):
    the squares touched since they last looked, and their per-square ratings. A state shares its
    memo with the views it gives (`view`), so the ratings outlive each view (the play loop hands
    every decision a fresh view); a clone (a search's simulation) gets a copy of its own."""

    __slots__ = ("touched", "cache")

    def __init__(self) -> None:
        #: squares whose owner, armies or supply changed since a computer player last looked
        #: (None: everything may have changed)
        self.touched: list[int] | None = None
        self.cache: tuple[Any, dict[int, tuple]] | None = None

    def copy(self) -> "AgentMemo":
        m = AgentMemo()
        m.touched = None if self.touched is None else self.touched[:]
        m.cache = None if self.cache is None else (self.cache[0], dict(self.cache[1]))
        return m


class PendulousState:
    __slots__ = (
        "static", "owner", "armies", "own_mask", "army_mask", "full_mask", "supplied", "pool",
        "onmap", "resources", "vp", "out", "turn", "seat", "over", "_result", "attempts",
        "last_attack", "actions_this_turn", "rng", "log", "stats", "memo",
    )

    # what agents keep between actions lives in the memo (AgentMemo), shared with this state's views
    @property
    def touched(self) -> list[int] | None:
        return self.memo.touched

    @touched.setter
    def touched(self, value: list[int] | None) -> None:
        self.memo.touched = value

    @property
    def agent_cache(self) -> tuple[Any, dict[int, tuple]] | None:
        return self.memo.cache

    @agent_cache.setter
    def agent_cache(self, value: tuple[Any, dict[int, tuple]] | None) -> None:
        self.memo.cache = value

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(cls, scenario: Scenario, rules: Ruleset, seed: int) -> tuple["PendulousState", list[Any]]:
        st = _static_for(scenario, rules)
        b = st.board
        s = cls.__new__(cls)
        s.static = st
        s.owner = list(b.initial_owner)
        s.armies = [0] * b.size
        s.own_mask = [0] * st.nseats
        for i in bits_of(b.ground_mask):
            s.own_mask[s.owner[i]] |= 1 << i
        s.army_mask = s.full_mask = 0
        s.supplied = 0
        s.pool = [min(p.initial_forces, p.max_forces) for p in scenario.players]
        s.onmap = [0] * st.nseats
        s.resources = [p.start_resources for p in scenario.players]
        s.vp = [p.start_victory_points for p in scenario.players]
        s.out = [False] * st.nseats
        s.turn, s.seat, s.over, s._result = 0, 0, False, None
        s.attempts = {}
        s.last_attack = (-1, 0)
        s.actions_this_turn = 0
        s.rng = CounterRng(seed)
        s.log = []
        s.stats = [SeatStats() for _ in range(st.nseats)]
        s.memo = AgentMemo()  # lets agents keep per-square ratings between actions
        s._trace_supply()
        events: list[Any] = []
        s._start_turn(events)
        return s, events

    def clone(self, memo: AgentMemo | None = None, rng: bool = True) -> "PendulousState":
        """A copy to play on; `memo`: the agents' memo to share (default: a copy of this one's);
        `rng=False`: without the game's generator (a view)."""
        c = PendulousState.__new__(PendulousState)
        c.static = self.static
        c.owner = self.owner[:]
        c.armies = self.armies[:]
        c.own_mask = self.own_mask[:]
        c.army_mask, c.full_mask, c.supplied = self.army_mask, self.full_mask, self.supplied
        c.pool, c.onmap, c.resources = self.pool[:], self.onmap[:], self.resources[:]
        c.vp, c.out = self.vp[:], self.out[:]
        c.turn, c.seat, c.over, c._result = self.turn, self.seat, self.over, self._result
        c.attempts = dict(self.attempts)
        c.last_attack = self.last_attack
        c.actions_this_turn = self.actions_this_turn
        c.rng = self.rng.clone() if rng and self.rng is not None else None
        c.log = self.log[:]
        c.stats = [x.copy() for x in self.stats]
        c.memo = self.memo.copy() if memo is None else memo
        return c

    def view(self, player: int) -> "PendulousState":
        """What `player` may know: the whole map is open in Pendulous; only the game's random
        generator is removed (a computer player that simulates assigns its own `rng`)."""
        return self.clone(self.memo, rng=False)  # the agents' ratings carry over to the next view (AgentMemo)

    # ------------------------------------------------------------------ protocol
    @property
    def to_move(self) -> int | None:
        return None if self.over else self.seat

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def board(self) -> Board:
        return self.static.board

    @property
    def scenario(self) -> Scenario:
        return self.static.scenario

    @property
    def rules(self) -> Ruleset:
        return self.static.rules

    @property
    def turns_played(self) -> int:
        """Normal turns begun so far (the scenario's number of turns once the game is over)."""
        return min(self.turn, self.static.turns)

    @property
    def is_setup(self) -> bool:
        return self.turn == 0

    def cost(self, what: str) -> int:
        """Resource cost of 'place', 'pick_up' or 'attack' now (nothing in the setup turn, 2.4)."""
        c = self.static.rules.costs
        if self.turn == 0 and c.setup_turn_free:
            return 0
        return getattr(c, what)

    def forces(self, seat: int) -> int:
        """Armies on the map plus the force pool (what maximum forces limits, 3.1.1)."""
        return self.pool[seat] + self.onmap[seat]

    def _limit_reached(self) -> bool:
        """The ruleset's action limit: only in turns where placing and picking up are both free
        (the setup turn), where play could otherwise never end, unless the ruleset says every turn.
        2.5: "Armies can be reused any number of times in a game turn as long as resource points
        are available"."""
        t = self.static.rules.turns
        lim = t.max_actions_per_turn
        if lim <= 0 or self.actions_this_turn < lim:
            return False
        return t.action_limit == "every_turn" or (self.cost("place") == 0 and self.cost("pick_up") == 0)

    def attack_targets(self, seat: int) -> tuple[int, int]:
        """Bitboards of the enemy squares `seat` may attack over land and by naval invasion."""
        st, b = self.static, self.static.board
        mine = self.own_mask[seat]
        land = b.dilate(mine) & b.ground_mask & ~mine
        naval = 0
        if st.naval:
            ports = mine & st.port_mask
            if ports:
                for coast, bp in zip(b.body_coast, st.body_ports):
                    if bp & ports:
                        naval |= coast
                naval &= ~mine & ~land
        return land, naval

    def legal_actions(self) -> list[Any]:
        if self.over:
            return []
        if self._limit_reached():
            return [END_TURN]
        st, b, p = self.static, self.static.board, self.seat
        res, acts = self.resources[p], []
        mine = self.own_mask[p]
        items = st.listing.items
        if self.pool[p] > 0 and res >= self.cost("place"):
            acts.extend(items(("place", p), mine & b.land_mask & ~self.full_mask, st.place)[1])
        if res >= self.cost("pick_up"):
            acts.extend(items(("pickup", p), mine & self.army_mask & self.supplied, st.pickup)[1])
        if self.turn > 0 and self.pool[p] > 0 and res >= self.cost("attack"):
            land, naval = self.attack_targets(p)
            acts.extend(items(("attack", p), land | naval, st.attack)[1])
        acts.append(END_TURN)
        return acts

    def action_for_square(self, row: int, col: int) -> Any | None:
        """What clicking a square means for the player to move (manual 2.5): pick up an own army,
        place on own empty land, attack an enemy square; None when nothing is legal there."""
        b = self.static.board
        if self.over or not b.inside(row, col):
            return None
        i, p = b.index(row, col), self.seat
        if self.owner[i] == p:
            cands = [PickUp(row, col)] if self.armies[i] else []
            cands.append(Place(row, col))
        elif self.owner[i] >= 0:
            cands = [Attack(row, col)]
        else:
            return None
        for a in cands:
            if self.why_illegal(a) is None:
                return a
        return None

    def why_illegal(self, action: Any) -> str | None:
        """None when `action` is legal now, else the reason (quoting the rule)."""
        if self.over:
            return "the game is over"
        if isinstance(action, EndTurn):
            return None
        if not isinstance(action, (Place, PickUp, Attack)):
            return f"not a Pendulous action: {action!r}"
        if self._limit_reached():
            return "the per-turn action limit of the ruleset is reached; only End Turn is legal"
        st, b, p = self.static, self.static.board, self.seat
        if not b.inside(action.row, action.col):
            return f"square {action.row},{action.col} is off the map"
        i = b.index(action.row, action.col)
        kind, owner = b.kind[i], self.owner[i]
        if owner < 0:
            return "no action can take place on water (2.1)"
        if isinstance(action, Place):
            if owner != p:
                return "placing on an enemy square is an attack (2.5)"
            if kind != LAND_KIND:
                return "city squares may not contain armies (2.1)"
            if self.armies[i] >= st.cap:
                return "a land square holds at most one army (2.1)" if st.cap == 1 else "the square is full"
            if self.pool[p] < 1:
                return "the force pool is empty (2.5)"
            if self.resources[p] < self.cost("place"):
                return "no resource point left (2.5)"
            return None
        if isinstance(action, PickUp):
            if owner != p or not self.armies[i]:
                return "there is no army of yours on that square"
            if not (self.supplied >> i & 1):
                return "only an army in supply can be picked up (2.5)"
            if self.resources[p] < self.cost("pick_up"):
                return "no resource point left (2.6)"
            return None
        # attack
        if owner == p:
            return "that square is yours; place an army instead"
        if self.turn == 0:
            return "attacks are not allowed in the setup turn (2.4)"
        if self.pool[p] < 1:
            return "the force pool is empty (2.5)"
        if self.resources[p] < self.cost("attack"):
            return "no resource point left (2.7)"
        if not (b.neighbour_mask[i] & self.own_mask[p]) and not self._naval_ok(p, i):
            if st.naval:
                return "no friendly square next to it and no port city of yours on its water (2.7)"
            return "you need a friendly square next to the target (2.7)"
        return None

    def _naval_ok(self, p: int, i: int) -> bool:
        st = self.static
        if not st.naval:
            return False
        ports = self.own_mask[p] & st.port_mask
        return any(st.body_ports[body] & ports for body in st.board.bodies_of[i])

    # ------------------------------------------------------------------ applying actions
    def apply(self, action: Any, *, forced_outcome: bool | None = None) -> list[Any]:
        """Play `action`; `forced_outcome` (search agents only, on their own copies) decides an
        attack without rolling, so a search can weigh both outcomes by their chance."""
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalAction(f"{action.to_text() if hasattr(action, 'to_text') else action!r}: {why}")
        if isinstance(action, Attack) and self.rng is None and forced_outcome is None:
            raise RuntimeError("this state is a player's view, without the game's dice: give it its own "
                               "generator (view.rng = CounterRng(seed)) to simulate attacks on it")
        self.log.append(action.to_text())
        events: list[Any] = []
        if isinstance(action, EndTurn):
            self._end_turn(events)
            return events
        self.actions_this_turn += 1
        b, p = self.static.board, self.seat
        i = b.index(action.row, action.col)
        if isinstance(action, Place):
            self.resources[p] -= self.cost("place")
            self.pool[p] -= 1
            self._add_army(i, p)
            events.append(ev.Placed(p, action.row, action.col))
        elif isinstance(action, PickUp):
            self.resources[p] -= self.cost("pick_up")
            self._remove_army(i, p)
            self.pool[p] += 1
            events.append(ev.PickedUp(p, action.row, action.col))
        else:
            self._attack(i, action, events, forced_outcome)
        return events

    def _touch(self, i: int) -> None:
        touched = self.memo.touched
        if touched is not None:
            touched.append(i)

    def _add_army(self, i: int, p: int) -> None:
        self._touch(i)
        self.armies[i] += 1
        self.onmap[p] += 1
        self.army_mask |= 1 << i
        if self.armies[i] >= self.static.cap:
            self.full_mask |= 1 << i

    def _remove_army(self, i: int, p: int, n: int = 1) -> None:
        self._touch(i)
        self.armies[i] -= n
        self.onmap[p] -= n
        self.full_mask &= ~(1 << i)
        if not self.armies[i]:
            self.army_mask &= ~(1 << i)

    def _set_owner(self, i: int, p: int) -> None:
        self._touch(i)
        bit = 1 << i
        self.own_mask[self.owner[i]] &= ~bit
        self.own_mask[p] |= bit
        self.owner[i] = p

    def _attack(self, i: int, action: Attack, events: list[Any], forced: bool | None = None) -> None:
        st, p = self.static, self.seat
        rules = st.rules.combat
        d = self.owner[i]
        a_units, d_units, naval, attempt = odds_units(self, p, i)
        self._touch(i)  # its successive-attack count changes, won or lost
        if self.last_attack[0] >= 0:
            self._touch(self.last_attack[0])  # (a `consecutive` count elsewhere ends)
        self.resources[p] -= self.cost("attack")
        if rules.successive_attacks == "turn":
            self.attempts[i] = attempt
        self.last_attack = (i, attempt)
        total = a_units + d_units
        chance = a_units / total if total else 0.0
        if forced is not None:
            won = forced
        else:
            won = self.rng.randrange(total) < a_units if total else False
        sa, sd = self.stats[p], self.stats[d]
        sa.attacks += 1
        sa.attack_chance_sum += chance
        sd.defences += 1
        sd.defence_chance_sum += 1.0 - chance
        lost_from = ""
        if won:
            sa.attacks_won += 1
            if self.armies[i]:
                # the square's defenders cannot stay on a square that is no longer theirs
                self._remove_army(i, d, self.armies[i])
                lost_from = "square"
            else:
                lost_from = self._defender_loses_army(i, d, rules.defender_loss_without_army)
            self._set_owner(i, p)
            bit = 1 << i
            self.pool[p] -= 1
            if st.board.kind[i] == CITY_KIND:
                if rules.army_after_city_capture == "pool":
                    self.pool[p] += 1
            else:
                self._add_army(i, p)
            if st.rules.supply.live_during_turn:
                self._trace_supply()
            elif st.board.kind[i] == CITY_KIND or (st.board.neighbour_mask[i] & self.own_mask[p] & self.supplied):
                self.supplied |= bit
            else:
                self.supplied &= ~bit
        else:
            sd.defences_won += 1
            self.pool[p] -= 1  # the attacking army is lost (2.7)
        r, c = action.row, action.col
        events.append(
            ev.AttackResolved(p, d, r, c, a_units / 10000, d_units / 10000, chance, won, naval, attempt,
                              bool(lost_from), lost_from)
        )

    def _defender_loses_army(self, i: int, d: int, how: str) -> str:
        """2.7 "The loser of the battle will lose an army", when no army stood on the lost square
        (empty land, a city): from the force pool, the holding area of the armies not on the map
        (as the losing attacker's army is "subtracted from the force pool"); with `pool_then_map`
        and an empty pool, an army of the defender next to the target (it took part in the battle,
        2.5), else any of its armies on the map (first in reading order). Returns where the army
        came from ("pool" or "row,col"), "" when none was lost."""
        if how == "none":
            return ""
        if self.pool[d] > 0:
            self.pool[d] -= 1
            return "pool"
        if how != "pool_then_map":
            return ""
        b = self.static.board
        theirs = self.own_mask[d] & self.army_mask
        near = theirs & b.neighbour_mask[i]
        pick = near or theirs
        if not pick:
            return ""
        x = (pick & -pick).bit_length() - 1  # lowest index: the first in reading order
        self._remove_army(x, d)
        r, c = b.rowcol(x)
        return f"{r},{c}"

    # ------------------------------------------------------------------ turn sequence
    def _trace_supply(self) -> None:
        """2.8: supply spreads from every friendly city through friendly squares (8 directions)."""
        b = self.static.board
        sup = 0
        for mine in self.own_mask:
            sup |= supplied_region(b, mine)
        self.supplied = sup
        self.touched = None

    def _start_turn(self, events: list[Any]) -> None:
        st, p = self.static, self.seat
        events.append(ev.TurnStarted(self.turn, p))
        if self.turn == 0:
            if st.rules.supply.reversion_in_setup_turn:
                self._revert(p, events)
            if st.rules.turns.victory_points_in_setup_turn:
                self._score(p, events)
            return
        self._revert(p, events)
        self._score(p, events)
        pl = st.scenario.players[p]
        add = pl.reinforcement_rate
        room = pl.max_forces - self.forces(p)
        if add > room:
            add = max(0, room) if st.rules.turns.reinforcements_over_maximum == "cap" else 0
        self.pool[p] += add
        self.resources[p] += pl.resource_rate
        events.append(ev.Reinforced(p, add, pl.resource_rate, self.pool[p], self.resources[p]))

    def _revert(self, p: int, events: list[Any]) -> None:
        """2.8: enemy unsupplied squares next to this seat's supplied squares become its own."""
        b = self.static.board
        mine = self.own_mask[p] & self.supplied
        enemy_unsup = b.ground_mask & ~self.own_mask[p] & ~self.supplied
        rev = b.dilate(mine) & enemy_unsup
        gained, losers, disbanded = [], set(), 0
        while rev:
            for i in bits_of(rev):
                d = self.owner[i]
                losers.add(d)
                if self.armies[i]:
                    disbanded += self.armies[i]
                    self._remove_army(i, d, self.armies[i])
                self._set_owner(i, p)
                gained.append(i)
            if not self.static.rules.supply.reversion_cascades:
                break
            enemy_unsup &= ~rev
            rev = b.dilate(rev) & enemy_unsup
        if gained:
            self._trace_supply()
            events.append(ev.Reverted(p, tuple(b.rowcol(i) for i in sorted(gained)), tuple(sorted(losers)), disbanded))

    def _score(self, p: int, events: list[Any]) -> None:
        """2.3: victory points for owned cities and owned land squares in supply."""
        st, b = self.static, self.static.board
        mine = self.own_mask[p]
        land = (mine & b.land_mask & self.supplied).bit_count()
        cities = (mine & b.city_mask).bit_count()
        pts = land * st.vp_land + cities * st.vp_city
        self.vp[p] += pts
        events.append(ev.VictoryPointsScored(p, land, cities, pts, self.vp[p]))

    def _end_turn(self, events: list[Any]) -> None:
        st, b, p = self.static, self.static.board, self.seat
        events.append(ev.TurnEnded(p))
        self._trace_supply()
        if self.turn > 0 or st.rules.supply.disband_in_setup_turn:
            cut = self.own_mask[p] & self.army_mask & ~self.supplied
            if cut:
                sqs = bits_of(cut)
                for i in sqs:
                    self._remove_army(i, p, self.armies[i])
                events.append(ev.Disbanded(p, tuple(b.rowcol(i) for i in sqs)))
        for q in range(st.nseats):  # 2.4: a player with no city at the end of any turn is out
            if not self.out[q] and not (self.own_mask[q] & b.city_mask):
                self.out[q] = True
                for i in bits_of(self.own_mask[q] & self.army_mask):
                    self._remove_army(i, q, self.armies[i])
                self.pool[q] = 0
                events.append(ev.PlayerOut(q))
        self.attempts.clear()
        self.last_attack = (-1, 0)
        self.actions_this_turn = 0
        # the next seat still in the game, in the order red, gray, green, blue
        nxt = next((q for q in range(p + 1, st.nseats) if not self.out[q]), None)
        if nxt is None:
            self.turn += 1
            nxt = next((q for q in range(st.nseats) if not self.out[q]), None)
        if nxt is None or self.turn > st.turns:
            self._finish(events)
            return
        self.seat = nxt
        self._start_turn(events)

    def _finish(self, events: list[Any]) -> None:
        for q in range(self.static.nseats):  # 2.3: points once more at the end of the game
            self._score(q, events)
        best = max(self.vp)
        winners = tuple(q for q, v in enumerate(self.vp) if v == best)
        self.over = True
        self._result = Result(winners, tuple(float(v) for v in self.vp), Termination.TURN_LIMIT)
        events.append(ev.GameOver(winners, tuple(self.vp)))

    # ------------------------------------------------------------------ read-only helpers
    def is_supplied(self, row: int, col: int) -> bool:
        b = self.static.board
        return bool(self.supplied >> b.index(row, col) & 1)

    def unsupplied_squares(self) -> list[tuple[int, int]]:
        """The supply map of the view (2.8): owned ground squares currently marked out of supply."""
        b = self.static.board
        return [b.rowcol(i) for i in bits_of(b.ground_mask & ~self.supplied)]

    def square(self, row: int, col: int) -> tuple[str, int, int, bool]:
        """(kind 'water'/'land'/'city', owner seat or -1, armies, supplied) of a square."""
        b = self.static.board
        i = b.index(row, col)
        return (("water", "land", "city")[b.kind[i]], self.owner[i], self.armies[i], bool(self.supplied >> i & 1))

    def board_text(self) -> str:
        return board_text(self)


def board_text(s: PendulousState) -> str:
    """Readable board for the terminal and traces, two characters a square: `~` water, land `1`-`4`
    of seat N, land with an army `r` red / `y` gray / `g` green / `b` blue, cities `A`-`D`; a `'`
    after a square marks it out of supply."""
    b = s.static.board
    army_ch = "rygb"
    lines = []
    for r in range(b.height):
        row = []
        for c in range(b.width):
            i = r * b.stride + c
            k, o = b.kind[i], s.owner[i]
            if o < 0:
                row.append("~ ")
                continue
            ch = "ABCD"[o] if k == CITY_KIND else (army_ch[o] if s.armies[i] else "1234"[o])
            row.append(ch + (" " if s.supplied >> i & 1 else "'"))
        lines.append("".join(row).rstrip())
    return "\n".join(lines)
