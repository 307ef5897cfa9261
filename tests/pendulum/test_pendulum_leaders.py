"""Advanced leaders' abilities (fortgeschritten Ⓕ): hooks that override the basic rules.

Rulebook, "Arbeiteraktionen": "Beachtet: Die Fähigkeiten mancher fortgeschrittener Anführer brechen
diese Grundregeln und haben Vorrang." The overview cards' texts are not in the rulebook; a leader side
names the rules its ability overrides (`ability.hooks`), and each hook below is tested against the
basic rule it breaks, with a basic-side leader keeping the rule.
"""
from __future__ import annotations

import pytest

from gridsmith.engine.pendulum.actions import IllegalAction

from pendulum_helpers import A, put, started


def legal(st, q):
    return {a.to_text() for a in st.legal_actions(q)}


def test_hooks_come_from_the_leader_sides_ability():
    st = started(s0={"leader": "dhrenkir", "side": "advanced"}, s1={"leader": "bolk", "side": "advanced"})
    assert st.seat_hooks == [frozenset({"move_in_glass_row"}), frozenset({"adjacent_action"})]
    assert started().seat_hooks == [frozenset(), frozenset()]  # basic sides override nothing


# ------------------------------------------------------------------ ignore_blocking

def test_ignore_blocking_lets_a_small_worker_onto_an_occupied_top_part():
    # "Ihr könnt keinen kleinen Arbeiter auf den oberen Teil eines Aktionsfelds im grünen und lila
    # Aktionsbereich stellen, wenn dort bereits 1 oder mehrere Arbeiter stehen." - broken by the ability
    # (Gambal the Rebel in the sample content: hook ignore_blocking)
    basic = started()
    rebel = started(s0={"side": "advanced"})
    assert rebel.seat_hooks[0] == frozenset({"ignore_blocking"})
    for st in (basic, rebel):
        put(st, 1, "w2", "g-top-1")  # the other seat's small worker; g-top-3 holds the 2-player neutral
        put(st, 0, "w2", None)
    assert "place w2 g-top-1" not in legal(basic, 0) and "place w2 g-top-3" not in legal(basic, 0)
    with pytest.raises(IllegalAction, match="occupied top part"):
        basic.request(0, A("place w2 g-top-1"))
    assert {"place w2 g-top-1", "place w2 g-top-3"} <= legal(rebel, 0)
    rebel.request(0, A("place w2 g-top-1"))
    assert rebel.worker(0, "w2").where() == "g-top-1:top"
    # the other seat keeps the rule: its small worker cannot join Gambal's
    put(rebel, 1, "w2", None)
    assert "place w2 g-top-1" not in legal(rebel, 1)


def test_ignore_blocking_does_not_lift_the_advanced_placement_rule():
    # advanced variant: "darf nie mehr als einer eurer Arbeiter im gleichen oberen goldenen Rahmen eines
    # Aktionsfelds stehen" - a separate rule, not one of the two basic rules the ability overrides
    st = started(s0={"side": "advanced", "advanced_placement": True},
                 placements=["place w1 b-bottom-1", "place w1 b-bottom-2", "place w2 b-bottom-3",
                             "place w2 b-bottom-2"])
    put(st, 0, "w1", "g-top-1")
    put(st, 0, "w2", None)
    assert "place w2 g-top-1" not in legal(st, 0)


# ------------------------------------------------------------------ move_in_glass_row (rule 1)

def test_move_in_glass_row_overrides_the_first_basic_rule():
    # "Ihr könnt Arbeiter nur auf den oberen Teil eines Aktionsfelds oder von einem oberen oder unteren Teil
    # eines Aktionsfelds bewegen, wenn sich auf der Aktionsreihe keine Sanduhr befindet." - Dhrenkir the
    # Tyrant (sample content, hook move_in_glass_row) moves in a row with a sandglass
    basic = started(s0={"leader": "dhrenkir"})
    tyrant = started(s0={"leader": "dhrenkir", "side": "advanced"})
    for st in (basic, tyrant):
        put(st, 0, "w1", "b-bottom-2")
        st.request(0, A("act w1"))  # on the reward box: stuck ("steckt fest") under the basic rules
        assert st.worker(0, "w1").part == "bottom"
    assert not any(t.startswith(("place w1", "home w1")) for t in legal(basic, 0))
    with pytest.raises(IllegalAction, match="stuck until the sandglass leaves its row"):
        basic.request(0, A("home w1"))
    ok = legal(tyrant, 0)
    assert "home w1" in ok and "place w1 b-bottom-3" in ok  # off the box, onto a top part in the glass row
    tyrant.request(0, A("place w1 b-bottom-3"))
    put(tyrant, 0, "w2", None)  # a worker that has not acted under this glass yet
    tyrant.request(0, A("place w2 b-bottom-3"))
    culture = tyrant.seats[0].res["culture"]
    tyrant.request(0, A("act w2"))  # the glass is in the row: it may act at once (rule 2 holds)
    assert tyrant.seats[0].res["culture"] == culture + 2


