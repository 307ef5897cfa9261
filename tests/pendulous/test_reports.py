"""The reports of manual 3.1."""
from __future__ import annotations

from gridsmith.engine.pendulous import Attack, reports

from .helpers import player, start, through_setup


def test_player_settings_report():
    """3.1.1: "Reinforcement Rate ... Resource Rate ... Maximum Forces ... Force Pool ... Resources ...
    Victory Points ... Army Effectiveness"."""
    s = start(["A1BB"], [player("Reds", reinforcement_rate=3, resource_rate=4, max_forces=12, initial_forces=5,
                                start_resources=2, start_victory_points=9, army_effectiveness=80), player("Grays")])
    through_setup(s)
    red = reports.player_settings(s)[0]
    assert red == {"seat": "red", "name": "Reds", "reinforcement_rate": 3, "resource_rate": 4, "maximum_forces": 12,
                   "force_pool": 8, "armies_on_map": 0, "resources": 6, "victory_points": 9 + 6 + 6,
                   "army_effectiveness": 80, "out": False}
    lines = reports.player_settings_text(s).splitlines()
    assert lines[1].split() == ["red", "gray"] and any(x.split()[:3] == ["reinforcement", "rate", "3"] for x in lines)


def test_game_settings_report():
    """3.1.2: "Number of Turns ... Victory Points: Land ... Victory Points: City ... Naval Invasions
    Allowed/Not Allowed"."""
    s = start(["A1BB"], turns=7, land=2, city=9, naval=False)
    g = reports.game_settings(s)
    assert (g["number_of_turns"], g["victory_points_land"], g["victory_points_city"], g["naval_invasions"]) == \
        (7, 2, 9, "not allowed")
    assert "naval invasions: not allowed" in reports.game_settings_text(s)


def test_combat_report_has_all_six_figures():
    """3.1.3: "Total Attacks ... Total Defenses ... Attack Success % ... Defense Success % ... Average
    Attack % ... Average Defense %". A lone army against a city next to another city: 10 vs 30, 25%;
    the second attack on it has the 25% bonus: 12.5 vs 30, 29.4%."""
    s = start(["A1BB"])
    through_setup(s)
    s.apply(Attack(0, 2), forced_outcome=False)
    s.apply(Attack(0, 2), forced_outcome=True)
    red, gray = reports.combat_report(s)
    assert red["total_attacks"] == 2 and red["total_defences"] == 0
    assert red["attack_success_percent"] == 50.0 and red["defence_success_percent"] is None
    assert red["average_attack_percent"] == round((25 + 100 * 12.5 / 42.5) / 2, 1) == 27.2
    assert gray["total_defences"] == 2 and gray["defence_success_percent"] == 50.0
    assert gray["average_defence_percent"] == round((75 + 100 * 30 / 42.5) / 2, 1) == 72.8
    text = reports.combat_report_text(s)
    assert text.splitlines()[1].split() == ["red", "gray"]
    assert any(x.split() == ["average", "defence", "%", "-", "72.8%"] for x in text.splitlines())
