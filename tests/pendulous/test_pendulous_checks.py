"""Pendulous semantic checks (PND4xx errors) and playability lints (PND5xx warnings), issue 2 item 5:
one test per code, each located at the offending node; and every problem of a file in one run."""
from __future__ import annotations

import pytest

from tests.formats.fmtkit import (REPO, dump, key_pos, located, player, player_field_pos, player_pos, pos, row_pos, scenario,
                    value_pos)
from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.loader import check_model, load_file, load_text, validate_file


def diags_of(data: dict, tmp_path=None):
    """Diagnostics of a scenario through both readers (they must agree)."""
    text = dump(data)
    full = load_text(text, "x.scn.yaml").diagnostics
    if tmp_path is not None:
        path = tmp_path / "x.scn.yaml"
        path.write_text(text)
        assert located(validate_file(path)) == located(full)
    return text, full


def settings(**over) -> dict:
    base = {"turns": 20, "victory_points": {"land": 1, "city": 5}, "naval_invasions": False}
    return {**base, **over}


def first_item_of(text: str, key: str) -> tuple[int, int]:
    """Position of a block sequence that is the value of a top-level `key:` (its first `-`)."""
    return pos(text, f"\n{key}:\n- ", 0, len(key) + 3)


def test_the_base_scenario_is_clean(tmp_path):
    text, diags = diags_of(scenario(), tmp_path)
    assert diags == []
    assert load_text(text).ok


# --- PND401 rectangular -----------------------------------------------------------------------------------


def test_pnd401_rows_of_different_length(tmp_path):
    text, diags = diags_of(scenario(map=["111~~222", "1A1~~2B", "11112222", "1111222222"]), tmp_path)
    # at the row's end: the first missing square of a short row, the first extra one of a long row
    assert located(diags) == [("PND401", *row_pos(text, 1, 7)), ("PND401", *row_pos(text, 3, 8))]
    assert "row 2 has 7 squares but row 1 has 8" in diags[0].message


# --- PND402 size: 1x1 to 50x50 (manual 4.2.5: "The maximum map size is 50 squares by 50 squares") ------------


def test_pnd402_no_rows(tmp_path):
    text, diags = diags_of(scenario(map=[]), tmp_path)
    assert located(diags) == [("PND402", *value_pos(text, "map"))]


def test_pnd402_51_rows(tmp_path):
    rows = ["1A1~~2B2"] + ["11112222"] * 50
    text, diags = diags_of(scenario(map=rows), tmp_path)
    assert located(diags) == [("PND402", *first_item_of(text, "map"))]
    assert "8x51" in diags[0].message and "50x50" in diags[0].message


def test_pnd402_51_columns(tmp_path):
    rows = ["1A" + "1" * 24 + "2" * 24 + "B", "1" * 26 + "2" * 25]
    text, diags = diags_of(scenario(map=rows), tmp_path)
    assert located(diags) == [("PND402", *first_item_of(text, "map"))]
    assert "51x2" in diags[0].message


def test_50x50_is_allowed(tmp_path):
    rows = ["1A" + "1" * 23 + "2" * 24 + "B"] + ["1" * 25 + "2" * 25] * 49
    assert diags_of(scenario(map=rows), tmp_path)[1] == []


def test_1x1_is_the_smallest_map():
    """1x1 is a legal size; its problems are about players, not size."""
    text, diags = diags_of(scenario(map=["A"]))
    assert "PND402" not in [d.code for d in diags]


def test_pnd402_rows_of_zero_width(tmp_path):
    text, diags = diags_of(scenario(map=["", ""]), tmp_path)
    assert "PND402" in [d.code for d in diags]


# --- PND403 alphabet -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["x", " ", "5", "E", "a", "\u00e9", "."])
def test_pnd403_character_outside_the_alphabet_in_a_quoted_row(tmp_path, bad):
    text, diags = diags_of(scenario(map=["111~~222", f"1A1~{bad}2B2", "11112222"]), tmp_path)
    assert located(diags) == [("PND403", *row_pos(text, 1, 4))]
    assert "column 5, row 2" in diags[0].message  # formats.coords, as the editor's status bar says it


