"""Shared helpers of the Pendulum tests: the bundled content and small files built from it."""
from __future__ import annotations

import copy
from pathlib import Path

from gridsmith.formats.loader import load_file, to_plain

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content" / "pendulum"


def plain(name: str) -> dict:
    """The bundled file `name` as plain data (a fresh copy to edit)."""
    return copy.deepcopy(to_plain(load_file(CONTENT / name).tree))


def codes(problems) -> list[str]:
    return sorted(p.code for p in problems)


def game(scenario: str = "duel.scn.yaml", seed: int = 0, grace_ms: int = 0, privilege: str = "seat_order",
         **seat_changes):
    """A new game of a bundled scenario with the start placement still to do; `grace_ms` 0 commits
    requests at once (the rules of simultaneity have their own tests)."""
    from gridsmith.engine.pendulum.game import new_game
    from gridsmith.formats.pendulum.scenario import Scenario, resolve
    from gridsmith.formats.registry import CheckContext

    data = plain(scenario)
    data["privilege"] = privilege
    for i, ch in seat_changes.items():
        data["seats"][int(i[1:])].update(ch)
    res, problems = resolve(Scenario.model_validate(data), CheckContext(file=CONTENT / scenario))
    assert res is not None, problems
    st = new_game(res, seed)
    set_rule(st, "privilege", grace_ms=grace_ms)
    return st


def set_rule(st, section: str, **values) -> None:
    part = getattr(st.rules, section).model_copy(update=values)
    st.rules = st.rules.model_copy(update={section: part})


def A(text: str):
    from gridsmith.engine.pendulum.actions import Action

    return Action.from_text(text)


def started(scenario: str = "duel.scn.yaml", placements: list[str] | None = None, **kw):
    """A game after the start placement (each seat's large worker, then small, onto bottom rows) and the
    opening flip: every glass on its bottom row, running."""
    st = game(scenario, **kw)
    default = ["place w1 b-bottom-1", "place w1 b-bottom-2", "place w1 b-bottom-3",
               "place w1 g-bottom-1", "place w1 g-bottom-2"][: st.n]
    default += ["place w2 b-bottom-1", "place w2 b-bottom-2", "place w2 b-bottom-3",
                "place w2 b-bottom-1", "place w2 b-bottom-2"][: st.n]
    for text in placements or default:
        q = st.actors()[0]
        st.request(q, A(text))
    assert st.phase in ("timed", "untimed")
    return st


def put(st, q: int, wid: str, space: str | None, part: str = "top") -> None:
    """Place a worker directly (test setup, not a move)."""
    w = st.worker(q, wid)
    w.space, w.part = (space, part) if space else (None, None)
