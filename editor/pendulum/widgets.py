"""The fields every Pendulum editor shares: amounts (resources, votes, VP; a cost adds `any`), an
effect in the one effect language (a list of items: add, remove, reorder, each item's parameter),
and a comma-separated list of ids. Each widget shows a value and emits `changed(new value)`; the
editor turns that into one undo command on its document, so no widget edits a model itself."""
from __future__ import annotations

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import (QComboBox, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QMenu, QSizePolicy, QSpinBox, QToolButton, QVBoxLayout, QWidget)

from gridsmith.formats.pendulum.effects import (BARE_EFFECTS, COLOURS, AnyResources, AnyVp, Amounts, Gain,
                                                Produce, effect_text, item_name)

from ..core.forms import guard_wheel
from .art import icon_of, key_icon

ITEM_LABEL = {"gain": "gain resources, votes, VP", "any": "N any resources", "any_vp": "N VP of choice",
              "produce": "production of a colour", "conquer": "conquer a province",
              "retrieve": "retrieve all stratagems", "recall": "recall a worker",
              "add_small_worker": "add a small worker", "swap_vp": "move 1 VP to another track",
              "waive_gold": "skip an action's gold", "great_worker": "great worker swap",
              "column_limit_plus": "column limit +1", "legendary_vp": "the Legendary VP",
              "adjacent_action": "use an adjacent action"}
#: field labels short enough for three to a row
SHORT = {"military": "military", "culture": "culture", "gold": "gold", "votes": "votes", "power": "Power",
         "prestige": "Prestige", "popularity": "Popular.", "any": "any"}
ITEM_KINDS = ("gain", "any", "any_vp", "produce", *BARE_EFFECTS)


def new_item(kind: str):
    """A fresh effect item of `kind` (a one-point default the designer then sets)."""
    if kind == "gain":
        return Gain(gain=Amounts(gold=1))
    if kind == "any":
        return AnyResources(any=1)
    if kind == "any_vp":
        return AnyVp(any_vp=1)
    if kind == "produce":
        return Produce(produce="red")
    return kind


class AmountsEditor(QWidget):
    """Spin boxes for the fields of an amounts model (`Amounts`, `Cost`, an achievement's
    `Requirement`), each with its icon; emits the new model."""

    changed = Signal(object)

    def __init__(self, model_class=Amounts, columns: int = 3, parent=None):
        super().__init__(parent)
        self.model_class = model_class
        self.keys = list(model_class.model_fields)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(2)
        self.spins: dict[str, QSpinBox] = {}
        for i, key in enumerate(self.keys):
            icon = QLabel()
            icon.setPixmap(key_icon(key, 16))
            icon.setToolTip(key)
            spin = QSpinBox()
            spin.setRange(0, 99)
            spin.setToolTip(model_class.model_fields[key].description or key)
            spin.setAccessibleName(key)
            spin.setMinimumWidth(48)
            spin.valueChanged.connect(self._emit)
            r, c = divmod(i, columns)
            box = QHBoxLayout()
            box.setSpacing(2)
            box.addWidget(icon)
            box.addWidget(QLabel(SHORT.get(key, key)))
            box.addWidget(spin)
            box.addStretch(1)
            grid.addLayout(box, r, c)
            self.spins[key] = spin
        self._setting = False
        guard_wheel(self)

    def set_value(self, value) -> None:
        self._setting = True
        for k, s in self.spins.items():
            v = getattr(value, k, 0)
            if s.value() != v:
                s.setValue(v)
        self._setting = False

    def value(self):
        return self.model_class(**{k: s.value() for k, s in self.spins.items() if s.value()})

    def _emit(self) -> None:
        if not self._setting:
            self.changed.emit(self.value())


