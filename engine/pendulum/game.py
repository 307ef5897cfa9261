"""Setting up a game (rulebook, "Allgemeiner Aufbau", "Persönlicher Aufbau", "Der Spielbeginn").

The setup's chance is hidden (the shuffles of provinces, achievements and council rewards, the 10
rewards put back unseen, the random privilege order): it is drawn from `hidden_rng(seed, "setup")`, a
one-way stream, so a game is a pure function of (scenario, seed, timed log) and no view lets a seat
rebuild the order of a face-down stack.
"""
from __future__ import annotations

from gridsmith.engine.core.bounds import require_bounds
from gridsmith.engine.core.rng import hidden_rng
from gridsmith.engine.core.scenarios import Resolver
from gridsmith.formats.pendulum.effects import AREAS, RESOURCES, TRACKS
from gridsmith.formats.pendulum.scenario import ResolvedScenario, Scenario, resolve

from .council import start_round
from .state import Glass, PendulumState, SeatState, Worker

#: Pendulum scenarios resolved for play (`SCENARIO(model, file)`, `SCENARIO.read(path)`)
SCENARIO = Resolver("pendulum.scenario", Scenario, ResolvedScenario, resolve)


def new_game(res: ResolvedScenario, seed: int = 0) -> PendulumState:
    require_bounds(res, "the scenario")  # a model built or changed without validation
    st = PendulumState(res, seed)
    rules, side, rng = res.ruleset, res.side, hidden_rng(seed, "setup")
    # 3: each glass on the top circle of its area; the purple markers on the other circles
    st.glasses = {a: Glass(0, 0) for a in AREAS}
    c = st.circles["purple"]
    st.markers = [c[0] - 1, c[1]]
    # 4: achievements, the Legendary marker on the revealed one (2-3 players: on the reward stack in round 1)
    st.achievement_deck = [a.id for a in res.cards.achievements]
    rng.shuffle(st.achievement_deck)
    st.achievement = st.achievement_deck.pop()
    st.legendary_on_card = st.n > rules.decisions.no_legendary_round1_max_players
    # 5: provinces
    st.province_deck = [p.id for p in res.cards.provinces]
    rng.shuffle(st.province_deck)
    st.display = [st.province_deck.pop() if st.province_deck else None for _ in range(rules.provinces.display)]
    # 6-7: council rewards: the finals shuffled at the bottom, 10 normal ones out unseen, the rest on top
    finals = [r.id for r in res.cards.council_rewards if r.type == "final"]
    normal = [r.id for r in res.cards.council_rewards if r.type not in ("final", "great_worker")]
    rng.shuffle(finals)
    rng.shuffle(normal)
    cut = min(rules.council.rewards_removed, len(normal))
    st.removed_rewards, normal = normal[:cut], normal[cut:]
    st.reward_stack = finals + normal
    st.reward_slots = [st.reward_stack.pop() if st.reward_stack else None for _ in range(side.council.slots)]
    st.great_worker_up = True
    # personal setup
    lim = rules.limits
    for q in range(st.n):
        ls = res.leader_side(q)
        workers = [Worker(f"w{i + 1}", "large" if i < lim.start_large else "small")
                   for i in range(lim.start_large + lim.start_small)]
        st.seats.append(SeatState(
            res={r: min(getattr(ls.start, r), lim.resource_cap) for r in RESOURCES} | {"votes": ls.start.votes},
            vp={t: 0 for t in TRACKS},
            workers=workers,
            small_reserve=lim.small_workers - lim.start_small,
            large_reserve=lim.large_workers - lim.start_large,
            hand=list(ls.stratagems),
            next_wid=len(workers) + 1,
        ))
    order = list(range(st.n))
    if res.scenario.privilege == "random":
        rng.shuffle(order)
    if st.n == 2:  # the neutral: last on the privilege track, a worker on each of its 4 spaces
        order.append(-1)
        st.neutral = [sid for sid, (_a, _r, sp) in st.spaces.items() if sp.neutral_2p]
    st.privilege = order
    # the start: in privilege order 1 large worker, then 1 small, onto top parts of bottom rows
    real = [q for q in order if q >= 0]
    st.queue = [(q, "large") for q in real if lim.start_large] + [(q, "small") for q in real if lim.start_small]
    st.phase = "start"
    if not st.queue:
        st.events += start_round(st)
    return st
