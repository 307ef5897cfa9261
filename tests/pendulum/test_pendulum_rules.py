"""The Pendulum rules, each test quoting the rulebook (002, German). Requests are committed at once
(grace 0) unless the test is about simultaneity."""
from __future__ import annotations

import pytest

from gridsmith.engine.pendulum.actions import IllegalAction, Reward
from gridsmith.engine.pendulum.scoring import final_result

from pendulum_helpers import A, game, put, set_rule, started


def legal(st, q):
    return {a.to_text() for a in st.legal_actions(q)}


# ------------------------------------------------------------------ setup

def test_setup_glasses_markers_and_start_placement():
    # "Stellt die 3 Sanduhren jeweils auf den obersten goldenen Kreis ... Legt die 3 Sanduhrmarker (lila) auf
    # die 3 übrigen goldenen Kreise"; "setzt jeder in Privileg-Reihenfolge 1 großen Arbeiter auf ein oberes
    # Aktionsfeld in einer unteren Aktionsreihe. Setzt dann in der gleichen Reihenfolge 1 kleinen Arbeiter ein."
    st = game("trio.scn.yaml")
    assert [g.row for g in st.glasses.values()] == [0, 0, 0] and st.markers == [1, 2]
    assert st.phase == "start" and st.actors() == [0]
    assert all(a.worker == "w1" and st.row_of(a.space)[1] == 1 for a in st.legal_actions(0))
    for text in ["place w1 p-bottom-1", "place w1 p-bottom-2", "place w1 g-bottom-1"]:
        st.request(st.actors()[0], A(text))
    assert st.actors() == [0] and {a.worker for a in st.legal_actions(0)} == {"w2"}
    for text in ["place w2 b-bottom-1", "place w2 b-bottom-1", "place w2 b-bottom-1"]:
        st.request(st.actors()[0], A(text))
    # "dreht alle Sanduhren um, stellt sie neben die untere Aktionsreihe und beginnt!"
    assert st.phase == "timed" and [g.row for g in st.glasses.values()] == [1, 1, 1]
    assert st.markers == [1, 1]  # the opening purple flip removed a marker (derived)
    assert st.glasses["black"].expires == 45_000 and st.glasses["purple"].expires == 180_000


def test_start_resources_hand_and_workers():
    # "1 kleinen und 1 großen Arbeiter in die Mitte eures Spielertableaus"; 4 Kriegslisten on hand
    st = game()
    s = st.seats[0]
    assert sorted(w.size for w in s.workers) == ["large", "small"] and (s.small_reserve, s.large_reserve) == (2, 1)
    assert len(s.hand) == 4 and s.res == {"military": 1, "culture": 2, "gold": 4, "votes": 0}


# ------------------------------------------------------------------ the two basic rules

def test_workers_move_only_in_rows_without_a_sandglass():
    # "Ihr könnt Arbeiter nur auf den oberen Teil eines Aktionsfelds oder von einem oberen oder unteren Teil
    # eines Aktionsfelds bewegen, wenn sich auf der Aktionsreihe keine Sanduhr befindet."
    st = started()
    ok = legal(st, 0)
    assert "home w1" not in ok and not any(t.startswith("place w1") for t in ok)  # w1 stands in a glass row
    put(st, 0, "w2", None)
    ok = legal(st, 0)
    assert "place w2 g-top-1" in ok and "place w2 g-bottom-1" not in ok
    with pytest.raises(IllegalAction, match="onto spaces in a row without a sandglass"):
        st.request(0, A("place w2 g-bottom-1"))


def test_actions_only_in_rows_with_a_sandglass():
    # "Ihr könnt eine Arbeiteraktion nur durchführen, wenn sich auf der Aktionsreihe eine Sanduhr befindet."
    st = started()
    put(st, 1, "w2", "g-top-1")
    assert not any(t.startswith("act w2") for t in legal(st, 1))
    assert "act w1" in legal(st, 1)  # w1 on b-bottom-2, the black glass is on the bottom row
    st.request(1, A("act w1"))
    assert st.seats[1].res["military"] == 5 and st.worker(1, "w1").part == "bottom"


def test_a_worker_on_a_reward_box_is_stuck_until_the_glass_leaves():
    # "Im unteren Belohnungskasten: Dieser Arbeiter kann nichts tun. Er steckt fest, bis die Sanduhr aus seiner
    # Reihe wegbewegt wird."
    st = started()
    st.request(1, A("act w1"))
    assert not any(t.split()[1:2] == ["w1"] for t in legal(st, 1) if t.startswith(("home", "place", "act")))
    st.advance(45_000)
    st.request(0, A("flip black"))
    assert "home w1" in legal(st, 1) and "place w1 b-bottom-2" in legal(st, 1)  # the same space once it left