@pytest.mark.parametrize("quote", ["", "'", '"'])
def test_pnd403_position_in_plain_and_quoted_rows(quote):
    text = dump(scenario()).replace('- "11112222"', f"- {quote}1111x222{quote}")
    diags = load_text(text).diagnostics
    line, col = pos(text, "x222")
    assert located(diags) == [("PND403", line, col)]


def test_pnd403_many_bad_characters_are_summarised():
    rows = ["1A1~~2B2", "11112222"] + ["xxxxxxxx"] * 10  # 80 bad squares
    text, diags = diags_of(scenario(map=rows))
    assert [d.code for d in diags].count("PND403") == 51  # 50 located + one summary
    assert "30 more characters" in diags[-1].message


# --- PND404 seats on the map vs players (both directions) -------------------------------------------------------


def test_pnd404_map_has_a_seat_without_a_player(tmp_path):
    text, diags = diags_of(scenario(map=["111~~233", "1A1~~2B2", "11112222"]), tmp_path)
    assert located(diags) == [("PND404", *row_pos(text, 0, 6))]
    assert "seat 3 (green)" in diags[0].message and "only 2 players" in diags[0].message


def test_pnd404_player_without_squares(tmp_path):
    players = [player("Red"), player("Gray"), player("Green")]
    text, diags = diags_of(scenario(players=players), tmp_path)
    assert located(diags) == [("PND404", *player_pos(text, 2))]
    assert "Green (green) owns no square" in diags[0].message


# --- PND405 every player owns a city -------------------------------------------------------------------------------


def test_pnd405_player_without_a_city(tmp_path):
    text, diags = diags_of(scenario(map=["111~~222", "111~~2B2", "11112222"]), tmp_path)
    assert located(diags) == [("PND405", *player_pos(text, 0))]
    assert "manual 2.4" in diags[0].message


# --- PND406-409 numbers in range -------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["reinforcement_rate", "resource_rate", "max_forces", "initial_forces",
                                 "start_resources"])
def test_pnd406_negative_rates(tmp_path, key):
    over = {key: -1}
    if key == "max_forces":
        over["initial_forces"] = -2  # keep PND408 out of it
    text, diags = diags_of(scenario(players=[player("Red"), player("Gray", **over)]), tmp_path)
    expected = [("PND406", *player_field_pos(text, 1, k)) for k in ("max_forces", "initial_forces") if k in over] \
        if key == "max_forces" else [("PND406", *player_field_pos(text, 1, key))]
    assert located(diags) == expected
    assert "Gray (gray)" in diags[0].message


@pytest.mark.parametrize("key", ["land", "city"])
def test_pnd406_negative_victory_points(tmp_path, key):
    vp = {"land": 1, "city": 5, key: -3}
    text, diags = diags_of(scenario(settings=settings(victory_points=vp)), tmp_path)
    assert located(diags) == [("PND406", *value_pos(text, key))]


def test_negative_start_victory_points_are_a_handicap_not_an_error():
    assert diags_of(scenario(players=[player("Red", start_victory_points=-10), player("Gray")]))[1] == []


@pytest.mark.parametrize("value", [0, -100])
def test_pnd407_effectiveness_must_be_positive(tmp_path, value):
    text, diags = diags_of(scenario(players=[player("Red", army_effectiveness=value), player("Gray")]), tmp_path)
    assert located(diags) == [("PND407", *player_field_pos(text, 0, "army_effectiveness"))]


def test_effectiveness_of_1_percent_is_allowed():
    assert diags_of(scenario(players=[player("Red", army_effectiveness=1), player("Gray")]))[1] == []


