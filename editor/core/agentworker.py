"""Computer turns off the GUI thread: the agent thinks on a *view* (a copy) in a QThread, the window
applies its choice on the GUI thread. The window never freezes and the state is only ever changed
on one thread."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QThread, Signal


class AgentWorker(QThread):
    chosen = Signal(object)  # the action
    failed = Signal(str)

    def __init__(self, agent: Any, view: Any, legal: list, rng: Any, parent=None):
        super().__init__(parent)
        self.agent, self.view, self.legal, self.rng = agent, view, legal, rng

    def run(self) -> None:
        try:
            action = self.agent.choose(self.view, self.legal, self.rng)
        except Exception as e:  # a broken third-party agent must not take the editor down
            self.failed.emit(f"{getattr(self.agent, 'name', type(self.agent).__name__)} failed: {e!r}")
            return
        self.chosen.emit(action)
