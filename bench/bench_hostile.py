"""Hostile files are refused quickly, and Cheops keeps to its time limit.

The tests check *what* is refused and that the work is bounded; how fast is measured here, never
asserted in tests (a loaded machine says nothing about the code). Each hostile file is timed against
a baseline measured in the same run: validating the bundled duel scenario (12x10, clean). Targets:
every hostile file within 10x the baseline (the issue saw 9-15 s and hangs), but the 880 KB file of
80,000 values within 100x (it is 400 times the size of the duel; the pure-Python reader took 33 s);
Cheops' search stops within 1.5x its time limit.
"""
from __future__ import annotations

import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gridsmith.engine.core.rng import CounterRng  # noqa: E402
from gridsmith.engine.pyramids.cheops import CheopsAgent  # noqa: E402
from gridsmith.engine.pyramids.game import default_scenario, new_game  # noqa: E402
from gridsmith.formats.loader import load_file, validate_file  # noqa: E402

from bench_validate import best_of  # noqa: E402  (this folder is on sys.path: the script's own)

DUEL = ROOT / "content" / "pendulous" / "duel.scn.yaml"
BAD = ROOT / "tests" / "formats" / "bad"
PYR = "kind: pyramids.scenario\nversion: 1\nname: x\n"


def hostile_files(folder: Path) -> dict[str, Path]:
    """The files the tests refuse (tests/formats/test_references.py, test_hostile_input.py)."""
    out = {"billion laughs (Y106)": BAD / "billion_laughs.scn.yaml"}
    (folder / "missing.scn.yaml").write_text("kind: pendulous.scenario\nversion: 1\nname: x\n"
                                             "ruleset: missing.rules.yaml\n")
    out["missing ruleset (R601)"] = folder / "missing.scn.yaml"
    (folder / "self.scn.yaml").write_text(
        PYR + "board: self.scn.yaml\nsides:\n  player:\n    pieceset: self.scn.yaml\n"
              "  cheops:\n    pieceset: self.scn.yaml\n    setup: {library: self.scn.yaml, entry: e}\n")
    out["self-referencing Pyramids scenario (R607)"] = folder / "self.scn.yaml"
    many = folder / "many.scn.yaml"
    many.write_text("kind: pendulous.scenario\nversion: 1\n" + "".join(f"k{i:06d}: 1\n" for i in range(80_000)))
    out["80,000 values (Y112)"] = many  # the one allowed 100x
    huge = folder / "huge.scn.yaml"
    row = '  - "' + "1" * 50 + '"\n'
    with open(huge, "w") as f:
        f.write("kind: pendulous.scenario\nversion: 1\nmap:\n")
        f.write(row * (20 * 1024 * 1024 // len(row) + 1))
    out["20 MiB file (Y108)"] = huge
    return out


def main() -> None:
    base = best_of(5, lambda: validate_file(DUEL))
    print(f"baseline: validate the duel scenario            {base * 1000:8.2f} ms")
    over = []
    with tempfile.TemporaryDirectory() as d:
        for label, path in hostile_files(Path(d)).items():
            for how, fn in (("validate_file", validate_file), ("load_file", lambda p: load_file(p).diagnostics)):
                t = best_of(3, lambda: fn(path))
                target = 100 if "80,000" in label else 10
                print(f"{label:42s} {how:13s} {t * 1000:8.2f} ms  {t / base:6.2f}x baseline  (target <= {target}x)")
                if t / base > target:
                    over.append(label)
    print("hostile files over their target: " + (", ".join(over) if over else "none"))

    s = new_game(default_scenario(slide=3), 8)
    limit = 0.2
    ag = CheopsAgent(level=4, time_limit=limit, nodes=10**9, samples=50)
    t = best_of(1, lambda: ag.choose(s.view(s.to_move), s.legal_actions(), CounterRng(1)))
    print(f"Cheops with a {limit:.1f} s limit took {t:.3f} s: {t / limit:.2f}x the limit  (target <= 1.5x)")
    stop = threading.Event()
    seen: list = []

    def on_think(info) -> None:
        seen.append(info)
        if len(seen) == 3:
            stop.set()

    s = new_game(default_scenario(slide=3), 2)
    ag = CheopsAgent(level=4, stop=stop, on_think=on_think, nodes=10**9, samples=50)
    t = best_of(1, lambda: ag.choose(s.view(s.to_move), s.legal_actions(), CounterRng(1)))
    print(f"Cheops stopped after {len(seen)} reports in {t:.3f} s ({t / base:.0f}x the validation baseline)")


if __name__ == "__main__":
    main()
