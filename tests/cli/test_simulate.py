"""`gridsmith simulate` for every game: its own computer players by default, seats named as the
scenario names them, a failed game as one line (locally and on Dask workers), the reference settings
carried to the workers, and a clear usage message when Dask is not installed (issue 29, item 6)."""
from __future__ import annotations

import json
import shutil
import sys
from concurrent.futures import Future
from pathlib import Path

import pytest

from gridsmith.cli import main
from gridsmith.engine.core import games
from gridsmith.engine.core.simulate import GameRecord, GameSpec, make_specs, result_of, run, seed_list, summarize
from gridsmith.formats.loader import load_file

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
#: one scenario per game, its seats as the scenario names them
SCENARIOS = {
    "pendulous": ("pendulous/duel.scn.yaml", ["Red Army", "Gray Army"]),
    "pyramids": ("pyramids/sample.scn.yaml", ["player", "cheops"]),
    "circuitwar": ("circuitwar/duel.scn.yaml", ["Red", "Blue"]),
    "pendulum": ("pendulum/duel.scn.yaml", ["white", "black"]),
    "kongbots": ("kongbots/scout-duel.scn.yaml", ["Red", "Blue"]),
}


def test_every_game_is_covered_and_its_default_players_are_its_own():
    assert sorted(SCENARIOS) == sorted(games.names())
    for name in games.names():
        game = games.get(name)
        assert game.default_agents and set(game.default_agents) <= set(game.agents()), name


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_simulate_with_the_default_seats_plays_every_game(name, capsys):
    """No --seats: the game's own computer players (circuitwar has no `greedy`: it used to fail)."""
    path, names = SCENARIOS[name]
    game = games.get(name)
    code = main(["simulate", str(CONTENT / path), "--games", "1", "--jobs", "1", "--agent-seed", "1", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 1 and data["errors"] == 0 and data["failures"] == []
    expected = list(game.default_agents) * (2 // len(game.default_agents))
    assert data["seats"] == expected and data["seat_names"] == names


def test_circuitwar_duel_from_the_issue_runs_with_the_defaults(capsys):
    assert main(["simulate", str(CONTENT / "circuitwar" / "duel.scn.yaml"), "--games", "1", "--jobs", "1",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Red:heuristic" in out and "Blue:heuristic" in out


def test_kongbots_seats_are_the_scenarios_team_names(capsys):
    assert main(["simulate", str(CONTENT / "kongbots" / "scout-duel.scn.yaml"), "--games", "1", "--jobs", "1",
                 "--seats", "random", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "  Red:random" in out and "  Blue:random" in out and "team A" not in out


def test_a_game_without_turns_says_so(capsys):
    assert main(["simulate", str(CONTENT / "pyramids" / "sample.scn.yaml"), "--games", "2", "--jobs", "1",
                 "--seats", "random", "--no-progress"]) == 0
    out = capsys.readouterr().out
    length = next(line for line in out.splitlines() if line.startswith("length"))
    assert "the game counts no turns" in length and "turns;" not in length and "0-0" not in length
    assert main(["simulate", str(CONTENT / "pyramids" / "sample.scn.yaml"), "--games", "1", "--jobs", "1",
                 "--seats", "random", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["length_turns"] is None


def test_scheduler_without_dask_is_one_usage_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as on the light install: `import distributed` fails
    code = main(["simulate", str(CONTENT / "pendulous" / "duel.scn.yaml"), "--scheduler", "tcp://127.0.0.1:1"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "pip install 'gridsmith[dask]'" in err and "Traceback" not in err


def _failing_choose(self, view, legal, rng):
    raise RuntimeError("the agent broke\nover two lines")


def test_a_failed_game_is_one_line_of_the_summary(monkeypatch, capsys):
    from gridsmith.engine.pendulous import agents

    monkeypatch.setattr(agents.RandomAgent, "choose", _failing_choose)
    code = main(["simulate", str(CONTENT / "pendulous" / "duel.scn.yaml"), "--games", "3", "--jobs", "1",
                 "--seats", "random", "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "Traceback" not in out + err and 'File "' not in out + err
    failed = [line for line in out.splitlines() if line.startswith("failed:")]
    assert failed == ["failed: 3 games (seeds 0-2): RuntimeError: the agent broke; over two lines"]
    assert err.strip() == "gridsmith simulate: 3 of 3 games failed"


def test_a_worker_that_cannot_return_a_game_fails_that_game_only():
    spec = GameSpec("pendulous", None, ("greedy", "greedy"), 7)
    f: Future[GameRecord] = Future()
    f.set_exception(ConnectionError("worker lost"))
    rec = result_of(f, spec)
    assert rec.seed == 7 and rec.error == "ConnectionError: worker lost"
    s = summarize([rec], 2)
    assert s.to_text().splitlines() == ["0 games, 1 errors, 0.0 s", "failed: 1 game (seed 7): ConnectionError: worker lost"]


def test_seed_list_folds_runs():
    assert seed_list([3, 0, 1, 2, 7, 9, 10, 10]) == "0-3, 7, 9-10"


def _outside_scenario(tmp_path: Path) -> Path:
    """A scenario whose ruleset lives in a sibling folder: outside the scenario's content tree."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "scn").mkdir()
    shutil.copy(CONTENT / "pendulous" / "default.rules.yaml", tmp_path / "rules" / "house.rules.yaml")
    text = (CONTENT / "pendulous" / "duel.scn.yaml").read_text(encoding="utf-8")
    assert "\nruleset: default\n" in text
    scn = tmp_path / "scn" / "duel.scn.yaml"
    scn.write_text(text.replace("\nruleset: default\n", "\nruleset: ../rules/house.rules.yaml\n"), encoding="utf-8")
    return scn


def test_outside_references_are_refused_unless_allowed(tmp_path, capsys):
    scn = _outside_scenario(tmp_path)
    assert main(["simulate", str(scn), "--games", "1", "--jobs", "1", "--no-progress"]) == 1
    assert "R609" in capsys.readouterr().err
    assert main(["simulate", str(scn), "--games", "2", "--jobs", "1", "--json", "--allow-outside-references"]) == 0
    assert json.loads(capsys.readouterr().out)["errors"] == 0


@pytest.fixture(scope="module")
def cluster():
    """A real Dask cluster on loopback: a scheduler and one worker process (not threads of this
    process: the worker has its own interpreter, environment and module state)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, protocol="tcp://",
                                  host="127.0.0.1", dashboard_address=":0") as c:
        yield c


def test_dask_workers_get_the_outside_references_setting(tmp_path, capsys, cluster):
    scn = _outside_scenario(tmp_path)
    code = main(["simulate", str(scn), "--games", "2", "--seats", "greedy,random", "--scheduler",
                 cluster.scheduler_address, "--json", "--allow-outside-references", "--agent-seed", "3"])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    data = json.loads(out)
    assert data["games"] == 2 and data["errors"] == 0, data["failures"]


def test_a_game_failing_on_a_dask_worker_is_one_line(cluster):
    from distributed import Client

    model = load_file(CONTENT / "pendulous" / "duel.scn.yaml").model
    specs = make_specs("pendulous", model, ["greedy", "greedy"], 2, agent_options=[{"no_such_option": 1}] * 2,
                       base=str(CONTENT / "pendulous"))
    with Client(cluster.scheduler_address) as client:
        records = list(run(specs, client.get_executor()))
    assert len(records) == 2
    for r in records:
        assert r.error is not None and "\n" not in r.error and r.error.startswith("TypeError: ")


def test_a_spec_without_settings_follows_the_environment_as_before(tmp_path, monkeypatch):
    """The editor's balance lab makes specs without reference settings: the environment decides."""
    from gridsmith.engine.core.simulate import play_game
    from gridsmith.formats.session import ALLOW_OUTSIDE_ENV

    scn = _outside_scenario(tmp_path)
    monkeypatch.setenv(ALLOW_OUTSIDE_ENV, "1")
    model = load_file(scn).model
    spec = GameSpec("pendulous", model, ("greedy", "greedy"), 1, base=str(scn.parent), agent_seed=1)
    assert play_game(spec).error is None
    monkeypatch.delenv(ALLOW_OUTSIDE_ENV)
    rec = play_game(spec)
    assert rec.error is not None and "leads outside the content tree" in rec.error and "\n" not in rec.error
