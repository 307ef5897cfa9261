"""Computer players for Pendulum: random, greedy (a heuristic one-action look-ahead) and planner.

All follow the Agent protocol (`choose(view, legal_actions, rng)`); in a timed round the runner adds
`wait` to the legal actions ("nothing until the next event").

The greedy player scores each action by what it changes in a value of its own seat (VP towards the
parchment zones with the lowest track weighted most, the Legendary VP, resources with diminishing
returns, provinces, workers) on a light copy of the view; a worker move is worth what the best action
at its new space would give once a glass comes, and a flip what it opens for its own waiting workers.
It waits when nothing gains.

The planner values the seat as the rulebook ranks the end (the lowest track first, the Legendary VP's
price, votes towards the privilege track) and looks ahead over the round's clock: when a glass will
next stand in each row and when the council will be called, flips that strand the other seats' waiting
workers, and the call of the council itself.
"""
from __future__ import annotations

from typing import Any

from gridsmith.engine.core import agents as core_agents
from gridsmith.engine.core.rng import CounterRng
from gridsmith.formats.pendulum.effects import RESOURCES, TRACKS, item_name

from .actions import Act, Action, Claim, Done, Flip, Home, Pass, Place, Play, Refill, Retrieve, Reward, Wait
from .council import apply_action, reward_off_board
from .effects import UNLOGGED
from .rules import act_actions
from .runner import DEFAULT_AUTO_FLIP_MS
from .state import TOP, Glass, PendulumState

WAIT = Wait()
PASSIVE = (Wait, Pass, Done)
MAX_PER_GROUP = 24


# the baseline every game shares (engine.core.agents)
RandomAgent = core_agents.RandomAgent


def parchment_from(st: PendulumState, q: int) -> tuple[tuple[str, int], ...]:
    """(track, where its parchment zone starts) for seat q's leader side, read once a game (a seat's
    leader side never changes in a game; `_memo` is one game's)."""
    key = ("parchment_from", q)
    hit = st._memo.get(key)
    if hit is None:
        side = st.leader_side(q)
        hit = st._memo[key] = tuple((t, side.tracks[t].parchment_from) for t in TRACKS)
    return hit


def light_copy(st: PendulumState, q: int, action: Action | None = None) -> PendulumState:
    """A copy cheap enough to try one action on: seat q, the glasses and the shared piles are copied.
    `action`: the one action it is for; the glasses and the purple markers then only for a flip (the
    one action that changes them), the achievement's markers only for a claim."""
    sim = object.__new__(PendulumState)  # copy.copy without its reduce protocol: called for every option
    sim.__dict__ = st.__dict__.copy()
    sim.seats = list(st.seats)
    sim.seats[q] = st.seats[q].copy()
    if action is None or type(action) is Flip:
        sim.glasses = {a: Glass(g.row, g.expires) for a, g in st.glasses.items()}
        sim.markers = list(st.markers)
    if action is None or type(action) is Claim:
        sim.achievement_markers = list(st.achievement_markers)
    sim.display = list(st.display)
    sim.province_deck = list(st.province_deck)
    sim.started = set(st.started)
    sim.spent = dict(st.spent)
    return sim