# ------------------------------------------------------------------ blocking

def test_small_workers_are_blocked_on_occupied_top_parts_in_purple_and_green_own_included():
    # "Ihr könnt keinen kleinen Arbeiter auf den oberen Teil eines Aktionsfelds im grünen und lila
    # Aktionsbereich stellen, wenn dort bereits 1 oder mehrere Arbeiter stehen."
    st = started()
    for q in (0, 1):
        for w in ("w1", "w2"):
            put(st, q, w, None)
    put(st, 1, "w1", "g-top-1")  # a lone large worker blocks too (FAQ)
    put(st, 0, "w1", "g-top-2")  # so does one's own
    ok = legal(st, 0)
    assert "place w2 g-top-1" not in ok and "place w2 g-top-2" not in ok and "place w2 g-top-3" not in ok
    assert "place w2 g-top-4" not in ok  # no such space on the 1-3 side; g-top-3 is the neutral's
    # "Große Arbeiter ... werden nie durch andere Arbeiter (klein oder groß) blockiert."
    put(st, 0, "w1", None)
    assert "place w1 g-top-1" in legal(st, 0)
    # "Im schwarzen Aktionsbereich blockieren sich Arbeiter hingegen nicht gegenseitig"
    put(st, 1, "w2", "b-top-1")
    assert "place w2 b-top-1" in legal(st, 0)


def test_reward_boxes_never_block_an_action():
    # "Arbeiter können nie durch andere Arbeiter an der Durchführung einer Aktion ... gehindert werden."
    st = started()
    put(st, 1, "w1", "b-bottom-1", "bottom")
    put(st, 0, "w2", "b-bottom-2")
    put(st, 1, "w2", "b-bottom-2", "bottom")
    assert "act w2" in legal(st, 0)


def test_two_player_neutral_blocks_its_four_small_spaces():
    # "Stellt ... 1 neutralen Arbeiter auf jedes der 4 kleineren einfachen Aktionsfelder des lila und grünen
    # Aktionsbereichs ... hindern eure kleinen Arbeiter daran, sich auf diese Felder zu bewegen."
    st = started()
    assert sorted(st.neutral) == ["g-bottom-3", "g-top-3", "p-bottom-3", "p-top-3"]
    put(st, 0, "w2", None)
    put(st, 0, "w1", None)
    ok = legal(st, 0)
    assert "place w2 g-top-3" not in ok and "place w1 g-top-3" in ok
    assert st.privilege[-1] == -1  # "Setzt ... den neutralen Privilegmarker auf den letzten Platz"


# ------------------------------------------------------------------ flipping

def test_only_an_expired_glass_is_flipped_by_anyone_to_the_other_row_and_never_must_be():
    # "Ist eine Sanduhr abgelaufen, darf jeder von euch diese umdrehen und auf der anderen Aktionsreihe des
    # Bereichs abstellen." "Nur weil eine Sanduhr abgelaufen ist, heißt das nicht, dass ihr sie umdrehen müsst."
    st = started()
    assert "flip black" not in legal(st, 0)
    st.advance(45_000)
    assert "flip black" in legal(st, 0) and "flip black" in legal(st, 1)
    st.advance(100_000)
    assert st.glasses["black"].row == 1  # nobody flipped it: it stays
    st.request(1, A("flip black"))
    assert st.glasses["black"].row == 0 and st.glasses["black"].expires == 145_000  # instant, runs again


def test_purple_lands_on_a_marker_and_the_last_marker_calls_the_council_at_the_flip():
    # "Dreht ihr die lila Sanduhr um, müsst ihr sie auf einen Kreis mit Sanduhrmarker stellen. Schiebt dabei den
    # Sanduhrmarker vom Brett." FAQ: "Sobald der letzte lila Sanduhrmarker ... entfernt wurde, müsst ihr sofort
    # zur Ratsversammlung rufen."
    st = started()
    st.advance(180_000)
    st.request(0, A("flip purple"))
    assert st.markers == [0, 1] and st.phase == "timed"
    st.advance(360_000)
    assert st.phase == "timed"  # expiry alone calls nothing
    st.request(1, A("flip purple"))
    assert st.markers == [0, 0] and st.phase == "wrapup"
    assert "flip black" not in legal(st, st.actors()[0])  # "aber keine Sanduhren mehr umdrehen"


