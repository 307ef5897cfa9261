"""The settings panel: manual 4.2.1 player settings, 4.2.2 scenario settings, 4.2.3 description
(with its 256-character counter), 4.2.4 player names, 4.2.5 map size; adding and removing players.
Every change is an undo command; undo and redo refresh the widgets from the model."""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gridsmith.formats.pendulous.refs import RULESET, load_ruleset
from gridsmith.formats.rulesets import RulesetError

from ..core import commands
from ..core.forms import guard_wheel
from ..core.reffield import RefField
from .art import SEAT_NAMES, SEAT_QCOLOURS
from .document import MAX_PLAYERS, PendulousDocument
from .generate import GenerateMapDialog, generate_into

#: manual 4.2.1, in the manual's order: (field, label, minimum, maximum, suffix, tooltip)
PLAYER_VALUES = (
    ("reinforcement_rate", "Reinforcement rate", 0, 9999, "",
     "Armies added to the force pool at the start of each of this player's turns (not the setup turn)."),
    ("resource_rate", "Resource rate", 0, 9999, "",
     "Resource points added at the start of each of this player's turns (not the setup turn)."),
    ("max_forces", "Maximum forces", 0, 9999, "",
     "Most armies on the map and in the force pool together; reinforcements never exceed it."),
    ("initial_forces", "Initial forces", 0, 9999, "",
     "Armies in the force pool at the start of the setup turn."),
    ("start_resources", "Start resources", 0, 9999, "",
     "Resource points on the first turn (plus the resource rate)."),
    ("start_victory_points", "Start victory points", -9999, 9999, "",
     "Victory points at the start, for balance or handicap."),
    ("army_effectiveness", "Army effectiveness", 1, 1000, " %",
     "Percent applied to this player's attack and defence points (100 = normal)."),
)


def _seat_icon(i: int) -> QIcon:
    pm = QPixmap(12, 12)
    pm.fill(SEAT_QCOLOURS[i])
    return QIcon(pm)


def _spin(lo: int, hi: int, suffix: str = "", tip: str = "") -> QSpinBox:
    s = QSpinBox()
    s.setRange(lo, hi)
    s.setSuffix(suffix)
    s.setToolTip(tip)
    s.setKeyboardTracking(True)
    s.setAccelerated(True)
    return s


