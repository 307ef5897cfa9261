"""Who plays each seat of a test game: the seat dialog, and the options of a computer player."""
from __future__ import annotations

import ast
import inspect
from typing import Any

from PySide6.QtWidgets import (QComboBox, QDialogButtonBox, QFormLayout, QGridLayout, QLabel, QLineEdit,
                               QSpinBox, QVBoxLayout)

from gridsmith.engine.core import games

from .play_provider import HUMAN, PlayProvider, seat_mark
from .screenfit import FittedDialog


def agent_options(game, name: str) -> dict[str, Any]:
    """The keyword options of a computer player and their defaults (from its constructor)."""
    try:
        sig = inspect.signature(type(game.agent(name)).__init__)
    except (TypeError, ValueError):
        return {}
    # plain values only: not callbacks or events a window wires itself (Cheops' stop, on_think)
    return {p.name: p.default for p in sig.parameters.values()
            if p.name != "self" and p.default is not inspect.Parameter.empty
            and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and not callable(p.default)
            and not any(w in str(p.annotation) for w in ("Callable", "Event"))}


def parse_options(text: str, known: dict[str, Any]) -> dict[str, Any]:
    """`budget=300, reply_turns=1` -> {"budget": 300, "reply_turns": 1}; ValueError says what is wrong."""
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or not key:
            raise ValueError(f"{part!r} is not an option like name=value")
        if known and key not in known:
            raise ValueError(f"no option {key!r}; this computer player has: {', '.join(known) or 'none'}")
        word = value.strip()
        if word.lower() in ("true", "false"):  # as people type it; Python's True/False read the same
            out[key] = word.lower() == "true"
            continue
        try:
            out[key] = ast.literal_eval(word)
        except (ValueError, SyntaxError):
            out[key] = word
        if isinstance(known.get(key), bool) and not isinstance(out[key], bool):
            # bool("false") is True: a switch given anything but true or false would be on
            raise ValueError(f"{key} is true or false, not {word!r}")
    return out


class SeatDialog(FittedDialog):  # never bigger than the screen (screenfit)
    """Who plays each seat: a human or one of the registered computer players, with its options;
    the names (where the game allows it) and the seed."""

    def __init__(self, provider: type[PlayProvider], scenario: Any, parent=None, title: str = ""):
        super().__init__(parent)
        self.provider = provider
        self.game = games.get(provider.game_name)
        self.setWindowTitle(f"Play {title}" if title else f"Play {self.game.title}")
        self.setMinimumWidth(520)  # the title and the option fields are never clipped
        lay = QVBoxLayout(self)
        head = QLabel(f"<b>Who plays {title or 'this game'}?</b> A human clicks on the board; a computer "
                      "player moves by itself (its options are optional, e.g. <tt>level=2</tt>).")
        head.setWordWrap(True)
        lay.addWidget(head)
        grid = QGridLayout()
        lay.addLayout(grid)
        self.kinds: list[QComboBox] = []
        self.names: list[QLineEdit] = []
        self.options: list[QLineEdit] = []
        agents = self.game.agents()
        self._known = {a: agent_options(self.game, a) for a in agents}
        choices = [HUMAN] + agents
        names = provider.player_names(scenario)
        defaults = list(self.game.default_seats)
        for q, n in enumerate(names):
            label = QLabel(f"{seat_mark(provider.seat_colour(q))} {n}")
            combo = QComboBox()
            for c in choices:
                combo.addItem("Human" if c == HUMAN else f"Computer: {c}", c)
            want = defaults[q] if q < len(defaults) else (defaults[-1] if len(defaults) == 1 else HUMAN)
            if len(defaults) == 1 and q == 0 and HUMAN in choices:
                want = HUMAN  # one name for every seat: you play the first seat against it
            if want in choices:
                combo.setCurrentIndex(choices.index(want))
            opts = QLineEdit()
            opts.setMinimumWidth(160)
            combo.currentIndexChanged.connect(lambda _i, c=combo, o=opts: self._agent_changed(c, o))
            self._agent_changed(combo, opts)
            grid.addWidget(label, q, 0)
            grid.addWidget(combo, q, 1)
            grid.addWidget(opts, q, 2)
            if provider.renames_players:
                name = QLineEdit(n)
                name.setMaxLength(64)
                name.setToolTip("This player's name for this game only (the scenario keeps its own)")
                grid.addWidget(name, q, 3)
                self.names.append(name)
            self.kinds.append(combo)
            self.options.append(opts)
        form = QFormLayout()
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(1)
        self.seed.setToolTip("The game's random seed: the same seed, seats and moves replay the same game")
        form.addRow("Seed", self.seed)
        lay.addLayout(form)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        lay.addWidget(self.error)
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        bb.accepted.connect(self.accept)
        bb.rejected.connect(self.reject)
        lay.addWidget(bb)

    def _agent_changed(self, combo: QComboBox, opts: QLineEdit) -> None:
        known = self._known.get(combo.currentData(), {})
        opts.setEnabled(combo.currentData() != HUMAN and bool(known))
        # an option whose default is None takes its value from elsewhere (Cheops' level: the scenario's):
        # its name alone, not "level=None", which reads as a value to type
        opts.setPlaceholderText(", ".join(k if v is None else f"{k}={v!r}" for k, v in known.items()) if known
                                else "no options")
        opts.setToolTip("Options of this computer player, name=value separated by commas; empty: its defaults")

    def seats(self) -> list[str]:
        return [c.currentData() for c in self.kinds]

    def player_names(self) -> list[str]:
        return [n.text().strip() for n in self.names]

    def agent_options(self) -> list[dict]:
        out = []
        for combo, opts in zip(self.kinds, self.options):
            out.append({} if combo.currentData() == HUMAN else
                       parse_options(opts.text(), self._known.get(combo.currentData(), {})))
        return out

    def accept(self) -> None:
        try:
            self.agent_options()
        except ValueError as e:
            self.error.setText(str(e))
            return
        super().accept()
