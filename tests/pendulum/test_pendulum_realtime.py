"""Pendulum driven in real time (the clock protocol of engine.core.loop that the editor's play window
uses): free seats (humans) are never polled in a timed round and act when they choose; the clock follows
a requested time; the one loop records clock-stamped steps; a privilege ruling is an event."""
from __future__ import annotations

from pendulum_helpers import A, started

from gridsmith.engine.core.loop import Match, clocked
from gridsmith.engine.pendulum.agents import GreedyAgent
from gridsmith.engine.pendulum.runner import PolledGame


def test_privilege_ruling_is_reported_as_an_event():
    # "Bei Unstimmigkeiten ... beansprucht der in Privileg-Reihenfolge Höherrangige das Privileg";
    # "eine Gnadenfrist von ca. 1 Sekunde": both flip the black glass (45 s) that ran out; the lower
    # privilege asks first, the higher 0.4 s later and is served first
    st = started(grace_ms=1000)
    st.advance(45_000)
    st.request(1, A("flip black"))
    st.advance(45_400)
    st.request(0, A("flip black"))
    events = st.advance(46_500)
    ruling = [e for e in events if e.text.startswith("privilege ruling")]
    assert len(ruling) == 1 and "1000 ms" in ruling[0].text
    assert ruling[0].text.index("seat 1") < ruling[0].text.index("seat 2")  # served in privilege order
    assert any(e.seat == 0 and e.text.startswith("flip black") for e in events)
    assert any(e.seat == 1 and "refused" in e.text for e in events)
    # one seat alone: no ruling
    st2 = started(grace_ms=1000)
    st2.advance(45_000)
    st2.request(0, A("flip black"))
    assert not [e for e in st2.advance(46_500) if e.text.startswith("privilege ruling")]


def test_free_seats_act_when_they_choose_and_computers_keep_their_reaction_time():
    pg = PolledGame(started(grace_ms=0), auto_flip=False)
    assert clocked(pg)
    pg.set_real_time({0})
    assert not pg.auto_advance and pg.state.phase == "timed"
    assert pg.to_move == 1  # seat 0 (a human) is never polled in a timed round
    assert pg.clone().free == frozenset({0})
    match = Match(pg, [None, GreedyAgent()], agent_seed=1)
    match.apply(A("wait"))  # the computer waits for the next event
    assert pg.to_move is None and pg.may_act(0)
    nxt = pg.next_time()
    assert nxt == min(g.expires for g in pg.state.glasses.values())  # the human's own clock is not an event
    assert match.advance(to=5_000) is None  # nothing happened: no step recorded
    assert pg.now == 5_000
    # the human acts at 5 s out of turn: the step is stamped; the computer reacts after its reaction time
    home = pg.state.legal_actions(0)[0]
    match.apply(home, seat=0)
    assert match.steps[-1].seat == 0 and match.steps[-1].ms == 5_000
    c = pg.clocks[1]
    assert not c.waiting and c.ready == 5_000 + c.reaction_ms and pg.to_move is None
    assert pg.next_time() == 5_000 + c.reaction_ms
    pg.advance_to(pg.next_time())
    assert pg.to_move == 1
    # a seat that may not act now is told so
    pg.state.pending.append(type("P", (), {"seat": 0, "ms": pg.now, "action": home})())
    assert not pg.may_act(0)


def test_untimed_steps_poll_computers_before_free_seats():
    from pendulum_helpers import game

    st = game("first-game.scn.yaml")
    while st.phase == "start":
        q = st.actors()[0]
        st.request(q, st.legal_actions(q)[0])
    assert st.phase == "untimed"
    pg = PolledGame(st, auto_flip=False)
    pg.set_real_time({st.privilege[0]})
    assert pg.to_move == st.privilege[1]  # a computer first; the human says Done when it likes
    for q in st.privilege[1:]:
        pg.apply(A("done"), seat=q)
    assert pg.to_move == st.privilege[0]
