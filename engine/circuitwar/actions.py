"""Circuit War actions with their stable text forms.

    build circuit c4-d4      build capacitor c4-d4     build diode c4>d4 (passes from c4 to d4)
    build gridrunner c5      move c4-d4                toggle c4-d4
    attack c4-d4 from c4     fire c4 E N  (direction E, flux N)     end

Points are named as in formats.circuitwar.lattice (column letter, row number from the top).
Cells are the board's flat indices; `cols` lets an action name them without the board.
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from gridsmith.formats.circuitwar import lattice as L

from .board import DIR_DELTAS, DIR_NAMES

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


_AT_POINT: dict[tuple[int, int], tuple] = {}


def point_actions(cols: int, p: int) -> tuple[tuple[Action, Action, tuple[Action, ...]], ...]:
    """Per direction N, E, S, W from point p: (the move that way, the attack on that circuit, the
    beams fired that way with flux N, E, S, W). Made once per point and grid width: the Move and
    Action phases' lists are these, for every direction with a circuit (the caller checks that;
    a direction off the grid names cells that are not there, and is never asked for)."""
    key = (cols, p)
    hit = _AT_POINT.get(key)
    if hit is None:
        out = []
        for d, (dr, dc) in enumerate(DIR_DELTAS):
            e, q = p + dr * cols + dc, p + 2 * (dr * cols + dc)
            out.append((act("move", p, q, cols=cols), act("attack", p, e, cols=cols),
                        tuple(act("fire", p, d, f, cols) for f in DIR_NAMES)))
        hit = _AT_POINT[key] = tuple(out)
    return hit


class ActionList(Sequence[Action]):
    """An immutable list of legal actions: `head` as given, then a toggle of each circuit in
    `toggles`, made only when asked for (a Grid can hold many switches); membership by a set of the
    head and, for toggles, of the circuits."""

    __slots__ = ("_head", "_toggles", "_cols", "_set", "_ids", "_toggle_set", "_n", "_len")

    def __init__(self, head: list[Action], toggles: list[int] | None = None, cols: int = 0) -> None:
        self._head = head
        self._toggles = toggles or []
        self._cols = cols
        #: the head's length and the whole length, asked after every action (is anything but `end`
        #: legal?) and at every draw of a random player
        self._n = len(head)
        self._len = self._n + len(self._toggles)
        self._set: frozenset[Action] | None = None
        #: the head's actions by identity: an action chosen from this list is one of them (act()
        #: shares them), found without hashing the head's actions in Python
        self._ids: frozenset[int] | None = None
        self._toggle_set: frozenset[int] | None = None

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return list(self)[i]
        n = self._n
        if i < 0:
            i += self._len
        if 0 <= i < n:
            return self._head[i]
        if not n <= i < self._len:
            raise IndexError("legal action index out of range")
        return act("toggle", self._toggles[i - n], cols=self._cols)

    def __iter__(self) -> Iterator[Action]:
        yield from self._head
        for e in self._toggles:
            yield act("toggle", e, cols=self._cols)

    def __contains__(self, x: object) -> bool:
        if isinstance(x, Action) and x.op == "toggle":
            if self._toggle_set is None:
                self._toggle_set = frozenset(self._toggles)
            return x.b == -1 and x.item == "" and x.a in self._toggle_set
        if self._ids is None:
            self._ids = frozenset(map(id, self._head))
        if id(x) in self._ids:
            return True
        if self._set is None:
            self._set = frozenset(self._head)
        return x in self._set

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ActionList({list(self)!r})"


class BuildList(Sequence[Action]):
    """The legal actions of a Build phase, in the engine's fixed order, made only when asked for:

        end, every circuit that may be built, then for every circuit that may take an object each
        affordable item (`items`) followed by its two diodes (towards its second end, then its
        first) when a diode is affordable, then every point where a gridrunner may be built.

    A Build phase offers hundreds of actions, of which a random player takes one; the heuristic
    scores the parts (`circuits`, `objects`, `items`, `diode`, `runners`) without making actions.
    `index` and `len` follow the order above, so an agent drawing an index draws the same action as
    from the full list. `circuits` and `objects` are in ascending cell order (membership is a
    binary search)."""

    __slots__ = ("cols", "circuits", "objects", "items", "diode", "runners", "block", "_len")

    def __init__(self, cols: int, circuits: list[int], objects: list[int], items: tuple[str, ...],
                 diode: bool, runners: list[int]) -> None:
        self.cols = cols
        self.circuits, self.objects, self.runners = circuits, objects, runners
        self.items, self.diode = items, diode
        #: actions per object circuit
        self.block = len(items) + (2 if diode else 0)
        self._len = 1 + len(circuits) + len(objects) * self.block + len(runners)  # the parts are never changed

    def ends(self, e: int) -> tuple[int, int]:
        """The two points of circuit e (as board.Board.ends)."""
        n = self.cols
        return (e - 1, e + 1) if (e // n) % 2 == 0 else (e - n, e + n)

    def __len__(self) -> int:
        return self._len

    def _object_block(self, e: int) -> list[Action]:
        n = self.cols
        out = [act("build", e, item=name, cols=n) for name in self.items]
        if self.diode:
            p, q = self.ends(e)
            out.append(act("build", e, q, "diode", n))
            out.append(act("build", e, p, "diode", n))
        return out

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return list(self)[i]
        size = self._len
        if i < 0:
            i += size
        if not 0 <= i < size:
            raise IndexError("legal action index out of range")
        if i == 0:
            return END_ACTION
        i -= 1
        n = self.cols
        if i < len(self.circuits):
            return act("build", self.circuits[i], item="circuit", cols=n)
        i -= len(self.circuits)
        objects = len(self.objects) * self.block
        if i < objects:
            k, j = divmod(i, self.block)
            e = self.objects[k]
            if j < len(self.items):
                return act("build", e, item=self.items[j], cols=n)
            p, q = self.ends(e)
            return act("build", e, q if j == len(self.items) else p, "diode", n)  # as _object_block
        return act("build", self.runners[i - objects], item="gridrunner", cols=n)

    def __iter__(self) -> Iterator[Action]:
        n = self.cols
        yield END_ACTION
        for e in self.circuits:
            yield act("build", e, item="circuit", cols=n)
        if self.block:
            for e in self.objects:
                yield from self._object_block(e)
        for q in self.runners:
            yield act("build", q, item="gridrunner", cols=n)

    def __contains__(self, x: object) -> bool:
        if not isinstance(x, Action):
            return False
        if x.op == "end":
            return x.a == -1 and x.b == -1 and x.item == ""
        if x.op != "build":
            return False
        if x.item == "diode":
            return self.diode and _has(self.objects, x.a) and x.b in self.ends(x.a)
        if x.b != -1:
            return False
        if x.item == "circuit":
            return _has(self.circuits, x.a)
        if x.item == "gridrunner":
            return x.a in self.runners
        return x.item in self.items and _has(self.objects, x.a)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"BuildList({len(self)} actions)"


def _has(cells: list[int], x: int) -> bool:
    """Whether ascending `cells` holds x (a binary search: a Build list is asked once or twice
    before the next build replaces it, so a set of its hundreds of cells would cost more)."""
    i = bisect_left(cells, x)
    return i < len(cells) and cells[i] == x


END_ACTION = Action("end")
