"""The Pendulum ruleset editor: every number of the rulebook and every decision where it is silent,
one group per section of `formats.pendulum.ruleset.Ruleset`, each field built from the model (a spin
box bounded by the field's own limits, a choice for a fixed set, "never" for an optional time, a
list of numbers as text), with the field's description as its tooltip. One undo step per field edit."""
from __future__ import annotations

import typing

from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QGroupBox, QGridLayout, QScrollArea, QSpinBox,
                               QVBoxLayout, QWidget)

from gridsmith.formats.model_base import FileModel
from gridsmith.formats.pendulum.ruleset import KIND, Ruleset

from ..core.editorwidget import ValidatedEditor
from ..core.forms import guard_wheel
from .document import PendulumDocument, path_text
from .widgets import TextEdit

SECTION_TITLE = {"sandglasses": "Sandglasses (ms)", "limits": "Limits", "costs": "Costs", "council": "Council",
                 "provinces": "Provinces", "privilege": "Privilege", "timing": "Timing of computer seats",
                 "decisions": "Decisions where the rulebook is silent"}


def _bounds(info) -> tuple[int, int]:
    lo, hi = 0, 10_000_000
    for m in info.metadata:  # pydantic's Field(ge=..., le=...) constraints
        if getattr(m, "ge", None) is not None:
            lo = int(m.ge)
        if getattr(m, "le", None) is not None:
            hi = int(m.le)
    return lo, hi


class RulesetDocument(PendulumDocument):
    kind = KIND


class RulesetEditor(ValidatedEditor):
    def __init__(self, document: RulesetDocument, parent=None):
        super().__init__(document, parent)
        doc = document
        self.refreshing = False
        self.setters: dict[tuple, typing.Callable] = {}
        self.widgets: dict[tuple, QWidget] = {}
        outer = QVBoxLayout(self)
        head = QFormLayout()
        for key in ("name", "description"):
            f = TextEdit()
            f.changed.connect(lambda t, k=key: doc.edit((k,), t, f"Ruleset {k}"))
            head.addRow(key.capitalize(), f)
            self._bind((key,), f, f.set_value)
        outer.addLayout(head)
        body = QWidget()
        grid = QGridLayout(body)
        sections = [k for k, info in Ruleset.model_fields.items()
                    if isinstance(info.annotation, type) and issubclass(info.annotation, FileModel)]
        for n, section in enumerate(sections):
            box = QGroupBox(SECTION_TITLE.get(section, section))
            form = QFormLayout(box)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
            for field, info in Ruleset.model_fields[section].annotation.model_fields.items():
                w = self._field((section, field), info)
                w.setToolTip(info.description or "")
                form.addRow(field.replace("_", " "), w)
            grid.addWidget(box, n // 2 if section != "decisions" else 99, n % 2 if section != "decisions" else 0,
                           1, 1 if section != "decisions" else 2)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        self.start_validation(lambda p: path_text(p) or "the ruleset")
        self.problems_panel.set_subject("Pendulum ruleset file")
        self.problems_panel.problemActivated.connect(self.go_to_problem)
        doc.valueChanged.connect(self.refresh)
        guard_wheel(self)
        self.refresh()

    def _bind(self, path: tuple, widget: QWidget, setter) -> None:
        self.widgets[path] = widget
        self.setters[path] = setter

    def _edit(self, path: tuple, value, merge: bool = False) -> None:
        if not self.refreshing:
            self.document.edit(path, value, f"Set {'.'.join(path)}", merge=merge)

    def _field(self, path: tuple, info) -> QWidget:
        ann = info.annotation
        args = [a for a in typing.get_args(ann) if a is not type(None)]
        optional = type(None) in typing.get_args(ann)
        if typing.get_origin(ann) is typing.Literal:
            w = QComboBox()
            values = typing.get_args(ann)
            w.addItems([str(v) for v in values])
            w.activated.connect(lambda i, values=values: self._edit(path, values[i]))
            self._bind(path, w, lambda v, w=w: w.setCurrentText(str(v)))
            return w
        if ann is bool:
            w = QCheckBox()
            w.clicked.connect(lambda on: self._edit(path, on))
            self._bind(path, w, w.setChecked)
            return w
        if ann is int or (optional and args == [int]):
            lo, hi = _bounds(info)
            w = QSpinBox()
            w.setRange(lo - 1 if optional else lo, hi)
            if optional:
                w.setSpecialValueText("never")
            w.setSingleStep(1000 if path[-1].endswith("_ms") else 1)
            w.valueChanged.connect(lambda v: self._edit(path, None if optional and v < lo else v, merge=True))
            self._bind(path, w, lambda v, w=w, lo=lo: w.setValue(lo - 1 if v is None else v))
            return w
        # a list of whole numbers (the privilege bonus): comma-separated
        w = TextEdit("Whole numbers, comma-separated")

        def parse(text: str) -> None:
            try:
                self._edit(path, [int(x) for x in text.replace(" ", "").split(",") if x])
            except ValueError:
                self.refresh()
        w.changed.connect(parse)
        self._bind(path, w, lambda v, w=w: w.set_value(", ".join(map(str, v))))
        return w

    def go_to_problem(self, path) -> None:
        w = self.widgets.get(tuple(path or ())[:2])
        if w is not None:
            w.setFocus()

    def refresh(self, _path=()) -> None:
        self.refreshing = True
        m = self.document.model
        for path, setter in self.setters.items():
            v = m
            for k in path:
                v = getattr(v, k)
            w = self.widgets[path]
            w.blockSignals(True)
            setter(v)
            w.blockSignals(False)
        self.refreshing = False
