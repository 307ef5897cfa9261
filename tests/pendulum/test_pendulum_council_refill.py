"""Refilling at the council: the council rewards (5 a round, 10 of the 25 out unseen, the finals in
council 4) and the province display, which may be refilled in the council too."""
from __future__ import annotations

from pendulum_helpers import A, started


def legal(st, q):
    return {a.to_text() for a in st.legal_actions(q)}


def _through_round(st):
    """From a timed round to the next council's step 2, every seat passing and taking the default."""
    st.advance(st.now + 180_000)
    st.request(st.actors()[0], A("flip purple"))
    st.advance(st.now + 180_000)
    st.request(st.actors()[0], A("flip purple"))
    while st.phase == "wrapup":
        st.request(st.actors()[0], A("pass"))
    assert st.phase == "council" and st.council_step == 2


def _finish_council(st, take_slot: bool):
    first = True
    while st.phase == "council" and st.council_step == 2:
        q = st.actors()[0]
        opts = [a for a in st.legal_actions(q) if a.verb == "reward"]
        pick = next((a for a in opts if take_slot and first and a.reward in st.reward_slots), None)
        st.request(q, pick or next(a for a in opts if a.reward == "default"))
        first = False
    while st.phase == "council":
        q = st.actors()[0]
        st.request(q, next(a for a in st.legal_actions(q) if a.verb in ("pass", "trim")))
    if st.phase == "council_wait":
        st.advance(st.next_event_at())


def test_council_rewards_five_a_round_ten_of_25_out_finals_in_council_four():
    # Setup: "Mischt die 25 Ratsbelohnungen verdeckt und zieht 10 zufällige Karten, die ihr in die Schachtel
    # zurücklegt ... Legt die restlichen 15 Ratsbelohnungen verdeckt auf die 5 finalen Ratsbelohnungen und
    # deckt dann die 5 obersten Ratsbelohnungen auf die 5 freien Plätze des Ratstableaus auf."
    # Step 2: "Füllt diese nicht sofort auf." Step 4: "Entfernt alle nicht gewählten Ratsbelohnungen
    # (ausgenommen die Belohnung „großer Arbeiter“) aus dem Spiel und deckt 5 neue Ratsbelohnungen auf."
    # Step 4 in council 4: "der Stapel der verdeckten Ratsbelohnungen leer ist"
    st = started()
    kinds = {r.id: r.type for r in st.rewards.values()}
    out = set(st.removed_rewards)
    assert len(out) == 10 and len(st.reward_stack) == 15 and len(st.reward_slots) == 5
    seen: list[list[str]] = []
    for rnd in range(1, 5):
        assert st.round == rnd
        slots = list(st.reward_slots)
        seen.append(slots)
        assert len(set(slots)) == 5 and not set(slots) & out
        assert all((kinds[r] == "final") == (rnd == 4) for r in slots)
        _through_round(st)
        assert st.reward_slots == slots  # still the same five at the council
        _finish_council(st, take_slot=True)
        if rnd < 4:
            assert len(st.council_taken) == 1  # one seat took a card, the other the always-open reward
            assert not set(st.reward_slots) & set(slots)  # the unchosen ones left the game; 5 new
            assert st.great_worker_up
    assert st.is_over and st.reward_stack == []
    normal = [r for s in seen[:3] for r in s]
    assert len(set(normal)) == 15 and len(seen[3]) == 5  # every normal reward in play once; then the finals


def test_taken_council_reward_is_not_refilled_before_step_four():
    # "Füllt diese nicht sofort auf."
    st = started()
    _through_round(st)
    q = st.actors()[0]
    pick = next(a for a in st.legal_actions(q) if a.verb == "reward" and a.reward in st.reward_slots)
    st.request(q, pick)
    other = st.actors()[0]
    assert other != q and not any(a.reward == pick.reward for a in st.legal_actions(other) if a.verb == "reward")
    assert pick.reward in st.reward_slots and pick.reward in st.council_taken


def test_the_province_display_may_be_refilled_in_the_council():
    # "Sind in der Auslage der Provinzen freie Plätze, könnt ihr zu einem beliebigen Zeitpunkt neue
    # Provinzkarten vom verdeckten Stapel aufdecken ... Diese Aktion kann auch in der Ratsphase durchgeführt
    # werden." Digest §7: "Once the council starts, no actions except revealing provinces."
    st = started()
    _through_round(st)
    st.display[1] = None
    st.display[3] = None
    q = st.actors()[0]
    assert "refill" in legal(st, q)
    deck = len(st.province_deck)
    st.request(q, A("refill"))
    assert all(st.display) and len(st.province_deck) == deck - 2
    assert st.actors() == [q] and st.council_step == 2  # revealing is no council step: still q's turn
    assert "refill" not in legal(st, q)
    # nothing else of a round is allowed in the council
    assert not {a.verb for a in st.legal_actions(q)} - {"reward", "refill"}
