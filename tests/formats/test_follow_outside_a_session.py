"""A reference followed outside any session (an engine starting each game of a batch from a scenario
that names its ruleset) is remembered across calls, and read again as soon as a file it read, or
the path it followed, changes on disk (formats.references, `_follow_alone`)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from gridsmith.engine.circuitwar.api import GAME
from gridsmith.engine.core.agents import RandomAgent
from gridsmith.engine.core.loop import Match
from gridsmith.formats import config, loader, references
from gridsmith.formats.circuitwar.refs import load_ruleset
from gridsmith.formats.loader import load_file
from gridsmith.formats.rulesets import RulesetError

CONTENT = Path(__file__).resolve().parents[2] / "content" / "circuitwar"


def _ruleset(path: Path, start: int) -> None:
    path.write_text(f"kind: circuitwar.ruleset\nversion: 1\nname: r\nenergy:\n  start: {start}\n")


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The names of the files the loader reads from now on (the shared caches emptied first)."""
    out: list[str] = []
    real = loader.load_model
    monkeypatch.setattr(loader, "load_model", lambda p: out.append(Path(p).name) or real(p))
    references._SHARED.clear()
    references._ALONE.clear()
    return out


def test_a_ruleset_is_read_once_then_again_when_edited(tmp_path, reads):
    rules, scenario = tmp_path / "my.rules.yaml", tmp_path / "s.scn.yaml"
    _ruleset(rules, 30)
    first = load_ruleset("my.rules.yaml", scenario)
    assert first.energy.start == 30
    assert load_ruleset("my.rules.yaml", scenario) is first
    assert reads == ["my.rules.yaml"]
    _ruleset(rules, 400)  # another size
    assert load_ruleset("my.rules.yaml", scenario).energy.start == 400
    _ruleset(rules, 500)  # the same size: the modification time tells (set apart, as a later edit would be)
    st = os.stat(rules)
    os.utime(rules, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert load_ruleset("my.rules.yaml", scenario).energy.start == 500
    assert reads == ["my.rules.yaml"] * 3
    rules.unlink()
    with pytest.raises(RulesetError, match="does not exist"):
        load_ruleset("my.rules.yaml", scenario)


def test_a_symbolic_link_pointed_elsewhere_is_another_file(tmp_path, reads):
    _ruleset(tmp_path / "a.rules.yaml", 11)
    _ruleset(tmp_path / "b.rules.yaml", 22)
    link = tmp_path / "link.rules.yaml"
    link.symlink_to("a.rules.yaml")
    assert load_ruleset("link.rules.yaml", tmp_path / "s.scn.yaml").energy.start == 11
    link.unlink()
    link.symlink_to("b.rules.yaml")
    assert load_ruleset("link.rules.yaml", tmp_path / "s.scn.yaml").energy.start == 22


def test_what_decides_the_outcome_besides_files_is_part_of_the_key(tmp_path, reads, monkeypatch):
    """The working folder (a relative scenario path), the environment's permission to leave the
    content tree, and the project configurations (forgotten: `config.clear_cache`)."""
    (tmp_path / "maps").mkdir()
    _ruleset(tmp_path / "shared.rules.yaml", 33)
    scenario = tmp_path / "maps" / "s.scn.yaml"
    with pytest.raises(RulesetError, match="outside the content tree"):
        load_ruleset("../shared.rules.yaml", scenario)
    monkeypatch.setenv(references.ALLOW_OUTSIDE_ENV, "1")
    assert load_ruleset("../shared.rules.yaml", scenario).energy.start == 33
    monkeypatch.delenv(references.ALLOW_OUTSIDE_ENV)
    with pytest.raises(RulesetError, match="outside the content tree"):
        load_ruleset("../shared.rules.yaml", scenario)
    # a project configuration written later lets the reference out once configurations are forgotten
    (tmp_path / "gridsmith.toml").write_text('content-roots = ["."]\n')
    config.clear_cache()
    try:
        assert load_ruleset("../shared.rules.yaml", scenario).energy.start == 33
    finally:
        config.clear_cache()
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        _ruleset(tmp_path / name / "r.rules.yaml", len(name) * 100)
    monkeypatch.chdir(tmp_path / "one")
    assert load_ruleset("r.rules.yaml", Path("s.scn.yaml")).energy.start == 300
    monkeypatch.chdir(tmp_path / "two")
    assert load_ruleset("r.rules.yaml", Path("s.scn.yaml")).energy.start == 300


def test_a_game_started_again_reads_its_edited_ruleset(tmp_path, reads):
    """Circuit War's new_game follows its scenario's ruleset every game: an edit shows in the next."""
    text = (CONTENT / "fortress.scn.yaml").read_text().replace("ruleset: default", "ruleset: my.rules.yaml")
    text = text.replace("{name: Red, energy: 60}", "{name: Red}")
    (tmp_path / "f.scn.yaml").write_text(text)
    _ruleset(tmp_path / "my.rules.yaml", 40)
    model = load_file(tmp_path / "f.scn.yaml").model
    starts = []
    for start in (40, 40, 70):
        if start != 40:
            _ruleset(tmp_path / "my.rules.yaml", start)
        state = GAME.new_game(model, 1, base=str(tmp_path))
        starts.append(state.energy[0])
    assert starts[0] == starts[1] != starts[2]
    assert reads.count("my.rules.yaml") == 2  # the scenario's load read it, the edit once more


def test_a_game_leaves_the_shared_ruleset_as_it_was():
    """The ruleset a scenario names is one model shared by every game of a batch: playing changes none
    of it."""
    path = CONTENT / "fortress.scn.yaml"
    model = load_file(path).model
    rules = load_ruleset(model.ruleset, path)
    before = rules.model_dump_json()
    for seed in (1, 2):
        state = GAME.new_game(model, seed, base=str(path.parent))
        assert state.rules is rules
        Match(state, [RandomAgent(), RandomAgent()], seed).run()
    assert rules.model_dump_json() == before
