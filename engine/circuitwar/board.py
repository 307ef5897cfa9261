"""The Circuit War board: points and circuits in doubled coordinates, flat-indexed.

Cell i = r * cols + c of the text grid (formats.circuitwar.lattice). A point's neighbour in direction
d is two cells away, the circuit between them one cell away; `nbr[p][d]` is (circuit, point) or None.
"""
from __future__ import annotations

import itertools

from gridsmith.formats.circuitwar import lattice as L

N, E, S, W = 0, 1, 2, 3
DIR_NAMES = "NESW"
DIR_DELTAS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def opposite(d: int) -> int:
    return (d + 2) % 4


# objects on circuits
NONE, RESISTOR, CAPACITOR, SWITCH_ON, SWITCH_OFF, GROUND, TRANSFORMER = range(7)
DIODE = 7  # DIODE + d: a diode letting things pass in direction d
OBJECT_NAMES = ("circuit", "resistor", "capacitor", "switch_on", "switch_off", "ground", "transformer")
CHAR_OF_OBJECT = {RESISTOR: "R", CAPACITOR: "C", SWITCH_ON: "S", SWITCH_OFF: "O", GROUND: "G",
                  TRANSFORMER: "T", DIODE + N: "^", DIODE + E: ">", DIODE + S: "v", DIODE + W: "<"}
OBJECT_OF_CHAR = {ch: o for o, ch in CHAR_OF_OBJECT.items()}

NO_CIRCUIT = -1
SAME_CIRCUITS = -1  # Board.touch: no circuit appeared or went
GREY = 9  # a circuit nobody owns
EMPTY = -1


def object_name(o: int) -> str:
    return "diode" if o >= DIODE else OBJECT_NAMES[o]


_LAYOUTS = itertools.count(1)


