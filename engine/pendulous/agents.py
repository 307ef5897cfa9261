"""Computer players for Pendulous (manual 6.0: the modern form of the computer-player DLLs).

Each implements `engine.core.protocol.Agent` and is declared in the `gridsmith.agents` entry-point
group (`pendulous.random`, `pendulous.greedy`, `pendulous.search`); options are keyword arguments.

* RandomAgent: a uniformly random legal action, ending the turn with a fixed probability.
* GreedyAgent: one step deep. Attacks the enemy square with the best chance x value while that
  chance is above a threshold; otherwise places the army that raises its best attacks the most;
  otherwise ends the turn. In the setup turn it lines its borders with armies.
* SearchAgent: Monte-Carlo search over the rest of the turn. For the greedy agent's few best
  candidate actions and End Turn, and the attacks that cut the most enemy land off from supply,
  it plays the turn out several times (greedy policy, its own dice),
  then every opponent's turn of the round, and scores the result by projected victory points
  (points so far + income x accumulations left), forces and position (both fading over the last
  turns), against a rival: the best opponent, mixed with the field's mean on a map of several
  opponents. Rounds of rollouts after the first go to the better half of the candidates.
"""
from __future__ import annotations

from itertools import filterfalse, repeat
from operator import is_
from typing import Any

from gridsmith.engine.core.rng import CounterRng, keyed_random

from .actions import END_TURN, Attack, EndTurn
from .board import CITY_KIND, bits_of
from .combat import attack_chance, odds_units_fast
from .state import PendulousState, flood, supplied_region


class RandomAgent:
    name = "random"

    def __init__(self, end_turn_chance: float = 0.05) -> None:
        self.end_turn_chance = float(end_turn_chance)

    def choose(self, view: PendulousState, legal_actions: list[Any], rng: CounterRng) -> Any:
        if len(legal_actions) == 1 or rng.chance(self.end_turn_chance):
            return END_TURN if END_TURN in legal_actions else legal_actions[-1]
        return rng.choice(legal_actions)


# ---------------------------------------------------------------- greedy
def _square_value(s: PendulousState, i: int) -> float:
    """What taking square `i` is worth to the greedy policy: its victory points per accumulation,
    a little for any square (ground denied to the enemy, a step forward), more next to enemy cities
    (supporting squares for storming them), and a little for an army killed on it."""
    st, b = s.static, s.static.board
    if b.kind[i] == CITY_KIND:
        v = st.vp_city + 1.0
    else:
        v = st.vp_land + 0.25
        near_cities = (b.neighbour_mask[i] & b.city_mask & ~s.own_mask[s.seat]).bit_count()
        v += near_cities * (0.2 * st.vp_city + 0.5)
    return v + 0.5 * s.armies[i]


def _targets(s: PendulousState, p: int) -> list[tuple[float, float, int, int, int]]:
    """(score, chance, index, attack units, defence units) for every square `p` may attack now.
    Naval invasions only when there is nothing to attack over land: a landing without a city to
    take is disbanded at the end of the turn (2.7 "they are vary risky").

    Ratings are kept on the state between actions of the same turn: only targets on or next to a
    square that changed (`state.touched`) are rated again (test_properties checks this equals
    rating every target afresh)."""
    key = (p, s.turn)
    cache = s.agent_cache
    if cache is None or cache[0] != key or s.touched is None:
        entries: dict[int, tuple] = {}
    else:
        entries = cache[1]
        if s.touched:
            nb = s.static.board.neighbours
            pop = entries.pop
            for x in s.touched:
                pop(x, None)
                for n in nb[x]:
                    pop(n, None)
    s.touched = []
    s.agent_cache = (key, entries)
    land, naval = s.attack_targets(p)
    squares = s.static.listing.items(("targets", p), land or naval)[0]
    for i in list(filterfalse(entries.__contains__, squares)):  # the squares not rated yet
        a, d = odds_units_fast(s, p, i)
        c = a / (a + d) if a + d else 0.0
        entries[i] = (c * _square_value(s, i), c, i, a, d)
    return list(map(entries.__getitem__, squares))


