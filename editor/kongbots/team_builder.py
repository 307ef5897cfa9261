"""The Kongbots team builder: each team's Kongbots as a list, the leader first, picked from the known
builds (every bundled build and the *.bot.yaml files beside the scenario), reordered, made leader,
given call signs and removed, every change one undo step of the scenario document.

The selected Kongbot's build is a reference field like every other (editor.core.reffield): picked
from the build files that exist or Browse…, the build file's problems beside it, Open; Ctrl+click in
the field or on a row opens the build in its own tab.

Each row shows the build's name and class; the class the battle is fought in (the building
restrictions: "Both players must build the same class of Kongbot") is the first leader's, and the
builder says it live. Problems come from the formats' own scenario check (the live validator, the one
that `validate` runs): a row with a problem is marked and its message shown under the team.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (QComboBox, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QPushButton, QVBoxLayout, QWidget)

from gridsmith.formats.content import bundled_names
from gridsmith.formats.diagnostics import Problem, Severity
from gridsmith.formats.kongbots.bot import Bot
from gridsmith.formats.kongbots.modules import TEAMS
from gridsmith.formats.kongbots.refs import BUILD
from gridsmith.formats.kongbots.scenario import BotEntry, Scenario
from gridsmith.formats.references import model_of
from gridsmith.formats.registry import CheckContext

from ..core.reffield import CtrlClick, RefField

BAD = QColor("#f4b4ad")
LEADER = "\u2605"  # the leader's star


@dataclass(frozen=True)
class KnownBuild:
    ref: str  # what the scenario writes: a bundled name or a path relative to the scenario
    bot: Bot

    @property
    def label(self) -> str:
        return f"{self.bot.name} \u2014 {self.bot.chassis} ({self.ref})"


def known_builds(ctx: CheckContext) -> list[KnownBuild]:
    """Every bundled build, then every build file in the scenario's folder, each with its model."""
    refs = list(bundled_names("kongbots", BUILD.suffix))
    if ctx.file is not None and Path(ctx.file).parent.is_dir():
        refs += sorted(p.name for p in Path(ctx.file).parent.glob(f"*{BUILD.suffix}") if p.is_file())
    out = []
    for ref in refs:
        bot = model_of(ref, BUILD, ctx)
        if bot is not None:
            out.append(KnownBuild(ref, bot))
    return out


def battle_class(model: Scenario, ctx: CheckContext) -> str | None:
    """The class of the battle: that of team A's leader (None while it cannot be read)."""
    for team in model.teams:
        if team.bots:
            bot = model_of(team.bots[0].build, BUILD, ctx)
            return bot.chassis if bot is not None else None
    return None


