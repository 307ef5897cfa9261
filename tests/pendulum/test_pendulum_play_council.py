"""Pendulum test-play on the time track and in the council: the first game's round 1 is untimed (the
scenario's `untimed_rounds`), so every human seat has a Done button per step of the time track; at
the council a guided dialog asks the human seat each decision it makes (a reward and how to take
it, provinces to keep, workers to move then Pass); privilege rulings are marked in the log.
Screenshots (GRIDSMITH_SHOTS_DIR): pendulum-untimed.png, pendulum-council.png."""
from __future__ import annotations

from tests.editor.canvas_models import shot
from test_pendulum_play import start_placement, window

from gridsmith.engine.pendulum.actions import Flip, Place
from gridsmith.engine.pendulum.events import Performed, PrivilegeRuling, Refused


def human_turn(w, q=0):
    return not w.state.is_over and w.worker is None and w.state.to_move == q


def test_untimed_done_buttons_and_the_council_dialog(qtbot):
    w = window(qtbot, ["human", "greedy", "greedy"], name="first-game")
    w.begin()
    pv, st = w.provider, w.state.state
    start_placement(qtbot, w, pv.view)
    qtbot.waitUntil(lambda: st.phase == "untimed", timeout=10000)
    assert pv.done_box.isVisible() and list(pv.done_buttons) == [0]
    # every step of the time track: the computers say done, then the human's Done (the clock stands)
    steps_seen = set()
    shot_taken = False
    for _ in range(40):
        qtbot.waitUntil(lambda: human_turn(w) or st.phase != "untimed", timeout=20000)
        if st.phase != "untimed":
            break
        steps_seen.add(st.time_step)
        assert pv.done_buttons[0].isEnabled() and st.now == 0
        if not shot_taken and st.time_step == 1:
            shot(w, "pendulum-untimed.png")
            shot_taken = True
        pv.done_buttons[0].click()
    assert steps_seen == set(range(len(st.res.side.time_track))), steps_seen
    assert not pv.done_box.isVisible()
    # the council: a guided dialog for each decision of the human seat
    decided = []
    for _ in range(20):
        qtbot.waitUntil(lambda: human_turn(w) or st.phase not in ("council", "untimed"), timeout=20000)
        if st.phase != "council":
            break
        assert pv.dialog is not None and pv.dialog.isVisible()
        step = st.council_step
        assert f"step {step} of 6" in pv.dialog.head.text()
        if step == 2:
            assert pv.dialog.cards.count() >= 1 and pv.dialog.choices.count() >= 1
            if "pendulum-council.png" not in decided:
                shot(pv.dialog, "pendulum-council.png")
                decided.append("pendulum-council.png")
            before = dict(st.seats[0].vp)
            pv.dialog.ok.click()
            assert st.seats[0].vp != before or st.council_step != 2 or st.turn_order[st.turn_index] != 0
        elif step == 5:
            assert pv.dialog.pass_button.isVisible()
            pv.dialog.pass_button.click()
        else:
            pv.dialog.ok.click()
        decided.append(step)
    assert 2 in decided and 5 in decided, decided
    assert st.round == 2 and st.phase in ("council_wait", "timed")
    assert not pv.dialog.isVisible()
    # the council's re-sorted privilege track is marked as a privilege ruling in the log
    lines = [w.log.item(i).text() for i in range(w.log.count())]
    assert any(line.startswith("⚖") and "council: privilege" in line for line in lines)


def test_privilege_rulings_are_marked(qtbot):
    w = window(qtbot, ["human", "greedy"])
    ruling = PrivilegeRuling(1000, None, 1000, ((1, Flip("black")), (0, Flip("black"))))
    assert ruling.text == ("privilege ruling: requests within 1000 ms count as simultaneous; served in "
                           "privilege order: seat 2 (flip black), seat 1 (flip black)")
    assert w.provider.describe(ruling, None).startswith("⚖")
    refused = Refused(1000, 0, Flip("black"), "only an expired sandglass...", outranked=True)
    assert refused.text == "flip black refused: a higher privilege came first (only an expired sandglass...)"
    assert w.provider.describe(refused, None).startswith("⚖") and "white (gambal)" in w.provider.describe(refused, None)
    plain = Performed(1000, 1, Place("w1", "g-top-1"))
    assert plain.text == "place w1 g-top-1"
    assert not w.provider.describe(plain, None).startswith("⚖")