# ------------------------------------------------------------------ paying and rewards

def test_pay_first_and_take_the_reward_exactly_once():
    # "Ihr müsst immer die Kosten einer Aktion bezahlen, bevor ihr die Belohnung genau einmal bekommt. ... könnt
    # ihr nicht 6 bezahlen, um 4 zu erhalten." Green costs 2 gold; g-bottom-3's reward is 3 gold.
    st = started()
    put(st, 0, "w1", "g-bottom-1")
    st.seats[0].res["gold"] = 1
    assert "act w1" not in legal(st, 0)  # the reward cannot pay the cost (only a gold waiver could)
    st.seats[0].res["gold"] = 2
    st.request(0, A("act w1"))
    assert st.seats[0].res["gold"] == 0 and st.seats[0].res["culture"] == 5
    assert not any(t.startswith("act w1") for t in legal(st, 0))  # once


def test_conquer_costs_four_military_only_in_black():
    # "Im schwarzen Aktionsbereich kostet nur die Aktion „Provinz erobern“ 4, alle anderen Aktionen sind kostenlos."
    st = started()
    assert not any(t.startswith("act w1") for t in legal(st, 0))  # b-bottom-1 conquers; seat 1 has 1 military
    st.seats[0].res["military"] = 4
    st.request(0, A("act w1 display2>blue"))
    s = st.seats[0]
    assert s.res["military"] == 0 and len(s.columns["blue"]) == 1 and st.display[1] is None
    assert "refill" in legal(st, 1)  # refilling is separate and optional


def test_resource_cap_and_track_end():
    # "Würdet ihr mehr Rohstoffe einer Art erhalten als die 10 Würfel ... oder das Ende einer Siegpunkteleiste
    # überschreiten, verfallen alle überzähligen Rohstoffe/Siegpunkte. Stimmen ... sind nicht begrenzt."
    st = started()
    st.seats[1].res.update(military=9, votes=30)
    st.request(1, A("act w1"))
    assert st.seats[1].res["military"] == 10
    from gridsmith.engine.pendulum.effects import gain_amounts
    gain_amounts(st, 1, {"power": 99, "votes": 5}, [])
    assert st.seats[1].vp["power"] == st.track_length(1, "power") and st.seats[1].res["votes"] == 35


def test_production_is_the_board_symbol_plus_every_province_of_the_column():
    # "Erhaltet alle Rohstoffe, Stimmen und Siegpunkte, die auf dem entsprechenden Produktionssymbol auf eurem
    # Spielertableau und den ... darunterliegenden Provinzkarten angezeigt werden."
    from gridsmith.engine.pendulum.effects import production
    st = started()
    st.seats[1].columns["red"] = ["prov-01", "prov-30"]
    got = production(st, 1, "red")
    want = {"military": 3}  # Bolk's red symbol
    for pid in ("prov-01", "prov-30"):
        for k, v in st.provinces[pid].productions["red"].items():
            want[k] = want.get(k, 0) + v
    assert {k: v for k, v in got.items() if v} == want


def test_gold_waiver_covers_purple_and_green_never_black():
    # "Ihr müsst die Kosten von 2 nicht bezahlen ... Ihr könnt diese Karte nicht einsetzen, um die Kosten von 4
    # für die Aktion „Provinz erobern“ im schwarzen Aktionsbereich zu vermeiden."
    st = started()
    s = st.seats[0]
    s.res.update(gold=0, military=4)
    put(st, 0, "w2", "g-bottom-1")
    ok = legal(st, 0)
    assert "act w2 with=gambal-b3" in ok and not any("with=" in t for t in ok if t.startswith("act w1"))
    st.request(0, A("act w2 with=gambal-b3"))
    assert s.res["gold"] == 0 and "gambal-b3" in s.discard


def test_stratagems_pay_first_then_discard_until_retrieved():
    # "Hat die Kriegslist Kosten, bezahlt sie, bevor ihr euch die gezeigte Belohnung nehmt. Ihr könnt die Karte
    # erst ein weiteres Mal spielen, wenn ihr sie durch die Aktion „Kriegslisten aufnehmen“ ... zurück"; "Diese
    # Aktion kostet 5" culture.
    st = started()
    s = st.seats[0]
    st.request(0, A("play gambal-b1"))
    assert s.res["gold"] == 4 - 1 + 3 and "gambal-b1" in s.discard  # Levy: 1 gold -> 3 gold
    assert "play gambal-b1" not in legal(st, 0) and "retrieve" not in legal(st, 0)
    s.res["culture"] = 5
    st.request(0, A("retrieve"))
    assert s.res["culture"] == 0 and "play gambal-b1" in legal(st, 0)