def _attacks_done(s: PendulousState, i: int) -> int:
    """Earlier attacks on square `i` that count for the successive-attack bonus now."""
    if s.static.points.turn_mode:
        return s.attempts.get(i, 0)
    last, n = s.last_attack
    return n if last == i else 0


def _support_gain(s: PendulousState, p: int, targets, threshold: float) -> list[tuple[float, int]]:
    """For each own empty supplied land square next to a target: how much an army placed there
    raises the value-weighted chance of the targets around it (exact: +adjacent_army points each)."""
    st, b = s.static, s.static.board
    by_index = {t[2]: t for t in targets}
    per_army = st.rules.combat.attacker.adjacent_army * st.eff[p] * 100
    mine_free = s.own_mask[p] & b.land_mask & ~s.full_mask & s.supplied
    cands = bits_of(b.dilate(sum(1 << t[2] for t in targets) if targets else 0) & mine_free)
    out = []
    for x in cands:
        gain = 0.0
        for n in b.neighbours[x]:
            t = by_index.get(n)
            if t is None:
                continue
            _, c, i, a, d = t
            bonus = 100 + st.rules.combat.successive_attack_bonus_percent * _attacks_done(s, i)
            a2 = a + per_army * bonus // 100
            c2 = a2 / (a2 + d)
            # count only gains that make the attack worth making, weighted by what it takes
            if c2 >= threshold * 0.8:
                gain += (c2 - c) * _square_value(s, i)
        if gain > 0:
            out.append((gain, x))
    return out


def _cut_off(s: PendulousState, targets) -> dict[int, int]:
    """For each target square: how many of its owner's supplied land squares (itself aside) would
    lose supply if the owner lost it (2.8: supply runs from the owner's cities through its own
    squares; land out of supply scores nothing, 2.3, and starts to revert to its neighbours).
    Only squares whose own neighbours do not already connect around them can cut anything, so most
    targets need no flood fill."""
    b = s.static.board
    land = b.land_mask
    before: dict[int, int] = {}
    out: dict[int, int] = {}
    for t in targets:
        i = t[2]
        d = s.owner[i]
        if d < 0:
            continue
        own = s.own_mask[d]
        bit = 1 << i
        ring = b.neighbour_mask[i] & own
        if not ring:
            continue
        if b.kind[i] != CITY_KIND and flood(b, ring & -ring, ring) == ring:
            continue  # the owner's squares around it are linked without it: nothing is cut
        if d not in before:
            before[d] = supplied_region(b, own)
        if not before[d] & bit:
            continue  # already out of supply
        after = supplied_region(b, own & ~bit)
        n = (before[d] & land & ~bit).bit_count() - (after & land).bit_count()
        if n > 0:
            out[i] = n
    return out


def _setup_move(s: PendulousState, p: int) -> Any:
    """Setup turn: put every army on the own supplied land square with most enemy neighbours,
    preferring squares next to own cities."""
    b = s.static.board
    if s.pool[p] <= 0:
        return END_TURN
    mine = s.own_mask[p]
    free = bits_of(mine & b.land_mask & ~s.full_mask & s.supplied)
    best, best_i = -1.0, -1
    for i in free:
        enemy = (b.neighbour_mask[i] & b.ground_mask & ~mine).bit_count()
        if not enemy:
            continue
        cities = (b.neighbour_mask[i] & b.city_mask & mine).bit_count()
        score = enemy + 2.0 * cities + (i % 7) * 1e-3  # tiny tie-break so armies spread
        if score > best:
            best, best_i = score, i
    if best_i < 0:
        return END_TURN
    return s.static.place[best_i]


