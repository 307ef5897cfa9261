"""Every diagnostic code the formats core and the Pendulous checks can emit is documented in
docs/formats.md (issue 2: "every diagnostic code with an example"), and each code has one meaning."""
from __future__ import annotations

import re

import pytest

from fmtkit import REPO

CODE = re.compile(r"""["']((?:Y1|K2|S3|R6|PND[45])\d\d)["']""")
SOURCES = sorted((REPO / "formats").rglob("*.py"))


def _codes() -> list[str]:
    return sorted({c for p in SOURCES for c in CODE.findall(p.read_text("utf-8"))})


def test_codes_are_found():
    assert {"Y101", "K201", "S301", "R601", "R612", "Y118", "PND401", "PND501"} <= set(_codes())


@pytest.mark.parametrize("code", _codes())
def test_code_is_documented(code):
    doc = (REPO / "docs" / "formats.md").read_text("utf-8")
    assert re.search(rf"\b{code}\b", doc), f"{code} is not in docs/formats.md"
