"""The Pendulum leader editor: one player board, both sides (basic / advanced, the F side) — the three victory
tracks drawn with their lengths and parchment zones (Pergamentbereich) beside the 1-point Legendary
track, each colour's production column, the starting resources, the side's 4 stratagems (each id
shown with its card text from the bundled decks, the formats' renderer), and the advanced side's
ability text and the basic rules it overrides (hooks). Problems: `formats.pendulum.leader`'s checks."""
from __future__ import annotations

import typing
from html import escape as _escape

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (QCheckBox, QFormLayout, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton,
                               QScrollArea, QSizePolicy, QSpinBox, QTabBar, QVBoxLayout, QWidget)

from gridsmith.formats.content import bundled_names
from gridsmith.formats.pendulum.effects import COLOURS, TRACKS, Amounts, card_text
from gridsmith.formats.pendulum.leader import KIND, Hook, Leader
from gridsmith.formats.pendulum.refs import DECK
from gridsmith.formats.references import model_of

from ..core.editorwidget import ValidatedEditor
from ..core.forms import guard_wheel
from .art import COLOUR, INK, PARCHMENT
from .document import PendulumDocument, path_text
from .widgets import AmountsEditor, IdsEdit, TextEdit

SIDE_NAMES = ("basic", "advanced")
SIDE_LABEL = {"basic": "Basic side", "advanced": "Advanced side (Ⓕ)"}
TRACK_COLOUR = {"power": "red", "prestige": "blue", "popularity": "yellow"}
HOOKS = typing.get_args(Hook)
HOOK_TEXT = {"move_in_glass_row": "may move workers in a row with a sandglass (breaks basic rule 1)",
             "act_without_glass": "may act in a row without a sandglass (breaks basic rule 2)",
             "adjacent_action": "may use an adjacent action",
             "ignore_blocking": "small workers are not blocked by occupied top parts"}
CELL = 22


def escape(text: str) -> str:
    """Text from a file shown as rich text: markup characters escaped (quotes need not be)."""
    return _escape(text, quote=False)


def bundled_stratagems() -> dict:
    """Every stratagem of the bundled decks by id (to show a leader's cards)."""
    out = {}
    for name in bundled_names("pendulum", ".deck.yaml"):
        deck = model_of(name, DECK, None)
        for s in (deck.stratagems or []) if deck is not None else []:
            out.setdefault(s.id, s)
    return out