class TeamPanel(QGroupBox):
    """One team: its name, its Kongbots (leader first) and the buttons that change them.
    `referrer()` is the scenario file (None: not saved yet), the build references' base."""

    #: the team's new Kongbots (the document makes the change)
    botsEdited = Signal(int, object)
    nameEdited = Signal(int, str)

    def __init__(self, t: int, referrer: Callable[[], Path | None] = lambda: None, parent=None) -> None:
        super().__init__(f"Team {TEAMS[t]} ({'red, seat 1' if t == 0 else 'blue, seat 2'})", parent)
        self.t = t
        self.entries: list[BotEntry] = []
        self.known: list[KnownBuild] = []
        self._select: int | None = None
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Name"))
        self.name = QLineEdit()
        self.name.editingFinished.connect(lambda: self.nameEdited.emit(self.t, self.name.text()))
        row.addWidget(self.name, 1)
        lay.addLayout(row)
        self.list = QListWidget()
        self.list.setToolTip(f"The team's Kongbots; the first ({LEADER}) is the leader, whose retros decide "
                             "the initiative; Ctrl+click a row to open its build")
        self.list.currentRowChanged.connect(self._selected)
        self.list.viewport().installEventFilter(CtrlClick(self, self._open_row_build))
        lay.addWidget(self.list, 1)
        buttons = QHBoxLayout()
        self.up = self._button(buttons, "Up", "Move the selected Kongbot up", lambda: self._move(-1))
        self.down = self._button(buttons, "Down", "Move the selected Kongbot down", lambda: self._move(1))
        self.lead = self._button(buttons, "Make leader", "Put the selected Kongbot first", self._make_leader)
        self.remove = self._button(buttons, "Remove", "Take the selected Kongbot out of the team", self._remove)
        lay.addLayout(buttons)
        sign = QHBoxLayout()
        sign.addWidget(QLabel("Call sign"))
        self.call_sign = QLineEdit()
        self.call_sign.setPlaceholderText("the build's name")
        self.call_sign.editingFinished.connect(self._rename)
        sign.addWidget(self.call_sign, 1)
        lay.addLayout(sign)
        build = QHBoxLayout()
        build.addWidget(QLabel("Build"))
        self.build = RefField(BUILD, referrer)  # the selected Kongbot's build: picked, not typed
        self.build.setToolTip("The selected Kongbot's build: a bundled name or a path to a *.bot.yaml file. Pick "
                              "one from the list (or Browse…); Ctrl+click or Open shows it in its own tab")
        self.build.changed.connect(self._rebuild)
        build.addWidget(self.build, 1)
        lay.addLayout(build)
        add = QHBoxLayout()
        self.add_build = QComboBox()
        self.add_build.setToolTip("A bundled build or a build file beside the scenario")
        add.addWidget(self.add_build, 1)
        self.add = self._button(add, "Add", "Add this build to the team (at the end)", self._add)
        lay.addLayout(add)
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #b3261e")
        lay.addWidget(self.problems)

    @staticmethod
    def _button(layout, text: str, tip: str, slot) -> QPushButton:
        b = QPushButton(text)
        b.setToolTip(tip)
        b.clicked.connect(slot)
        layout.addWidget(b)
        return b

    # ---- showing ----------------------------------------------------------------------------
    def show_team(self, name: str, entries: list[BotEntry], models: list[Bot | None], known: list[KnownBuild],
                  cls: str | None, problems: dict[int, list[Problem]], team_problems: list[Problem]) -> None:
        if self.name.text() != name:
            self.name.setText(name)
        row = self._select if self._select is not None else self.list.currentRow()
        self._select = None
        self.entries = list(entries)
        self.list.blockSignals(True)
        self.list.clear()
        for b, (e, bot) in enumerate(zip(entries, models)):
            what = f"{bot.name}, {bot.chassis}" if bot is not None else "cannot be read"
            text = f"{LEADER if b == 0 else ' '} {b + 1}. {e.name or (bot.name if bot else e.build)} \u2014 {e.build} ({what})"
            mine = problems.get(b, [])
            wrong = bot is not None and cls is not None and bot.chassis != cls
            item = QListWidgetItem(text + ("   \u26a0 " + mine[0].message if mine else
                                           f"   \u26a0 not a {cls}" if wrong else ""))
            if mine or wrong:
                item.setBackground(QBrush(BAD))
                item.setToolTip("\n".join(p.message for p in mine) or f"not a {cls}: both teams must build the "
                                "same class")
            self.list.addItem(item)
        self.list.blockSignals(False)
        if self.list.count():
            self.list.setCurrentRow(min(max(row, 0), self.list.count() - 1))
        self._selected(self.list.currentRow())
        if [k.ref for k in known] != [k.ref for k in self.known] or self.add_build.count() != len(known):
            self.known = list(known)
            self.add_build.clear()
            for k in known:
                self.add_build.addItem(k.label, k.ref)
            # offer a build of the battle's class first
            fits = [i for i, k in enumerate(known) if k.bot.chassis == cls]
            if fits:
                self.add_build.setCurrentIndex(fits[0])
        for i, k in enumerate(self.known):  # the class restriction, live: other classes are marked
            other = cls is not None and k.bot.chassis != cls
            self.add_build.setItemData(i, QBrush(BAD) if other else None, Qt.ItemDataRole.BackgroundRole)
            self.add_build.setItemData(i, f"not a {cls}: both teams must build the same class" if other else
                                       None, Qt.ItemDataRole.ToolTipRole)
        msgs = [p.message for p in team_problems] + [p.message for b in sorted(problems) for p in problems[b]]
        self.problems.setText("\n".join(dict.fromkeys(msgs)))
        self.problems.setVisible(bool(msgs))

    def _selected(self, row: int) -> None:
        ok = 0 <= row < len(self.entries)
        self.up.setEnabled(ok and row > 0)
        self.lead.setEnabled(ok and row > 0)
        self.down.setEnabled(ok and row < len(self.entries) - 1)
        self.remove.setEnabled(ok and len(self.entries) > 1)  # a team has one Kongbot or more
        self.call_sign.setEnabled(ok)
        self.build.setEnabled(ok)
        text = (self.entries[row].name or "") if ok else ""
        if self.call_sign.text() != text:
            self.call_sign.setText(text)
        self.build.setText(self.entries[row].build if ok else "")

    # ---- editing ----------------------------------------------------------------------------
    def _emit(self, entries: list[BotEntry], select: int) -> None:
        self._select = select  # the row to select when the document answers (show_team)
        self.botsEdited.emit(self.t, entries)

    def _move(self, step: int) -> None:
        row = self.list.currentRow()
        to = row + step
        if not (0 <= row < len(self.entries) and 0 <= to < len(self.entries)):
            return
        e = list(self.entries)
        e[row], e[to] = e[to], e[row]
        self._emit(e, to)

    def _make_leader(self) -> None:
        row = self.list.currentRow()
        if 0 < row < len(self.entries):
            e = list(self.entries)
            self._emit([e[row]] + e[:row] + e[row + 1:], 0)

    def _remove(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.entries) and len(self.entries) > 1:
            e = list(self.entries)
            del e[row]
            self._emit(e, min(row, len(e) - 1))

    def _add(self) -> None:
        ref = self.add_build.currentData()
        if ref:
            self._emit(list(self.entries) + [BotEntry(build=ref)], len(self.entries))

    def _open_row_build(self, pos: QPoint) -> bool:
        """Ctrl+click on a row: select it and open its build, as Ctrl+click in the Build field does."""
        row = self.list.indexAt(pos).row()
        if row < 0:
            return False
        self.list.setCurrentRow(row)
        self.build.open_target()
        return True

    def _rebuild(self, ref: str) -> None:
        row = self.list.currentRow()
        if not 0 <= row < len(self.entries) or not ref or ref == self.entries[row].build:
            if 0 <= row < len(self.entries):
                self.build.setText(self.entries[row].build)  # a build is required: an emptied field is put back
            return
        e = list(self.entries)
        e[row] = e[row].model_copy(update={"build": ref})
        self._emit(e, row)

    def _rename(self) -> None:
        row = self.list.currentRow()
        if not 0 <= row < len(self.entries):
            return
        name = self.call_sign.text().strip() or None
        if name == self.entries[row].name:
            return
        e = list(self.entries)
        e[row] = e[row].model_copy(update={"name": name})
        self._emit(e, row)