def test_pnd408_initial_above_max_forces(tmp_path):
    text, diags = diags_of(scenario(players=[player("Red"), player("Gray", initial_forces=41, max_forces=40)]),
                           tmp_path)
    assert located(diags) == [("PND408", *player_field_pos(text, 1, "initial_forces"))]
    assert "41" in diags[0].message and "40" in diags[0].message


def test_initial_equal_to_max_forces_is_allowed():
    assert diags_of(scenario(players=[player("Red", initial_forces=40, max_forces=40), player("Gray")]))[1] == []


@pytest.mark.parametrize("turns", [0, -5])
def test_pnd409_turns_at_least_one(tmp_path, turns):
    text, diags = diags_of(scenario(settings=settings(turns=turns)), tmp_path)
    assert located(diags) == [("PND409", *value_pos(text, "turns"))]


def test_one_turn_is_allowed():
    assert diags_of(scenario(settings=settings(turns=1)))[1] == []


# --- PND410 unique names, PND411 player count, PND412 description, PND413 ruleset ----------------------------------------


@pytest.mark.parametrize("second", ["Red Army", "red army", " Red Army "])
def test_pnd410_duplicate_player_names(tmp_path, second):
    text, diags = diags_of(scenario(players=[player("Red Army"), player(second)]), tmp_path)
    assert located(diags) == [("PND410", *player_field_pos(text, 1, "name"))]
    assert "player 1" in diags[0].message


def test_pnd411_one_player(tmp_path):
    text, diags = diags_of(scenario(players=[player("Alone")], map=["1A1", "111"]), tmp_path)
    assert ("PND411", *first_item_of(text, "players")) in located(diags)
    assert "2 to 4" in next(d for d in diags if d.code == "PND411").message


def test_pnd411_five_players(tmp_path):
    """Manual 2.2: "Up to four players can play Pendulous" (red, gray, green, blue)."""
    players = [player(f"P{i}") for i in range(5)]
    rows = ["1A2B3C4D", "11223344"]
    text, diags = diags_of(scenario(players=players, map=rows), tmp_path)
    assert located(diags)[0] == ("PND411", *first_item_of(text, "players"))
    assert [d.code for d in diags] == ["PND411"]  # four seats fit the map; the fifth has no colour


def test_four_players_are_allowed():
    players = [player(f"P{i}") for i in range(4)]
    rows = ["1A2B3C4D", "11223344"]
    assert [d.code for d in diags_of(scenario(players=players, map=rows))[1] if d.is_error] == []


def test_pnd412_description_over_256_characters(tmp_path):
    """Manual 4.2.3: "Up to 256 chacacters can be used to describe the scenario"."""
    text, diags = diags_of(scenario(description="x" * 257), tmp_path)
    assert located(diags) == [("PND412", *value_pos(text, "description"))]
    assert "257" in diags[0].message and "256" in diags[0].message
    assert diags_of(scenario(description="x" * 256))[1] == []


def test_unknown_bundled_ruleset(tmp_path):
    text, diags = diags_of(scenario(ruleset="no-such-rules"), tmp_path)
    assert located(diags) == [("R601", *value_pos(text, "ruleset"))]
    assert "no-such-rules" in diags[0].message


def test_invalid_ruleset_file_gives_one_summary(tmp_path):
    (tmp_path / "broken.rules.yaml").write_text("kind: pendulous.ruleset\nversion: 1\nnmae: typo\n")
    path = tmp_path / "x.scn.yaml"
    text = dump(scenario(ruleset="broken.rules.yaml"))
    path.write_text(text)
    diags = validate_file(path)
    assert located(diags) == [("R610", *value_pos(text, "ruleset"))]
    assert diags[0].message == f"ruleset 'broken.rules.yaml' has 2 errors: first at {tmp_path / 'broken.rules.yaml'}:1:1 (S302)"