class Board:
    """Mutable board arrays (lists of ints). `copy()` is cheap: the arrays (`owner`, `obj`,
    `charge`, `cpu`, and the gridrunners' `runner` and `level`) are shared copy-on-write: whoever
    writes one of them first calls `own(name, ...)`, which gives it a private copy if it still
    shares it. Every decision's view and every beam preview copies the board, and most change
    nothing. `occupied`, the points where a gridrunner stands (a few among hundreds of points), is
    copied; gridrunners are placed and lifted with `put` and `lift`, which keep it."""

    __slots__ = ("rows", "cols", "owner", "obj", "charge", "runner", "level", "cpu", "nbr", "points",
                 "circuits", "circuit_ends", "layout", "last", "shared", "occupied", "odd", "_cpus")

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        n = rows * cols
        self.owner = [NO_CIRCUIT] * n
        self.obj = [NONE] * n
        self.charge = [0] * n
        self.runner = [EMPTY] * n  # seat of the gridrunner on a point
        self.level = [0] * n
        self.cpu = [EMPTY] * n  # seat of the CPU on a point
        self.nbr, self.points, self.circuits, self.circuit_ends = _geometry(rows, cols)
        #: the circuits are the odd cells (any grid of the lattice: 2W-1 columns): an array's
        #: values on the circuits are then its slice [1::2], made in C (`on_circuits`)
        self.odd = self.circuits == tuple(range(1, n, 2))
        self.layout = next(_LAYOUTS)
        #: (the layout before this one, what changed): Board.touch
        self.last: tuple[int, int] | None = None
        #: the copy-on-write arrays this board may share with a copy
        self.shared: frozenset[str] = frozenset()
        self.occupied: set[int] = set()
        self._cpus: dict[int, int] | None = None

    def copy(self) -> "Board":
        b = object.__new__(Board)
        b.rows, b.cols, b.nbr, b.points = self.rows, self.cols, self.nbr, self.points
        b.circuits, b.circuit_ends, b.layout, b.last = self.circuits, self.circuit_ends, self.layout, self.last
        b.owner, b.obj, b.charge, b.cpu = self.owner, self.obj, self.charge, self.cpu
        b.runner, b.level, b.odd = self.runner, self.level, self.odd
        b.occupied, b._cpus = self.occupied.copy(), self._cpus
        b.shared = self.shared = _SHARED
        return b

    def own(self, *names: str) -> None:
        """Before writing the named copy-on-write arrays: copy those this board still shares."""
        if "cpu" in names:
            self._cpus = None
        shared = self.shared
        if shared:
            for name in names:
                if name in shared:
                    setattr(self, name, getattr(self, name)[:])
                    shared = shared - {name}
            self.shared = shared

    def put(self, p: int, seat: int, level: int) -> None:
        """A gridrunner of `seat` at `level` now stands on point p (whatever stood there is gone)."""
        if self.shared:
            self.own("runner", "level")
        self.runner[p], self.level[p] = seat, level
        self.occupied.add(p)

    def lift(self, p: int) -> None:
        """The gridrunner on point p leaves it (or dies)."""
        if self.shared:
            self.own("runner")
        self.runner[p] = EMPTY
        self.occupied.discard(p)

    def set_level(self, p: int, level: int) -> None:
        """The gridrunner on point p is now at `level` (a meld, a fight it survived)."""
        if self.shared:
            self.own("level")
        self.level[p] = level

    def cpus(self) -> dict[int, int]:
        """seat -> the point of its CPU, in the order of the points (made again after `own("cpu")`;
        treat as read-only: copies share it)."""
        if self._cpus is None:
            cpu = self.cpu
            self._cpus = {cpu[p]: p for p in self.points if cpu[p] != EMPTY}
        return self._cpus

    def runners(self, seat: int) -> list[int]:
        """The points of `seat`'s gridrunners, ascending."""
        runner = self.runner
        return sorted([p for p in self.occupied if runner[p] == seat])

    def on_circuits(self, values: list[int]) -> list[int]:
        """An array's values on `circuits`, in their order."""
        return values[1::2] if self.odd else list(map(values.__getitem__, self.circuits))

    def touch(self, added: int | None = None) -> None:
        """Record that circuits, objects or CPUs changed: a new layout id (copies share an id while
        their layouts are the same, so what depends only on the layout can be cached by it).
        `added` says what became of the circuits, for what can be derived from the last layout
        (analysis.network): SAME_CIRCUITS the same circuits stand (an object built or toggled), a
        circuit cell: the same and that new one; None (the default): anything may have changed."""
        old = self.layout
        self.layout = next(_LAYOUTS)
        self.last = None if added is None else (old, added)

    # --- names ------------------------------------------------------------------------------------
    def rc(self, i: int) -> tuple[int, int]:
        return divmod(i, self.cols)

    def cell(self, r: int, c: int) -> int:
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise ValueError(f"({r}, {c}) is off the grid")
        return r * self.cols + c

    def names(self) -> tuple[str, ...]:
        """Cell -> the name of its point or circuit (`point_name`, `circuit_name`), one table per
        grid size."""
        return _names(self.rows, self.cols)

    def point_name(self, p: int) -> str:
        return _names(self.rows, self.cols)[p]

    def circuit_name(self, e: int) -> str:
        return _names(self.rows, self.cols)[e]

    def parse_point(self, name: str) -> int:
        r, c = L.parse_point(name)
        return self.cell(r, c)

    def parse_circuit(self, name: str) -> int:
        r, c = L.parse_circuit(name)
        return self.cell(r, c)

    def ends(self, e: int) -> tuple[int, int]:
        r, c = self.rc(e)
        return (e - 1, e + 1) if r % 2 == 0 else (e - self.cols, e + self.cols)

    def direction(self, p: int, q: int) -> int:
        for d, step in enumerate(self.nbr[p]):
            if step is not None and step[1] == q:
                return d
        raise ValueError(f"{self.point_name(p)} and {self.point_name(q)} are not adjacent")

    def exits(self, p: int) -> list[int]:
        """Directions with a circuit from point p."""
        return [d for d, s in enumerate(self.nbr[p]) if s is not None and self.owner[s[0]] != NO_CIRCUIT]

    # --- text layers --------------------------------------------------------------------------------
    def to_layers(self) -> tuple[list[str], list[str], list[tuple[str, int]]]:
        grid, objects, charges = [], [], []
        for r in range(self.rows):
            g, o = [], []
            for c in range(self.cols):
                i = r * self.cols + c
                if r % 2 == 0 and c % 2 == 0:
                    if self.cpu[i] != EMPTY:
                        g.append(L.CPU_CHARS[self.cpu[i]])
                        o.append(" ")
                    elif self.runner[i] != EMPTY:
                        g.append(L.RUNNER_CHARS[self.runner[i]])
                        o.append(L.LEVEL_CHARS[self.level[i]])
                    else:
                        g.append(L.POINT)
                        o.append(" ")
                elif (r + c) % 2 == 1 and self.owner[i] != NO_CIRCUIT:
                    g.append(L.GREY if self.owner[i] == GREY else str(self.owner[i] + 1))
                    o.append(CHAR_OF_OBJECT.get(self.obj[i], " "))
                    if self.obj[i] == CAPACITOR:
                        charges.append((L.circuit_name(r, c), self.charge[i]))
                else:
                    g.append(" ")
                    o.append(" ")
            grid.append("".join(g))
            objects.append("".join(o).rstrip())
        while objects and not objects[-1]:
            objects.pop()
        return grid, objects, charges