def test_at_most_four_workers_and_the_great_worker_swap():
    # "Ihr dürft nie mehr als 4 Arbeiter haben."; great worker: "Ihr dürft diese Ratsbelohnung nicht wählen,
    # wenn ihr bereits 2 große Arbeiter im Spiel habt."
    st = started()
    s = st.seats[0]
    s.res.update(military=10, culture=10, gold=10)
    st.request(0, A("play gambal-b4 gold+gold+gold+gold"))
    assert len(s.workers) == 3 and s.small_reserve == 1
    s.small_reserve = 5
    s.hand.append("gambal-b4")
    st.request(0, A("play gambal-b4 culture+culture+culture+culture"))
    s.hand.append("gambal-b4")
    assert len(s.workers) == 4 and not any(t.startswith("play gambal-b4") for t in legal(st, 0))
    st.great_worker(0, "w2", [])
    assert st.large_in_play(0) == 2 and st.worker(0, "w2").space == "b-bottom-1"  # in place
    with pytest.raises(IllegalAction):
        st.great_worker(0, "w3", [])


def test_recall_takes_a_worker_out_of_a_sandglass_row():
    # "Nehmt 1 eurer Arbeiter aus einer Aktionsreihe mit Sanduhr ... Ihr könnt ihn sofort wieder einsetzen
    # (auf ein Aktionsfeld ohne Sanduhr)."
    st = started()
    lines: list[str] = []
    st.recall(0, "w1>g-top-1", lines)
    assert st.worker(0, "w1").space == "g-top-1"
    st.recall(0, "w2>home", lines)
    assert st.worker(0, "w2").space is None
    with pytest.raises(IllegalAction):
        st.recall(0, "w1>home", lines)  # g-top-1 has no glass


# ------------------------------------------------------------------ achievements

def test_achievement_legendary_marker_or_banner_once_a_round():
    # "Ihr müsst euch immer für eine dieser Möglichkeiten entscheiden. Ihr könnt nicht die Legendäre
    # Errungenschaft UND die Belohnung aus dem Banner erhalten." "Ihr könnt eine Errungenschaft nur einmal pro
    # Runde beanspruchen."
    st = started("quartet.scn.yaml")
    a = st.achievements[st.achievement]
    for s in st.seats:
        s.res.update(military=10, culture=10, gold=10, votes=10)
    assert "claim legendary" in legal(st, 0)
    st.request(0, A("claim legendary"))
    s0 = st.seats[0]
    assert s0.legendary and not any(t.startswith("claim") for t in legal(st, 0))
    assert all(not t.startswith("claim legendary") for t in legal(st, 1))
    assert any(t.startswith("claim banner") for t in legal(st, 1))
    # nothing is paid: "Ihr müsst die Rohstoffe und Stimmen nicht abgeben"
    assert s0.res["military"] == 10 and a.requires


def test_achievement_refusals_give_the_rule_in_plain_english():
    # "Ihr könnt eine Errungenschaft nur einmal pro Runde beanspruchen." / "Ihr müsst die Rohstoffe und Stimmen
    # nicht abgeben" (held, not paid); the Legendary marker is taken by one player only
    st = started("quartet.scn.yaml")
    req = st.achievements[st.achievement].requires
    assert "nothing is paid" in st.why_illegal(0, A("claim legendary")) or not any(
        getattr(req, k) for k in ("military", "culture", "gold", "votes"))
    for s in st.seats:
        s.res.update(military=10, culture=10, gold=10, votes=10)
    st.request(0, A("claim legendary"))
    st.advance(st.now + st.rules.privilege.grace_ms)
    assert st.seats[0].legendary
    assert st.why_illegal(0, A("claim legendary")) == "you have claimed this round's achievement already: once a round"
    assert st.why_illegal(1, A("claim legendary")).startswith("the Legendary marker is not on the achievement")


def test_two_or_three_players_have_no_legendary_in_round_one():
    # "Ihr könnt in der ersten Runde keine Legendäre Errungenschaft erhalten. Ihr könnt die Errungenschaft
    # weiterhin beanspruchen, aber nur die untere Belohnung wählen."
    st = started("trio.scn.yaml")
    st.seats[0].res.update(military=10, culture=10, gold=10, votes=10)
    ok = legal(st, 0)
    assert "claim legendary" not in ok and any(t.startswith("claim banner") for t in ok)


# ------------------------------------------------------------------ privilege

