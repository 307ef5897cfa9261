"""The engine's fast paths give what the plain computation gives (the golden traces check whole
games; these check every decision of a few games against the reference computation)."""
from __future__ import annotations

import copy
from pathlib import Path

from gridsmith.engine.circuitwar import agents as A
from gridsmith.engine.circuitwar import state as S
from gridsmith.engine.circuitwar.actions import Action, BuildList
from gridsmith.engine.circuitwar.api import GAME
from gridsmith.engine.core.agents import create
from gridsmith.engine.core.loop import Match
from gridsmith.formats.loader import load_file

CONTENT = Path(__file__).resolve().parents[2] / "content" / "circuitwar"


def _play(scenario: str, seats: list[str], seed: int, **options) -> None:
    model = load_file(CONTENT / f"{scenario}.scn.yaml").model
    state = GAME.new_game(model, seed, base=str(CONTENT))
    Match(state, [create("circuitwar", s, **options) for s in seats], seed).run()


def test_the_build_list_after_a_build_is_the_fresh_scan(monkeypatch):
    derived = S.CircuitWarState._builds_after
    seen = []

    def checked(self, before, a):
        got = derived(self, before, a)
        fresh = self._builds(self.seat)
        assert list(got) == list(fresh), a.to_text()
        seen.append(a)
        return got

    monkeypatch.setattr(S.CircuitWarState, "_builds_after", checked)
    _play("duel", ["random", "heuristic"], 3)
    assert len(seen) > 50


def test_build_list_membership_is_its_items():
    model = load_file(CONTENT / "fortress.scn.yaml").model
    state = GAME.new_game(model, 1, base=str(CONTENT))
    legal = state.legal_actions()
    assert isinstance(legal, BuildList)
    items = list(legal)
    assert len(items) == len(legal) and all(a in legal for a in items)
    assert [legal[i] for i in range(-len(legal), 0)] == items
    n = state.board.cols
    everything = {Action("build", e, item=x, cols=n) for e in state.board.circuits
                  for x in ("circuit", "resistor", "capacitor", "switch_on", "switch_off", "ground", "transformer")}
    everything |= {Action("build", e, q, "diode", n) for e in state.board.circuits for q in state.board.ends(e)}
    everything |= {Action("build", p, item="gridrunner", cols=n) for p in state.board.points}
    assert {a for a in everything if a in legal} == set(items) - {S.END}


def test_the_heuristic_build_is_the_best_scored_action(monkeypatch):
    fast = A.best_build
    seen = []

    def checked(ctx, legal, rng):
        again = copy.deepcopy(rng)
        got = fast(ctx, legal, rng)
        assert got == max(A.scored(ctx.g, list(legal), again, guard=ctx.guard), key=lambda t: t[0])[1]
        seen.append(got)
        return got

    monkeypatch.setattr(A, "best_build", checked)
    _play("duel", ["heuristic", "search"], 1)
    _play("four", ["heuristic"] * 4, 5)
    _play("duel", ["search", "search"], 2, guard=True)  # the search's guarding builds (evictions)
    for seed in (1, 2, 3):  # the small scenario the heuristic's speed is measured on
        _play("fortress", ["heuristic"] * 2, seed)
    assert len(seen) > 100


def test_views_and_copies_share_the_board_copy_on_write():
    """A view taken before an action, and the game after it, each keep their own board: every
    write to a shared array (circuits, objects, charges, CPUs) copies it first (Board.own)."""
    model = load_file(CONTENT / "duel.scn.yaml").model
    for seed, seat in ((1, "random"), (2, "heuristic")):
        state = GAME.new_game(model, seed, base=str(CONTENT))
        match = Match(state, [create("circuitwar", seat) for _ in model.players], seed)
        checked = 0
        while not state.is_over and match.actions < 1500:
            view = state.view(state.to_move)
            before = view.board.to_layers()
            copied = state.clone().board
            match.step()
            assert view.board.to_layers() == before
            assert copied.to_layers() == before
            # and a copy's writes never reach the game
            now = state.board.to_layers()
            for e in copied.circuits:
                copied.own("owner", "obj", "charge")
                copied.owner[e], copied.obj[e], copied.charge[e] = 0, 0, 0
            copied.own("cpu")
            copied.cpu[:] = [-1] * len(copied.cpu)
            assert state.board.to_layers() == now
            checked += 1
        assert checked > 300


def test_the_network_derived_across_builds_is_the_fresh_search(monkeypatch):
    """analysis.network derives a layout's network and free rim from the last layout's (a circuit
    or an object built, a switch toggled): every answer equals a fresh search of the board."""
    from gridsmith.engine.circuitwar import analysis as N

    cached = N.network
    seen = []

    def checked(b, start):
        got = cached(b, start)
        assert got == N._network(b, start)
        seen.append(b.last is not None and N._NETWORKS.get((b.last[0], start)) is not None)
        return got

    monkeypatch.setattr(A, "network", checked)
    _play("duel", ["heuristic", "random"], 2)
    _play("four", ["heuristic"] * 4, 3)
    _play("duel", ["search", "heuristic"], 5)
    assert len(seen) > 200 and sum(seen) > 100  # most derived, not searched again


