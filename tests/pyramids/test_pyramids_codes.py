"""Every PYR diagnostic code the Pyramids checks can emit is documented in docs/rules/pyramids.md
(the format reference that docs/formats.md links for Pyramids)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r"""["']((?:PYR[45]|SAV4)\d\d)["']""")
# engine/core/saves.py: the shared replay check that reports the Pyramids saves' SAV410
SOURCES = (sorted((ROOT / "formats" / "pyramids").glob("*.py")) + sorted((ROOT / "engine" / "pyramids").glob("*.py"))
           + [ROOT / "engine" / "core" / "saves.py"])


def codes() -> list[str]:
    return sorted({c for p in SOURCES for c in CODE.findall(p.read_text("utf-8"))})


def test_codes_found():
    assert {"PYR401", "PYR410", "PYR501", "SAV410"} <= set(codes())


@pytest.mark.parametrize("code", codes())
def test_code_documented(code):
    doc = (ROOT / "docs" / "rules" / "pyramids.md").read_text("utf-8")
    assert re.search(rf"\| {code} \|", doc), f"{code} is not in docs/rules/pyramids.md"