class GreedyAgent:
    name = "greedy"
    #: weights of the seat value
    track_weight = 2.0
    beyond_weight = 0.4
    bottleneck_weight = 1.0
    legendary = 14.0
    province = 1.2
    worker = 2.5
    vote = 0.25
    hand = 0.2
    placement_discount = 0.6

    def __init__(self, **options: Any) -> None:
        self.options = options
        #: worker actions weighed before, by position (`position_key`): ("space", id) or an act -> value.
        #: A seat is polled at every event and most events leave its own position as it was.
        self._weighed: dict[tuple, dict] = {}
        self._game: dict | None = None  # the game those belong to (its state's `_memo`)
        #: `_seat_key`'s last answer: the view and seat it is for
        self._seat_key_of: PendulumState | None = None
        self._seat_key_q = -1
        self._seat_key_hit = -1
        #: every seat key of the game met so far, by number: a position key holds the number, hashed and
        #: compared at once, instead of the long tuple (one number per tuple: the same keys match)
        self._seat_ids: dict[tuple, int] = {}
        #: a recall stratagem tried with the worker sent home, by the view weighed (`_recall_delta`)
        self._recall_view: PendulumState | None = None
        self._recall_home: dict[tuple, tuple[PendulumState | None, float, dict | None]] = {}

    # ------------------------------------------------------------ value
    def value(self, st: PendulumState, q: int) -> float:
        # called for every option tried: min/max written out (adding a zero term is exact), sums in order
        s = st.seats[q]
        vp, res = s.vp, s.res
        tw, bw = self.track_weight, self.beyond_weight
        v = 0.0
        worst = 0
        for t, pf in parchment_from(st, q):
            x = vp[t]
            if x < pf:
                v += tw * x
                if pf - x > worst:
                    worst = pf - x
            else:
                v += tw * pf + bw * (x - pf)
        v -= self.bottleneck_weight * worst
        v += self.legendary * s.legendary
        for r in RESOURCES:
            x = res[r]
            v += 0.5 * x if x < 6 else 0.5 * 6 + 0.15 * (x - 6)
        votes = res["votes"]
        v += self.vote * (votes if votes < 12 else 12)
        v += self.province * sum(map(len, s.columns.values()))
        v += self.worker * len(s.workers) + self.hand * len(s.hand)
        return v

    #: what `weighed` keeps (`position_key`): worker acts tried in this position, board spaces' values,
    #: the first worker's acts on a board space, actions that move no worker of the seat's own (`weighable`)
    ACTIONS, SPACES, SPACE_ACTS, SEAT = 0, 1, 2, 3

    def weighed(self, st: PendulumState, q: int, kind: int = ACTIONS, everyone: bool = False) -> dict:
        """The actions of seat q weighed before in this position (filled by the caller); `kind`: what
        is kept (`position_key`); `everyone`: actions that read the other seats' workers (a recall)."""
        if self._game is not st._memo:
            self._game, self._weighed, self._seat_ids = st._memo, {}, {}
            self._seat_key_of = None  # its number was of the other game's `_seat_ids`
        key = self.position_key(st, q, kind, everyone)
        found = self._weighed.get(key)
        if found is None:
            if len(self._weighed) > 4096:
                self._weighed.clear()
            found = self._weighed[key] = {}
        return found

    def position_key(self, st: PendulumState, q: int, kind: int = ACTIONS, everyone: bool = False) -> tuple:
        """Everything that valuing seat q and trying a worker action of its on a board space can read:
        seat q itself, the glasses' rows, the seat's workers that acted or started under a glass, the
        province display and deck (a conquest, a production of what it took), and — only where a
        board space recalls workers — the top parts the other seats hold (a recall's targets). Two
        positions with one key weigh every worker action alike.

        The board spaces' values (`SpaceValues`) are each worked out with the seat's first worker put
        on the space and that area's glass turned onto its row, trying a sample of all the seat's acts
        there. SPACE_ACTS, the key of the first worker's acts tried on a space: no worker's place and
        no glass's row is read there. SPACES, the key of the spaces' values: the other workers' places
        on top parts and the glasses' rows are read when such a worker stands there (its acts count in
        the sample). A recall reads them all (then they are kept); `everyone`: the top parts the other
        seats hold are kept too (a stratagem's recall reads them).

        SEAT, the key of a stratagem played, a retrieve or a refill: they read no worker's place, glass
        or act under a glass, but where a recall is (`everyone`) the seat's workers and the glasses'
        rows and the top parts the others hold."""
        s = st.seats[q]
        recalls = everyone if kind == self.SEAT else everyone or board_recalls(st)
        if kind == self.SEAT and not recalls:
            places = False
            workers = tuple((w.wid, w.size) for w in s.workers)
        elif kind in (self.ACTIONS, self.SEAT) or recalls:
            places = True
            workers = tuple((w.wid, w.size, w.space, w.part) for w in s.workers)
        elif kind == self.SPACES:
            workers = tuple((w.wid, w.size, w.space) if i and w.part == TOP else (w.wid, w.size)
                            for i, w in enumerate(s.workers))
            places = any(len(w) == 3 for w in workers)
        else:
            places = False
            workers = tuple((w.wid, w.size) for w in s.workers)
        if kind == self.SEAT:
            started = spent = ()
        elif kind == self.SPACE_ACTS and not recalls:
            # the first worker acts there (its glass on its row): only whether it has acted in that area
            first = s.workers[0].wid if s.workers else None
            started: tuple = ()
            spent: tuple = tuple(a for k, a in st.spent.items() if k == (q, first))
        else:
            started = tuple(sorted(k[1] for k in st.started if k[0] == q))
            spent = tuple(sorted((k[1], a) for k, a in st.spent.items() if k[0] == q))
        key: tuple = (q, kind, recalls, self._seat_key(st, q), workers,
                      tuple(g.row for g in st.glasses.values()) if places else (), started, spent)
        if recalls:  # a recall's targets: the top parts another seat (or the neutral) holds
            key += (tuple(st.neutral), tuple(sorted({w.space for o in st.seats if o is not s for w in o.workers
                                                     if w.space is not None and w.part == TOP})))
        return key

    def _seat_key(self, st: PendulumState, q: int) -> int:
        """The part of every `position_key` of seat q that no kind narrows: the seat (its workers aside),
        the province display and deck, `value_context`; read once per view weighed (a view is never
        changed: agents try actions on copies), as its number in `_seat_ids` (called after `weighed`
        has reset those for the game)."""
        if self._seat_key_of is st and self._seat_key_q == q:
            return self._seat_key_hit
        s = st.seats[q]
        hit = (tuple(s.res.values()), tuple(s.vp.values()), tuple(s.lost_cubes.values()), tuple(s.overflow.values()),
               s.small_reserve, s.large_reserve, tuple(s.hand), tuple(s.discard),
               tuple(tuple(c) for c in s.columns.values()), s.legendary, s.kept, s.claimed, s.next_wid,
               tuple(st.display), tuple(st.province_deck), self.value_context(st, q))
        ids = self._seat_ids
        n = ids.get(hit)
        if n is None:
            n = ids[hit] = len(ids)
        self._seat_key_of, self._seat_key_q, self._seat_key_hit = st, q, n
        return n

    def value_context(self, st: PendulumState, q: int) -> tuple:
        """What `value` reads beyond seat q (greedy: nothing)."""
        return ()

    def delta(self, st: PendulumState, q: int, action: Action, base: float) -> float:
        if isinstance(action, Play) and not self.value_reads_places and recall_only(st, action.card):
            return self._recall_delta(st, q, action, base)
        return self._trial(st, q, action, base)

    #: whether `value` reads where the workers stand (neither greedy's nor the planner's does)
    value_reads_places = False

    def _recall_delta(self, st: PendulumState, q: int, action: Play, base: float) -> float:
        """`delta` of a stratagem whose whole effect is a recall (a Forced March): its ways differ only in
        where the worker goes (`w2>SPACE`), and a value that reads no worker's place is the same for
        all of them. Tried once with the worker sent home (the same steps up to the recall's target,
        kept for the view being weighed); a way to a top part then gains that value if the top part
        takes the worker there (`can_enter_top`, the recall's own test, on that copy), else fails."""
        token = action.choices[-1] if action.choices else ""
        wid, sep, dest = token.partition(">")
        if not sep or dest == "home":
            return self._trial(st, q, action, base)
        if self._recall_view is not st:
            self._recall_view, self._recall_home = st, {}
        key = (q, action.card, action.choices[:-1], wid)
        home = self._recall_home.get(key)
        if home is None:
            sim = light_copy(st, q, action)
            try:
                apply_action(sim, q, Play(action.card, (*action.choices[:-1], f"{wid}>home")), UNLOGGED)
            except Exception:  # noqa: BLE001 - as in `delta`: then every way of it fails
                home = self._recall_home[key] = (None, -1e9, None)
            else:  # the copy's top parts' occupants, read once for all the targets (as `occupants` lists them)
                home = self._recall_home[key] = (sim, self.value(sim, q) - base, sim.occupancy())
        sim, d, occ = home
        if sim is None:
            return -1e9
        return d if sim.can_enter_top(q, sim.worker(q, wid), dest, occ) is None else -1e9

    def _trial(self, st: PendulumState, q: int, action: Action, base: float) -> float:
        """What `action` changes in the seat's value, tried on a light copy of `st`."""
        if type(action) is Reward and action.reward != "default":
            # a reward off the council board fails in the copy before it changes anything: not copied
            r = st.rewards.get(action.reward)
            if r is not None and r.type != "great_worker" and reward_off_board(st, action.reward):
                return -1e9
        sim = light_copy(st, q, action)
        try:
            apply_action(sim, q, action, UNLOGGED)
        except Exception:  # noqa: BLE001 - an action that fails in the copy is not worth taking
            return -1e9
        return self.value(sim, q) - base

    # ------------------------------------------------------------ estimates
    def space_values(self, st: PendulumState, q: int) -> "SpaceValues":
        """What acting at each space would gain now (cost paid), for the seat's first worker; worked
        out for a space when first asked (a decision asks about the spaces it may place on and those
        its workers stand on, rarely all)."""
        return SpaceValues(self, st, q)

    def time_to_glass(self, st: PendulumState, sid: str) -> int:
        area, row = st.row_of(sid)
        g = st.glasses[area]
        return 0 if g.row == row else max(0, g.expires - st.now)

    def placement_score(self, st, q, action, values) -> float:
        w = st.worker(q, action.worker)
        here = values.get(w.space, 0.0) if (w.space and w.part == TOP) else 0.0
        if isinstance(action, Home):
            return -max(here, 0.0) * self.placement_discount - 0.01
        there = values.get(action.space, -1e9)
        return self.placement_discount * (max(there, 0.0) - max(here, 0.0)) - 0.05

    def flip_score(self, st: PendulumState, q: int, area: str, values) -> float:
        g = st.glasses[area]
        score = 0.0
        for w in st.seats[q].workers:
            if w.space is None or st.area_of(w.space) != area or w.part != TOP:
                continue
            row = st.row_of(w.space)[1]
            gain = max(values.get(w.space, 0.0), 0.0)
            if row == 1 - g.row:
                score += 0.5 + gain
            elif row == g.row:
                score -= 0.5 + gain
        return score

    # ------------------------------------------------------------ choose
    def choose(self, view: Any, legal_actions: list, rng: CounterRng):
        st: PendulumState = view
        q = getattr(view, "viewer", None)
        if q is None:
            return legal_actions[0]
        passive = first_passive(legal_actions)
        base = self.value(st, q)
        values = None
        weighed = weighed_all = weighed_seat = None
        # adding the base class's 0.0 changes no score: the call is skipped unless a subclass adjusts
        adjust = None if type(self).adjust is GreedyAgent.adjust else self.adjust
        best, best_score = passive, 0.05 if passive is not None else -1e18
        # greedy's own placement score (no subclass changes it): a worker's places scored together below
        plain = adjust is None and type(self).score_placement is GreedyAgent.score_placement \
            and type(self).placement_score is GreedyAgent.placement_score
        for group in _groups(legal_actions):
            if plain and type(group[0]) is Place:
                if values is None:
                    values = SpaceValues(self, st, q, base)
                # `placement_score` of each, its worker's place read once (the same sums: the same floats)
                w = st.worker(q, group[0].worker)
                here = max(values.get(w.space, 0.0) if (w.space and w.part == TOP) else 0.0, 0.0)
                known, discount = values.known, self.placement_discount
                for a in _sample(group):
                    there = known.get(a.space)
                    if there is None:
                        there = values.get(a.space, -1e9)
                    sc = discount * (max(there, 0.0) - here) - 0.05
                    if sc > best_score:
                        best, best_score = a, sc
                continue
            if type(group[0]) is Play and adjust is None:
                # one card's ways: one kind (`weighable` reads the card alone), kept under one key
                kind = weighable(st, group[0])
                if kind == "recall":
                    if weighed_all is None:
                        weighed_all = self.weighed(st, q, self.SEAT, everyone=True)
                    known = weighed_all
                else:
                    if weighed_seat is None:
                        weighed_seat = self.weighed(st, q, self.SEAT)
                    known = weighed_seat
                for a in _sample(group):
                    sc = known.get(a)
                    if sc is None:
                        sc = known[a] = self.delta(st, q, a, base)
                    if sc > best_score:
                        best, best_score = a, sc
                continue
            for a in _sample(group):
                if isinstance(a, PASSIVE):
                    continue
                if isinstance(a, (Place, Home)):
                    if values is None:
                        values = SpaceValues(self, st, q, base)
                    sc = self.score_placement(st, q, a, values)
                elif isinstance(a, Flip):
                    if values is None:
                        values = SpaceValues(self, st, q, base)
                    sc = self.flip_score(st, q, a.area, values)
                elif (kind := weighable(st, a)) is not None:
                    if kind == "recall":
                        if weighed_all is None:
                            weighed_all = self.weighed(st, q, self.SEAT, everyone=True)
                        known = weighed_all
                    elif kind == "seat":
                        if weighed_seat is None:
                            weighed_seat = self.weighed(st, q, self.SEAT)
                        known = weighed_seat
                    else:
                        if weighed is None:
                            weighed = self.weighed(st, q)
                        known = weighed
                    sc = known.get(a)
                    if sc is None:
                        sc = known[a] = self.delta(st, q, a, base)
                else:
                    sc = self.delta(st, q, a, base)
                if adjust is not None:
                    sc += adjust(st, q, a)
                if sc > best_score:
                    best, best_score = a, sc
        return best if best is not None else rng.choice(legal_actions)

    def score_placement(self, st, q, a, values) -> float:
        return self.placement_score(st, q, a, values)

    def adjust(self, st: PendulumState, q: int, a: Action) -> float:
        return 0.0