def test_a_ruleset_next_to_the_scenario_sets_the_limits(tmp_path):
    """The limits come from the scenario's ruleset: a variant with 10-character descriptions."""
    (tmp_path / "short.rules.yaml").write_text(
        "kind: pendulous.ruleset\nversion: 1\nname: short\nlimits:\n  description_max_length: 10\n")
    path = tmp_path / "x.scn.yaml"
    path.write_text(dump(scenario(ruleset="short.rules.yaml", description="eleven char")))
    assert [d.code for d in validate_file(path)] == ["PND412"]
    path.write_text(dump(scenario(ruleset="short.rules.yaml", description="ten chars!")))
    assert validate_file(path) == []


def test_the_bundled_default_ruleset_by_name():
    assert diags_of(scenario(ruleset="default"))[1] == []


# --- warnings: PND501-503 --------------------------------------------------------------------------------------------------


def warnings_of(diags):
    assert all(d.severity is Severity.WARNING for d in diags)
    return located(diags)


def test_pnd501_no_land_contact_and_no_naval_invasions(tmp_path):
    text, diags = diags_of(scenario(map=["1A1~~2B2", "111~~222"]), tmp_path)
    assert warnings_of(diags) == [("PND501", *player_pos(text, 0)), ("PND501", *player_pos(text, 1))]
    assert "naval invasions are off" in diags[0].message


def test_pnd501_naval_on_but_ports_on_different_waters(tmp_path):
    """Each side has a port, but on a lake of its own: nobody can reach anybody."""
    rows_lakes = ["11111~22222", "1~A11~2B~22", "11111~22222"]  # a river between; each port on its own lake
    text, diags = diags_of(scenario(map=rows_lakes, settings=settings(naval_invasions=True)), tmp_path)
    assert warnings_of(diags) == [("PND501", *player_pos(text, 0)), ("PND501", *player_pos(text, 1))]
    assert "shares water" in diags[0].message


def test_naval_invasions_across_shared_water_are_an_attack(tmp_path):
    rows = ["1A~~B2", "11~~22"]
    assert diags_of(scenario(map=rows, settings=settings(naval_invasions=True)), tmp_path)[1] == []


def test_pnd502_naval_on_without_any_port(tmp_path):
    text, diags = diags_of(scenario(map=["1A112B22", "11112222"], settings=settings(naval_invasions=True)),
                           tmp_path)
    assert warnings_of(diags) == [("PND502", *value_pos(text, "naval_invasions"))]


def test_pnd503_square_unsupplied_at_start(tmp_path):
    """Manual 2.8: every land square must trace a line of friendly squares to a friendly city."""
    rows = ["1A1~~2B2", "11112222", "2~~~~~~1"]
    text, diags = diags_of(scenario(map=rows), tmp_path)
    assert warnings_of(diags) == [("PND503", *row_pos(text, 2, 7)), ("PND503", *row_pos(text, 2, 0))]
    assert "Red Army (red): 1 square cannot trace supply" in diags[0].message and "the square reverts" in diags[0].message


def test_supply_goes_diagonally():
    """Manual 2.1: "Diagonal squares all always valid paths ... for figuring supply"."""
    rows = ["A~2B", "~1~2"]
    assert [d.code for d in diags_of(scenario(map=rows))[1] if d.code == "PND503"] == []


def test_good_scenario_gets_no_warnings():
    assert diags_of(scenario())[1] == []


def test_lints_do_not_run_on_a_broken_map():
    """A map with errors gets its errors, not a cascade of playability warnings about it."""
    text, diags = diags_of(scenario(map=["1A1~~2B2", "111x"]))
    assert {d.code for d in diags} == {"PND401", "PND403"}


# --- every problem in one run ---------------------------------------------------------------------------------------------------


def test_all_structural_problems_in_one_run(tmp_path):
    text = dump(scenario())
    text = text.replace("name: Twin Rivers", "title: Twin Rivers\nname: Twin Rivers")  # unknown key
    text = text.replace("turns: 20", 'turns: "20"')  # wrong type
    text = text.replace("  max_forces: 40\n", "  max_forces: forty\n", 1)  # wrong type
    text = text.replace("  resource_rate: 8\n", "", 1)  # missing key
    path = tmp_path / "x.scn.yaml"
    path.write_text(text)
    expected = sorted([("S301", *pos(text, "title")), ("S303", *pos(text, '"20"')),
                       ("S303", *pos(text, "forty")), ("S302", *player_pos(text, 0))])
    for diags in (validate_file(path), load_text(text).diagnostics):
        assert sorted(located(diags)) == expected