def test_move_in_glass_row_still_gives_each_worker_one_action_per_glass():
    # "Ihr müsst immer die Kosten einer Aktion bezahlen, bevor ihr die Belohnung genau einmal bekommt."
    # "... dass ein Arbeiter nach der Durchführung einer Aktion auf dem Belohnungskasten "festsitzt", bis
    # die Sanduhr aus der Reihe wegbewegt wird. Schließlich braucht der Arbeiter auch Zeit, um eure Befehle
    # auszuführen." The ability lifts the move rule, not the once: a worker that has acted may step back
    # onto a top part (or another one) in the same glass row, but acts again only after that glass flips.
    # (Before this rule a 5-seat game with the advanced Dhrenkir looped move/act 4,426 times.)
    st = started(s0={"leader": "dhrenkir", "side": "advanced"})
    put(st, 0, "w1", "b-bottom-2")
    st.request(0, A("act w1"))
    for back in ("b-bottom-2", "b-bottom-3"):  # the same space again, or the next one in the glass row
        st.request(0, A(f"place w1 {back}"))
        assert not any(t.startswith("act w1") for t in legal(st, 0))
        with pytest.raises(IllegalAction, match="once"):
            st.request(0, A("act w1"))
    # nor in another area's glass row: the worker waits for the glass of the area where it acted
    st.request(0, A("place w1 g-bottom-2"))
    assert st.glasses["green"].row == 1 and not any(t.startswith("act w1") for t in legal(st, 0))
    st.request(0, A("place w1 b-bottom-2"))
    st.advance(st.glasses["black"].expires)
    st.request(0, A("flip black"))  # the glass leaves the row ...
    assert not any(t.startswith("act w1") for t in legal(st, 0))
    st.advance(st.glasses["black"].expires)
    st.request(0, A("flip black"))  # ... and comes back: w1 has waited for it
    assert "act w1" in legal(st, 0)


# ------------------------------------------------------------------ act_without_glass (rule 2)

def test_act_without_glass_overrides_the_second_basic_rule():
    # "Ihr könnt eine Arbeiteraktion nur durchführen, wenn sich auf der Aktionsreihe eine Sanduhr befindet."
    # No sample leader has this hook: a side with it (set here as the resolved hooks) acts in a row without one.
    st = started()
    put(st, 0, "w2", "g-top-2")  # the green glass is on the bottom row
    put(st, 1, "w2", "g-top-1")
    assert not any(t.startswith("act w2") for t in legal(st, 0))
    st.seat_hooks = [frozenset({"act_without_glass"}), frozenset()]
    assert "act w2" in legal(st, 0) and not any(t.startswith("act w2") for t in legal(st, 1))
    before = dict(st.seats[0].res)
    st.request(0, A("act w2"))  # pay 2 gold first, then 3 military
    assert st.seats[0].res["gold"] == before["gold"] - 2 and st.seats[0].res["military"] == min(10, before["military"] + 3)
    assert st.worker(0, "w2").part == "bottom"
    # no glass in the row: rule 1 lets it move off again at once
    assert "home w2" in legal(st, 0)
    with pytest.raises(IllegalAction, match="possible only in a row with a sandglass"):
        st.request(1, A("act w2"))


# ------------------------------------------------------------------ adjacent_action (Bolk the Warmonger)

def _warmonger():
    st = started(s1={"side": "advanced"})
    put(st, 1, "w1", "g-bottom-1")  # the green glass is on the bottom row; g-bottom-2 is adjacent
    st.seats[1].res.update(gold=6, culture=0, military=0)
    return st


def test_adjacent_action_adds_the_adjacent_space_paying_both():
    # Digest §12: "Bolk the Warmonger: use an adjacent action"; FAQ: "kannst du seine Kriegsliste spielen, um
    # eine benachbarte Aktion zu nutzen" - both actions are paid ("Für die andere müsstest du weiterhin bezahlen")
    st = _warmonger()
    ok = legal(st, 1)
    assert "act w1 with=bolk-a3:g-bottom-2" in ok and "act w1" in ok
    assert not any("with=bolk-a3:g-bottom-3" in t for t in ok)  # not adjacent to g-bottom-1
    vp = dict(st.seats[1].vp)
    st.request(1, A("act w1 with=bolk-a3:g-bottom-2"))
    s = st.seats[1]
    assert s.res["gold"] == 2  # 2 gold for each of the two actions
    assert s.res["culture"] == 3 and s.vp["power"] == vp["power"] + 1 and s.res["votes"] == 1
    assert "bolk-a3" in s.discard and "bolk-a3" not in s.hand  # played: back only by retrieving


def test_adjacent_action_with_a_gold_waiver_covers_only_one_action():
    # FAQ: "zusätzlich eine Kriegsliste spielen, um die Goldkosten einer Aktion zu vermeiden. Das würde dir
    # aber trotzdem nur erlauben, die Goldkosten einer der Aktionen zu vermeiden."
    st = _warmonger()
    st.seats[1].hand.append("bolk-b3")  # a gold waiver (the basic side's), stacked
    st.request(1, A("act w1 with=bolk-b3 with=bolk-a3:g-bottom-2"))
    s = st.seats[1]
    assert s.res["gold"] == 4 and {"bolk-a3", "bolk-b3"} <= set(s.discard)


def test_adjacent_action_needs_the_hook_and_the_gold():
    st = _warmonger()
    st.seats[1].res["gold"] = 3  # enough for one action, not for two
    assert not any(t.startswith("act w1 with=bolk-a3") for t in legal(st, 1))
    with pytest.raises(IllegalAction):
        st.request(1, A("act w1 with=bolk-a3:g-bottom-2"))
    st.seats[1].res["gold"] = 6
    st.seat_hooks = [frozenset(), frozenset()]  # the card without the leader's ability
    assert not any(t.startswith("act w1 with=bolk-a3") for t in legal(st, 1))
