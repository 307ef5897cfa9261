"""Circuit War actions with their stable text forms.

    build circuit c4-d4      build capacitor c4-d4     build diode c4>d4 (passes from c4 to d4)
    build gridrunner c5      move c4-d4                toggle c4-d4
    attack c4-d4 from c4     fire c4 E N  (direction E, flux N)     end

Points are named as in formats.circuitwar.lattice (column letter, row number from the top).
Cells are the board's flat indices; `cols` lets an action name them without the board.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from gridsmith.formats.circuitwar import lattice as L

from .board import DIR_NAMES

BUILD_ITEMS = ("circuit", "gridrunner", "resistor", "capacitor", "switch_on", "switch_off", "diode",
               "ground", "transformer")


def _pname(i: int, cols: int) -> str:
    return L.point_name(*divmod(i, cols))


def _cname(i: int, cols: int) -> str:
    return L.circuit_name(*divmod(i, cols))


@dataclass(frozen=True)
class Action:
    """`op` is build, move, toggle, attack, fire or end. For build: `item`, `a` the circuit (or the
    point of a gridrunner), `b` the diode's passage point (the end it lets things pass towards). For
    move: `a` from, `b` to. Toggle: `a` the circuit. Attack: `a` the gridrunner's point, `b` the
    circuit. Fire: `a` the point, `b` the direction 0-3 (N E S W), `item` the flux letter."""

    op: str
    a: int = -1
    b: int = -1
    item: str = ""
    cols: int = field(default=0, compare=False)

    def to_text(self) -> str:
        n = self.cols
        if self.op == "end":
            return "end"
        if self.op == "build":
            if self.item == "gridrunner":
                return f"build gridrunner {_pname(self.a, n)}"
            if self.item == "diode":
                r, c = divmod(self.a, n)
                (p, q) = L.endpoints(r, c)
                src = p if (p[0] * n + p[1]) != self.b else q
                return f"build diode {L.point_name(*src)}>{_pname(self.b, n)}"
            return f"build {self.item} {_cname(self.a, n)}"
        if self.op == "move":
            return f"move {_pname(self.a, n)}-{_pname(self.b, n)}"
        if self.op == "toggle":
            return f"toggle {_cname(self.a, n)}"
        if self.op == "attack":
            return f"attack {_cname(self.b, n)} from {_pname(self.a, n)}"
        if self.op == "fire":
            return f"fire {_pname(self.a, n)} {DIR_NAMES[self.b]} {self.item}"
        raise ValueError(f"unknown action {self.op!r}")

    def __str__(self) -> str:
        return self.to_text()

    @classmethod
    def from_text(cls, text: str, cols: int) -> "Action":
        """Parse an action; ValueError saying what is wrong."""

        def cell(rc: tuple[int, int]) -> int:
            r, c = rc
            if c >= cols:
                raise ValueError(f"column {c // 2 + 1} is off the grid")
            return r * cols + c

        words = text.split()
        try:
            op = words[0]
            if op == "end" and len(words) == 1:
                return cls("end", cols=cols)
            if op == "build" and len(words) == 3:
                item, where = words[1], words[2]
                if item not in BUILD_ITEMS:
                    raise ValueError(f"cannot build {item!r}; one of {', '.join(BUILD_ITEMS)}")
                if item == "gridrunner":
                    return cls("build", cell(L.parse_point(where)), item=item, cols=cols)
                if item == "diode":
                    src, sep, dst = where.partition(">")
                    if not sep:
                        raise ValueError("a diode is written from>to, e.g. c4>d4")
                    e = cell(L.parse_circuit(f"{src}-{dst}"))
                    return cls("build", e, cell(L.parse_point(dst)), item=item, cols=cols)
                return cls("build", cell(L.parse_circuit(where)), item=item, cols=cols)
            if op == "move" and len(words) == 2:
                a, _, b = words[1].partition("-")
                L.parse_circuit(words[1])  # adjacency
                return cls("move", cell(L.parse_point(a)), cell(L.parse_point(b)), cols=cols)
            if op == "toggle" and len(words) == 2:
                return cls("toggle", cell(L.parse_circuit(words[1])), cols=cols)
            if op == "attack" and len(words) == 4 and words[2] == "from":
                return cls("attack", cell(L.parse_point(words[3])), cell(L.parse_circuit(words[1])), cols=cols)
            if op == "fire" and len(words) == 4 and words[2] in DIR_NAMES and words[3] in DIR_NAMES:
                return cls("fire", cell(L.parse_point(words[1])), DIR_NAMES.index(words[2]), words[3], cols=cols)
        except (IndexError, ValueError) as e:
            raise ValueError(f"{text!r}: {e}") from None
        raise ValueError(f"{text!r} is not an action (build ITEM WHERE, move c4-d4, toggle c4-d4, "
                         "attack c4-d4 from c4, fire c4 E N, end)")


_MADE: dict = {}


def act(op: str, a: int = -1, b: int = -1, item: str = "", cols: int = 0) -> Action:
    """An Action, shared: actions are immutable, and legal-action lists make the same ones again and
    again (a build phase offers hundreds)."""
    key = (op, a, b, item, cols)
    x = _MADE.get(key)
    if x is None:
        if len(_MADE) > 200_000:
            _MADE.clear()
        x = _MADE[key] = Action(op, a, b, item, cols)
    return x
