"""Circuit War in the terminal. Its human seat is the shared one (engine.core.game.TextHuman): the
player types an action in its text form (`build circuit c4-d4`, `move c4-d4`, `fire c4 E N`, `end`),
which is all this game needs at a prompt. What is Circuit War's own is what the terminal prints of a
replayed game (`gridsmith replay`)."""
from __future__ import annotations

from typing import Any

from .events import GameOver, SideKilled, TurnStarted
from .state import CircuitWarState

#: what `gridsmith replay` prints without `--events`: the turns, the sides killed, the end
SUMMARY_EVENTS = (TurnStarted, SideKilled, GameOver)


def replay_lines(state: CircuitWarState, events: list[Any], every_event: bool, board: bool) -> list[str]:
    """The events of a replayed game (every one, or the summary ones), then the board's text grid."""
    lines = [e.to_text() for e in events if every_event or isinstance(e, SUMMARY_EVENTS)]
    if board:
        lines += state.board.to_layers()[0]
    return lines