class PlannerAgent(GreedyAgent):
    """Greedy with a plan for the whole game, valued as the rulebook ranks the end ("Spielende"):
    - the winner among Legendary holders is the one whose lowest track is closest to its parchment
      zone, then the next-lowest: the shortfalls, sorted, weigh 10 / 4 / 1.5 a space (VP past a zone
      count little);
    - the Legendary VP is the price of winning at all: while its marker waits on the achievement,
      every resource or vote still missing from the card's requirement counts against the seat (it
      is claimed by holding, so spending below it is a loss); in the last round, the 10 resources of
      the final reward instead;
    - votes are worth most up to a lead over every other seat (and the 2-player neutral's 3): the
      first pick and the +2 VP at the council, and the final tie-break by privilege;
    - resources, provinces and workers lose their worth as the last council nears (unspent cubes score
      nothing);
    - it looks ahead over the coming flips and the council: when each row will next hold a glass (the
      glass's sand left plus the expected flip; purple only onto a row whose circle holds a marker;
      after the council every glass turns onto its other row) and when the council will be called
      (purple flipped once per marker left). A placement weighs a space's gain by how soon its glass
      comes (1 now, 1/2 after `horizon_ms`, 0 after the call), so a worker waits where it will act
      soon; a flip that calls the council counts the own workers it leaves waiting and whether the
      seat's votes lead the privilege track; flips also count against the others' waiting workers."""

    name = "planner"
    deny_weight = 0.4
    gap_weights = (10.0, 4.0, 1.5)
    beyond_weight = 0.3
    vote_lead = 1.0
    legend_chase = 3.0
    #: a glass this far off halves a space's worth
    horizon_ms = 60_000
    council_weight = 1.0

    def value(self, st: PendulumState, q: int) -> float:
        s = st.seats[q]
        gaps, beyond = [], 0
        for t, pf in parchment_from(st, q):
            gaps.append(max(0, pf - s.vp[t]))
            beyond += max(0, s.vp[t] - pf)
        gaps.sort(reverse=True)
        v = -sum(w * g for w, g in zip(self.gap_weights, gaps)) + self.beyond_weight * beyond
        v += self.legendary * s.legendary
        rounds = st.rules.limits.rounds
        worth = max(0.15, (rounds + 1 - st.round) / rounds)  # cubes are worth less as the end nears
        for r in RESOURCES:
            x = s.res[r]
            v += worth * (0.5 * min(x, 6) + 0.15 * max(0, x - 6))
        # votes win the privilege track at the council (the first pick, +2/+1 VP): worth most up to a
        # lead over every other seat and the 2-player neutral
        lead = max([st.rules.council.neutral_votes if -1 in st.privilege else 0]
                   + [o.res["votes"] for oq, o in enumerate(st.seats) if oq != q]) + 1
        v += self.vote_lead * min(s.res["votes"], lead) + self.vote * max(0, min(s.res["votes"], 12) - lead)
        v += self.province * worth * sum(map(len, s.columns.values()))
        v += self.worker * worth * len(s.workers) + self.hand * len(s.hand)
        v -= self.legend_chase * self.legend_deficit(st, q)
        return v

    def value_context(self, st: PendulumState, q: int) -> tuple:
        """What this value reads beyond seat q: the others' votes, the neutral, the round, the achievement."""
        return (tuple(o.res["votes"] for o in st.seats), -1 in st.privilege, st.round, st.achievement,
                st.legendary_on_card)

    def legend_deficit(self, st: PendulumState, q: int) -> int:
        """What seat q still lacks of the Legendary VP's price: the achievement's requirement while its
        marker waits on the card (claimed by holding, not paying); in the last round without an
        achievement to take, the 10 resources of the final reward."""
        s = st.seats[q]
        if s.legendary:
            return 0
        ach = st.achievements.get(st.achievement) if st.achievement else None
        if ach is not None and st.legendary_on_card and not s.claimed:
            req = ach.requires
            return sum(max(0, getattr(req, k) - s.res[k]) for k in ("military", "culture", "gold", "votes"))
        if st.round >= st.rules.limits.rounds:
            return max(0, 10 - sum(s.res[r] for r in RESOURCES))
        return 0

    # ---- the look-ahead over the coming flips and the council
    def flip_delay(self, st: PendulumState) -> int:
        """How long an expired glass is expected to stand before someone flips it: the automatic flip."""
        return st.rules.timing.auto_flip_ms or DEFAULT_AUTO_FLIP_MS

    def council_in(self, st: PendulumState) -> int | None:
        """ms until the council is called in a timed round: purple runs out and is flipped once for each
        marker left, the last flip calling it ("Zur Ratsversammlung rufen"); None outside a timed round."""
        if st.phase != "timed":
            return None
        left = sum(st.markers)
        if left <= 0:
            return 0
        d = self.flip_delay(st)
        return max(0, st.glasses["purple"].expires - st.now) + d + (left - 1) * (
            st.rules.sandglasses.duration("purple") + d)

    def arrival(self, st: PendulumState, sid: str) -> int | None:
        """ms until a glass stands in the row of `sid` (a worker there may act); None when none comes before
        the council. In a timed round: its glass runs out and is flipped over (purple only onto a row
        whose circle holds a marker); at council step 5 or the wrap-up: the next round opens by flipping
        every glass onto its other row."""
        area, row = st.row_of(sid)
        g = st.glasses[area]
        if st.phase != "timed":
            return 0 if g.row != row else st.rules.sandglasses.duration(area)
        if g.row == row:
            return 0
        if area == "purple" and st.markers[row] <= 0:
            return None
        t = max(0, g.expires - st.now) + self.flip_delay(st)
        council = self.council_in(st)
        return None if council is not None and t >= council else t

    def soon(self, st: PendulumState, sid: str) -> float:
        """What an action at `sid` is worth for being that far off: 1 now, 1/2 a horizon later, 0 after
        the council is called."""
        t = self.arrival(st, sid)
        return 0.0 if t is None else 1.0 / (1.0 + t / self.horizon_ms)

    def placement_score(self, st, q, action, values) -> float:
        """Greedy's placement score with each space's gain weighted by how soon a glass comes to its row."""
        w = st.worker(q, action.worker)
        here = self.soon(st, w.space) * max(values.get(w.space, 0.0), 0.0) if (w.space and w.part == TOP) else 0.0
        if isinstance(action, Home):
            return -here * self.placement_discount - 0.01
        there = self.soon(st, action.space) * max(values.get(action.space, -1e9), 0.0)
        return self.placement_discount * (there - here) - 0.05

    def flip_score(self, st: PendulumState, q: int, area: str, values) -> float:
        score = super().flip_score(st, q, area, values)
        g = st.glasses[area]
        for oq, s in enumerate(st.seats):
            if oq == q:
                continue
            for w in s.workers:
                if w.space is None or w.part != TOP or st.area_of(w.space) != area:
                    continue
                row = st.row_of(w.space)[1]
                score += self.deny_weight if row == g.row else -self.deny_weight
        if area == "purple" and st.phase == "timed" and sum(st.markers) == 1:
            # this flip calls the council: its own workers still waiting for a glass lose their turn, and
            # the votes held now decide the privilege track (the first pick, +2 VP)
            for w in st.seats[q].workers:
                if w.space is not None and w.part == TOP and not st.glass_in_row(w.space):
                    score -= 0.5 * max(values.get(w.space, 0.0), 0.0)
            votes = st.seats[q].res["votes"]
            score += self.council_weight * (1.0 if votes > max(o.res["votes"] for oq, o in enumerate(st.seats)
                                                               if oq != q) else -1.0)
        return score


