"""Validation speed: 200 generated 50x50 4-player Pendulous scenarios, clean and with a warning.

Two sets of the same 200 maps: as generated (clean), and each with one isolated land square in a
corner, so every file has a playability warning (PND503: a square that cannot trace supply) and
its diagnostics must be located. For each set it prints files per second of `gridsmith validate`
(structure + semantics + playability lints, positions for every diagnostic) and of
check-jsonschema validating the same files against the same published schema (structure only),
both as the command a CI job would run, measured in the same run, and their ratio (target >= 2.0
for both sets), with the processor time each spent (its own and its workers'), steadier than the
wall clock on a busy machine, and the processor time of each on one file (its start-up, paid once
per run). In-process figures show what locating through libyaml's node marks
saves over the position-keeping round-trip reader.

Both commands start the same way: with compiled bytecode, as an installed package does (pip compiles
it at install). An environment with PYTHONDONTWRITEBYTECODE (or a read-only tree) would otherwise
make gridsmith, run from its source tree, compile its modules on every start, while
check-jsonschema's come compiled from site-packages; so both run with a bytecode cache of their own
(PYTHONPYCACHEPREFIX) filled by one untimed run each.
"""
from __future__ import annotations

import os
import resource
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
    return timed(runs, fn)[0]


def timed(runs: int, fn) -> tuple[float, float]:
    """The best wall-clock time of `runs` runs, and the least processor time (user + system) the
    processes `fn` started and waited for spent in one run."""
    times, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(times), min(cpu)


def with_supply_warning(text: str) -> str:
    """The scenario with seat 1 owning one more square, out at sea (all 8 neighbours water)."""
    lines = text.splitlines(keepends=True)
    start = next(i for i, ln in enumerate(lines) if ln.startswith("map:")) + 1
    rows = [ln.split('"')[1] for ln in lines[start:] if ln.startswith('  - "')]
    for r in range(1, len(rows) - 1):
        for c in range(1, len(rows[r]) - 1):
            if all(rows[r + dr][c + dc] == "~" for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
                lines[start + r] = lines[start + r].replace(rows[r], rows[r][:c] + "1" + rows[r][c + 1:])
                return "".join(lines)
    raise SystemExit("no open water to put the island in")


#: the commands' environment: bytecode cached (in a folder of the run's own, see above)
ENV = dict(os.environ)


def run(cmd: list[str]) -> None:
    r = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
    if r.returncode != 0:
        raise SystemExit(f"{cmd[0]} failed ({r.returncode}):\n{r.stdout[-2000:]}{r.stderr[-2000:]}")


def measure(label: str, folder: Path, gridsmith: str, checker: str) -> float:
    files = sorted(folder.glob("*.scn.yaml"))
    diags = [validate_file(f) for f in files]
    errors = sum(d.is_error for ds in diags for d in ds)
    warned = sum(1 for ds in diags if ds)
    print(f"-- {label}: {len(files)} files, {warned} with diagnostics, {errors} errors")
    if errors:
        raise SystemExit("the benchmark files must have no errors")
    fast = best_of(3, lambda: [validate_file(f) for f in files])
    full = best_of(1, lambda: [load_file(f) for f in files])
    print(f"   in process, validate_file (located):     {N / fast:8.1f} files/s  ({fast * 1000 / N:.2f} ms/file)")
    print(f"   in process, round-trip reader:           {N / full:8.1f} files/s  ({full * 1000 / N:.2f} ms/file)")
    ours_cmd = [gridsmith, "validate", "-q", str(folder)]
    theirs_cmd = [checker, "--schemafile", str(SCHEMA), *map(str, files)]
    run(ours_cmd)  # untimed: fills each command's bytecode cache
    run(theirs_cmd)
    ours, ours_cpu = timed(3, lambda: run(ours_cmd))
    theirs, theirs_cpu = timed(3, lambda: run(theirs_cmd))
    # one file: the start-up each command pays once, whatever the tree
    one_ours = timed(3, lambda: run([gridsmith, "validate", "-q", str(files[0])]))[1]
    one_theirs = timed(3, lambda: run([checker, "--schemafile", str(SCHEMA), str(files[0])]))[1]
    print(f"   gridsmith validate (CLI, all checks):    {N / ours:8.1f} files/s  ({ours:.2f} s; processor {ours_cpu:.2f} s,"
          f" {one_ours:.2f} s on one file)")
    print(f"   check-jsonschema (CLI, schema only):     {N / theirs:8.1f} files/s  ({theirs:.2f} s; processor "
          f"{theirs_cpu:.2f} s, {one_theirs:.2f} s on one file)")
    print(f"   ratio gridsmith / check-jsonschema:      {theirs / ours:8.2f}x  (target >= 2.0; of processor time "
          f"{theirs_cpu / ours_cpu:.2f}x)")
    return theirs / ours


def main() -> None:
    bindir = Path(sys.executable).parent
    gridsmith = shutil.which("gridsmith", path=str(bindir)) or "gridsmith"
    checker = shutil.which("check-jsonschema", path=str(bindir)) or "check-jsonschema"
    with tempfile.TemporaryDirectory() as tmp:
        ENV.pop("PYTHONDONTWRITEBYTECODE", None)
        ENV["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "bytecode")
        clean, warned = Path(tmp) / "clean", Path(tmp) / "warnings"
        clean.mkdir()
        warned.mkdir()
        t0 = time.perf_counter()
        for seed in range(N):
            text = generate_yaml(seed)
            (clean / f"gen{seed:03d}.scn.yaml").write_text(text, "utf-8")
            (warned / f"gen{seed:03d}.scn.yaml").write_text(with_supply_warning(text), "utf-8")
        print(f"generated {N} scenarios of 50x50, 4 players (and a copy of each with a warning) "
              f"in {time.perf_counter() - t0:.1f} s")
        ratios = {"clean": measure("clean files", clean, gridsmith, checker),
                  "warnings": measure("files with a warning (PND503)", warned, gridsmith, checker)}
    print("summary: " + ", ".join(f"{k} {v:.2f}x" for k, v in ratios.items())
          + ("  (both >= 2.0)" if min(ratios.values()) >= 2.0 else "  (BELOW TARGET)"))


if __name__ == "__main__":
    main()
