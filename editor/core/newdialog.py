"""File > New: choose the kind, then its size and players.

The fields are the parameters of the kind's template (formats.templates, the same source as
`gridsmith new`): every keyword parameter with a whole-number default becomes a spin box with that
default and the bounds of its `Annotated[int, Interval(...)]`. The chosen values go back into the
template. A kind without a template uses its editor's own starting model and has no fields.
"""
from __future__ import annotations

import inspect
import typing
from dataclasses import dataclass

from PySide6.QtWidgets import (QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel, QListWidget,
                               QListWidgetItem, QSpinBox, QVBoxLayout, QWidget)

from gridsmith.formats import registry, templates

from . import files, plugins
from .forms import guard_wheel
from .screenfit import FittedDialog


@dataclass(frozen=True)
class Parameter:
    name: str
    label: str
    default: int
    minimum: int
    maximum: int


def parameters(kind: str) -> list[Parameter]:
    """The template parameters of `kind` a user can choose (whole numbers with a default)."""
    spec = registry.get(kind)
    make = templates.template_of(spec) if spec is not None else None
    if make is None:
        return []
    sig = inspect.signature(make, eval_str=True)
    out = []
    for p in sig.parameters.values():
        if not isinstance(p.default, int) or isinstance(p.default, bool):
            continue
        lo, hi = 0, 9999
        for meta in getattr(p.annotation, "__metadata__", ()) if typing.get_origin(p.annotation) is typing.Annotated \
                else ():
            lo = getattr(meta, "ge", None) if getattr(meta, "ge", None) is not None else lo
            hi = getattr(meta, "le", None) if getattr(meta, "le", None) is not None else hi
        out.append(Parameter(p.name, p.name.replace("_", " ").capitalize(), p.default, lo, hi))
    return out


class NewDocumentDialog(FittedDialog):  # never bigger than the screen (screenfit)
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("New document")
        self.kinds = QListWidget()
        for p in plugins.all_plugins():
            item = QListWidgetItem(p.title)
            item.setToolTip(p.kind)
            item.setData(0x0100, p.kind)  # Qt.UserRole
            self.kinds.addItem(item)
        self.kinds.setFixedWidth(self.kinds.sizeHintForColumn(0) + 40)
        self.kinds.currentRowChanged.connect(self._kind_changed)
        self.form_host = QWidget()
        self.form = QFormLayout(self.form_host)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.spins: dict[str, QSpinBox] = {}
        self.model = None  #: the new model, once accepted
        right = QVBoxLayout()
        right.addWidget(self.form_host)
        right.addWidget(self.note)
        right.addStretch(1)
        top = QHBoxLayout()
        top.addWidget(self.kinds)
        top.addLayout(right, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.buttons)
        self.kinds.setCurrentRow(0)
        self.resize(520, 300)

    def accept(self) -> None:
        """Make the model now, so that a choice the template refuses is said here, not later."""
        try:
            self.model = files.new_model(self.kind(), **self.options())
        except ValueError as e:
            self.note.setText(f"<span style='color:#c62828'>{e}</span>")
            return
        super().accept()

    def kind(self) -> str:
        item = self.kinds.currentItem()
        return item.data(0x0100) if item is not None else ""

    def select_kind(self, kind: str) -> None:
        for i in range(self.kinds.count()):
            if self.kinds.item(i).data(0x0100) == kind:
                self.kinds.setCurrentRow(i)

    def options(self) -> dict[str, int]:
        """The chosen values of the kind's template parameters."""
        return {name: spin.value() for name, spin in self.spins.items()}

    def _kind_changed(self, _row: int) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.spins.clear()
        params = parameters(self.kind())
        for p in params:
            spin = QSpinBox()
            spin.setRange(p.minimum, p.maximum)
            spin.setValue(p.default)
            spin.setToolTip(f"{p.minimum} to {p.maximum}; gridsmith new uses {p.default}")
            self.form.addRow(p.label, spin)
            self.spins[p.name] = spin
        guard_wheel(self.form_host)
        self.note.setText("The defaults are those of <code>gridsmith new</code>." if params
                          else "This kind starts from its editor's default; there is nothing to choose.")
