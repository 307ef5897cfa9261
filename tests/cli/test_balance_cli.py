"""`gridsmith balance` (the assistant), `gridsmith balance --check` and `gridsmith simulate --baseline /
--write-baseline` (the balance check of content CI): good runs and bad input."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from gridsmith.cli import main

REPO = Path(__file__).resolve().parents[2]
PENDULOUS = REPO / "content" / "pendulous"


def duel_copy(tmp_path: Path) -> Path:
    for name in ("duel.scn.yaml", "default.rules.yaml"):
        shutil.copy(PENDULOUS / name, tmp_path / name)
    (tmp_path / "gridsmith.toml").write_text('content-roots = ["."]\n')
    return tmp_path / "duel.scn.yaml"


def test_balance_json_has_proposals_with_before_after_and_tolerance(tmp_path, capsys):
    f = duel_copy(tmp_path)
    code = main(["balance", str(f), "--games", "150", "--jobs", "1", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code in (0, 1)
    assert set(data) >= {"file", "before", "balanced", "proposals", "games", "message", "cancelled"}
    assert data["games"] <= 150
    assert data["before"]["games"] > 0 and len(data["before"]["seat_win_rate"]) == 2
    for p in data["proposals"]:
        assert p["edits"] and p["edits"][0]["label"] and p["edits"][0]["changes"]
        assert p["before"]["games"] == p["after"]["games"] > 0
        assert isinstance(p["meets_tolerance"], bool)
        assert all(len(r["ci95"]) == 2 for r in p["after"]["seat_win_rate"])
    assert code == (0 if data["balanced"] or any(p["meets_tolerance"] for p in data["proposals"]) else 1)


def test_balance_usage_errors(tmp_path, capsys):
    f = duel_copy(tmp_path)
    assert main(["balance", str(f), "--games", "5"]) == 2
    assert "--games must be at least 100" in capsys.readouterr().err
    assert main(["balance", str(f), "--time", "0"]) == 2
    assert main(["balance", str(f), str(f)]) == 2
    assert "one scenario at a time" in capsys.readouterr().err
    assert main(["balance", str(tmp_path / "default.rules.yaml")]) == 2
    assert "not a pendulous.scenario" in capsys.readouterr().err
    assert main(["balance", str(tmp_path / "missing.scn.yaml")]) == 2


def test_balance_of_a_broken_scenario_names_file_line_and_column(tmp_path, capsys):
    f = duel_copy(tmp_path)
    f.write_text(f.read_text().replace("turns: ", "turns: 0 #", 1))
    assert main(["balance", str(f)]) == 1
    err = capsys.readouterr().err
    assert f"{f}:" in err and "Traceback" not in err


def test_baseline_written_then_checked_then_moved(tmp_path, capsys):
    f = duel_copy(tmp_path)
    b = tmp_path / "duel.scn.balance.json"
    assert main(["simulate", str(f), "--games", "60", "--jobs", "1", "--agent-seed", "3", "--no-progress",
                 "--write-baseline", str(b)]) == 0
    data = json.loads(b.read_text())
    assert data["gridsmith_baseline"] == 1 and data["games"] == 60 and data["agent_seed"] == 3
    capsys.readouterr()
    # unchanged: the same seeds and players give the same games
    assert main(["balance", "--check", str(f), "--jobs", "1", "--no-progress"]) == 0
    assert "as recorded" in capsys.readouterr().err
    # the baseline file itself stands for its scenario (a commit that only re-records it)
    assert main(["balance", "--check", str(b), "--jobs", "1", "--no-progress"]) == 0
    # gray gets a handicap no greedy red overcomes: both seats moved, each said in one line
    text = f.read_text()
    i = text.index("start_victory_points", text.index("start_victory_points") + 1)
    j = text.index("\n", i)
    f.write_text(text[:i] + "start_victory_points: 5000" + text[j:])
    capsys.readouterr()
    assert main(["balance", "--check", str(f), "--jobs", "1", "--no-progress"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and all("points, p = " in line for line in out)
    assert main(["simulate", str(f), "--games", "60", "--jobs", "1", "--agent-seed", "3", "--no-progress",
                 "--baseline", str(b)]) == 1
    assert "moved from" in capsys.readouterr().err


def test_a_bad_baseline_is_one_line(tmp_path, capsys):
    f = duel_copy(tmp_path)
    b = tmp_path / "duel.scn.balance.json"
    b.write_text("[1, 2")
    assert main(["balance", "--check", str(f), "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert "not a baseline" in err and "Traceback" not in err
    assert main(["simulate", str(f), "--games", "2", "--jobs", "1", "--no-progress", "--baseline", str(b)]) == 2
    b.write_text(json.dumps({"gridsmith_baseline": 1, "scenario": "x", "agents": ["random", "random"], "games": 2,
                             "first_seed": 0, "agent_seed": None, "rates": []}))
    capsys.readouterr()
    assert main(["simulate", str(f), "--games", "2", "--jobs", "1", "--no-progress", "--baseline", str(b)]) == 2
    assert "--seats random,random" in capsys.readouterr().err


def test_check_skips_files_without_baseline(tmp_path, capsys):
    f = duel_copy(tmp_path)
    assert main(["balance", "--check", str(f), str(tmp_path / "default.rules.yaml"), "--no-progress"]) == 0
    assert "nothing to check" in capsys.readouterr().err