def _geometry(rows: int, cols: int, _cache: dict = {}):  # noqa: B006 - a deliberate cache per size
    key = (rows, cols)
    if key not in _cache:
        nbr: list = [None] * (rows * cols)
        points, circuits = [], []
        for r in range(rows):
            for c in range(cols):
                i = r * cols + c
                if r % 2 == 0 and c % 2 == 0:
                    points.append(i)
                    steps = []
                    for dr, dc in DIR_DELTAS:
                        rr, cc = r + 2 * dr, c + 2 * dc
                        if 0 <= rr < rows and 0 <= cc < cols:
                            steps.append(((r + dr) * cols + c + dc, rr * cols + cc))
                        else:
                            steps.append(None)
                    nbr[i] = tuple(steps)
                elif (r + c) % 2 == 1:
                    circuits.append(i)
        ends = tuple(((i - 1, i + 1) if (i // cols) % 2 == 0 else (i - cols, i + cols)) for i in circuits)
        _cache[key] = (nbr, tuple(points), tuple(circuits), ends)
    return _cache[key]


_SHARED = frozenset(("owner", "obj", "charge", "cpu", "runner", "level"))


def _names(rows: int, cols: int, _cache: dict = {}) -> tuple[str, ...]:  # noqa: B006 - per size
    """Cell -> its point's or circuit's name (events name every point a beam reaches: made once)."""
    key = (rows, cols)
    if key not in _cache:
        _cache[key] = tuple(L.point_name(r, c) if r % 2 == 0 and c % 2 == 0 else
                            L.circuit_name(r, c) if (r + c) % 2 == 1 else ""
                            for r in range(rows) for c in range(cols))
    return _cache[key]


def from_layers(grid: list[str], objects: list[str], charges: dict[str, int], start_charge: int,
                default_level: int) -> Board:
    """A board from a scenario's or snapshot's text layers (already checked)."""
    rows, cols = len(grid), len(grid[0])
    b = Board(rows, cols)
    for r, row in enumerate(grid):
        orow = objects[r] if r < len(objects) else ""
        for c, ch in enumerate(row):
            i = r * cols + c
            och = orow[c] if c < len(orow) else " "
            if r % 2 == 0 and c % 2 == 0:
                if ch in L.CPU_CHARS:
                    b.cpu[i] = L.CPU_CHARS.index(ch)
                elif ch in L.RUNNER_CHARS:
                    b.put(i, L.RUNNER_CHARS.index(ch), L.LEVEL_CHARS.index(och) if och in L.LEVEL_CHARS
                          else default_level)
            elif (r + c) % 2 == 1 and ch != " ":
                b.owner[i] = GREY if ch == L.GREY else int(ch) - 1
                o = OBJECT_OF_CHAR.get(och, NONE)
                b.obj[i] = o
                if o == CAPACITOR:
                    b.charge[i] = charges.get(L.circuit_name(r, c), start_charge)
    return b
