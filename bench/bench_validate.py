"""Validation speed: 200 generated 50x50 4-player Pendulous scenarios.

Prints files per second of `gridsmith validate` (structure + semantics + playability lints) and of
check-jsonschema validating the same files against the same published schema (structure only),
both as the command a CI job would run, measured in the same run; and the in-process figures of
the fast path and of the position-keeping full reader, to show what the fast path saves.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gridsmith.formats.loader import load_file, validate_file  # noqa: E402
from gridsmith.formats.pendulous.mapgen import generate_yaml  # noqa: E402

N = 200
SCHEMA = ROOT / "formats" / "schemas" / "pendulous.scenario.v1.json"


def best_of(runs: int, fn) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    bindir = Path(sys.executable).parent
    gridsmith = shutil.which("gridsmith", path=str(bindir)) or "gridsmith"
    checker = shutil.which("check-jsonschema", path=str(bindir)) or "check-jsonschema"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        t0 = time.perf_counter()
        for seed in range(N):
            (folder / f"gen{seed:03d}.scn.yaml").write_text(generate_yaml(seed), "utf-8")
        print(f"generated {N} scenarios of 50x50, 4 players in {time.perf_counter() - t0:.1f} s")
        files = sorted(folder.glob("*.scn.yaml"))
        dirty = [f for f in files if validate_file(f)]
        print(f"files with diagnostics: {len(dirty)}")

        fast = best_of(3, lambda: [validate_file(f) for f in files])
        full = best_of(3, lambda: [load_file(f) for f in files])
        print(f"in process, fast path (validate_file):      {N / fast:8.1f} files/s  ({fast * 1000 / N:.2f} ms/file)")
        print(f"in process, full reader with positions:     {N / full:8.1f} files/s  ({full * 1000 / N:.2f} ms/file)")

        def run(cmd):
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0:
                raise SystemExit(f"{cmd[0]} failed ({r.returncode}):\n{r.stdout[-2000:]}{r.stderr[-2000:]}")

        ours = best_of(3, lambda: run([gridsmith, "validate", "-q", str(folder)]))
        theirs = best_of(3, lambda: run([checker, "--schemafile", str(SCHEMA), *map(str, files)]))
        print(f"gridsmith validate (CLI, all checks):       {N / ours:8.1f} files/s  ({ours:.2f} s)")
        print(f"check-jsonschema (CLI, schema only):        {N / theirs:8.1f} files/s  ({theirs:.2f} s)")
        print(f"ratio gridsmith / check-jsonschema speed:   {theirs / ours:8.2f}x  (target >= 1.0)")


if __name__ == "__main__":
    main()