def test_simultaneous_requests_go_to_the_higher_privilege():
    # "Bei Unstimmigkeiten ... beansprucht der in Privileg-Reihenfolge Höherrangige das Privileg"; "eine
    # Gnadenfrist von ca. 1 Sekunde"; example: "Zeitgleich die gleiche Provinz erobern."
    st = started(grace_ms=1000)
    for s in st.seats:
        s.res["military"] = 4
    put(st, 1, "w1", "b-bottom-1")
    st.advance(10_000)
    st.request(1, A("act w1 display1>red"))  # the lower privilege asks first...
    st.advance(10_400)
    st.request(0, A("act w1 display1>blue"))  # ...the higher 0.4 s later
    events = st.advance(11_000)
    assert st.seats[0].columns["blue"] and not st.seats[1].columns["red"]
    assert any("refused" in e.text for e in events)


def test_outside_the_grace_window_first_come_first_served_and_zero_waives_it():
    # "Natürlich könnt ihr als Gruppe auf diese Regel verzichten"
    st = started(grace_ms=1000)
    for s in st.seats:
        s.res["military"] = 4
    put(st, 1, "w1", "b-bottom-1")
    st.request(1, A("act w1 display1>red"))
    st.advance(1_500)
    assert st.seats[1].columns["red"]
    st2 = started(grace_ms=0)
    st2.seats[1].res["military"] = 4
    put(st2, 1, "w1", "b-bottom-1")
    st2.request(1, A("act w1 display1>red"))
    assert st2.seats[1].columns["red"] and not st2.pending


def test_placing_while_a_higher_privilege_flips_into_that_row_fails():
    # "Einen Arbeiter auf ein Aktionsfeld bewegen, während ein Mitspieler gerade eine Sanduhr auf diese
    # Aktionsreihe umdreht."
    st = started(grace_ms=1000)
    put(st, 1, "w2", None)
    st.advance(45_000)
    st.request(1, A("place w2 b-top-1"))
    st.advance(45_300)
    st.request(0, A("flip black"))
    st.advance(46_000)
    assert st.glasses["black"].row == 0 and st.worker(1, "w2").space is None


def test_a_started_action_finishes_after_the_glass_leaves():
    # "Dies gilt auch, wenn die Sanduhr nach Beginn, aber vor Beenden der Aktion von der Aktionsreihe
    # wegbewegt wurde."
    st = started(grace_ms=1000)
    st.advance(45_000)
    st.request(1, A("act w1"))  # requested while the black glass is on its row
    st.advance(45_200)
    st.request(0, A("flip black"))  # the higher privilege flips it away first
    st.advance(46_000)
    assert st.glasses["black"].row == 0 and st.seats[1].res["military"] == 5


def test_after_the_call_the_higher_privilege_acts_later():
    # FAQ: "beansprucht das Privileg (weiter oben auf der Privilegeleiste ist später dran)"
    st = started("trio.scn.yaml")
    to_call(st)
    assert st.turn_order == [2, 1, 0] and st.actors() == [2]


def to_call(st):
    st.advance(180_000)
    st.request(st.actors()[0], A("flip purple"))
    st.advance(360_000)
    st.request(st.actors()[0], A("flip purple"))
    assert st.phase == "wrapup"


def take_default(st, track="power"):
    """Council step 2: every seat takes the always-open reward, bonus VP on the same track."""
    while st.phase == "council" and st.council_step == 2:
        q = st.actors()[0]
        st.request(q, next(a for a in st.legal_actions(q) if isinstance(a, Reward) and a.reward == "default"
                           and all(x.endswith(track) for x in (*a.choices, *([a.bonus] if a.bonus else [])))))


def to_council(st):
    to_call(st)
    while st.phase == "wrapup":
        st.request(st.actors()[0], A("pass"))


# ------------------------------------------------------------------ the council

def test_council_step1_votes_resort_privilege_ties_to_the_lower_placed_votes_reset():
    # "Gleichstand wird in umgekehrter Privileg-Reihenfolge aufgelöst (d. h., wer gerade noch niedriger platziert
    # war, rückt vor). Gebt dann alle eure Stimmenmarker ab"; 2 players: neutral "mit 3 Stimmen"
    st = started()
    st.seats[0].res["votes"] = 3
    st.seats[1].res["votes"] = 3
    to_council(st)
    assert st.privilege == [-1, 1, 0] and all(s.res["votes"] == 0 for s in st.seats)
    assert st.council_step == 2 and st.actors() == [1]