class SpaceValues:
    """The gain of acting at each space, by space id, computed on first asking. Each space's value is
    the best `delta` of the first worker's actions there, the glass of its area turned onto its row,
    on one copy of the view whose worker and glass are put back after each space (listing actions
    changes nothing; delta tries each on a copy of its own), so the order of asking changes nothing."""

    def __init__(self, agent: GreedyAgent, st: PendulumState, q: int, base: float | None = None) -> None:
        self.agent, self.st, self.q = agent, st, q
        self.base = agent.value(st, q) if base is None else base  # `base`: that value, worked out before
        self.known: dict[str, float] = {}
        self.sim: PendulumState | None = None
        self.weighed: dict | None = None  # the agent's values for this position, other decisions' included
        self.acts: dict | None = None  # the first worker's acts tried on a space, by (space, act)
        self.counts: dict[str, int] = {}  # the other workers' numbers of acts (`_count`)

    def get(self, sid: str | None, default: float) -> float:
        v = self.known.get(sid)  # type: ignore[arg-type]
        if v is None:
            if sid not in self.st.spaces:
                return default
            if self.weighed is None:
                self.weighed = self.agent.weighed(self.st, self.q, GreedyAgent.SPACES)
            v = self.weighed.get(("space", sid))
            if v is None:
                v = self.weighed[("space", sid)] = self._compute(sid)
            self.known[sid] = v  # type: ignore[index]
        return v

    def _compute(self, sid: str) -> float:
        if self.sim is None:
            self.sim = light_copy(self.st, self.q)
        sim, q = self.sim, self.q
        area, row, _sp = sim.spaces[sid]
        workers = sim.seats[q].workers
        w = workers[0]
        g = sim.glasses[area]
        space, part, glass_row = w.space, w.part, g.row
        w.space, w.part = sid, TOP
        g.row = row
        if self.acts is None:
            self.acts = self.agent.weighed(self.st, q, GreedyAgent.SPACE_ACTS)
        # the acts tried are a sample (`_sample`) of all the seat's acts, the first worker's first: its
        # own acts and their values are kept by SPACE_ACTS; the other workers' only count
        mine = self.acts.get(sid)
        if mine is None:
            mine = self.acts[sid] = act_actions(sim, q, worker=w.wid)
        n = len(mine)
        for o in workers[1:]:
            if sim.may_act(q, o):
                n += self._count(sim, o.wid)
        # a sample of at most MAX_PER_GROUP is all of them: then every one of the first worker's acts is
        # tried, in order, and their best is kept by SPACE_ACTS too (under (space, None))
        whole = n <= MAX_PER_GROUP
        best = self.acts.get((sid, None)) if whole else None
        if best is None:
            best = -1e9
            for i in _sample_indices(n):
                if i >= len(mine):
                    break
                a = mine[i]
                d = self.acts.get((sid, a))
                if d is None:
                    d = self.acts[(sid, a)] = self.agent.delta(sim, q, a, self.base)
                best = max(best, d)
            if whole:
                self.acts[(sid, None)] = best
        w.space, w.part, g.row = space, part, glass_row
        return best

    def _count(self, sim: PendulumState, wid: str) -> int:
        """How many acts another worker of the seat has (it may act): read once for all the spaces
        valued in this position — they differ only in where the first worker stands and one glass's row,
        which its acts read only through a recall on the board (then counted every time)."""
        if board_recalls(sim):
            return len(act_actions(sim, self.q, worker=wid))
        n = self.counts.get(wid)
        if n is None:
            n = self.counts[wid] = len(act_actions(sim, self.q, worker=wid))
        return n


