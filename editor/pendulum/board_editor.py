"""The Pendulum board editor, both sides (`1-3` and `4-5` players): the three action areas drawn as
on the board — two rows each, the golden circles at the row's head (the glass on the top one, the
purple markers on the rest), the action spaces with their gold-framed top part and reward box, the
2-player neutral's worker, the spaces a problem names outlined red — a click selects a space for the
inspector (id, size, neutral, adjacent spaces, reward) and the row (its circles); the council board
and privilege track; and the time track (Zeitanzeigetableau, `time_track.TimeTrackEditor`).

Problems are `formats.pendulum.board.check_board`'s, live; a click on one shows its side and space."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton,
                               QScrollArea, QSizePolicy, QSpinBox, QTabBar, QTabWidget, QToolTip, QVBoxLayout,
                               QWidget)

from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.pendulum.board import KIND, SIDES, Board, Space
from gridsmith.formats.pendulum.effects import AREAS, effect_text

from ..core.editorwidget import ValidatedEditor
from ..core.forms import guard_wheel
from .art import AREA_COLOUR, AREA_TINT, GOLD_FRAME, INK, PARCHMENT, draw_icons, item_keys
from .document import PendulumDocument, path_text
from .time_track import TimeTrackEditor
from .widgets import EffectEditor, IdsEdit, TextEdit

ROW_H, TOP_H, HEAD_W, LARGE_W, SMALL_W, GAP = 92, 30, 86, 128, 92, 8
ERROR = QColor("#d32f2f")
SELECTED = QColor("#1e88e5")


def space_path(side: str, area: str, row: int, i: int) -> tuple:
    return ("sides", side, "areas", area, "rows", row, "spaces", i)


class BoardDocument(PendulumDocument):
    kind = KIND

    def side(self, name: str):
        return self.model.sides.get(name)

    def add_space(self, side: str, area: str, row: int, after: int | None) -> int:
        """Undoable: a new space after `after` (None: at the row's end); returns its index."""
        spaces = self.side(side).areas[area].rows[row].spaces
        at = len(spaces) if after is None else after + 1
        taken = {sp.id for a in self.side(side).areas.values() for r in a.rows for sp in r.spaces}
        n = 1
        while f"{area[0]}-{('top', 'bottom')[row] if row < 2 else row}-{n}" in taken:
            n += 1
        sp = Space.model_validate({"id": f"{area[0]}-{('top', 'bottom')[row] if row < 2 else row}-{n}",
                                   "reward": [{"gain": {"gold": 1}}]}, strict=False)

        def mutate(m: Board) -> None:
            m.sides[side].areas[area].rows[row].spaces.insert(at, sp)
        self.restructure(f"Add space {sp.id}", mutate)
        return at

    def remove_space(self, side: str, area: str, row: int, i: int) -> None:
        def mutate(m: Board) -> None:
            del m.sides[side].areas[area].rows[row].spaces[i]
        self.restructure(f"Remove space {self.side(side).areas[area].rows[row].spaces[i].id}", mutate)

    def move_space(self, side: str, area: str, row: int, i: int, step: int) -> int:
        spaces = self.side(side).areas[area].rows[row].spaces
        j = i + step
        if not 0 <= j < len(spaces):
            return i

        def mutate(m: Board) -> None:
            s = m.sides[side].areas[area].rows[row].spaces
            s[i], s[j] = s[j], s[i]
        self.restructure(f"Move space {spaces[i].id}", mutate)
        return j

    def copy_side(self, target: str, source: str) -> None:
        """Undoable: a missing side made as a copy of the other."""
        def mutate(m: Board) -> None:
            m.sides = {**m.sides, target: m.sides[source].model_copy(deep=True)}
        self.restructure(f"Side {target} from {source}", mutate)


class BoardCanvas(QWidget):
    """One side's action areas drawn; a click selects a space (area, row, index)."""

    spaceClicked = Signal(object)  # (area, row, index)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.side = None
        self.selected: tuple | None = None
        self.bad: set[tuple] = set()  # (area, row, index) of spaces with errors
        self.bad_rows: set[tuple] = set()
        self.rects: dict[tuple, QRectF] = {}
        self.heads: dict[tuple, QRectF] = {}
        self.adjacent: set[tuple] = set()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_side(self, side, selected, bad, bad_rows) -> None:
        self.side, self.selected, self.bad, self.bad_rows = side, selected, bad, bad_rows
        layout = self._layout()
        self.rects = {(area, r, i): rect for area, _y, _h, rows in layout for r, _row, _ry, spaces in rows
                      for i, rect in spaces}
        #: a click on a row's head selects the row (an empty row can get its first space)
        self.heads = {(area, r): QRectF(8, ry, HEAD_W - 12, ROW_H) for area, _y, _h, rows in layout
                      for r, _row, ry, _spaces in rows}
        ids = {sp.id: key for key in self.rects for sp in [self._space_at(key)]}
        chosen = self._space_at(self.selected) if self.selected in self.rects else None
        #: the selected space's adjacent spaces (Bolk the Warmonger acts there), tinted
        self.adjacent = {ids[a] for a in (chosen.adjacent if chosen else ()) if a in ids}
        self.updateGeometry()
        self.update()

    def _space_at(self, key) -> Space:
        area, r, i = key
        return self.side.areas[area].rows[r].spaces[i]

    def _layout(self):
        """Where everything goes: per area (name, top, height, rows), per row (index, row, top,
        [(space index, rect)])."""
        out = []
        y = 4.0
        for area in AREAS:
            a = self.side.areas.get(area) if self.side is not None else None
            if a is None:
                continue
            h = 24 + len(a.rows) * (ROW_H + GAP)
            rows, ry = [], y + 24
            for r, row in enumerate(a.rows):
                x, spaces = HEAD_W, []
                for i, sp in enumerate(row.spaces):
                    w = LARGE_W if sp.size == "large" else SMALL_W
                    spaces.append((i, QRectF(x, ry, w, ROW_H)))
                    x += w + GAP
                rows.append((r, row, ry, spaces))
                ry += ROW_H + GAP
            out.append((area, y, h, rows))
            y += h + 6
        return out

    def _width(self) -> int:
        if self.side is None:
            return 400
        widest = max((sum((LARGE_W if sp.size == "large" else SMALL_W) + GAP for sp in r.spaces)
                      for a in self.side.areas.values() for r in a.rows), default=0)
        return HEAD_W + widest + 40

    def sizeHint(self) -> QSize:
        rows = sum(len(a.rows) for a in self.side.areas.values()) if self.side else 6
        return QSize(self._width(), rows * (ROW_H + GAP) + 3 * 30 + 10)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, _e) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.side is None:
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "this side is missing")
            return
        f = QFont(self.font())
        for area, y, h, rows in self._layout():
            band = QRectF(2, y, self.width() - 4, h)
            p.setPen(QPen(AREA_COLOUR[area], 2))
            p.setBrush(AREA_TINT[area])
            p.drawRoundedRect(band, 8, 8)
            f.setBold(True)
            f.setPixelSize(13)
            p.setFont(f)
            p.setPen(AREA_COLOUR[area])
            glass = {"purple": "3 min", "green": "2 min", "black": "45 s"}[area]
            p.drawText(QRectF(10, y + 3, 400, 18), Qt.AlignmentFlag.AlignLeft,
                       f"{area} area (sandglass {glass} by default)")
            for r, row, ry, spaces in rows:
                self._row_head(p, area, r, row, ry)
                for i, rect in spaces:
                    self._space(p, area, row.spaces[i], rect, (area, r, i))

    def _row_head(self, p: QPainter, area: str, r: int, row, y: float) -> None:
        """The row's name and its golden circles: the glass on the top row's first, a purple marker
        on every other purple one."""
        f = QFont(self.font())
        f.setPixelSize(11)
        p.setFont(f)
        p.setPen(INK)
        head = QRectF(8, y, HEAD_W - 12, ROW_H)
        if (area, r) in self.bad_rows:
            p.setPen(QPen(ERROR, 2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(head)
            p.setPen(INK)
        p.drawText(QRectF(head.left(), y, head.width(), 14), Qt.AlignmentFlag.AlignLeft,
                   ("top row", "bottom row")[r] if r < 2 else f"row {r + 1}")
        for c in range(row.circles):
            cx, cy = head.left() + 14 + (c % 2) * 30, y + 34 + (c // 2) * 30
            p.setPen(QPen(GOLD_FRAME, 3))
            p.setBrush(QColor("#fff8e1"))
            p.drawEllipse(QPointF(cx, cy), 11, 11)
            if r == 0 and c == 0:
                p.setPen(QPen(INK, 1))
                p.setBrush(AREA_COLOUR[area])
                p.drawPolygon([QPointF(cx - 6, cy - 8), QPointF(cx + 6, cy - 8), QPointF(cx - 6, cy + 8),
                               QPointF(cx + 6, cy + 8)])
            elif area == "purple":
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(AREA_COLOUR["purple"].lighter(130))
                p.drawEllipse(QPointF(cx, cy), 6, 6)

    def _space(self, p: QPainter, area: str, sp: Space, rect: QRectF, key: tuple) -> None:
        top = QRectF(rect.left(), rect.top(), rect.width(), TOP_H)
        box = QRectF(rect.left(), rect.top() + TOP_H + 2, rect.width(), rect.height() - TOP_H - 2)
        p.setPen(QPen(GOLD_FRAME, 3))
        p.setBrush(QColor("#fffdf0"))
        p.drawRoundedRect(top.adjusted(1.5, 1.5, -1.5, -1.5), 4, 4)
        p.setPen(QPen(INK, 1))
        p.setBrush(PARCHMENT)
        p.drawRoundedRect(box, 4, 4)
        f = QFont(self.font())
        f.setPixelSize(10)
        p.setFont(f)
        p.setPen(INK)
        p.drawText(top.adjusted(6, 0, -4, 0), int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                   f"{sp.id}\n{sp.size}")
        if sp.neutral_2p:  # the 2-player neutral's worker
            p.setPen(QPen(INK, 1))
            p.setBrush(QColor("#9e9e9e"))
            c = QPointF(top.right() - 13, top.center().y())
            p.drawEllipse(c, 8, 8)
            p.setPen(QColor("white"))
            p.drawText(QRectF(c.x() - 8, c.y() - 8, 16, 16), Qt.AlignmentFlag.AlignCenter, "N")
        icons = [k for item in sp.reward for k in item_keys(item)]
        size = 22
        per_row = max(1, int((box.width() - 8) // (size + 3)))
        for j in range(0, len(icons), per_row):
            draw_icons(p, box.left() + 5, box.top() + 4 + (j // per_row) * (size + 3), size, icons[j:j + per_row])
        if key in self.bad:
            p.setPen(QPen(ERROR, 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 5, 5)
        if key in self.adjacent:
            p.setPen(QPen(SELECTED.lighter(140), 2))
            p.setBrush(QColor(30, 136, 229, 40))
            p.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 5, 5)
        if key == self.selected:
            p.setPen(QPen(SELECTED, 3, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect.adjusted(-4, -4, 4, 4), 6, 6)

    def space_tip(self, pos) -> str:
        """What a space under the mouse is, in words (its reward from the formats' renderer)."""
        for key, rect in self.rects.items():
            if rect.contains(pos):
                sp = self._space_at(key)
                extra = ", the 2-player neutral's" if sp.neutral_2p else ""
                return f"{sp.id} ({sp.size}{extra}): {effect_text(sp.reward)}"
        return ""

    def event(self, e) -> bool:
        if e.type() == QEvent.Type.ToolTip:
            tip = self.space_tip(QPointF(e.pos()))
            if tip:
                QToolTip.showText(e.globalPos(), tip, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(e)

    def mousePressEvent(self, e) -> None:  # noqa: N802 - Qt's name
        for key, rect in self.rects.items():
            if rect.contains(e.position()):
                self.spaceClicked.emit(key)
                return
        for (area, r), rect in self.heads.items():
            if rect.contains(e.position()):
                row = self.side.areas[area].rows[r]
                self.spaceClicked.emit((area, r, len(row.spaces) if not row.spaces else 0))
                return


class SpaceInspector(QGroupBox):
    """The selected space's fields and the row's circles; each edit is one undo step."""

    def __init__(self, editor: "BoardEditor"):
        super().__init__("Space")
        self.editor = editor
        form = QFormLayout(self)
        self.where = QLabel()
        self.where.setWordWrap(True)
        form.addRow(self.where)
        self.id = TextEdit("Unique on the side, e.g. p-top-1")
        self.id.changed.connect(lambda t: self._set("id", t, "Space id"))
        form.addRow("Id", self.id)
        self.size = QComboBox()
        self.size.addItems(["large", "small"])
        self.size.activated.connect(lambda _i: self._set("size", self.size.currentText(), "Space size"))
        form.addRow("Size", self.size)
        self.neutral = QCheckBox("the 2-player neutral stands here all game")
        self.neutral.clicked.connect(lambda on: self._set("neutral_2p", on, "Neutral space"))
        form.addRow("Neutral", self.neutral)
        self.adjacent = IdsEdit("Ids of the adjacent spaces, comma-separated (Bolk the Warmonger acts there)")
        self.adjacent.changed.connect(lambda ids: self._set("adjacent", ids, "Adjacent spaces"))
        form.addRow("Adjacent", self.adjacent)
        self.reward = EffectEditor()
        self.reward.changed.connect(lambda e: self._set("reward", e, "Space reward"))
        form.addRow("Reward", self.reward)
        self.text = QLabel()
        self.text.setWordWrap(True)
        form.addRow("Reads", self.text)
        buttons = QHBoxLayout()
        self.add_button = QPushButton("Add space")
        self.remove_button = QPushButton("Remove")
        self.left_button = QPushButton("◀")
        self.right_button = QPushButton("▶")
        for b in (self.add_button, self.remove_button, self.left_button, self.right_button):
            buttons.addWidget(b)
        form.addRow(buttons)
        self.circles = QSpinBox()
        self.circles.setRange(1, 4)
        self.circles.setToolTip("Golden circles for the glass at this row's head (purple: 2 a row: the glass "
                                "and the markers)")
        self.circles.valueChanged.connect(self._circles)
        form.addRow("Row circles", self.circles)
        guard_wheel(self)

    def _set(self, field: str, value, text: str) -> None:
        path = self.editor.space_path()
        if path is not None:
            self.editor.document.edit((*path, field), value, text)

    def _circles(self, n: int) -> None:
        path = self.editor.space_path()
        if path is not None and not self.circles.signalsBlocked():
            self.editor.document.edit(path[:6] + ("circles",), n, "Row circles", merge=True)

    def show_space(self, sp: Space | None, row, where: str) -> None:
        self.setEnabled(row is not None)
        self.where.setText(where)
        self.circles.blockSignals(True)
        self.circles.setValue(row.circles if row is not None else 1)
        self.circles.blockSignals(False)
        for w in (self.id, self.size, self.neutral, self.adjacent, self.reward, self.remove_button,
                  self.left_button, self.right_button):
            w.setEnabled(sp is not None)
        if sp is None:
            return
        self.id.set_value(sp.id)
        self.size.setCurrentText(sp.size)
        self.neutral.setChecked(sp.neutral_2p)
        self.adjacent.set_value(sp.adjacent)
        self.reward.set_value(sp.reward)
        self.text.setText(effect_text(sp.reward))


class BoardEditor(ValidatedEditor):
    def __init__(self, document: BoardDocument, parent=None):
        super().__init__(document, parent)
        doc = document
        self.side_name = SIDES[0]
        self.selected: tuple | None = None  # (area, row, index) on the current side
        lay = QVBoxLayout(self)
        head = QHBoxLayout()
        form = QFormLayout()
        self.name = TextEdit()
        self.name.changed.connect(lambda t: doc.edit(("name",), t, "Board name"))
        form.addRow("Board", self.name)
        self.description = TextEdit()
        self.description.changed.connect(lambda t: doc.edit(("description",), t, "Board description"))
        form.addRow("Description", self.description)
        head.addLayout(form, 1)
        self.side_tabs = QTabBar()
        for s in SIDES:
            self.side_tabs.addTab(f"Side {s} players")
        self.side_tabs.currentChanged.connect(lambda i: self.show_side(SIDES[i]))
        head.addWidget(self.side_tabs)
        self.copy_side_button = QPushButton()
        self.copy_side_button.clicked.connect(self._copy_side)
        head.addWidget(self.copy_side_button)
        lay.addLayout(head)

        self.tabs = QTabWidget()
        areas = QWidget()
        al = QHBoxLayout(areas)
        self.canvas = BoardCanvas()
        self.canvas.spaceClicked.connect(self.select)
        scroll = QScrollArea()
        scroll.setWidget(self.canvas)
        scroll.setWidgetResizable(True)
        al.addWidget(scroll, 1)
        self.inspector = SpaceInspector(self)
        self.inspector.setMaximumWidth(480)
        self.inspector.add_button.clicked.connect(self._add_space)
        self.inspector.remove_button.clicked.connect(self._remove_space)
        self.inspector.left_button.clicked.connect(lambda: self._move(-1))
        self.inspector.right_button.clicked.connect(lambda: self._move(1))
        holder = QWidget()
        hl = QVBoxLayout(holder)
        hl.setContentsMargins(0, 0, 0, 0)
        hl.addWidget(self.inspector)
        hl.addStretch(1)
        side_scroll = QScrollArea()
        side_scroll.setWidget(holder)
        side_scroll.setWidgetResizable(True)
        side_scroll.setMinimumWidth(490)
        side_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        al.addWidget(side_scroll)
        self.tabs.addTab(areas, "Action areas")

        council = QWidget()
        council_outer = QVBoxLayout(council)
        council_form = QWidget()
        council_form.setMaximumWidth(760)
        cl = QFormLayout(council_form)
        council_outer.addWidget(council_form)
        council_outer.addStretch(1)
        self.privilege = QSpinBox()
        self.privilege.setRange(2, 6)
        self.privilege.valueChanged.connect(lambda v: self._side_edit(("privilege_places",), v, "Privilege places"))
        cl.addRow("Privilege track places", self.privilege)
        self.slots = QSpinBox()
        self.slots.setRange(1, 10)
        self.slots.valueChanged.connect(lambda v: self._side_edit(("council", "slots"), v, "Council slots"))
        cl.addRow("Council reward slots", self.slots)
        self.great_worker = QCheckBox("the great-worker reward's space")
        self.great_worker.clicked.connect(lambda on: self._side_edit(("council", "great_worker"), on, "Great worker"))
        cl.addRow("Great worker", self.great_worker)
        self.default_reward = EffectEditor()
        self.default_reward.changed.connect(lambda e: self._side_edit(("council", "default_reward"), e,
                                                                      "Council default reward"))
        cl.addRow("Always-open reward", self.default_reward)
        self.default_text = QLabel()
        cl.addRow("Reads", self.default_text)
        self.tabs.addTab(council, "Council board and privilege")

        self.time_track = TimeTrackEditor(doc)
        self.tabs.addTab(self.time_track, "Time track")
        lay.addWidget(self.tabs, 1)

        self.start_validation(self.describe_path)
        self.problems_panel.set_subject("Pendulum board file")
        self.problems_panel.problemActivated.connect(self.go_to_problem)
        self.validator.problemsChanged.connect(lambda _p: self.refresh())
        doc.valueChanged.connect(self.refresh)
        guard_wheel(self)
        self.show_side(SIDES[0])

    # ---- selection -------------------------------------------------------------------------
    def space_path(self) -> tuple | None:
        """The selected space's path (or, when its row is empty, the row's path + a dummy)."""
        if self.selected is None:
            return None
        return space_path(self.side_name, *self.selected)

    def current_space(self):
        side = self.document.side(self.side_name)
        if side is None or self.selected is None:
            return None, None
        area, r, i = self.selected
        a = side.areas.get(area)
        if a is None or r >= len(a.rows):
            return None, None
        row = a.rows[r]
        return (row.spaces[i] if i < len(row.spaces) else None), row

    def select(self, key) -> None:
        self.selected = tuple(key) if key is not None else None
        self.refresh()

    def show_side(self, name: str) -> None:
        if name != self.side_name:
            self.selected = None
        self.side_name = name
        self.side_tabs.blockSignals(True)
        self.side_tabs.setCurrentIndex(SIDES.index(name))
        self.side_tabs.blockSignals(False)
        side = self.document.side(name)
        if self.selected is None and side is not None:
            for area in AREAS:
                a = side.areas.get(area)
                if a and a.rows and a.rows[0].spaces:
                    self.selected = (area, 0, 0)
                    break
        self.refresh()

    def _copy_side(self) -> None:
        other = [s for s in SIDES if s != self.side_name and s in self.document.model.sides]
        if self.document.side(self.side_name) is None and other:
            self.document.copy_side(self.side_name, other[0])

    def _side_edit(self, rel: tuple, value, text: str) -> None:
        if self.document.side(self.side_name) is not None and not getattr(self, "_refreshing", False):
            self.document.edit(("sides", self.side_name, *rel), value, text, merge=isinstance(value, int))

    def _add_space(self) -> None:
        if self.selected is None:
            return
        area, r, i = self.selected
        _sp, row = self.current_space()
        j = self.document.add_space(self.side_name, area, r, i if row and i < len(row.spaces) else None)
        self.select((area, r, j))

    def _remove_space(self) -> None:
        sp, _row = self.current_space()
        if sp is not None:
            area, r, i = self.selected
            self.document.remove_space(self.side_name, area, r, i)
            self.select((area, r, max(0, i - 1)))

    def _move(self, step: int) -> None:
        sp, _row = self.current_space()
        if sp is not None:
            area, r, i = self.selected
            self.select((area, r, self.document.move_space(self.side_name, area, r, i, step)))

    # ---- problems --------------------------------------------------------------------------
    def describe_path(self, path: tuple) -> str:
        if len(path) >= 8 and path[0] == "sides" and path[2] == "areas" and path[4] == "rows" and path[6] == "spaces":
            side = self.document.side(path[1])
            try:
                sid = side.areas[path[3]].rows[path[5]].spaces[path[7]].id
            except (AttributeError, KeyError, IndexError):
                sid = f"space {path[7] + 1}"
            rest = path_text(path[8:])
            return f"side {path[1]} › {path[3]} › {sid}" + (f" › {rest}" if rest else "")
        if len(path) >= 2 and path[0] == "sides":
            return f"side {path[1]}" + (f" › {path_text(path[2:])}" if len(path) > 2 else "")
        return path_text(path) or "the board"

    def go_to_problem(self, path) -> None:
        path = tuple(path or ())
        if len(path) >= 2 and path[0] == "sides" and path[1] in SIDES:
            self.show_side(path[1])
            if len(path) >= 3 and path[2] == "time_track":
                self.tabs.setCurrentWidget(self.time_track)
            elif len(path) >= 3 and path[2] in ("council", "privilege_places"):
                self.tabs.setCurrentIndex(1)
            elif len(path) >= 6 and path[2] == "areas":
                self.tabs.setCurrentIndex(0)
                self.select((path[3], path[5], path[7] if len(path) >= 8 else 0))

    def _marks(self) -> tuple[set, set]:
        bad, rows = set(), set()
        for p in self.validator.problems if hasattr(self, "validator") else []:
            path = tuple(p.path)
            if p.severity is not Severity.ERROR or len(path) < 4 or path[:2] != ("sides", self.side_name):
                continue
            if path[2] == "areas" and len(path) >= 8:
                bad.add((path[3], path[5], path[7]))
            elif path[2] == "areas" and len(path) >= 6:
                rows.add((path[3], path[5]))
        return bad, rows

    # ---- the view of the model -------------------------------------------------------------
    def refresh(self, _path=()) -> None:
        self._refreshing = True
        doc = self.document
        self.name.set_value(doc.model.name)
        self.description.set_value(doc.model.description)
        side = doc.side(self.side_name)
        other = [s for s in SIDES if s != self.side_name and s in doc.model.sides]
        self.copy_side_button.setVisible(side is None and bool(other))
        self.copy_side_button.setText(f"Create side {self.side_name} from side {other[0]}" if other else "")
        sp, row = self.current_space()
        bad, bad_rows = self._marks()
        self.canvas.set_side(side, self.selected if sp is not None else None, bad, bad_rows)
        where = ""
        if row is not None and self.selected is not None:
            area, r, i = self.selected
            where = f"Side {self.side_name}, {area} area, {('top', 'bottom')[r] if r < 2 else r + 1} row" + \
                (f", space {i + 1}" if sp is not None else " (no space: Add space)")
        self.inspector.show_space(sp, row, where or "Click a space on the board.")
        for w in (self.privilege, self.slots, self.great_worker, self.default_reward):
            w.setEnabled(side is not None)
        if side is not None:
            for spin, v in ((self.privilege, side.privilege_places), (self.slots, side.council.slots)):
                spin.blockSignals(True)
                spin.setValue(v)
                spin.blockSignals(False)
            self.great_worker.setChecked(side.council.great_worker)
            self.default_reward.set_value(side.council.default_reward)
            self.default_text.setText(effect_text(side.council.default_reward))
        self.time_track.show_side(self.side_name, self.validator.problems if hasattr(self, "validator") else [])
        self._refreshing = False
