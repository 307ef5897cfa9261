"""The Pendulous scenario document: the map grid over `Scenario.map` and the scenario's structural
edits (resize, add and remove players) as undoable commands."""
from __future__ import annotations

from gridsmith.formats.pendulous.scenario import CITY_CHARS, LAND_CHARS, SEAT_COLOURS, WATER, Player, Scenario

from ..core.commands import ModelSnapshot
from ..core.document import EditorDocument
from .art import seat_of

KIND = "pendulous.scenario"
MAX_PLAYERS = len(SEAT_COLOURS)


class PendulousDocument(EditorDocument):
    kind = KIND

    # ---- grid -----------------------------------------------------------------------------
    def grid_size(self) -> tuple[int, int]:
        m = self.model.map
        return (max((len(r) for r in m), default=0), len(m))

    def cell(self, x: int, y: int) -> str:
        row = self.model.map[y]
        return row[x] if x < len(row) else ""  # a ragged row's missing square

    def _write_cell(self, x: int, y: int, value: str) -> None:
        rows = self.model.map  # mutated in place: no pydantic re-validation per square
        row = rows[y]
        if x >= len(row):
            row = row + WATER * (x + 1 - len(row))
        rows[y] = row[:x] + value + row[x + 1:]

    # ---- problem paths -> squares and fields ----------------------------------------------------
    def locate(self, path: tuple) -> tuple:
        if len(path) >= 3 and path[0] == "map" and isinstance(path[1], int) and isinstance(path[2], int):
            return ("cell", path[2], path[1])
        if len(path) == 2 and path[0] == "map" and isinstance(path[1], int):
            return ("cell", 0, path[1])
        return ("field", tuple(path)) if path else ("none",)

    # ---- structural edits -------------------------------------------------------------------
    def resize(self, width: int, height: int) -> bool:
        """Undoable: keep what fits (top-left anchored), fill new squares with water."""
        w0, h0 = self.grid_size()
        if (width, height) == (w0, h0) or width < 1 or height < 1:
            return False

        def mutate(m: Scenario) -> None:
            rows = [(r[:width] + WATER * max(0, width - len(r))) for r in m.map[:height]]
            rows += [WATER * width] * (height - len(rows))
            m.map = rows

        self.undo_stack.push(ModelSnapshot(self, f"Resize map to {width}x{height}", mutate))
        return True

    def add_player(self) -> bool:
        n = len(self.model.players)
        if n >= MAX_PLAYERS:
            return False
        template = self.model.players[-1] if self.model.players else None

        def mutate(m: Scenario) -> None:
            values = template.model_dump() if template else dict(
                reinforcement_rate=2, resource_rate=5, max_forces=20, initial_forces=8, start_resources=5,
                start_victory_points=0, army_effectiveness=100)
            values["name"] = f"{SEAT_COLOURS[n].capitalize()} Army"
            taken = {p.name.casefold() for p in m.players}
            k = 2
            while values["name"].casefold() in taken:
                values["name"] = f"{SEAT_COLOURS[n].capitalize()} Army {k}"
                k += 1
            m.players = [*m.players, Player(**values)]

        self.undo_stack.push(ModelSnapshot(self, f"Add player {n + 1} ({SEAT_COLOURS[n]})", mutate))
        return True

    def remove_player(self, seat: int, heir: int) -> bool:
        """Remove seat `seat` (1-based): its squares go to seat `heir` (as counted before the removal),
        later seats move down one place (colour and turn order follow the seat)."""
        n = len(self.model.players)
        if n <= 1 or not 1 <= seat <= n or heir == seat or not 1 <= heir <= n:
            return False

        def new_seat(s: int) -> int:
            s = heir if s == seat else s
            return s - 1 if s > seat else s

        table = {}
        for s in range(1, 5):
            t = new_seat(s)
            table[LAND_CHARS[s - 1]] = LAND_CHARS[t - 1]
            table[CITY_CHARS[s - 1]] = CITY_CHARS[t - 1]
        trans = str.maketrans(table)

        def mutate(m: Scenario) -> None:
            m.map = [r.translate(trans) for r in m.map]
            m.players = [p for i, p in enumerate(m.players) if i != seat - 1]

        self.undo_stack.push(ModelSnapshot(self, f"Remove player {seat} ({SEAT_COLOURS[seat - 1]})", mutate))
        return True

    def square_count(self, seat: int) -> tuple[int, int]:
        """(land, cities) of a seat, for the palette's labels."""
        land = cities = 0
        for row in self.model.map:
            land += row.count(LAND_CHARS[seat - 1])
            cities += row.count(CITY_CHARS[seat - 1])
        return land, cities

    def seat_of_cell(self, x: int, y: int) -> int | None:
        return seat_of(self.cell(x, y))
