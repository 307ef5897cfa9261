"""The Circuit War scenario as an editor document on the point lattice (editor.core.geometry).

The lattice's cells are its edges: edge (x, y, 0) joins points (x, y) and (x+1, y), edge (x, y, 1)
joins (x, y) and (x, y+1). In the file (formats.circuitwar.lattice) the same edges are the circuit
cells of the doubled grid: (x, y, 0) is row 2y, column 2x+1; (x, y, 1) is row 2y+1, column 2x.

An edge's value is one string: the grid character (`.` for no circuit, `0`-`4` an owner), then the
object character if any (`R C S O G T > < ^ v`), then a capacitor's charge when the scenario lists
one (`1C15`). So `.R` is an object on nothing, which the formats validator reports (CW407). Points
(CPUs and gridrunners) are not cells: they change through `set_points`, one undo step each.
"""
from __future__ import annotations

from gridsmith.formats.circuitwar import lattice as L
from gridsmith.formats.circuitwar.ruleset import Ruleset
from gridsmith.formats.circuitwar.refs import load_ruleset
from gridsmith.formats.rulesets import RulesetError
from gridsmith.formats.circuitwar.scenario import KIND, Charge, Scenario

from ..core.commands import ModelSnapshot
from ..core.document import EditorDocument
from ..core.geometry import LatticeGeometry

NO_CIRCUIT = "."
OBJECT_WORDS = {"R": "resistor", "C": "capacitor", "S": "switch (on)", "O": "switch (off)", "G": "ground",
                "T": "transformer", ">": "diode passing east", "<": "diode passing west",
                "^": "diode passing north", "v": "diode passing south"}


def edge_rc(x: int, y: int, d: int) -> tuple[int, int]:
    """The doubled (row, column) of an edge."""
    return (2 * y, 2 * x + 1) if d == 0 else (2 * y + 1, 2 * x)