def test_council_step2_rewards_in_privilege_order_with_the_privilege_bonus_and_no_refill():
    # "Der erste Platz erhält außerdem zusätzlich 2 beliebige Siegpunkte und der zweite und dritte Platz 1";
    # "Füllt diese nicht sofort auf."; the bottom-left reward "könnt ihr immer alle wählen"
    st = started("trio.scn.yaml")
    st.seats[2].res["votes"] = 5
    st.seats[0].res["votes"] = 2
    to_council(st)
    assert st.privilege == [2, 0, 1]
    first = legal(st, 2)
    assert all(t.split()[-1].startswith("bonus:") and len(t.split()[-1][6:].split("+")) == 2 for t in first)
    choice = next(a for a in st.legal_actions(2) if isinstance(a, Reward) and a.reward in st.reward_slots
                  and a.bonus == "power+power")
    slot = choice.reward
    before = st.seats[2].vp["power"]
    st.request(2, choice)
    assert st.seats[2].vp["power"] >= before + 2 and slot in st.council_taken
    assert not any(t.startswith(f"reward {slot}") for t in legal(st, 0))  # taken, not refilled
    st.request(0, A("reward default power bonus:prestige"))
    st.request(1, A("reward default power bonus:popularity"))
    assert st.seats[0].vp["power"] == 1 and st.seats[0].vp["prestige"] == 1 and st.seats[1].vp["popularity"] == 1


def test_council_step3_trims_columns_to_two_or_three_with_the_kept_card():
    # "ihr dürft in jeder Spalte nur maximal 2 Provinzkarten liegen haben"; the province-limit card: "Während
    # der Ratsphase (inklusive der, in der ihr diese Karte gewählt habt) ... um 1 auf 3 erhöht."
    st = started()
    st.seats[0].columns["red"] = ["prov-01", "prov-02", "prov-03"]
    st.seats[1].columns["red"] = ["prov-04", "prov-05", "prov-06"]
    st.seats[1].kept = 1
    to_council(st)
    take_default(st)
    assert st.council_step == 3 and st.actors() == [0]
    st.request(0, A("trim red prov-01,prov-03"))
    assert st.seats[0].columns["red"] == ["prov-01", "prov-03"] and st.seats[1].columns["red"] == [
        "prov-04", "prov-05", "prov-06"]
    assert st.council_step == 5


def test_council_step4_refresh_and_steps_5_and_6():
    # "Legt den Marker für die Legendäre Errungenschaft auf die neue Karte (egal, ob er in der vorherigen Runde
    # genommen wurde)"; "Legt die lila Sanduhrmarker wieder auf die leeren goldenen Kreise"; "Sind ... noch
    # nicht alle Sanduhren abgelaufen, dann wartet, bis dies der Fall ist."
    st = started()
    old_ach, old_display = st.achievement, list(st.display)
    to_council(st)
    take_default(st)
    assert st.council_step == 5 and st.achievement != old_ach and st.legendary_on_card
    assert st.markers == [2, 1] and st.display != old_display and all(st.display)
    while st.phase == "council":
        st.request(st.actors()[0], A("pass"))
    assert st.phase == "council_wait" and st.round == 2
    last = max(g.expires for g in st.glasses.values())
    assert st.next_event_at() == last
    st.advance(last)
    assert st.phase == "timed" and st.glasses["purple"].row == 0 and st.markers == [1, 1]


def test_the_fourth_council_ends_the_game():
    # "In der vierten Ratsphase ist das Spiel an dieser Stelle beendet"
    st = started()
    st.round = 4
    to_council(st)
    take_default(st)
    assert st.is_over and st.result is not None and st.result.winners == ()


def test_finals_must_be_paid_and_no_second_legendary():
    # "Ihr dürft keine Karte wählen, deren Kosten ihr nicht bezahlen könnt. Habt ihr bereits den SP für die
    # Legendäre Errungenschaft, dürft ihr nicht die Karte wählen, die euch diesen SP geben würde."
    st = started()
    st.round = 4
    to_council(st)
    st.reward_slots = ["final-1", "final-2", "final-3", "final-4", "final-5"]
    q = st.actors()[0]
    s = st.seats[q]
    s.res.update(military=3, culture=3, gold=3)
    assert not any(t.startswith("reward final-1") for t in legal(st, q))
    s.res.update(military=4)
    assert any(t.startswith("reward final-1") for t in legal(st, q))
    s.legendary = True
    assert not any(t.startswith("reward final-1") for t in legal(st, q))


# ------------------------------------------------------------------ untimed rounds