class EffectEditor(QWidget):
    """An effect (a reward, a banner, a card's effect): its items as a list with their icons and
    words (the formats' renderer), Add (a menu of every item of the language), Remove, Up, Down, and
    the selected item's parameter (amounts, a number, a colour)."""

    changed = Signal(object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.effect: list = []
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        self.list = QListWidget()
        self.list.setIconSize(QSize(20, 20))
        self.list.setMaximumHeight(96)
        self.list.currentRowChanged.connect(self._show_param)
        top.addWidget(self.list, 1)
        buttons = QVBoxLayout()
        self.add_button = QToolButton()
        self.add_button.setText("Add ▾")
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        # the text's ▾ says it opens a menu: no second, smaller arrow drawn by the style in the corner
        self.add_button.setStyleSheet("QToolButton::menu-indicator { image: none; width: 0px; }")
        menu = QMenu(self.add_button)
        self.add_actions = {}
        for kind in ITEM_KINDS:
            a = menu.addAction(icon_of(new_item(kind), 16), ITEM_LABEL[kind])
            a.triggered.connect(lambda _c=False, k=kind: self.add(k))
            self.add_actions[kind] = a
        self.add_button.setMenu(menu)
        self.remove_button = QToolButton(text="Remove")
        self.remove_button.clicked.connect(self.remove)
        self.up_button = QToolButton(text="Up")
        self.up_button.clicked.connect(lambda: self.move(-1))
        self.down_button = QToolButton(text="Down")
        self.down_button.clicked.connect(lambda: self.move(1))
        for b in (self.add_button, self.remove_button, self.up_button, self.down_button):
            b.setMinimumWidth(64)
            buttons.addWidget(b)
        buttons.addStretch(1)
        top.addLayout(buttons)
        lay.addLayout(top)
        self.param = Pages()
        self.none = QLabel("")
        self.amounts = AmountsEditor(Amounts)
        self.amounts.changed.connect(lambda a: self._replace(Gain(gain=a)))
        self.number = QSpinBox()
        self.number.setRange(1, 99)
        self.number.valueChanged.connect(self._number_changed)
        number_box = QWidget()
        nl = QHBoxLayout(number_box)
        nl.setContentsMargins(0, 0, 0, 0)
        self.number_label = QLabel()
        self.number_label.setMinimumWidth(self.number_label.fontMetrics().horizontalAdvance("Resources of any mix") + 8)
        nl.addWidget(self.number_label)
        nl.addWidget(self.number)
        nl.addStretch(1)
        self.colour = QComboBox()
        self.colour.addItems(COLOURS)
        self.colour.activated.connect(lambda i: self._replace(Produce(produce=COLOURS[i])))
        colour_box = QWidget()
        cl = QHBoxLayout(colour_box)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.addWidget(QLabel("Production colour"))
        cl.addWidget(self.colour)
        cl.addStretch(1)
        for w in (self.none, self.amounts, number_box, colour_box):
            self.param.add(w)
        lay.addWidget(self.param)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._setting = False
        guard_wheel(self)

    # ---- value -----------------------------------------------------------------------------
    def set_value(self, effect: list) -> None:
        self._setting = True
        row = self.list.currentRow()
        self.effect = list(effect)
        self.list.clear()
        for item in self.effect:
            QListWidgetItem(icon_of(item), effect_text([item]), self.list)
        if self.effect:
            self.list.setCurrentRow(min(max(row, 0), len(self.effect) - 1))
        self._setting = False
        self._show_param(self.list.currentRow())

    def _emit(self, effect: list, row: int | None = None) -> None:
        self.effect = effect
        self.changed.emit(list(effect))
        if row is not None and 0 <= row < self.list.count():
            self.list.setCurrentRow(row)

    # ---- list edits ------------------------------------------------------------------------
    def add(self, kind: str) -> None:
        self._emit(self.effect + [new_item(kind)], len(self.effect))

    def remove(self) -> None:
        r = self.list.currentRow()
        if 0 <= r < len(self.effect):
            self._emit(self.effect[:r] + self.effect[r + 1:], min(r, len(self.effect) - 2))

    def move(self, step: int) -> None:
        r = self.list.currentRow()
        t = r + step
        if 0 <= r < len(self.effect) and 0 <= t < len(self.effect):
            e = list(self.effect)
            e[r], e[t] = e[t], e[r]
            self._emit(e, t)

    def _replace(self, item) -> None:
        if self._setting:
            return
        r = self.list.currentRow()
        if 0 <= r < len(self.effect) and self.effect[r] != item:
            e = list(self.effect)
            e[r] = item
            self._emit(e, r)

    def _number_changed(self, n: int) -> None:
        r = self.list.currentRow()
        if 0 <= r < len(self.effect):
            kind = item_name(self.effect[r])
            self._replace(AnyResources(any=n) if kind == "any" else AnyVp(any_vp=n))

    def _show_param(self, r: int) -> None:
        was = self._setting
        self._setting = True
        item = self.effect[r] if 0 <= r < len(self.effect) else None
        if isinstance(item, Gain):
            self.amounts.set_value(item.gain)
            self.param.show_page(1)
        elif isinstance(item, (AnyResources, AnyVp)):
            self.number_label.setText("Resources of any mix" if isinstance(item, AnyResources) else "VP of choice")
            self.number.setValue(item.any if isinstance(item, AnyResources) else item.any_vp)
            self.param.show_page(2)
        elif isinstance(item, Produce):
            self.colour.setCurrentText(item.produce)
            self.param.show_page(3)
        else:
            self.none.setText(ITEM_LABEL.get(item, "") if isinstance(item, str) else "")
            self.param.show_page(0)
        self.remove_button.setEnabled(item is not None)
        self._setting = was


def ids_text(ids: list[str]) -> str:
    return ", ".join(ids)


def parse_ids(text: str) -> list[str]:
    return [p.strip() for p in text.split(",") if p.strip()]


class IdsEdit(QLineEdit):
    """A comma-separated list of ids (adjacent spaces, stratagems, decks); emits the list when the
    editing is finished and it differs."""

    changed = Signal(object)

    def __init__(self, tip: str = "", parent=None):
        super().__init__(parent)
        self.setToolTip(tip)
        self._value: list[str] = []
        self.editingFinished.connect(self._finished)

    def set_value(self, ids: list[str]) -> None:
        self._value = list(ids)
        if parse_ids(self.text()) != self._value:
            self.setText(ids_text(self._value))

    def _finished(self) -> None:
        ids = parse_ids(self.text())
        if ids != self._value:
            self._value = ids
            self.changed.emit(ids)


class TextEdit(QLineEdit):
    """A one-line text field that emits its text when editing is finished and it changed."""

    changed = Signal(str)

    def __init__(self, tip: str = "", parent=None):
        super().__init__(parent)
        self.setToolTip(tip)
        self._value = ""
        self.editingFinished.connect(self._finished)

    def set_value(self, text: str) -> None:
        self._value = text
        if self.text() != text:
            self.setText(text)
            self.setCursorPosition(0)

    def _finished(self) -> None:
        if self.text() != self._value:
            self._value = self.text()
            self.changed.emit(self.text())



class Pages(QWidget):
    """Widgets of which one is shown at a time, as tall as the one shown (a QStackedWidget is as
    tall as its tallest page)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.pages: list[QWidget] = []
        self.current = -1
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)

    def add(self, w: QWidget) -> None:
        self.layout().addWidget(w)
        self.pages.append(w)
        w.setVisible(len(self.pages) == 1)
        if self.current < 0:
            self.current = 0

    def show_page(self, i: int) -> None:
        self.current = i
        for j, w in enumerate(self.pages):
            w.setVisible(j == i)

    def current_page(self) -> QWidget:
        return self.pages[self.current]