def _pickup_choice(s: PendulousState, p: int, rear_only: bool) -> int:
    """The supplied army of `p` that matters least: fewest enemy squares around it (a rear army,
    with none, is doing nothing at all). -1 when there is none (or none in the rear)."""
    b = s.static.board
    mine = s.own_mask[p]
    best, best_i = 99, -1
    for i in bits_of(mine & s.army_mask & s.supplied):
        enemy = (b.neighbour_mask[i] & b.ground_mask & ~mine).bit_count()
        if enemy < best:
            best, best_i = enemy, i
            if not enemy:
                break
    if rear_only and best:
        return -1
    return best_i


def _run(s: PendulousState, t: tuple, tries: int) -> tuple[float, float]:
    """(chance of taking target `t` within `tries` attacks in a row, expected armies lost on the
    way): each failed attack on the same square adds the successive-attack bonus (2.7 "on the
    second attack to a square the attacker will get a 25% bonus on the third attack ... 50%")."""
    k = s.static.points
    _, _, i, a, d = t
    done = _attacks_done(s, i)
    base = a / (100 + k.bonus * done)  # attack units without the bonus
    miss, lost = 1.0, 0.0
    for j in range(tries):
        aj = base * (100 + k.bonus * (done + j))
        c = aj / (aj + d) if aj + d else 0.0
        lost += miss * (1.0 - c)
        miss *= 1.0 - c
    return 1.0 - miss, lost