def test_a_duplicate_is_reported_with_the_other_yaml_problems():
    """Duplicates make the data ambiguous, so the structure stage waits; every guard finding is
    still reported in the same run (here: two duplicates and a tag)."""
    text = dump(scenario()).replace("  turns: 20\n", "  turns: 20\n  turns: 2\n")
    text = text.replace("description: A small", "description: !note A small")
    text += "map: []\n"
    diags = load_text(text).diagnostics
    assert sorted(located(diags)) == sorted([("Y104", *pos(text, "turns: 2\n")), ("Y105", *pos(text, "!note")),
                                             ("Y104", *pos(text, "map: []"))])


def test_all_semantic_problems_in_one_run(tmp_path):
    data = scenario(
        description="d" * 300,  # PND412
        players=[player("Red", army_effectiveness=0),  # PND407
                 player("red", initial_forces=50),  # PND410, PND408
                 player("Green", resource_rate=-2)],  # PND406, PND404 (no squares of seat 3)
        settings=settings(turns=0),  # PND409
        map=["111~~222", "1A1~~2B2", "1111x222"],  # PND403
    )
    text, diags = diags_of(data, tmp_path)
    assert sorted(located(diags)) == sorted([
        ("PND412", *value_pos(text, "description")),
        ("PND407", *player_field_pos(text, 0, "army_effectiveness")),
        ("PND408", *player_field_pos(text, 1, "initial_forces")),
        ("PND410", *player_field_pos(text, 1, "name")),
        ("PND406", *player_field_pos(text, 2, "resource_rate")),
        ("PND409", *value_pos(text, "turns")),
        ("PND403", *row_pos(text, 2, 4)),
        ("PND404", *player_pos(text, 2)),
    ])
    assert all(d.is_error for d in diags)


def test_check_model_gives_the_same_problems_as_the_file():
    """The editor's live validation (check_model) and the file reader agree."""
    data = scenario(players=[player("Red", army_effectiveness=0), player("Gray")], settings=settings(turns=0))
    loaded = load_text(dump(data))
    from gridsmith.formats.pendulous.scenario import Scenario
    model = Scenario.model_validate(data)
    assert [p.code for p in check_model(model)] == [d.code for d in loaded.diagnostics] == ["PND407", "PND409"]
    assert [p.path for p in check_model(model)] == [("players", 0, "army_effectiveness"), ("settings", "turns")]


def test_good_scenario_loads_end_to_end(tmp_path):
    path = tmp_path / "good.scn.yaml"
    path.write_text(dump(scenario()))
    loaded = load_file(path)
    assert loaded.ok and loaded.model.width == 8 and loaded.model.height == 3
    assert [p.name for p in loaded.model.players] == ["Red Army", "Gray Army"]


@pytest.mark.parametrize("row,needle", [
    ('"\\x31\\x32x2"', "x2\""),  # \x31 is one square written as four characters
    ('"1\\t2x"', "\\t2x"),  # the tab itself is the bad square
    ("'1''x'", "''x"),  # '' is one quote: the first bad square
])
def test_pnd403_position_counts_escape_sequences(row, needle):
    """Found by this suite: columns inside quoted rows counted characters, not source characters."""
    text = dump(scenario()).replace('- "11112222"', f"- {row}")
    first = next(d for d in load_text(text).diagnostics if d.code == "PND403")
    assert (first.line, first.col) == pos(text, needle)


