"""The Kongbots scenario form: name, arena, ruleset, and the team builder (editor.kongbots.team_builder)
for each team's Kongbots, the leader first; test-play in the one play window (F5), a computer team or
hotseat. The form checks nothing itself: the formats' resolver and validator do (live, in the problems
panel and on the team builder's rows)."""
from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout

from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.kongbots.modules import TEAMS
from gridsmith.formats.kongbots.refs import ARENA, RULESET
from gridsmith.formats.kongbots.scenario import KIND, BotEntry, Scenario, resolve
from gridsmith.formats.registry import CheckContext

from ..core import commands
from ..core.document import EditorDocument
from ..core.editorwidget import ValidatedEditor
from ..core.forms import guard_wheel
from ..core.reffield import RefField
from ..core.playwindow import start_test_play
from .team_builder import TeamBuilder


class ScenarioDocument(EditorDocument):
    kind = KIND

    def grid_size(self) -> tuple[int, int]:
        return (0, 0)

    def context(self) -> CheckContext:
        return CheckContext(file=self.path)

    def set_team(self, t: int, name: str | None = None, bots: list[BotEntry] | None = None) -> bool:
        """Undoable: team `t` renamed and/or given new Kongbots."""
        teams = [x.model_copy(deep=True) for x in self.model.teams]
        update = {k: v for k, v in (("name", name), ("bots", bots)) if v is not None}
        teams[t] = teams[t].model_copy(update=update)
        return commands.set_value(self, ("teams",), teams, f"Team {TEAMS[t]}")


class ScenarioEditor(ValidatedEditor):
    def __init__(self, document: ScenarioDocument, parent=None):
        super().__init__(document, parent)
        doc = document
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.fields: dict[str, QLineEdit] = {}
        for key, label, tip in (("name", "Name", ""), ("description", "Description", ""),
                                ("arena", "Arena", "A bundled arena (classic-diamond, pillars, pit) or a path to a "
                                 "*.arena.yaml file"),
                                ("ruleset", "Ruleset", "A bundled ruleset (default) or a path to a *.rules.yaml file")):
            refs = {"arena": ARENA, "ruleset": RULESET}  # picked, not typed (editor.core.reffield)
            f = RefField(refs[key], lambda: doc.path) if key in refs else QLineEdit()
            f.setToolTip(tip)
            f.editingFinished.connect(lambda k=key, f=f: f.text() != getattr(doc.model, k) and commands.set_value(
                doc, (k,), f.text(), f"Set {k}"))
            form.addRow(label, f)
            self.fields[key] = f
        lay.addLayout(form)
        self.teams = TeamBuilder()
        self.teams.nameEdited.connect(lambda t, name: name != doc.model.teams[t].name and doc.set_team(t, name=name))
        self.teams.botsEdited.connect(lambda t, bots: bots != doc.model.teams[t].bots and doc.set_team(t, bots=bots))
        lay.addWidget(self.teams, 1)
        self.play_button = QPushButton("Test-play… (F5)")
        self.play_button.clicked.connect(lambda: self.play(self.window()))
        lay.addWidget(self.play_button)
        self.status = QLabel()
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        self.start_validation(lambda p: " › ".join(map(str, p)) or "the scenario")
        self.validator.problemsChanged.connect(self.teams.set_problems)
        guard_wheel(self)
        doc.valueChanged.connect(self.refresh)
        self.refresh()

    def _cannot_play(self, problems) -> str:
        """The message under Test-play when the scenario cannot be played: its errors."""
        return "Cannot play: " + "; ".join(p.message for p in problems if p.severity is Severity.ERROR)[:400]

    def refresh(self, _path=()) -> None:
        if self.status.text():  # an edit (or an undo) may have fixed what stopped the last test-play
            res, problems = resolve(self.document.snapshot(), self.document.context())
            self.status.setText("" if res is not None else self._cannot_play(problems))
        m: Scenario = self.document.model
        for key, f in self.fields.items():
            if f.text() != getattr(m, key):
                f.setText(getattr(m, key))
        self.teams.show_scenario(m, self.document.context())

    def can_play(self) -> bool:
        return True

    def play(self, main_window):
        """Test-play the scenario as it is in the editor (unsaved): the seat dialog (a computer team or
        hotseat), then the one play window."""
        from .play import KongbotsProvider  # test-play only: the play provider loads the game's engine

        res, problems = resolve(self.document.snapshot(), self.document.context())
        self.status.setText("" if res is not None else self._cannot_play(problems))
        if res is None:
            return None
        return start_test_play(self, main_window, KongbotsProvider, scenario=res, errors_first=False)
