"""The per-file cap (issue 28): once a file has MAX_PROBLEMS_PER_FILE diagnostics, what the loader
finds next is only counted for the cap's line (Y199), never located nor built into a diagnostic; the
report is the same as when everything was located and then cut."""
from __future__ import annotations

import pytest

from gridsmith.formats import loader, locate
from gridsmith.formats.limits import MAX_PROBLEMS_PER_FILE
from gridsmith.formats.loader import load_text, validate_file

HEADER = "kind: pendulous.scenario\nversion: 1\n"


@pytest.fixture
def located(monkeypatch):
    """How many problems were located (a span looked up in the file) and diagnostics built."""
    counts = {"spans": 0, "built": 0}
    real_span, real_diag = locate._Walker.span, loader._diag

    def span(self, *a, **k):
        counts["spans"] += 1
        return real_span(self, *a, **k)

    def diag(*a, **k):
        counts["built"] += 1
        return real_diag(*a, **k)

    monkeypatch.setattr(locate._Walker, "span", span)
    monkeypatch.setattr(loader, "_diag", diag)
    return counts


def _players(n: int) -> str:
    return HEADER + "name: x\nplayers:\n" + "  - 1\n" * n


@pytest.mark.parametrize("read", ["fast", "round-trip"])
def test_problems_past_the_cap_are_counted_not_located(tmp_path, located, read):
    path = tmp_path / "many.scn.yaml"
    path.write_text(_players(1500), encoding="utf-8")
    diags = validate_file(path) if read == "fast" else load_text(path.read_text("utf-8"), str(path)).diagnostics
    assert len(diags) == MAX_PROBLEMS_PER_FILE + 1
    assert located["spans"] <= MAX_PROBLEMS_PER_FILE  # not 1500
    last = diags[-1]
    assert last.code == "Y199" and (last.line, last.col) == (diags[-2].line, diags[-2].col)
    # 1500 players that are not mappings (S303), and two keys the scenario lacks (S302)
    assert last.message == f"{1502 - MAX_PROBLEMS_PER_FILE} more problems not shown: " \
        f"{1500 - MAX_PROBLEMS_PER_FILE} S303, 2 S302"


def test_guard_findings_past_the_cap_are_counted_not_built(located):
    diags = load_text(HEADER + "a: 1\n" * 1500).diagnostics  # 1499 duplicate keys
    assert len(diags) == MAX_PROBLEMS_PER_FILE + 1
    assert located["built"] == MAX_PROBLEMS_PER_FILE + 1  # the kept ones and the cap's line
    assert diags[-1].message == f"{1499 - MAX_PROBLEMS_PER_FILE} more problems not shown: " \
        f"{1499 - MAX_PROBLEMS_PER_FILE} Y104"


def test_the_capped_report_is_the_one_of_locating_everything_then_cutting(tmp_path, monkeypatch):
    """The same diagnostics as the loader gave before it stopped locating at the cap: every problem
    located, then the first MAX_PROBLEMS_PER_FILE kept and the rest summed by code."""
    path = tmp_path / "many.scn.yaml"
    path.write_text(_players(700).replace("  - 1\n", "  - {name: 1}\n", 300), encoding="utf-8")
    capped = validate_file(path)
    monkeypatch.setattr(loader, "MAX_PROBLEMS_PER_FILE", 10**9)
    everything = validate_file(path)
    assert capped[:-1] == everything[:MAX_PROBLEMS_PER_FILE]
    rest = everything[MAX_PROBLEMS_PER_FILE:]
    codes: dict[str, int] = {}
    for d in rest:
        codes[d.code] = codes.get(d.code, 0) + 1
    which = ", ".join(f"{n} {c}" for c, n in sorted(codes.items(), key=lambda c: (-c[1], c[0])))
    assert capped[-1].message == f"{len(rest)} more problems not shown: {which}"