def board_recalls(st: PendulumState) -> bool:
    """Whether a board space's reward recalls a worker (its choices then depend on where the workers stand)."""
    hit = st._memo.get("board_recalls")
    if hit is None:
        hit = st._memo["board_recalls"] = any(item_name(i) == "recall" for _a, _r, sp in st.spaces.values()
                                             for i in sp.reward)
    return hit


def recall_only(st: PendulumState, card: str) -> bool:
    """Whether a stratagem's whole effect is one recall (read once a game per card)."""
    key = ("recall_only", card)
    hit = st._memo.get(key)
    if hit is None:
        effect = st.stratagems[card].effect
        hit = st._memo[key] = len(effect) == 1 and item_name(effect[0]) == "recall"
    return hit


def weighable(st: PendulumState, a: Action) -> str | None:
    """Which key keeps the value of trying `a` across polls (`position_key`): "act" a worker's act
    without stratagems (ACTIONS); "seat" a retrieve, a refill, a stratagem played (SEAT); "recall" a
    stratagem with a recall (SEAT, everyone: it reads where the workers stand); None: not kept."""
    if isinstance(a, Act):
        return None if a.modifiers else "act"
    if isinstance(a, Play):
        key = ("recalls", a.card)
        hit = st._memo.get(key)
        if hit is None:
            hit = st._memo[key] = any(item_name(i) == "recall" for i in st.stratagems[a.card].effect)
        return "recall" if hit else "seat"
    return "seat" if isinstance(a, (Retrieve, Refill)) else None