def rc_edge(r: int, c: int) -> tuple[int, int, int]:
    """The edge of a circuit cell of the doubled grid."""
    return ((c - 1) // 2, r // 2, 0) if r % 2 == 0 else (c // 2, (r - 1) // 2, 1)


def split_value(value: str) -> tuple[str, str, int | None]:
    """(grid char, object char or "", charge or None) of an edge value."""
    owner = value[:1] or NO_CIRCUIT
    obj = value[1:2] if len(value) > 1 and not value[1].isdigit() else ""
    digits = value[1 + len(obj):]
    return owner, obj, int(digits) if digits.isdigit() else None


def join_value(owner: str, obj: str = "", charge: int | None = None) -> str:
    return owner + obj + (str(charge) if obj == "C" and charge is not None else "")


class CircuitWarDocument(EditorDocument):
    kind = KIND
    geometry_class = LatticeGeometry

    # ---- the grid -------------------------------------------------------------------------
    def grid_size(self) -> tuple[int, int]:
        return L.size_of(self.model.grid)

    def _objects_char(self, r: int, c: int) -> str:
        rows = self.model.objects
        return rows[r][c] if r < len(rows) and c < len(rows[r]) else L.NOTHING

    def _charge_index(self, r: int, c: int) -> int | None:
        for i, ch in enumerate(self.model.charges):
            try:
                if L.parse_circuit(ch.at) == (r, c):
                    return i
            except ValueError:
                continue
        return None

    def cell(self, x: int, y: int, d: int) -> str:
        r, c = edge_rc(x, y, d)
        g = self.model.grid[r][c] if c < len(self.model.grid[r]) else L.NOTHING
        o = self._objects_char(r, c)
        i = self._charge_index(r, c) if o == "C" else None
        return join_value(NO_CIRCUIT if g == L.NOTHING else g, "" if o == L.NOTHING else o,
                          self.model.charges[i].charge if i is not None else None)

    def _write_cell(self, x: int, y: int, d: int, value: str) -> None:
        owner, obj, charge = split_value(value)
        r, c = edge_rc(x, y, d)
        L.put(self.model.grid, r, c, L.NOTHING if owner == NO_CIRCUIT else owner)
        objs = self.model.objects
        while len(objs) <= r and obj:
            objs.append("")
        if r < len(objs):
            L.put(objs, r, c, obj or L.NOTHING)
            objs[r] = objs[r].rstrip()
            while objs and not objs[-1]:
                objs.pop()
        i = self._charge_index(r, c)
        if i is not None:
            del self.model.charges[i]
        if obj == "C" and charge is not None:
            self.model.charges.append(Charge(at=L.circuit_name(r, c), charge=charge))

    def objects(self) -> dict[tuple[int, int, int], str]:
        """The value of every edge that holds an object."""
        return {rc_edge(r, c): self.cell(*rc_edge(r, c)) for r, row in enumerate(self.model.objects)
                for c, ch in enumerate(row) if (r + c) % 2 == 1 and ch != L.NOTHING}

    # ---- points: CPUs and gridrunners -----------------------------------------------------------
    def point(self, x: int, y: int) -> str:
        """`+` empty, `A`-`D` a CPU, `a`-`d` a gridrunner followed by its level (`an`) when given."""
        r, c = 2 * y, 2 * x
        ch = self.model.grid[r][c]
        lv = self._objects_char(r, c)
        return ch + (lv if ch in L.RUNNER_CHARS and lv in L.LEVEL_CHARS else "")

    def points(self) -> dict[tuple[int, int], str]:
        """Every point that holds something."""
        w, h = self.grid_size()
        return {(x, y): v for y in range(h) for x in range(w) if (v := self.point(x, y)) != L.POINT}

    def set_points(self, changes: dict[tuple[int, int], str], text: str) -> bool:
        """Put `+`, a CPU letter or a gridrunner (`a`, `an`) on points: one undo step."""
        changes = {p: v for p, v in changes.items() if self.point(*p) != v}
        if not changes:
            return False

        def mutate(m: Scenario) -> None:
            for (x, y), v in changes.items():
                r, c = 2 * y, 2 * x
                L.put(m.grid, r, c, v[0])
                if r < len(m.objects) or v[1:]:
                    while len(m.objects) <= r:
                        m.objects.append("")
                    L.put(m.objects, r, c, v[1:2] or L.NOTHING)
            m.objects[:] = [row.rstrip() for row in m.objects]
            while m.objects and not m.objects[-1]:
                m.objects.pop()

        self.undo_stack.push(ModelSnapshot(self, text, mutate))
        return True

    def cpu_of(self, seat: int) -> tuple[int, int] | None:
        letter = L.CPU_CHARS[seat]
        return next((p for p, v in self.points().items() if v == letter), None)

    def place_cpu(self, seat: int, at: tuple[int, int]) -> bool:
        """Move seat's CPU to `at` (the CPU it had elsewhere leaves its point): one undo step."""
        changes = {p: L.POINT for p, v in self.points().items() if v == L.CPU_CHARS[seat]}
        changes[at] = L.CPU_CHARS[seat]
        return self.set_points(changes, f"Place the CPU of {self.model.players[seat].name}"
                               if seat < len(self.model.players) else "Place a CPU")

    # ---- rules -----------------------------------------------------------------------------------
    def ruleset(self) -> Ruleset | None:
        """The scenario's ruleset, or None while its reference does not resolve (the problems
        panel says why)."""
        try:
            return load_ruleset(self.model.ruleset, self.path)
        except RulesetError:
            return None

    def seats(self) -> int:
        return len(self.model.players)

    # ---- problems ---------------------------------------------------------------------------------
    def locate(self, path: tuple) -> tuple:
        path = tuple(path)
        if len(path) >= 3 and path[0] in ("grid", "objects") and all(isinstance(p, int) for p in path[1:3]):
            r, c = path[1], path[2]
            w, h = self.grid_size()
            if (r + c) % 2 == 1 and 0 <= r < 2 * h - 1 and 0 <= c < 2 * w - 1:
                return ("cell", *rc_edge(r, c))
            if r % 2 == 0 and c % 2 == 0:
                edges = self.geometry().edges_at((c // 2, r // 2))
                if edges:  # a point is shown by an edge that meets it
                    return ("cell", *edges[0])
        if len(path) >= 2 and path[0] == "charges" and isinstance(path[1], int) \
                and path[1] < len(self.model.charges):
            try:
                return ("cell", *rc_edge(*L.parse_circuit(self.model.charges[path[1]].at)))
            except ValueError:
                pass
        return super().locate(path)
