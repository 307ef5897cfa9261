"""Bounded work (issue 10, item 4): every hostile case is refused or read within generous bounds of
time and memory, measured in a child process (so a regression that hangs or balloons fails this
test instead of the test run): a cap on the child's processor time, an address-space limit, and the
peak of Python allocations per case measured with tracemalloc."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from fmtkit import REPO, dump, scenario

BAD = Path(__file__).parent / "bad"
#: generous: the cases measure under 5 MB each (the 700x700 map took 250 MB before the raw check)
PEAK_BYTES = 64 * 1024 * 1024
#: a hang guard, not a timing assertion: the child's own processor time (RLIMIT_CPU: the kernel stops it),
#: so a loaded machine that gives it little of its time does not fail it; the whole child takes ~16 s
CHILD_CPU_SECONDS = 120
CHILD_WALL_SECONDS = 3600  # only if the child were stopped without using processor time

CHILD = r"""
import json, resource, sys, time, tracemalloc
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (3 * 1024 ** 3, 3 * 1024 ** 3))
resource.setrlimit(resource.RLIMIT_CPU, (int(sys.argv[3]), int(sys.argv[3])))
from gridsmith.formats.loader import load_file, validate_file
from gridsmith.formats import references
validate_file(sys.argv[2])  # imports and kinds registered before measuring
out = {}
for path in sorted(Path(sys.argv[1]).iterdir()):
    references._SHARED.clear()
    tracemalloc.start()
    start = time.process_time()
    codes = sorted({d.code for d in validate_file(path)} | {d.code for d in load_file(path).diagnostics})
    cpu = time.process_time() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    out[path.name] = {"codes": codes, "peak": peak, "cpu": cpu}
print(json.dumps(out))
"""


def _cases(folder: Path) -> None:
    head = "kind: pendulous.scenario\nversion: 1\n"
    (folder / "map700.scn.yaml").write_text(head + "name: x\nmap:\n" + ('  - "' + "1A~2" * 175 + '"\n') * 700)
    (folder / "row5000.scn.yaml").write_text(head + 'name: x\nmap:\n  - "' + "~" * 5000 + '"\n')
    (folder / "keys80k.scn.yaml").write_text(head + "".join(f"k{i:06d}: 1\n" for i in range(80_000)))
    (folder / "deep.scn.yaml").write_text(head + "map: " + "[" * 20_000 + "]" * 20_000 + "\n")
    (folder / "digits.scn.yaml").write_text(dump(scenario()).replace("turns: 20", "turns: " + "9" * 100_000))
    (folder / "text900k.scn.yaml").write_text(head + "name: " + "x" * 900_000 + "\n")
    (folder / "bomb.scn.yaml").write_text(head + "a: &a [1,1,1,1,1,1,1,1,1]\n" + "".join(
        f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n" for p, c in zip("abcdefgh", "bcdefghi")))
    (folder / "self.scn.yaml").write_text("kind: pyramids.scenario\nversion: 1\nname: s\nboard: self.scn.yaml\n"
                                          "sides:\n  player: {pieceset: self.scn.yaml}\n  cheops: {pieceset: self.scn.yaml}\n")
    (folder / "long_ref.scn.yaml").write_text(dump(scenario(ruleset="r" * 60_000)))
    for p in BAD.glob("*.yaml"):
        (folder / p.name).write_bytes(p.read_bytes())


def test_every_hostile_case_finishes_in_bounded_time_and_memory(tmp_path):
    folder = tmp_path / "cases"
    folder.mkdir()
    _cases(folder)
    proc = subprocess.run([sys.executable, "-c", CHILD, str(folder), str(REPO / "content/pendulous/duel.scn.yaml"),
                           str(CHILD_CPU_SECONDS)], cwd=REPO, capture_output=True, text=True, timeout=CHILD_WALL_SECONDS)
    assert proc.returncode == 0, proc.stderr[-2000:]
    results = json.loads(proc.stdout)
    assert len(results) == len(list(folder.iterdir()))
    for name, r in results.items():
        assert r["codes"], f"{name}: no diagnostic"
        assert r["peak"] < PEAK_BYTES, f"{name}: {r['peak'] / 1e6:.1f} MB"
    expected = {"map700.scn.yaml": ["Y118"], "row5000.scn.yaml": ["Y118"], "keys80k.scn.yaml": ["Y112"],
                "deep.scn.yaml": ["Y107"], "digits.scn.yaml": ["Y118"], "text900k.scn.yaml": ["Y118"],
                "bomb.scn.yaml": ["Y106"], "self.scn.yaml": ["R607"], "long_ref.scn.yaml": ["R604"]}
    assert {n: results[n]["codes"] for n in expected} == expected
    summary = ", ".join(f"{n} {r['peak'] / 1e6:.1f} MB {r['cpu'] * 1000:.0f} ms" for n, r in sorted(results.items())
                        if n in expected)
    print(summary)  # shown with -s: the measured figures