_PASSIVE_TYPES = frozenset(PASSIVE)


def first_passive(actions: list) -> Action | None:
    """The first wait, pass or done in `actions` (None: none). A timed round's list ends with its `wait`
    (the runner adds it): the others are checked by type at C speed, the list walked only otherwise."""
    if actions and type(actions[-1]) in _PASSIVE_TYPES \
            and not any(map(_PASSIVE_TYPES.__contains__, map(type, actions[:-1]))):
        return actions[-1]
    return next((a for a in actions if isinstance(a, PASSIVE)), None)


def _groups(actions: list) -> list[list]:
    """The actions by (kind, subject), in order of first appearance."""
    groups: dict[tuple, list] = {}
    last_t = last_s = cur = None
    for a in actions:
        t = type(a)
        # most actions are places, acts and plays: their subject read without the property's call
        s = a.worker if t is Place or t is Act else a.card if t is Play else a.subject
        if t is last_t and s == last_s:  # a list names one subject's actions one after another
            cur.append(a)  # type: ignore[union-attr]
            continue
        cur = groups.get((t, s))
        if cur is None:
            cur = groups[(t, s)] = []
        cur.append(a)
        last_t, last_s = t, s
    return list(groups.values())


def _sample(group: list) -> list:
    if len(group) <= MAX_PER_GROUP:
        return group
    return [group[i] for i in _sample_indices(len(group))]


def _sample_indices(n: int) -> range | list[int]:
    """The places `_sample` takes from a list of n, in order."""
    if n <= MAX_PER_GROUP:
        return range(n)
    step = n / MAX_PER_GROUP
    return [int(i * step) for i in range(MAX_PER_GROUP)]
