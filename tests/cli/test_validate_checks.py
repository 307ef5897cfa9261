"""`gridsmith validate` imports what the files it checks need, no more (issue 29 item 8, start-up): a
game's formats only for a file of one of its kinds, a game's engine only for the kinds that have
engine-backed checks (the entry-point group `gridsmith.checks` names them, and must name exactly the
checks every game's Game.checks() gives)."""
from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

from gridsmith.cmd_validate import CHECKS_GROUP
from gridsmith.engine.core.games import all_games

ROOT = Path(__file__).resolve().parents[2]


def test_the_checks_group_names_every_games_engine_checks_and_nothing_else():
    games = {(kind, check) for game in all_games() for kind, check in game.checks()}
    named = {(ep.name, check) for ep in entry_points(group=CHECKS_GROUP) for kind, check in ep.load()
             if kind == ep.name}
    assert named == games
    assert {kind for kind, _ in games} == {ep.name for ep in entry_points(group=CHECKS_GROUP)}


def _modules_after_validating(*paths: str, code: int = 0) -> set[str]:
    probe = ("import json, sys\nfrom gridsmith.cli import main\ncode = main(['validate', '-q', *sys.argv[1:]])\n"
             "print(json.dumps([code, sorted(sys.modules)]))")
    out = subprocess.run([sys.executable, "-c", probe, *paths], capture_output=True, text=True, timeout=120)
    exited, modules = json.loads(out.stdout.splitlines()[-1])
    assert exited == code, out.stdout + out.stderr
    return set(modules)


def test_a_tree_without_saves_imports_no_engine_and_a_save_imports_its_games():
    scenario = str(ROOT / "content" / "pendulous" / "duel.scn.yaml")
    modules = _modules_after_validating(scenario)
    engines = sorted(m for m in modules if m.startswith("gridsmith.engine.") and m.split(".")[2] != "core")
    assert engines == []
    games = {m.split(".")[2] for m in modules if m.startswith("gridsmith.formats.") and m.count(".") >= 3}
    assert games == {"pendulous"}
    # a saved game that does not replay (SAV405): its game's engine checked it
    save = ROOT / "tests" / "cli" / "bad_commands" / "pendulous_more_seats_than_scenario.sav.yaml"
    modules = _modules_after_validating(str(save), code=1)
    assert "gridsmith.engine.pendulous.checks" in modules
    assert "gridsmith.engine.kongbots.checks" not in modules


def test_a_yaml_file_without_a_kind_line_is_still_chosen_by_its_suffix(tmp_path):
    """The folder walk reads `kind:` lines first (no game loaded); a file with a Gridsmith suffix and
    no `kind:` line is checked all the same (K201), other YAML is skipped and counted."""
    (tmp_path / "nokind.scn.yaml").write_text("version: 1\n", encoding="utf-8")
    (tmp_path / "other.yaml").write_text("a: 1\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("kind: pendulous.scenario\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "gridsmith", "validate", str(tmp_path)], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 1
    assert "nokind.scn.yaml:1:1: error K201: missing `kind:`" in out.stdout
    assert "checked 1 file(s)" in out.stdout and "other.yaml" not in out.stdout.replace("skipped", "")


def test_the_folder_walk_collects_the_declared_kinds(tmp_path):
    """What `validate` imports once before its workers fork (a kind's game, its engine checks)."""
    from gridsmith.formats.discover import select

    (tmp_path / "a.scn.yaml").write_text("kind: pendulous.scenario\nversion: 1\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("# a bot\n'kind': \"kongbots.bot\"\n", encoding="utf-8")
    (tmp_path / "c.sav.yaml").write_text("version: 1\n", encoding="utf-8")
    sel = select([str(tmp_path)])
    assert [p.name for p in sel.files] == ["a.scn.yaml", "b.yaml", "c.sav.yaml"]
    assert sel.kinds == {"pendulous.scenario", "kongbots.bot"}


def test_without_the_checks_group_every_games_checks_are_added_as_before(monkeypatch):
    """An install whose metadata predates the group (not reinstalled) still replays saved games."""
    from gridsmith import cmd_validate

    monkeypatch.setattr(cmd_validate, "_registered", False)
    monkeypatch.setattr(cmd_validate, "entry_points", lambda group: [])
    added = []
    monkeypatch.setattr("gridsmith.engine.core.game.add_check", lambda kind, check: added.append(kind))
    monkeypatch.setattr("gridsmith.engine.core.game._REGISTERED", set())
    cmd_validate.register_engine_checks()
    assert sorted(added) == sorted(kind for game in all_games() for kind, _ in game.checks())
