"""Circuit War's points and circuits as the editor shows them: the project's one notation
(formats.coords, lattice: `point 10,6`, `edge 1,6-2,6`), in the status bar, the problems' Where
column, the tools' messages, the play window and its log.

The game's files and engine name places the game's own way (`j6`, `a6-b6`: formats.circuitwar.lattice;
a capacitor's `at:`, saved actions and golden traces keep them byte for byte), so the engine's texts
(log lines, refusals, the beam tracer's errors) are rewritten here, at display time, name by name.
"""
from __future__ import annotations

import re

from gridsmith.formats import coords

#: a point name (`j6`) or a circuit name (`a6-b6`) as the engine writes them, standing alone
_NAME = re.compile(r"(?<![\w,.])([a-z])([1-9][0-9]?)(?:-([a-z])([1-9][0-9]?))?(?![\w,])")


def point(v: tuple[int, int]) -> str:
    """A lattice point (x, y) in the short form: `10,6`."""
    return coords.short(v, "lattice")


def edge(e: tuple[int, int, int]) -> str:
    """A lattice edge (x, y, d) in the short form: `1,6-2,6`."""
    return coords.short(e, "lattice")


def cell_point(index: int, cols: int) -> str:
    """A point of the engine's board by its flat index in the doubled grid."""
    r, c = divmod(index, cols)
    return point((c // 2, r // 2))


def readable(text: str) -> str:
    """`text` with the game's place names (`j6`, `a6-b6`) in the one notation (`10,6`, `1,6-2,6`)."""

    def one(m: re.Match) -> str:
        a = (ord(m.group(1)) - ord("a"), int(m.group(2)) - 1)
        if m.group(3) is None:
            return point(a)
        b = (ord(m.group(3)) - ord("a"), int(m.group(4)) - 1)
        return f"{point(a)}-{point(b)}"

    return _NAME.sub(one, text)
