"""Shared helpers of the Pendulum tests: the bundled content and small files built from it."""
from __future__ import annotations

import copy
from pathlib import Path

from gridsmith.formats.loader import load_file, to_plain

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content" / "pendulum"


def plain(name: str) -> dict:
    """The bundled file `name` as plain data (a fresh copy to edit)."""
    return copy.deepcopy(to_plain(load_file(CONTENT / name).tree))


def codes(problems) -> list[str]:
    return sorted(p.code for p in problems)