def greedy_move(s: PendulousState, threshold: float = 0.5, reserve: int = 0, max_run: int = 4,
                run_losses: float = 2.0) -> Any:
    """The greedy policy's action for the seat to move (used by GreedyAgent and as the rollout
    policy of SearchAgent). Never returns an illegal action."""
    p = s.seat
    if s._limit_reached():
        return END_TURN
    if s.turn == 0:
        return _setup_move(s, p)
    st = s.static
    res, pool = s.resources[p], s.pool[p]
    c_att, c_pick, c_place = s.cost("attack"), s.cost("pick_up"), s.cost("place")
    targets = _targets(s, p)
    if not targets:
        return END_TURN
    good = [t for t in targets if t[1] >= threshold]
    if good and pool >= 1 and res >= c_att:
        return st.attack[max(good)[2]]
    # a run of attacks on one square: the successive-attack bonus makes a square that resists one
    # attack fall to a few, while armies and resources last (2.5 "Armies can be reused any number
    # of times in a game turn as long as resource points are available")
    tries = min(pool, res // c_att if c_att else max_run, max_run)
    if tries >= 2:
        best, best_t = 0.0, None
        for t in targets:
            if t[1] < threshold * 0.4:
                continue
            chance, lost = _run(s, t, tries)
            if chance >= threshold and lost <= run_losses:
                v = chance * t[0] / max(t[1], 1e-9) - 0.5 * lost
                if v > best:
                    best, best_t = v, t
        if best_t is not None:
            return st.attack[best_t[2]]
    c = max(t[1] for t in targets)
    if pool == 0:
        # armies are moved through the force pool (2.5): take one back to attack with
        if res >= c_pick + c_att and c >= threshold * 0.8:
            x = _pickup_choice(s, p, rear_only=False)
            if x >= 0:
                return st.pickup[x]
        return END_TURN
    # place supporting armies if there remain resources and armies to attack with afterwards
    if pool >= 2 + reserve and res >= c_place + c_att:
        gains = _support_gain(s, p, targets, threshold)
        if gains:
            return st.place[max(gains)[1]]
    elif res >= c_pick + c_place + c_att:
        x = _pickup_choice(s, p, rear_only=True)
        if x >= 0:
            return st.pickup[x]
    return END_TURN


def among(a: Any, legal: list[Any]) -> bool:
    """`a in legal`, by identity first: the policies return the state's own action objects (one per
    square and kind), so comparing identities in C spares a dataclass comparison with every legal
    action before it (thousands on a large map). From the end: attacks come last in the list (after
    placing and picking up), and they are what the policies mostly return."""
    return any(map(is_, reversed(legal), repeat(a))) or a in legal


class GreedyAgent:
    name = "greedy"

    def __init__(self, threshold: float = 0.5, max_run: int = 4, run_losses: float = 2.0) -> None:
        self.threshold = float(threshold)
        self.max_run = int(max_run)
        self.run_losses = float(run_losses)

    def choose(self, view: PendulousState, legal_actions: list[Any], rng: CounterRng) -> Any:
        a = greedy_move(view, self.threshold, max_run=self.max_run, run_losses=self.run_losses)
        return a if isinstance(a, EndTurn) or among(a, legal_actions) else END_TURN


# ---------------------------------------------------------------- search
def incomes(s: PendulousState) -> list[int]:
    """Every seat's victory points per accumulation now: owned supplied land and owned cities (2.3)."""
    st, b = s.static, s.static.board
    out = []
    for q in range(st.nseats):
        own = s.own_mask[q]
        out.append((own & b.land_mask & s.supplied).bit_count() * st.vp_land
                   + (own & b.city_mask).bit_count() * st.vp_city)
    return out


def projections(s: PendulousState, army_value: float = 1.0, fade_turns: int = 0,
                before: list[int] | None = None, trend: float = 0.0) -> list[float]:
    """Every seat's projected final score: victory points so far, plus what the squares held now
    earn for the accumulations left, plus a value per army, plus a small positional term (the
    greedy policy's square values: any land, and more for land next to an enemy city, from where
    cities are stormed).

    Armies and position only promise future points: with `fade_turns` > 0 their weight falls in
    proportion once fewer accumulations than that are left, to nothing after the last (an army
    left over at the end scores nothing, 1.2: the most victory points win).

    With `before` (every seat's income at an earlier point, the search's root) and `trend` > 0,
    the income is not held but follows its trend: a seat whose income changed by `delta` since
    then is projected to change by `trend` x `delta` more for the rest of the game, so a seat that
    is growing (or collapsing) in the round looked at counts as such."""
    st, b = s.static, s.static.board
    near_city = 0.2 * st.vp_city + 0.5
    now = incomes(s)
    out = []
    for q in range(st.nseats):
        if s.out[q]:
            out.append(float(s.vp[q]))
            continue
        own = s.own_mask[q]
        land = own & b.land_mask
        income = now[q]
        if trend and before is not None:
            income += trend * (income - before[q])
        # accumulations still to come for q: one per remaining turn start plus the final one
        left = max(0, st.turns - s.turn) + 1
        if s.turn <= st.turns and q > s.seat:
            left += 1  # q still starts a turn in this round
        enemy_cities = b.city_mask & ~own
        position = 0.25 * land.bit_count() + near_city * (b.dilate(enemy_cities) & land).bit_count()
        future = min(1.0, (left - 1) / fade_turns) if fade_turns > 0 else 1.0
        out.append(s.vp[q] + income * left + future * (army_value * s.forces(q) + position))
    return out


def evaluate(s: PendulousState, me: int, army_value: float = 1.0, fade_turns: int = 0,
             leader_weight: float = 1.0, before: list[int] | None = None, trend: float = 0.0) -> float:
    """`me`'s projected final score (see `projections`) minus a rival's: `leader_weight` x the best
    opponent's + (1 - leader_weight) x the mean of all opponents'. With several opponents and the
    best one alone as the rival, a square taken from whoever leads after one round counts double,
    one taken from anyone else once: in a Four Kingdoms game the search as gray pounded red, the
    early leader, and blue, red's other neighbour, fed on it and won."""
    proj = projections(s, army_value, fade_turns, before, trend)
    others = [x for q, x in enumerate(proj) if q != me]
    if not others:
        return proj[me]
    rival = max(others)
    if leader_weight < 1.0:
        rival = leader_weight * rival + (1.0 - leader_weight) * sum(others) / len(others)
    return proj[me] - rival


class SearchAgent:
    """Monte-Carlo search over the rest of the turn (see the module doc).

    Options: `candidates` (greedy's best attacks considered, plus its best placements and its own
    choice, End Turn among them only when that is greedy's choice unless `stop_early`), `rollouts`
    per candidate, `reply_turns` (how many following seats' turns
    the rollout plays with the greedy policy before scoring, so leaving a weak line costs; default
    every opponent once, the rest of the round),
    `threshold` of the rollout policy, `army_value` in the evaluation, `max_rollout_actions` per
    simulated turn, and `budget`: simulated actions per decision after which no further round of
    rollouts starts (0 = no cap; counted, not timed, so games stay reproducible). An attack is scored as
    chance x value(won) + (1 - chance) x value(lost), and every candidate is rolled out with the
    same dice (common random numbers), so candidates are compared, not their luck.
    `halving`: each round after the first rolls out only the better half (at least two) of the
    candidates left, so three rounds cost about as much as two full ones and the last rounds
    separate the best. `fade_turns`: armies and position weigh in full until fewer accumulations
    are left, then less, and nothing in the last turn (0 = never fade). `leader_weight`: the
    rival's share of the best opponent, the rest being the mean of all opponents (1 = the best
    opponent only; with one opponent both are the same). `cut_candidates`: besides greedy's best
    attacks, this many attacks that would cut the most of their owner's land off from supply (2.8),
    ranked by chance x land cut off (0 = none, the behaviour before). `trend`: the evaluation's
    income follows its change over the simulated round, `trend` x that change more (0 = income held;
    see `projections`)."""

    name = "search"

    def __init__(self, candidates: int = 5, rollouts: int = 3, reply_turns: int | None = None, threshold: float = 0.5,
                 army_value: float = 2.0, max_rollout_actions: int = 60, budget: int = 0,
                 stop_early: bool = False, halving: bool = True, fade_turns: int = 4,
                 leader_weight: float = 0.5, trend: float = 0.0, cut_candidates: int = 2) -> None:
        self.candidates = int(candidates)
        self.rollouts = int(rollouts)
        self.reply_turns = None if reply_turns is None else int(reply_turns)
        self.threshold = float(threshold)
        self.army_value = float(army_value)
        self.max_rollout_actions = int(max_rollout_actions)
        self.budget = int(budget)  # simulated actions per decision after the first round (0 = no cap)
        #: whether End Turn is a candidate while greedy would still act. The evaluation looks one
        #: round ahead, where armies spent on an advance show their cost and not yet their reward
        #: (land worth no points, cities taken turns later): with End Turn always a candidate the
        #: search stopped attacking where greedy went on and won (The Siege of the Fords).
        self.stop_early = bool(stop_early)
        self.halving = bool(halving)
        self.fade_turns = int(fade_turns)
        self.leader_weight = float(leader_weight)
        self.trend = float(trend)
        self.cut_candidates = int(cut_candidates)
        self._root_income: list[int] | None = None
        self._steps = 0

    def _candidates(self, s: PendulousState) -> list[Any]:
        p, st = s.seat, s.static
        cands: list[Any] = []
        if s.pool[p] > 0 and s.resources[p] >= s.cost("attack") and not s._limit_reached():
            targets = sorted(_targets(s, p), reverse=True)
            cands += [st.attack[t[2]] for t in targets[: self.candidates]]
            if self.cut_candidates:
                # attacks that would cut the owner's land off from supply, ranked by chance x land
                # cut off: greedy's square values do not see them
                cut = _cut_off(s, targets[self.candidates:])
                ranked = sorted(((t[1] * cut[t[2]], t[2]) for t in targets[self.candidates:] if t[2] in cut),
                                reverse=True)
                cands += [st.attack[i] for _, i in ranked[: self.cut_candidates]]
            if s.pool[p] >= 2 and s.resources[p] >= s.cost("place") + s.cost("attack"):
                gains = sorted(_support_gain(s, p, targets, self.threshold), reverse=True)
                cands += [st.place[x] for _, x in gains[: max(1, self.candidates // 2)]]
        g = greedy_move(s, self.threshold)
        if g not in cands:
            cands.append(g)
        if self.stop_early and END_TURN not in cands:
            cands.append(END_TURN)
        return cands

    def _finish(self, s: PendulousState, me: int, seed: int) -> float:
        """Greedy play to the end of my turn and through `reply_turns` more seat-turns; then score.

        The dice of the rollout are keyed by (seed, attacker, square, attempt, turn), not drawn in
        sequence: when two candidates lead to the same later attack, it has the same outcome in
        both, so the comparison measures the candidates rather than the luck of the rollouts."""
        replies = self.reply_turns
        if replies is None:  # the rest of the round: every opponent moves once before scoring
            replies = sum(1 for q in range(s.static.nseats) if not s.out[q]) - 1
        turns_left = replies + (1 if s.seat == me else 0)
        n = 0
        index = s.static.board.index
        while not s.over and turns_left > 0:
            a = greedy_move(s, self.threshold) if n < self.max_rollout_actions else END_TURN
            if isinstance(a, Attack):
                i = index(a.row, a.col)
                c = attack_chance(s, s.seat, i)
                k = _attacks_done(s, i)
                s.apply(a, forced_outcome=keyed_random(seed, s.seat, i, k, s.turn) < c)
            else:
                s.apply(a)
            n += 1
            self._steps += 1
            if isinstance(a, EndTurn):
                turns_left -= 1
                n = 0
        return evaluate(s, me, self.army_value, self.fade_turns, self.leader_weight, self._root_income, self.trend)

    def _value(self, view: PendulousState, a: Any, me: int, seed: int) -> float:
        outcomes: list[tuple[float, bool | None]] = [(1.0, None)]
        if isinstance(a, Attack):
            c = attack_chance(view, me, view.static.board.index(a.row, a.col))
            outcomes = [(w, o) for w, o in ((c, True), (1.0 - c, False)) if w > 0]
        total = 0.0
        for weight, outcome in outcomes:
            sim = view.clone()
            sim.rng = CounterRng(seed)
            sim.apply(a, forced_outcome=outcome)
            self._steps += 1
            total += weight * self._finish(sim, me, seed)
        return total

    def choose(self, view: PendulousState, legal_actions: list[Any], rng: CounterRng) -> Any:
        if view.turn == 0:  # nothing to gain from search in the free setup turn
            return GreedyAgent(self.threshold).choose(view, legal_actions, rng)
        me = view.seat
        cands = [a for a in self._candidates(view) if among(a, legal_actions) or isinstance(a, EndTurn)]
        if len(cands) == 1:
            return cands[0]
        totals = [0.0] * len(cands)
        alive = list(range(len(cands)))
        self._steps = 0
        self._root_income = incomes(view) if self.trend else None
        for r in range(max(1, self.rollouts)):
            if r and self.halving:
                # successive halving: later rounds go to the better half of the field so far, so the
                # rollouts are spent telling the good candidates apart (all alive ones have r rounds)
                alive = sorted(alive, key=lambda k: (-totals[k], k))[: max(2, (len(alive) + 1) // 2)]
            seed = rng.next_u64()  # the same dice for every candidate: compare actions, not luck
            for k in alive:
                totals[k] += self._value(view, cands[k], me, seed)
            if self.budget and self._steps >= self.budget:
                break
        best = max(alive, key=lambda k: (totals[k], -k))
        return cands[best]


__all__ = ["RandomAgent", "GreedyAgent", "SearchAgent", "greedy_move", "evaluate", "projections"]