class TeamBuilder(QWidget):
    """Both teams side by side, and the class of the battle."""

    botsEdited = Signal(int, object)
    nameEdited = Signal(int, str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._ctx: CheckContext | None = None  # before the panels: their build fields ask for the scenario file
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.class_label = QLabel()
        lay.addWidget(self.class_label)
        row = QHBoxLayout()
        self.teams = [TeamPanel(t, self._scenario_file) for t in range(len(TEAMS))]
        for panel in self.teams:
            panel.botsEdited.connect(self.botsEdited)
            panel.nameEdited.connect(self.nameEdited)
            row.addWidget(panel, 1)
        lay.addLayout(row, 1)
        self._problems: list[Problem] = []
        self._model: Scenario | None = None

    def _scenario_file(self) -> Path | None:
        file = self._ctx.file if self._ctx is not None else None
        return Path(file) if file is not None else None

    def show_scenario(self, model: Scenario, ctx: CheckContext) -> None:
        self._model, self._ctx = model, ctx
        self._redraw()

    def set_problems(self, problems: list[Problem]) -> None:
        self._problems = [p for p in problems if p.severity is Severity.ERROR]
        self._redraw()

    def _redraw(self) -> None:
        model, ctx = self._model, self._ctx
        if model is None:
            return
        known = known_builds(ctx)
        cls = battle_class(model, ctx)
        self.class_label.setText(f"Class of the battle: <b>{cls}</b> (team A's leader; both teams must build "
                                 "the same class)" if cls else "Class of the battle: not known yet (team A's "
                                 "leader cannot be read)")
        for t, panel in enumerate(self.teams):
            if t >= len(model.teams):
                continue
            team = model.teams[t]
            per_bot: dict[int, list[Problem]] = {}
            whole: list[Problem] = []
            for p in self._problems:
                path = tuple(p.path)
                if len(path) < 2 or path[0] != "teams" or path[1] != t:
                    continue
                if len(path) >= 4 and path[2] == "bots" and isinstance(path[3], int):
                    per_bot.setdefault(path[3], []).append(p)
                else:
                    whole.append(p)
            models = [model_of(e.build, BUILD, ctx) for e in team.bots]
            panel.show_team(team.name, team.bots, models, known, cls, per_bot, whole)
