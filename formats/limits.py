"""Bounds that keep hostile input cheap: every file is refused or read within these."""
from __future__ import annotations

from . import registry

#: larger files are refused before reading (a 50x50 scenario is about 4 KB, a long saved game
#: about 100 KB); the position-keeping reader is pure Python, ~20 s per MB of tiny nodes
MAX_FILE_BYTES = 1024 * 1024
#: YAML values (nodes) in one file, counted by libyaml before any pure-Python parsing: the
#: position-keeping reader costs ~0.3 ms a node, and a complete 30-turn 4-player game on a 50x50
#: map saves as about 2,100 nodes
MAX_NODES = 20_000
#: nesting deeper than this is refused (real content nests 4 levels)
MAX_DEPTH = 64
#: nodes after expanding aliases (an alias bomb expands to billions)
MAX_EXPANDED_NODES = 250_000
#: problems reported per file before the rest are summarised
MAX_PROBLEMS_PER_FILE = 200
#: integers are 64-bit: larger ones (and floats beyond the double range, `1e999`) are refused with
#: Y117 — no content needs them, other validators and languages read them differently, and Python
#: refuses to convert numbers of over 4,300 digits at all
MAX_INT = 2**63 - 1
#: a number written with more characters than this is refused before it is converted
MAX_NUMBER_CHARS = 40
#: references (a path to a ruleset, a board, ...) longer than this are refused unread
MAX_REFERENCE_CHARS = 1024
#: a single value (a description, a name) longer than this is refused before the slow parse
MAX_SCALAR_CHARS = 65_536
#: grids (lists of row strings) larger than this are refused on the raw document, before any
#: structure is built: a ceiling well above every game's own limit (Pendulous 50 x 50 by default,
#: Pyramids 11 x 25), so the game's check (e.g. PND402) words the ordinary too-large map
MAX_GRID_SIDE = 256

_GRIDS: dict[str, frozenset[str]] = {}


def declare_grids(kind: str, *keys: str) -> None:
    """The keys that hold grids (lists of row strings) in files of `kind`, at any depth."""
    _GRIDS[kind] = _GRIDS.get(kind, frozenset()) | frozenset(keys)


def grid_keys(kind: str) -> frozenset[str]:
    registry.get(kind)  # a kind's game registers it (and declares its grids) when first asked for
    return _GRIDS.get(kind, frozenset())
