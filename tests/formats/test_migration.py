"""Versioning (issue 2, item 2): a version-0 draft of a Pendulous scenario (formats/pendulous/migrations.py:
`title`, `rows`, flat `turns`/`vp_land`/`vp_city`/`naval`, short player keys) is migrated on reading and
is the same model as its version-1 equivalent, end to end through the file reader."""
from __future__ import annotations

from pathlib import Path

import pytest

from fmtkit import located, pos
from gridsmith.formats import registry
from gridsmith.formats.loader import load_file, load_text, validate_file
from gridsmith.formats.pendulous.migrations import scenario_v0_to_v1
from gridsmith.cli import main

HERE = Path(__file__).parent / "v0"
V0 = HERE / "twin_rivers_v0.scn.yaml"
V1 = HERE / "twin_rivers_v1.scn.yaml"


def test_v0_draft_validates_clean(capsys):
    assert validate_file(V0) == []
    assert main(["validate", str(V0)]) == 0


def test_v0_draft_loads_as_the_same_model_as_v1():
    old, new = load_file(V0), load_file(V1)
    assert old.ok and new.ok
    assert old.migrated_from == 0 and new.migrated_from is None
    assert old.model == new.model
    assert old.model.version == 1
    assert old.model.settings.victory_points.city == 5 and old.model.players[1].army_effectiveness == 100


def test_the_chain_is_registered():
    spec = registry.get("pendulous.scenario")
    assert (spec.oldest_version, spec.version) == (0, 1)
    assert spec.migrations[0] is scenario_v0_to_v1
    assert spec.migrate({"kind": spec.kind, "version": 0, "title": "T"}, 0) == \
        {"kind": spec.kind, "version": 1, "name": "T"}


def test_migration_step_maps_every_v0_key():
    v0 = {"kind": "pendulous.scenario", "version": 0, "title": "T", "description": "d", "ruleset": "default",
          "turns": 7, "vp_land": 2, "vp_city": 9, "naval": True, "rows": ["1A", "2B"],
          "players": [{"name": "a", "reinforcements": 1, "resources": 2, "start_vp": 3, "effectiveness": 90,
                       "max_forces": 5, "initial_forces": 4, "start_resources": 6}]}
    v1 = scenario_v0_to_v1(v0)
    assert v1 == {"kind": "pendulous.scenario", "version": 0, "name": "T", "description": "d", "ruleset": "default",
                  "players": [{"name": "a", "reinforcement_rate": 1, "resource_rate": 2, "start_victory_points": 3,
                               "army_effectiveness": 90, "max_forces": 5, "initial_forces": 4, "start_resources": 6}],
                  "settings": {"turns": 7, "victory_points": {"land": 2, "city": 9}, "naval_invasions": True},
                  "map": ["1A", "2B"]}


def test_typo_in_a_v0_file_still_reported():
    """Unknown keys pass through the migration so the structure stage reports them."""
    text = V0.read_text().replace("naval: false", "naval: false\nnavel: true")
    assert [d.code for d in load_text(text).diagnostics] == ["S301"]


def test_semantic_problems_of_a_v0_file_are_reported():
    text = V0.read_text().replace('"11112222"', '"1111x222"')
    assert [d.code for d in load_text(text).diagnostics] == ["PND403"]


def test_broken_v0_values_are_diagnostics():
    text = V0.read_text().replace("vp_city: 5\n", "").replace("vp_land: 1", "vp_land: [1]")
    loaded = load_text(text)
    assert loaded.model is None and loaded.diagnostics and all(d.is_error for d in loaded.diagnostics)


def test_v0_players_that_are_not_a_list_do_not_crash():
    text = V0.read_text().replace("players:\n", "players: 3\nold_players:\n")
    assert load_text(text).diagnostics


@pytest.mark.parametrize("old,new,code,needle", [
    ("turns: 20", 'turns: "20"', "S303", '"20"'),
    ("naval: false", "naval: yes", "S303", "yes"),
    ("vp_city: 5", "vp_city: -5", "PND406", "-5"),
    ("title: Twin Rivers", "title: ''", "S304", "''"),
    ('"11112222"', '"1111x222"', "PND403", "x222"),
    ("effectiveness: 100\n  - name: Gray", "effectiveness: 0\n  - name: Gray", "PND407", "0\n  - name: Gray"),
])
def test_problems_in_a_v0_file_point_at_the_v0_node(tmp_path, old, new, code, needle):
    """Found by this suite: problems found after migration were located with current-layout paths
    in the draft's tree, so they all fell back to the top of the file. Migrations now carry a
    `path_back` that the loader follows."""
    text = V0.read_text().replace(old, new, 1)
    path = tmp_path / "draft.scn.yaml"
    path.write_text(text)
    for diags in (validate_file(path), load_text(text).diagnostics):
        assert located(diags) == [(code, *pos(text, needle))]


def test_diagnostic_paths_stay_in_the_current_layout():
    """The editor edits the migrated model: the path it gets is the model's, only the position is the file's."""
    text = V0.read_text().replace("turns: 20", "turns: 0")
    [d] = load_text(text).diagnostics
    assert d.path == ("settings", "turns") and (d.line, d.col) == pos(text, "0\nvp_land")