def test_untimed_round_follows_the_time_track():
    # "Ihr spielt nun gleichzeitig ... Allerdings gibt es keine Zeitbegrenzung und ihr könnt keine Sanduhren
    # umdrehen. Nachdem ihr alle eure Aktionen beendet habt, bewegt ihr den Zeitmarker auf das nächste Feld und
    # dreht die angezeigten Sanduhren um."
    st = started("first-game.scn.yaml")
    assert st.phase == "untimed" and st.time_step == 0 and [g.row for g in st.glasses.values()] == [1, 1, 1]
    assert not any(t.startswith("flip") for t in legal(st, 0))
    st.request(0, A("done"))
    assert st.actors() == [1, 2] and st.time_step == 0
    st.request(2, A("done"))
    st.request(1, A("done"))
    assert st.time_step == 1 and st.glasses["black"].row == 0 and st.now == 0  # no clock time
    track = st.res.side.time_track
    while st.phase == "untimed":
        for q in list(st.actors()):
            st.request(q, A("done"))
    # "bis der Zeitmarker auf dem letzten Feld liegt und ihr alle Aktionen durchgeführt habt. Ruft dann zur
    # Ratsversammlung"
    assert st.phase == "council" and st.time_step == len(track) - 1 and st.markers == [0, 0]
    # "Entscheidet einfach am Ende jeder Ratsphase, wie ihr die nächste Runde spielen möchtet": round 2 is timed
    take_default(st)
    while st.phase == "council":
        st.request(st.actors()[0], A("pass"))
    st.advance(st.next_event_at())
    assert st.phase == "timed" and st.round == 2


def test_the_next_round_is_switched_to_untimed_during_the_game_and_the_save_replays():
    # "Ihr könnt die ganze Partie Pendulum auf diese Art spielen oder während der Partie zwischen dem Spiel mit
    # aktiven und ohne aktive Sanduhren wechseln. Entscheidet einfach am Ende jeder Ratsphase, wie ihr die
    # nächste Runde spielen möchtet."
    from gridsmith.engine.pendulum.council import next_round_to_decide, set_untimed
    from gridsmith.engine.pendulum.saves import from_save, snapshot, to_save

    st = started("first-game.scn.yaml")  # round 1 untimed, the others timed
    assert next_round_to_decide(st) == 2
    while st.phase == "untimed":
        for q in list(st.actors()):
            st.request(q, A("done"))
    take_default(st)
    assert set_untimed(st, True) == 2 and st.res.scenario.untimed_rounds == [1, 2]
    while st.phase == "council":
        st.request(st.actors()[0], A("pass"))
    # no waiting for the glasses: round 2 begins untimed at once, on the time track
    assert st.phase == "untimed" and st.round == 2 and st.time_step == 0
    assert set_untimed(st, False) == 3 and st.res.scenario.untimed_rounds == [1, 2]
    back = from_save(to_save(st))  # the decisions travel in the save's scenario: the same game
    assert snapshot(back) == snapshot(st)
    # a timed game switched before its opening flip; a round already decided (waiting) cannot be
    duel = game()
    assert next_round_to_decide(duel) == 1 and set_untimed(duel, True) == 1
    duel.phase = "council_wait"
    assert next_round_to_decide(duel) is None
    with pytest.raises(IllegalAction, match="decided"):
        set_untimed(duel, False)


# ------------------------------------------------------------------ advanced variant

def test_advanced_placement_one_own_worker_per_top_part():
    # "darf nie mehr als einer eurer Arbeiter im gleichen oberen goldenen Rahmen eines Aktionsfelds stehen ...
    # Große Arbeiter dürfen ... auf Aktionsfelder mit Arbeitern von Mitspielern gestellt werden, kleine Arbeiter
    # nur im schwarzen Aktionsbereich."
    st = started(s0={"advanced_placement": True}, placements=[
        "place w1 b-bottom-1", "place w1 b-bottom-2", "place w2 b-bottom-2", "place w2 b-bottom-1"])
    for q in (0, 1):
        for w in ("w1", "w2"):
            put(st, q, w, None)
    put(st, 0, "w2", "b-top-1")
    put(st, 1, "w2", "g-top-1")
    ok = legal(st, 0)
    assert "place w1 b-top-1" not in ok and "place w1 g-top-1" in ok
    assert "place w1 b-top-1" in legal(st, 1)  # seat 2 plays the basic placement