class TracksView(QWidget):
    """The side's victory tracks: a square per space after the start, the parchment zone tinted,
    and the 1-point Legendary track."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.side = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_side(self, side) -> None:
        self.side = side
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        longest = max((t.length for t in self.side.tracks.values()), default=10) if self.side else 10
        return QSize(110 + (longest + 1) * (CELL + 2), 4 * (CELL + 10) + 10)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, _e) -> None:  # noqa: N802 - Qt's name
        if self.side is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        f = QFont(self.font())
        f.setPixelSize(11)
        p.setFont(f)
        y = 6
        for t in (*TRACKS, "legendary"):
            p.setPen(INK)
            p.drawText(QRectF(4, y, 100, CELL), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                       t.capitalize() if t != "legendary" else "Legendary")
            if t == "legendary":
                length, parchment, colour = 1, 1, QColor("#9e9e9e")
            else:
                tr = self.side.tracks.get(t)
                if tr is None:
                    p.drawText(QRectF(110, y, 300, CELL), Qt.AlignmentFlag.AlignVCenter, "missing")
                    y += CELL + 10
                    continue
                length, parchment, colour = tr.length, tr.parchment_from, COLOUR[TRACK_COLOUR[t]]
            for s in range(length + 1):
                r = QRectF(110 + s * (CELL + 2), y, CELL, CELL)
                in_zone = s >= parchment
                p.setPen(QPen(colour, 2 if in_zone else 1))
                p.setBrush(PARCHMENT if in_zone else (QColor("#ffffff") if s else colour.lighter(170)))
                p.drawRect(r)
                p.setPen(INK)
                p.drawText(r, Qt.AlignmentFlag.AlignCenter, "S" if s == 0 else str(s))
            y += CELL + 10


class LeaderDocument(PendulumDocument):
    kind = KIND

    def add_side(self, name: str) -> None:
        """Undoable: a missing side, as a copy of the other."""
        other = next(s for s in SIDE_NAMES if s in self.model.sides)

        def mutate(m: Leader) -> None:
            m.sides = {**m.sides, name: m.sides[other].model_copy(deep=True)}
        self.restructure(f"Add the {name} side", mutate)


class LeaderEditor(ValidatedEditor):
    def __init__(self, document: LeaderDocument, parent=None):
        super().__init__(document, parent)
        doc = document
        self.side_name = "basic"
        self.stratagems = bundled_stratagems()
        outer = QVBoxLayout(self)
        head = QHBoxLayout()
        form = QFormLayout()
        self.fields: dict[str, TextEdit] = {}
        for key, label in (("id", "Id"), ("name", "Leader"), ("description", "Description")):
            f = TextEdit()
            f.changed.connect(lambda t, k=key: doc.edit((k,), t, f"Leader {k}"))
            form.addRow(label, f)
            self.fields[key] = f
        head.addLayout(form, 1)
        self.side_tabs = QTabBar()
        for s in SIDE_NAMES:
            self.side_tabs.addTab(SIDE_LABEL[s])
        self.side_tabs.currentChanged.connect(lambda i: self.show_side(SIDE_NAMES[i]))
        head.addWidget(self.side_tabs, 0, Qt.AlignmentFlag.AlignBottom)
        outer.addLayout(head)
        self.add_side_button = QPushButton()
        self.add_side_button.clicked.connect(lambda: doc.add_side(self.side_name))
        outer.addWidget(self.add_side_button)

        body = QWidget()
        lay = QVBoxLayout(body)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        top = QFormLayout()
        self.title = TextEdit("e.g. the Trickster")
        self.title.changed.connect(lambda t: self._edit(("title",), t, "Side title"))
        top.addRow("Title", self.title)
        lay.addLayout(top)

        tracks = QGroupBox("Victory tracks (parchment zone tinted; S = start space)")
        tl = QHBoxLayout(tracks)
        self.tracks_view = TracksView()
        tl.addWidget(self.tracks_view, 1)
        grid = QGridLayout()
        grid.addWidget(QLabel("length"), 0, 1)
        grid.addWidget(QLabel("parchment from"), 0, 2)
        self.track_spins: dict[tuple[str, str], QSpinBox] = {}
        for i, t in enumerate(TRACKS):
            grid.addWidget(QLabel(t.capitalize()), i + 1, 0)
            for j, field in enumerate(("length", "parchment_from")):
                spin = QSpinBox()
                spin.setRange(1, 40)
                spin.valueChanged.connect(lambda v, t=t, field=field: self._edit(
                    ("tracks", t, field), v, f"{t} {field.replace('_', ' ')}", merge=True))
                grid.addWidget(spin, i + 1, j + 1)
                self.track_spins[(t, field)] = spin
        grid.setRowStretch(4, 1)
        tl.addLayout(grid)
        lay.addWidget(tracks)

        mid = QHBoxLayout()
        cols = QGroupBox("Production columns (the symbol at each column's head)")
        cl = QVBoxLayout(cols)
        self.columns: dict[str, AmountsEditor] = {}
        for c in COLOURS:
            cl.addWidget(QLabel(f"<b style='color:{COLOUR[c].name()}'>{c}</b> column"))
            ed = AmountsEditor(Amounts)
            ed.changed.connect(lambda a, c=c: self._column(c, a))
            cl.addWidget(ed)
            self.columns[c] = ed
        mid.addWidget(cols, 1)
        right = QVBoxLayout()
        start = QGroupBox("Starting resources (and votes)")
        sl = QVBoxLayout(start)
        self.start = AmountsEditor(Amounts)
        self.start.changed.connect(lambda a: self._edit(("start",), a, "Starting resources", merge=True))
        sl.addWidget(self.start)
        right.addWidget(start)
        strat = QGroupBox("Stratagems (Kriegslisten): 4 card ids")
        stl = QVBoxLayout(strat)
        self.stratagem_ids = IdsEdit("The side's 4 stratagem ids, comma-separated (cards in a deck)")
        self.stratagem_ids.changed.connect(lambda ids: self._edit(("stratagems",), ids, "Stratagems"))
        stl.addWidget(self.stratagem_ids)
        self.stratagem_texts = QLabel()
        self.stratagem_texts.setWordWrap(True)
        self.stratagem_texts.setTextFormat(Qt.TextFormat.RichText)
        stl.addWidget(self.stratagem_texts)
        right.addWidget(strat)
        mid.addLayout(right, 1)
        lay.addLayout(mid)

        ability = QGroupBox("Ability (the advanced side's overview card)")
        abl = QFormLayout(ability)
        self.ability_text = TextEdit()
        self.ability_text.changed.connect(lambda t: self._edit(("ability", "text"), t, "Ability text"))
        abl.addRow("Text", self.ability_text)
        self.hooks: dict[str, QCheckBox] = {}
        for h in HOOKS:
            box = QCheckBox(f"{h}: {HOOK_TEXT.get(h, '')}")
            box.clicked.connect(lambda _on, h=h: self._toggle_hook(h))
            abl.addRow("" if self.hooks else "Overrides", box)
            self.hooks[h] = box
        lay.addWidget(ability)
        lay.addStretch(1)

        self.start_validation(self.describe_path)
        self.problems_panel.set_subject("Pendulum leader file")
        self.problems_panel.problemActivated.connect(self.go_to_problem)
        doc.valueChanged.connect(self.refresh)
        guard_wheel(self)
        self.show_side("basic")

    def side(self):
        return self.document.model.sides.get(self.side_name)

    def _edit(self, rel: tuple, value, text: str, merge: bool = False) -> None:
        if self.side() is not None and not getattr(self, "_refreshing", False):
            self.document.edit(("sides", self.side_name, *rel), value, f"{self.side_name}: {text}", merge=merge)

    def _column(self, colour: str, amounts: Amounts) -> None:
        side = self.side()
        if side is None:
            return
        cols = {c: side.columns[c] for c in COLOURS if c in side.columns}
        cols[colour] = amounts
        self._edit(("columns",), cols, f"{colour} column", merge=True)

    def _toggle_hook(self, hook: str) -> None:
        side = self.side()
        if side is not None:
            hooks = [h for h in HOOKS if (h in side.ability.hooks) != (h == hook)]
            self._edit(("ability", "hooks"), hooks, f"hook {hook}")

    def show_side(self, name: str) -> None:
        self.side_name = name
        self.side_tabs.blockSignals(True)
        self.side_tabs.setCurrentIndex(SIDE_NAMES.index(name))
        self.side_tabs.blockSignals(False)
        self.refresh()

    def describe_path(self, path: tuple) -> str:
        if len(path) >= 2 and path[0] == "sides":
            return f"{path[1]} side" + (f" › {path_text(path[2:])}" if len(path) > 2 else "")
        return path_text(path) or "the leader"

    def go_to_problem(self, path) -> None:
        path = tuple(path or ())
        if len(path) >= 2 and path[0] == "sides" and path[1] in SIDE_NAMES:
            self.show_side(path[1])
            if len(path) >= 4 and path[2] == "tracks" and path[3] in TRACKS:
                self.track_spins[(path[3], path[4] if len(path) > 4 else "length")].setFocus()
            elif len(path) >= 3 and path[2] == "stratagems":
                self.stratagem_ids.setFocus()

    def refresh(self, _path=()) -> None:
        self._refreshing = True
        m: Leader = self.document.model
        for key, f in self.fields.items():
            f.set_value(getattr(m, key))
        side = self.side()
        self.add_side_button.setVisible(side is None and bool(m.sides))
        self.add_side_button.setText(f"Add the {self.side_name} side (a copy of the other)")
        self.tracks_view.set_side(side)
        for w in (self.title, self.start, self.stratagem_ids, self.ability_text, *self.columns.values(),
                  *self.hooks.values(), *self.track_spins.values()):
            w.setEnabled(side is not None)
        if side is not None:
            self.title.set_value(side.title)
            for (t, field), spin in self.track_spins.items():
                tr = side.tracks.get(t)
                spin.blockSignals(True)
                spin.setValue(getattr(tr, field) if tr else 1)
                spin.blockSignals(False)
            for c, ed in self.columns.items():
                ed.set_value(side.columns.get(c, Amounts()))
            self.start.set_value(side.start)
            self.stratagem_ids.set_value(side.stratagems)
            lines = []
            for sid in side.stratagems:
                s = self.stratagems.get(sid)
                lines.append(f"<b>{escape(sid)}</b>: {escape(s.name)} — {escape(card_text(s.cost, s.effect))}"
                             if s is not None else f"<b>{escape(sid)}</b>: <i>not in a bundled deck</i>")
            self.stratagem_texts.setText("<br>".join(lines))
            self.ability_text.set_value(side.ability.text)
            for h, box in self.hooks.items():
                box.setChecked(h in side.ability.hooks)
        self._refreshing = False