class RemovePlayerDialog(QDialog):
    def __init__(self, doc: PendulousDocument, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Remove player")
        players = doc.model.players
        self.seat = QComboBox()
        self.heir = QComboBox()
        for i, p in enumerate(players):
            self.seat.addItem(f"{i + 1}: {p.name} ({SEAT_NAMES[i].lower()})", i + 1)
        self.seat.setCurrentIndex(len(players) - 1)
        self.seat.currentIndexChanged.connect(self._fill_heirs)
        self._players = players
        self._fill_heirs()
        form = QFormLayout(self)
        form.addRow("Remove", self.seat)
        form.addRow("Give its squares to", self.heir)
        form.addRow(QLabel("Later seats move down one colour (turn order follows the seat)."))
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        bb.accepted.connect(self.accept)
        bb.rejected.connect(self.reject)
        form.addRow(bb)

    def _fill_heirs(self) -> None:
        self.heir.clear()
        seat = self.seat.currentData()
        for i, p in enumerate(self._players):
            if i + 1 != seat:
                self.heir.addItem(f"{i + 1}: {p.name} ({SEAT_NAMES[i].lower()})", i + 1)


class SettingsPanel(QScrollArea):
    def __init__(self, document: PendulousDocument, parent=None):
        super().__init__(parent)
        self.doc = document
        self.setWidgetResizable(True)
        self.fields: dict[tuple, QWidget] = {}
        body = QWidget()
        self.setWidget(body)
        lay = QVBoxLayout(body)

        # -- scenario (4.2.2, 4.2.3) --
        sbox = QGroupBox("Scenario")
        form = QFormLayout(sbox)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(64)
        self.name_edit.editingFinished.connect(self._name_done)
        form.addRow("Name", self.name_edit)
        self.fields[("name",)] = self.name_edit
        self.desc = QPlainTextEdit()
        self.desc.setPlaceholderText("What the players read when choosing this scenario (up to 256 characters)")
        self.desc.setTabChangesFocus(True)
        self.desc.setFixedHeight(90)
        self.desc.textChanged.connect(self._desc_changed)
        self.desc_counter = QLabel()
        self.desc_counter.setAlignment(Qt.AlignmentFlag.AlignRight)
        dl = QVBoxLayout()
        dl.addWidget(self.desc)
        dl.addWidget(self.desc_counter)
        form.addRow("Description", dl)
        self.fields[("description",)] = self.desc
        self.turns = _spin(1, 999, tip="Number of turns after the setup turn (manual 4.2.2).")
        self.turns.valueChanged.connect(lambda v: self._set(("settings", "turns"), v, "Change number of turns"))
        form.addRow("Number of turns", self.turns)
        self.fields[("settings", "turns")] = self.turns
        self.vp_land = _spin(0, 999, tip="Victory points per owned, supplied land square each turn.")
        self.vp_land.valueChanged.connect(lambda v: self._set(("settings", "victory_points", "land"), v,
                                                              "Change victory points: land"))
        form.addRow("Victory points: land", self.vp_land)
        self.fields[("settings", "victory_points", "land")] = self.vp_land
        self.vp_city = _spin(0, 999, tip="Victory points per owned city square each turn.")
        self.vp_city.valueChanged.connect(lambda v: self._set(("settings", "victory_points", "city"), v,
                                                              "Change victory points: city"))
        form.addRow("Victory points: city", self.vp_city)
        self.fields[("settings", "victory_points", "city")] = self.vp_city
        self.naval = QCheckBox("Allow naval invasions")
        self.naval.setToolTip("Attacks from a port city across water to a coastal square of the same body.")
        self.naval.toggled.connect(lambda on: self._set(("settings", "naval_invasions"), on,
                                                        "Allow naval invasions" if on else "Forbid naval invasions",
                                                        merge=False))
        form.addRow("", self.naval)
        self.fields[("settings", "naval_invasions")] = self.naval
        self.ruleset_edit = RefField(RULESET, lambda: self.doc.path)  # picked, not typed (editor.core.reffield)
        self.ruleset_edit.setPlaceholderText("default")
        self.ruleset_edit.setToolTip("A bundled ruleset name or a path to a *.rules.yaml file; empty = default")
        self.ruleset_edit.editingFinished.connect(self._ruleset_done)
        form.addRow("Ruleset", self.ruleset_edit)
        self.fields[("ruleset",)] = self.ruleset_edit
        lay.addWidget(sbox)

        # -- map size (4.2.5) --
        mbox = QGroupBox("Map size")
        ml = QGridLayout(mbox)
        self.map_w = _spin(1, 50, tip="Width in squares (at most 50, manual 4.2.5)")
        self.map_h = _spin(1, 50, tip="Height in squares (at most 50, manual 4.2.5)")
        self.resize_btn = QPushButton("Resize")
        self.resize_btn.setToolTip("Resize the map: what fits is kept, new squares are water (undoable)")
        self.resize_btn.clicked.connect(self.apply_size)
        ml.addWidget(QLabel("Width"), 0, 0)
        ml.addWidget(self.map_w, 0, 1)
        ml.addWidget(QLabel("Height"), 0, 2)
        ml.addWidget(self.map_h, 0, 3)
        ml.addWidget(self.resize_btn, 1, 0, 1, 2)
        self.generate_btn = QPushButton("Generate…")
        self.generate_btn.setToolTip("Replace the map by a generated, playable one (undoable)")
        self.generate_btn.clicked.connect(self.ask_generate)
        ml.addWidget(self.generate_btn, 1, 2, 1, 2)
        self.fields[("map",)] = self.map_w
        lay.addWidget(mbox)

        # -- players (4.2.1, 4.2.4): a tab per seat, so a long name has the panel's whole width --
        self.pbox = QGroupBox("Players")
        pv = QVBoxLayout(self.pbox)
        self.player_tabs = QTabWidget()
        self.player_tabs.setDocumentMode(True)
        self.player_tabs.setUsesScrollButtons(True)
        pv.addWidget(self.player_tabs)
        bl = QHBoxLayout()
        self.add_btn = QPushButton("Add player")
        self.add_btn.clicked.connect(self.doc.add_player)
        self.remove_btn = QPushButton("Remove player…")
        self.remove_btn.clicked.connect(self.ask_remove_player)
        bl.addWidget(self.add_btn)
        bl.addWidget(self.remove_btn)
        bl.addStretch(1)
        pv.addLayout(bl)
        self.fields[("players",)] = self.add_btn
        lay.addWidget(self.pbox)
        lay.addStretch(1)

        self._players_built = -1
        self._refreshing = False
        self.desc_max = 256
        document.valueChanged.connect(self.refresh)
        document.gridReset.connect(lambda: self.refresh(("map",)))
        self.refresh(())
        guard_wheel(body)
        # never narrower than the fields need: no sideways scrolling in a crushed dock
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumWidth(body.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width() + 4)

    # ---- players grid ---------------------------------------------------------------------
    def _build_players(self) -> None:
        n = len(self.doc.model.players)
        current = self.player_tabs.currentIndex()
        for key in [k for k in self.fields if k[0] == "players" and len(k) > 1]:
            del self.fields[key]
        while self.player_tabs.count():
            page = self.player_tabs.widget(0)
            self.player_tabs.removeTab(0)
            page.deleteLater()
        for i in range(n):
            page = QWidget()
            form = QFormLayout(page)
            form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
            name = QLineEdit()
            name.setMaxLength(64)
            name.editingFinished.connect(lambda i=i, w=name: self._player_name_done(i, w))
            form.addRow("Name", name)
            self.fields[("players", i, "name")] = name
            self.fields[("players", i)] = name
            for key, label, lo, hi, suffix, tip in PLAYER_VALUES:
                s = _spin(lo, hi, suffix, tip)
                s.valueChanged.connect(lambda v, i=i, key=key, label=label:
                                       self._set(("players", i, key), v, f"Change {label.lower()} of player {i + 1}"))
                lab = QLabel(label)
                lab.setToolTip(tip)
                form.addRow(lab, s)
                self.fields[("players", i, key)] = s
            self.player_tabs.addTab(page, _seat_icon(i), SEAT_NAMES[i])
        guard_wheel(self.player_tabs)
        if 0 <= current < n:
            self.player_tabs.setCurrentIndex(current)
        self._players_built = n

    # ---- model -> widgets -------------------------------------------------------------------
    def refresh(self, path) -> None:
        m = self.doc.model
        self._refreshing = True
        try:
            if len(m.players) != self._players_built:
                self._build_players()
            self._put(self.name_edit, m.name)
            self._put(self.desc, m.description)
            self._put(self.ruleset_edit, m.ruleset or "")
            self._put(self.turns, m.settings.turns)
            self._put(self.vp_land, m.settings.victory_points.land)
            self._put(self.vp_city, m.settings.victory_points.city)
            self._put(self.naval, m.settings.naval_invasions)
            w, h = self.doc.grid_size()
            self._put(self.map_w, w)
            self._put(self.map_h, h)
            for i, p in enumerate(m.players):
                self._put(self.fields[("players", i, "name")], p.name)
                self.player_tabs.setTabToolTip(i, f"Seat {i + 1} ({SEAT_NAMES[i].lower()}): {p.name}")
                for key, *_ in PLAYER_VALUES:
                    self._put(self.fields[("players", i, key)], getattr(p, key))
            self.add_btn.setEnabled(len(m.players) < MAX_PLAYERS)
            self.remove_btn.setEnabled(len(m.players) > 1)
            try:
                self.desc_max = load_ruleset(m.ruleset, self.doc.path).limits.description_max_length
            except RulesetError:
                self.desc_max = 256
            self._update_counter()
        finally:
            self._refreshing = False

    @staticmethod
    def _put(widget, value) -> None:
        widget.blockSignals(True)
        try:
            if isinstance(widget, QSpinBox):
                # a file may hold a value outside the usual range (the problems panel says so):
                # show it as it is rather than clamped
                if value < widget.minimum():
                    widget.setMinimum(value)
                if value > widget.maximum():
                    widget.setMaximum(value)
                if widget.value() != value:
                    widget.setValue(value)
            elif isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif isinstance(widget, QPlainTextEdit):
                if widget.toPlainText() != value:
                    widget.setPlainText(value)
            elif isinstance(widget, (QLineEdit, RefField)):
                if widget.text() != value:
                    widget.setText(value)
                    widget.setCursorPosition(0)  # show the start of a long name in a narrow field
                widget.setToolTip(value)
        finally:
            widget.blockSignals(False)

    def _update_counter(self) -> None:
        n = len(self.desc.toPlainText())
        over = n > self.desc_max
        self.desc_counter.setText(f"{n}/{self.desc_max}" + ("  — too long" if over else ""))
        self.desc_counter.setStyleSheet("color: #d32f2f; font-weight: bold" if over else "")

    # ---- widgets -> commands ----------------------------------------------------------------
    def _set(self, path: tuple, value, text: str, merge: bool = True) -> None:
        if not self._refreshing:
            commands.set_value(self.doc, path, value, text, merge=merge)

    def _desc_changed(self) -> None:
        self._update_counter()
        self._set(("description",), self.desc.toPlainText(), "Edit description")

    def _name_done(self) -> None:
        text = self.name_edit.text().strip()
        if not text:  # a scenario needs a name (1-64 characters): keep the old one
            self._put(self.name_edit, self.doc.model.name)
            return
        self._set(("name",), text, "Rename scenario", merge=False)

    def _ruleset_done(self) -> None:
        text = self.ruleset_edit.text().strip()
        self._set(("ruleset",), text or None, "Change ruleset", merge=False)

    def _player_name_done(self, i: int, w: QLineEdit) -> None:
        if i >= len(self.doc.model.players):
            return
        text = w.text().strip()
        if not text:
            self._put(w, self.doc.model.players[i].name)
            return
        self._set(("players", i, "name"), text, f"Rename player {i + 1}", merge=False)

    def apply_size(self) -> None:
        self.doc.resize(self.map_w.value(), self.map_h.value())

    def ask_generate(self) -> None:
        from PySide6.QtWidgets import QMessageBox


        dlg = GenerateMapDialog(self.doc, self)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            generate_into(self.doc, **dlg.options())
        except (ValueError, RuntimeError) as e:
            QMessageBox.warning(self, "Generate map", str(e))

    def ask_remove_player(self) -> None:
        dlg = RemovePlayerDialog(self.doc, self)
        if dlg.exec() == QDialog.DialogCode.Accepted:
            self.doc.remove_player(dlg.seat.currentData(), dlg.heir.currentData())

    # ---- problems -> fields -----------------------------------------------------------------
    def focus(self, path: tuple) -> bool:
        path = tuple(path)
        while path and path not in self.fields:
            path = path[:-1]
        w = self.fields.get(path)
        if w is None:
            return False
        if len(path) >= 2 and path[0] == "players" and isinstance(path[1], int):
            self.player_tabs.setCurrentIndex(path[1])
        self.ensureWidgetVisible(w)
        w.setFocus(Qt.FocusReason.OtherFocusReason)
        w.setStyleSheet("background: #fff59d; color: black")
        QTimer.singleShot(1500, w, lambda: w.setStyleSheet(""))  # cancelled if w is gone
        return True