def test_fame_is_optional_and_costs_a_cube_for_good():
    # "dann dürft ihr euch 1 Ruhm für jeden Siegpunkt, den ihr über das Ende der Leiste hinaus erhaltet, nehmen";
    # "reduziert dauerhaft die Anzahl der für euch verfügbaren Rohstoffe dieser Art"
    from gridsmith.engine.pendulum.effects import gain_amounts
    st = started(s0={"fame": True})
    s = st.seats[0]
    s.vp["power"] = st.track_length(0, "power") - 1
    s.res["military"] = 10
    gain_amounts(st, 0, {"power": 3}, [])
    assert s.overflow["power"] == 2 and "fame power" in legal(st, 0)
    st.request(0, A("fame power"))
    assert s.fame["power"] == 1 and st.resource_cap(0, "military") == 9 and s.res["military"] == 9
    st.request(0, A("play gambal-b2"))  # another action: the rest is declined
    assert s.overflow["power"] == 0 and "fame power" not in legal(st, 0)
    gain_amounts(st, 1, {"power": 99}, [])
    assert st.seats[1].overflow["power"] == 0  # seat 2 does not play with Fame


# ------------------------------------------------------------------ the winner

def _vp(st, q, missing, legendary=True):
    side = st.leader_side(q)
    for t, m in zip(("power", "prestige", "popularity"), missing):
        st.seats[q].vp[t] = side.tracks[t].parchment_from - m
    st.seats[q].legendary = legendary


def test_winner_all_markers_in_parchment_most_parchment_points_then_privilege():
    # "Hat eine(r) von euch mit allen Siegpunktmarkern den Pergamentbereich ... erreicht, hat sie/er gewonnen ...
    # Trifft das auf mehrere von euch zu, gewinnt, wer die meisten Siegpunkte im Pergamentbereich erreicht hat ...
    # Gibt es dort ebenfalls einen Gleichstand, entscheidet die Privileg-Reihenfolge."
    st = started("trio.scn.yaml")
    _vp(st, 0, (0, 0, 0))
    _vp(st, 1, (-1, 0, 0))
    _vp(st, 2, (-1, 0, 0))
    assert final_result(st).winners == (1,)
    _vp(st, 1, (0, 0, 0))
    _vp(st, 2, (0, 0, 0))
    assert final_result(st).winners == (0,)
    _vp(st, 0, (0, 0, 0), legendary=False)  # the grey marker is one of "allen Siegpunktmarkern"
    assert final_result(st).winners == (1,)


def test_winner_else_the_legendary_holder_closest_on_the_lowest_track_then_all_lose():
    # "gewinnt, wer in der eigenen am niedrigsten bepunkteten Siegpunkteleiste dem Pergamentbereich am nächsten
    # ist. Bei Gleichstand vergleicht ihr die am zweitniedrigsten ... Hat keiner ... die Legendäre Errungenschaft
    # erreicht, dann habt ihr alle verloren"
    st = started("trio.scn.yaml")
    _vp(st, 0, (3, 1, 0))
    _vp(st, 1, (3, 2, 0))
    _vp(st, 2, (1, 0, 0), legendary=False)
    assert final_result(st).winners == (0,)
    _vp(st, 0, (3, 2, 0))
    assert final_result(st).winners == (0,)  # a full tie: privilege (seat 1 is first)
    for q in range(3):
        st.seats[q].legendary = False
    r = final_result(st)
    assert r.winners == () and "everyone loses" in r.reason


def test_fame_breaks_ties_and_ignores_the_other_tiebreaks():
    # "Gibt es am Ende des Spiels einen Gleichstand, gewinnt, wer den meisten Ruhm hat. ... Alle anderen
    # Auflösebedingungen für Gleichstand werden ignoriert."
    st = started("trio.scn.yaml", s0={"fame": True}, s1={"fame": True})
    _vp(st, 0, (3, 2, 0))
    _vp(st, 1, (3, 0, 0))
    _vp(st, 2, (5, 0, 0), legendary=False)
    st.seats[0].fame["power"] = 2
    assert final_result(st).winners == (0,)  # next-lowest track ignored: seat 1 has more Fame


def test_council_clock_decision_runs_or_paused():
    # "Während der Ratsphasen können keine Sanduhren umgedreht werden und der Echtzeitmodus des Spiels wird
    # pausiert." yet "Lasst alle Sanduhren und Arbeiter, wo sie sind" — ruleset decisions.council_clock
    for mode, left in (("runs", 170_000), ("paused", 180_000)):
        st = started()
        set_rule(st, "decisions", council_clock=mode)
        to_call(st)  # purple was just flipped: 180 s of sand
        st.advance(st.now + 10_000)  # a wrap-up that takes 10 s of real time
        assert st.glasses["purple"].expires - st.now == left, mode