def test_pnd421_ruleset_with_more_minimum_than_maximum_players(tmp_path):
    text = ("kind: pendulous.ruleset\nversion: 1\nname: odd\nlimits:\n  min_players: 4\n  max_players: 3\n")
    assert located(load_text(text).diagnostics) == [("PND421", *value_pos(text, "min_players"))]


def test_ruleset_allows_at_most_four_players():
    """Manual 2.2: four colours, red, gray, green, blue."""
    text = "kind: pendulous.ruleset\nversion: 1\nname: big\nlimits:\n  max_players: 5\n"
    assert located(load_text(text).diagnostics) == [("S304", *value_pos(text, "max_players"))]


def test_bundled_default_ruleset_holds_the_manual_numbers():
    """Manual 2.7: attack 10, support 5, naval 2, city support 3; defence land 2, army 15, adjacent
    army 5, city 25, adjacent city 5; +25% per successive attack; 4.2.3: 256; 4.2.5: 50 x 50."""
    rules = load_file(REPO / "content" / "pendulous" / "default.rules.yaml")
    assert rules.ok
    c = rules.model.combat
    assert (c.attacker.attacking_army, c.attacker.adjacent_army, c.attacker.naval_invasion,
            c.attacker.adjacent_city) == (10, 5, 2, 3)
    assert (c.defender.land, c.defender.army_on_square, c.defender.adjacent_army, c.defender.city,
            c.defender.adjacent_city, c.defender.unsupplied) == (2, 15, 5, 25, 5, 0)
    assert c.successive_attack_bonus_percent == 25
    lim = rules.model.limits
    assert (lim.description_max_length, lim.max_map_width, lim.max_map_height) == (256, 50, 50)
    assert (lim.min_players, lim.max_players) == (2, 4)


from hypothesis import HealthCheck, given, settings as hsettings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

NUMBER = st.one_of(st.integers(-3, 60), st.integers(-10**12, 10**12))
PLAYERS = st.lists(st.builds(lambda name, n: player(name, reinforcement_rate=n[0], resource_rate=n[1], max_forces=n[2],
                                                    initial_forces=n[3], start_resources=n[4],
                                                    start_victory_points=n[5], army_effectiveness=n[6]),
                             st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=8),
                             st.tuples(*[NUMBER] * 7)), max_size=6)
ROWS = st.lists(st.text(alphabet="~~~1234ABCDx ", max_size=55), max_size=53)


@hsettings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYERS, rows=ROWS, turns=NUMBER, naval=st.booleans())
def test_checks_never_raise_and_locate_every_problem(players, rows, turns, naval):
    """Any structurally valid scenario, however odd, gets problems (never an exception), and every
    problem's path leads to a node of the file."""
    from gridsmith.formats.pendulous.scenario import Scenario
    data = scenario(players=players, map=rows, settings=settings(turns=turns, naval_invasions=naval))
    model = Scenario.model_validate(data)
    problems = check_model(model)
    text = dump(data)
    diags = load_text(text).diagnostics
    assert [d.code for d in diags] == [p.code for p in problems]
    lines = text.split("\n")  # line numbers count LF only, as editors do
    for d in diags:
        assert 1 <= d.line <= len(lines) and 1 <= d.col <= len(lines[d.line - 1]) + 1, d.format_text()


@pytest.mark.skipif(not __import__("os").path.exists("/dev/zero"), reason="needs /dev/zero")
def test_ruleset_that_is_a_device_is_refused_not_read(tmp_path):
    """`ruleset: /dev/zero` used to be opened and read (2 MiB of NUL); a FIFO would block forever.
    It is outside the content tree (R609); allowed out, it is still not a regular file (R603)."""
    from gridsmith.formats import session

    text, diags = diags_of(scenario(ruleset="/dev/zero"))
    assert located(diags) == [("R609", *value_pos(text, "ruleset"))]
    with session.session(allow_outside=True):
        diags = load_text(text, "x.scn.yaml").diagnostics
    assert located(diags) == [("R603", *value_pos(text, "ruleset"))]
    assert "not a regular file" in diags[0].message
