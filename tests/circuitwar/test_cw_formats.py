"""Circuit War files: the lattice alphabet, semantic checks with codes located at file:line:col, the
documentation of every code, templates, and saved games that replay (issue 15, item 1)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from gridsmith.engine.core import games
from gridsmith.engine.core.loop import Match
from gridsmith.formats import registry, templates
from gridsmith.formats.circuitwar import lattice as L
from gridsmith.formats.loader import check_model, load_file, load_text, validate_file

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content" / "circuitwar"
HEAD = "kind: circuitwar.scenario\nversion: 1\nname: t\n"
TWO = "players:\n  - {name: Red}\n  - {name: Blue}\n"


def diags(text: str):
    return [(d.code, d.line, d.col) for d in load_text(text, "t.scn.yaml").diagnostics]


def test_every_cw_code_is_documented():
    src = "".join(p.read_text("utf-8") for p in (REPO / "formats" / "circuitwar").glob("*.py"))
    codes = sorted(set(re.findall(r'"(CW\d\d\d)"', src)))
    doc = (REPO / "docs" / "formats.md").read_text("utf-8")
    assert len(codes) >= 15
    assert [c for c in codes if not re.search(rf"\b{c}\b", doc)] == []


@pytest.mark.parametrize("path", sorted(CONTENT.glob("*.yaml")) + [Path(__file__).parent / "data" / "doc_example.scn.yaml"],
                         ids=lambda p: p.name)
def test_bundled_files_are_clean(path):
    assert validate_file(path) == []


def test_names_in_doubled_coordinates():
    assert L.parse_point("c4") == (6, 4) and L.point_name(6, 4) == "c4"
    assert L.parse_circuit("c4-d4") == (6, 5) == L.parse_circuit("d4-c4")
    assert L.circuit_name(7, 4) == "c4-c5"
    with pytest.raises(ValueError):
        L.parse_circuit("c4-e4")


@pytest.mark.parametrize("body, code, line, col", [
    (TWO + 'grid: ["A1+", "  ", "+ +"]\n', "CW401", 7, 15),                       # a row of 2 characters
    (TWO + 'grid: ["A1+ B", "   x ", "+ + +"]\n', "CW402", 7, 21),                # x between four points
    (TWO + 'grid: ["A + +", "     ", "+ B +", "     ", "+ + +"]\n', "CW403", 7, 29),  # B in the middle
    (TWO + 'grid: ["A + +", "     ", "+ + +"]\n', "CW404", 7, 7),                 # no CPU for Blue
    (TWO + 'grid: ["A3+ B", "     ", "+ + +"]\n', "CW405", 7, 10),
    (TWO + 'grid: ["A + B", "    1", "+ + +"]\n', "CW406", 7, 22),                # Red's circuit below B
    (TWO + 'grid: ["A + B", "     ", "+ + +"]\nobjects: [" R"]\n', "CW407", 8, 13),
    (TWO + 'grid: ["A1+ B", "     ", "+ + +"]\ncharges: [{at: a1-b1, charge: 3}]\n', "CW408", 8, 16),
    ("players:\n  - {name: Red}\ngrid: [\"A + +\"]\n", "CW401", 6, 7),
    ("players:\n  - {name: Red}\ngrid: [\"A + +\", \"     \", \"+ + +\"]\n", "CW409", 5, 3),
    (TWO + 'ruleset: nosuch\ngrid: ["A + B", "     ", "+ + +"]\n', "R601", 7, 10),
    ("players:\n  - {name: Red, energy: 999}\n  - {name: Blue}\ngrid: [\"A + B\", \"     \", \"+ + +\"]\n",
     "CW411", 5, 25),
    (TWO + 'cpus: random\ngrid: ["+ + +", "     ", "+ + +"]\n', None, 0, 0),
    (TWO + 'cpus: random\ngrid: ["a b", "   ", "a b"]\n', "CW412", 7, 7),
    ("players:\n  - {name: Red, energy: 0}\n  - {name: Blue}\ngrid: [\"A + B\", \"     \", \"+ + +\"]\n",
     "CW501", 5, 5),
])
def test_semantic_checks_are_located(body, code, line, col):
    found = diags(HEAD + body)
    if code is None:
        assert found == []
    else:
        assert (code, line, col) in found, found


@pytest.mark.parametrize("body, code", [
    ("capacitor: {start_charge: 30}\n", "CW420"),
    ("dead_sides: {convert_percent: 60, decay_percent: 60}\n", "CW421"),
    ("collision: {level_energy: {weak: 2, nominal: 2, strong: 3}}\n", "CW422"),
])
def test_ruleset_checks(body, code):
    found = [d.code for d in load_text("kind: circuitwar.ruleset\nversion: 1\nname: v\n" + body, "v.rules.yaml").diagnostics]
    assert found == [code]


def test_the_default_ruleset_holds_the_manuals_numbers():
    r = load_file(CONTENT / "default.rules.yaml").model
    c = r.build.costs
    assert (c.circuit, c.gridrunner, c.resistor, c.capacitor, c.switch_off, c.switch_on, c.diode, c.ground,
            c.transformer) == (2, 10, 3, 7, 3, 2, 4, 10, 15)
    a, d = r.attack, r.dying
    assert (a.circuit, a.resistor, a.capacitor, a.switch_off, a.switch_on, a.diode, a.ground, a.transformer,
            a.per_level_percent) == (50, 65, 50, 50, 50, 65, 15, 20, 10)
    assert (d.circuit, d.resistor, d.capacitor, d.switch_off, d.switch_on, d.diode, d.ground, d.transformer,
            d.capacitor_charge_percent) == (0, 45, 60, 35, 0, 50, 25, 0, 2)
    assert (r.energy.per_circuit, r.energy.cap, r.energy.carry_over_percent, r.build.per_turn) == (1, 150, 20, 5)
    assert (r.capacitor.start_charge, r.capacitor.max_charge, r.build.transmission_percent) == (10, 20, 33)
    assert (r.beam.range_circuits, r.beam.push_cost) == (10, 1)
    assert (r.collision.explosion_base_percent, r.collision.explosion_per_level_percent) == (50, -10)
    # open in the manual ("stronger = more energy loss"): the project's amounts, session 38
    assert (r.collision.cpu_drain.weak, r.collision.cpu_drain.nominal, r.collision.cpu_drain.strong) == (100, 200, 300)
    assert r == registry.get("circuitwar.ruleset").model(kind="circuitwar.ruleset", version=1, name="default",
                                                         description=r.description)


@pytest.mark.parametrize("options", [{}, {"players": 4}, {"players": 3, "width": 7, "height": 5}])
def test_templates_are_valid(options):
    model = templates.new_model(registry.get("circuitwar.scenario"), **options)
    assert check_model(model) == []
    assert len(model.players) == options.get("players", 2)
    assert L.size_of(model.grid) == (options.get("width", 19), options.get("height", 12))


def _saved_text(name: str, seed: int, agent: str, agent_seed: int, actions: int) -> str:
    """A game of `name` played by two `agent`s for at most `actions` actions, as its save's text."""
    game = games.get("circuitwar")
    state = game.new_game(load_file(CONTENT / name).model, seed, base=CONTENT)
    m = Match(state, [game.agent(agent), game.agent(agent)], agent_seed=agent_seed, max_actions=actions)
    try:
        m.run()
    except Exception:  # noqa: BLE001 - the action budget of this test
        pass
    return game.save_text(game.save(state, [agent, agent]))