def test_circuit_nearness_is_the_nearer_end_to_the_nearest_enemy_cpu():
    model = load_file(CONTENT / "four.scn.yaml").model
    state = GAME.new_game(model, 1, base=str(CONTENT))
    ctx = A.Context(state)
    near = A.circuit_nearness(state.board, ctx._targets)
    assert ctx._targets and all(near[e] == min(ctx.near(p), ctx.near(q))
                                for e, (p, q) in zip(state.board.circuits, state.board.circuit_ends))
    lone = A.circuit_nearness(state.board, ())
    assert all(lone[e] == 20 for e in state.board.circuits)


def test_steps_to_the_nearest_enemy_cpu_are_the_least_of_the_distance_maps(monkeypatch):
    fast = A.Context.to_enemy
    seen = []

    def checked(self, p):
        got = fast(self, p)
        assert got == min((self.dist[t].get(p, A.FAR) for t in self.enemies), default=A.FAR)
        seen.append(got)
        return got

    monkeypatch.setattr(A.Context, "to_enemy", checked)
    _play("four", ["heuristic"] * 4, 2)
    _play("duel", ["search", "heuristic"], 6)
    assert len(seen) > 1000


def test_the_switch_list_kept_across_layouts_is_the_fresh_scan(monkeypatch):
    """A toggle, a circuit or a non-switch object built keeps the layout's switch list (state
    _keep_switches): every list the engine uses equals a scan of the board."""
    cached = S._switches
    seen = []

    def checked(b):
        got = cached(b)
        assert got == [e for e in b.circuits if b.obj[e] in (S.SWITCH_ON, S.SWITCH_OFF)]
        seen.append(got)
        return got

    monkeypatch.setattr(S, "_switches", checked)
    _play("duel", ["random", "random"], 4)
    _play("four", ["random", "heuristic", "random", "heuristic"], 1)
    assert len(seen) > 500 and any(seen)


def test_the_move_scores_direction_table_is_board_direction():
    """score_moves finds a move's direction from q - p (agents._directions), not by walking p's steps."""
    for scenario in ("duel", "fortress", "four"):
        b = GAME.new_game(load_file(CONTENT / f"{scenario}.scn.yaml").model, 1, base=str(CONTENT)).board
        table = A._directions(b.cols)
        pairs = [(p, step[1]) for p in b.points for step in b.nbr[p] if step is not None]
        assert pairs and all(table[q - p] == b.direction(p, q) for p, q in pairs)


def test_the_heuristic_choice_is_the_best_scored_action(monkeypatch):
    """best() picks from the phase's scores without making scored()'s list: the same action as
    `max(scored(...))` in every Move and Action decision of a few games."""
    fast = A.best
    seen = []

    def checked(g, legal, rng, blow_roads=False, guard=0):
        again = copy.deepcopy(rng)
        got = fast(g, legal, rng, blow_roads, guard)
        if g.phase != "build":
            assert got == max(A.scored(g, list(legal), again, blow_roads, guard), key=lambda t: t[0])[1]
            assert copy.deepcopy(rng).next_u64() == again.next_u64()  # the same draws before
            seen.append(got)
        return got

    monkeypatch.setattr(A, "best", checked)
    _play("fortress", ["heuristic"] * 2, 1)
    _play("duel", ["heuristic", "search"], 2)
    _play("four", ["heuristic"] * 4, 3)
    assert len(seen) > 300 and any(a.op == "fire" for a in seen)


def test_the_build_scans_free_circuits_are_the_plain_filter(monkeypatch):
    """`_builds` strikes the circuits next to an opposing CPU out of a mask (manual 3 CIRCUIT: none
    there): the same list, in the same order, as filtering the free circuits one by one."""
    scan = S.CircuitWarState._builds
    seen = []

    def checked(self, seat):
        got = scan(self, seat)
        b = self.board
        if self.energy[seat] >= self.rules.build.costs.circuit:
            foes = [p for s, p in b.cpus().items() if s != seat]
            near = {step[0] for p in foes for step in b.nbr[p] if step is not None}
            free = [e for e in b.circuits if b.owner[e] == S.NO_CIRCUIT]
            assert got.circuits == [e for e in free if e not in near]
            was, b.odd = b.odd, False  # the general path (any board's circuits), on the same board
            try:
                assert scan(self, seat).circuits == got.circuits
            finally:
                b.odd = was
            seen.append(bool(near & set(free)))  # one was struck out
        return got

    monkeypatch.setattr(S.CircuitWarState, "_builds", checked)
    for seed in (1, 2, 3):
        _play("fortress", ["random", "random"], seed)
    _play("duel", ["random", "heuristic"], 3)
    assert len(seen) > 50 and any(seen)
