"""The Pendulous scenario editor (manual section 4): the map, the palette, the settings panel,
problems, world view, and FILE|PLAY SCENARIO."""
from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPainter

from ..core.editorwidget import GridEditor, Panel
from .art import SEAT_NAMES, minimap_colour, paint_square, seat_of, type_of
from .document import PendulousDocument
from .palette import Palette
from .settings import SettingsPanel


class PendulousEditor(GridEditor):
    erase_value = "~"

    def __init__(self, document: PendulousDocument, parent=None):
        super().__init__(document, parent)
        self.palette_panel = Palette(document, self.tool_actions())
        self.settings_panel = SettingsPanel(document)

    # ---- tiles ----------------------------------------------------------------------------
    def render_tile(self, p: QPainter, r: QRect, key) -> None:
        paint_square(p, r, key)

    def colour_of(self, key) -> QColor:
        return minimap_colour(key)

    # ---- palette --------------------------------------------------------------------------
    def current_value(self) -> str:
        return self.palette_panel.value()

    def set_current_value(self, value: str) -> None:
        self.palette_panel.set_value(value)

    # ---- descriptions -----------------------------------------------------------------------
    def describe_cell(self, x: int, y: int) -> str:
        ch = self.document.cell(x, y)
        where = self.document.geometry().notation.title((x, y))  # formats.coords, as the play window says it
        t = type_of(ch)
        if t == "water":
            return f"{where}: water"
        if t == "invalid":
            return f"{where}: {'missing: the row is too short' if not ch else repr(ch) + ' is not a map square'}"
        seat = seat_of(ch)
        players = self.document.model.players
        who = f"{players[seat - 1].name} ({SEAT_NAMES[seat - 1].lower()}, seat {seat})" if seat <= len(players) \
            else f"seat {seat} ({SEAT_NAMES[seat - 1].lower()}) — no such player"
        return f"{where}: {t} of {who}"

    def describe_path(self, path: tuple) -> str:
        path = tuple(path)
        loc = self.document.locate(path)
        if loc[0] == "cell":
            return self.describe_location(loc[1:])
        players = self.document.model.players
        if len(path) >= 2 and path[0] == "players" and isinstance(path[1], int):
            i = path[1]
            who = players[i].name if i < len(players) else f"player {i + 1}"
            field = f" › {str(path[2]).replace('_', ' ')}" if len(path) > 2 else ""
            return f"player {i + 1} ({who}){field}"
        names = {("map",): "map size", ("players",): "players", ("description",): "description",
                 ("name",): "scenario name", ("ruleset",): "ruleset"}
        return names.get(path, " › ".join(str(p).replace("_", " ") for p in path) or "the scenario")

    def focus_field(self, path: tuple) -> None:
        self.showPanel.emit("settings")
        self.settings_panel.focus(path)

    # ---- panels and play --------------------------------------------------------------------
    def panels(self) -> list[Panel]:
        return [
            Panel("palette", "Palette", self.palette_panel, Qt.DockWidgetArea.LeftDockWidgetArea),
            Panel("settings", "Scenario Settings", self.settings_panel, Qt.DockWidgetArea.RightDockWidgetArea),
            *super().panels(),
        ]

    def can_play(self) -> bool:
        return True  # the Pendulous engine ships with the editor

    def play(self, main_window) -> None:
        from .play_window import start_test_play  # test-play only: the play provider loads the game's engine

        start_test_play(self, main_window)
