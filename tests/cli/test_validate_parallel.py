"""`gridsmith validate` checks a large tree on every core (issue 29 item 8): the report is the same,
line for line, as checking it in one process, whatever the chunks."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DUEL = (ROOT / "content" / "pendulous" / "duel.scn.yaml").read_text("utf-8")
RULES = (ROOT / "content" / "pendulous" / "default.rules.yaml").read_text("utf-8")


def _validate(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    # a fresh interpreter: the workers are forked from it, never from the test process (Qt threads)
    return subprocess.run([sys.executable, "-m", "gridsmith", "validate", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=300)


def test_a_large_tree_reports_the_same_on_every_core_as_in_one_process(tmp_path):
    tree = tmp_path / "content"
    (tree / "rules").mkdir(parents=True)
    (tree / "rules" / "house.rules.yaml").write_text(RULES, encoding="utf-8")
    for i in range(60):  # > PARALLEL_FROM: clean files, typos, bad values, references good and missing
        text = DUEL
        if i % 5 == 1:
            text = text.replace("name:", "nmae:", 1)
        if i % 5 == 2:
            text = text.replace("turns: 12", "turns: 0")
        if i % 5 == 3:
            text = text.replace("ruleset: default", "ruleset: ../rules/house.rules.yaml")
        if i % 5 == 4:
            text = text.replace("ruleset: default", "ruleset: ../rules/missing.rules.yaml")
        folder = tree / f"set{i % 3}"
        folder.mkdir(exist_ok=True)
        (folder / f"m{i:02}.scn.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "gridsmith.toml").write_text('content-roots = ["content"]\n', encoding="utf-8")
    serial = _validate("content", "--jobs", "1", "--format", "json", cwd=tmp_path)
    parallel = _validate("content", "--format", "json", cwd=tmp_path)
    two = _validate("content", "--jobs", "2", cwd=tmp_path)
    assert serial.returncode == parallel.returncode == two.returncode == 1, serial.stderr + parallel.stderr
    assert parallel.stdout == serial.stdout
    assert all(code in serial.stdout for code in ("S301", "PND409", "R601"))
    assert "checked 61 file(s)" in two.stdout and "Traceback" not in two.stderr + parallel.stderr
