"""Every PNM (and SAV) code the Pendulum checks and engine can emit is documented in docs/formats.md."""
from __future__ import annotations

import re

import pytest

from pendulum_helpers import ROOT

CODE = re.compile(r"""["']((?:PNM[45]|SAV4)\d\d)["']""")
# engine/core/saves.py: the shared replay check that reports the Pendulum saves' SAV410
SOURCES = (sorted((ROOT / "formats" / "pendulum").glob("*.py")) + sorted((ROOT / "engine" / "pendulum").glob("*.py"))
           + [ROOT / "engine" / "core" / "saves.py"])


def codes() -> list[str]:
    return sorted({c for p in SOURCES for c in CODE.findall(p.read_text("utf-8"))})


def test_codes_found():
    assert {"PNM401", "PNM450", "PNM540", "SAV401"} <= set(codes())


@pytest.mark.parametrize("code", codes())
def test_code_documented(code):
    doc = (ROOT / "docs" / "formats.md").read_text("utf-8")
    assert re.search(rf"\| {code} \|", doc), f"{code} is not in docs/formats.md"
