"""Computer turns off the GUI thread: the agent thinks on a *view* (a copy) in a QThread, the window
applies its choice on the GUI thread. The window never freezes and the state is only ever changed
on one thread.

A worker's lifetime does not depend on the window that started it (issue 28: deleting a play window
while a computer player was thinking aborted the editor): it is a `DetachedThread` (editor.core.detached).

An agent that reports its search as it goes (Pyramids' Cheops: `on_think`) gets `thought.emit` as
that callback when the window asks for it (`report_thinking=True`)."""
from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import Signal

from .detached import DetachedThread, running as running_threads


class AgentWorker(DetachedThread):
    chosen = Signal(object)  # the action
    failed = Signal(str)
    thought = Signal(object)  # whatever the agent reports while it thinks

    def __init__(self, agent: Any, view: Any, legal: list, rng: Any, report_thinking: bool = False):
        super().__init__()
        self.agent, self.view, self.legal, self.rng = agent, view, legal, rng
        self.report_thinking = report_thinking
        self.seconds = 0.0

    def run(self) -> None:
        t0 = time.perf_counter()
        if self.report_thinking and hasattr(self.agent, "on_think"):
            self.agent.on_think = self.thought.emit
        try:
            action = self.agent.choose(self.view, self.legal, self.rng)
        except Exception as e:  # a broken third-party agent must not take the editor down
            self.failed.emit(f"{getattr(self.agent, 'name', type(self.agent).__name__)} failed: {e!r}")
            return
        self.seconds = time.perf_counter() - t0
        self.chosen.emit(action)


def running() -> int:
    """How many agent threads are still running (tests; the editor's exit waits for none)."""
    return len(running_threads(AgentWorker))