def test_a_saved_game_replays_and_a_tampered_one_is_located(tmp_path):
    game = games.get("circuitwar")
    path = tmp_path / "g.sav.yaml"
    text = _saved_text("fortress.scn.yaml", 4, "random", 2, 150)
    path.write_text(text)
    game.register_checks()
    assert validate_file(path) == []
    lines = text.splitlines()
    i = next(k for k, t in enumerate(lines) if t.strip().startswith("energy:") and k > text.count("\n") // 2)
    lines[i + 1] = re.sub(r"\d+", "777", lines[i + 1], count=1)
    path.write_text("\n".join(lines) + "\n")
    found = [(d.code, d.line) for d in validate_file(path)]
    assert found and found[0][0] == "SAV411"


def test_saves_keep_the_drain_they_were_played_under(tmp_path):
    """The default CPU drain rose from 10/20/30 to 100/200/300 (session 38). A save leaves nothing out
    of its embedded ruleset now, so no later default changes a recorded game; an older save, which
    left the default out, replays under the 10/20/30 it was played with."""
    game = games.get("circuitwar")
    text = _saved_text("duel.scn.yaml", 5, "heuristic", 1, 400)
    assert "cpu_drain:" in text and "strong: 300" in text  # stated, though it is the default
    path = tmp_path / "new.sav.yaml"
    path.write_text(text)
    game.register_checks()
    assert validate_file(path) == []
    assert load_file(path).model.ruleset.collision.cpu_drain.strong == 300
    # an older save: the same game written the old way (the drain left out) means the old amounts
    old = load_file(path).model.model_dump(mode="json", exclude_none=True)
    del old["ruleset"]["collision"]["cpu_drain"]
    from gridsmith.formats.circuitwar.save import SavedGame

    assert SavedGame.model_validate(old).ruleset.collision.cpu_drain.strong == 30
