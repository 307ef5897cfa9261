"""Pendulum in the terminal: the human seat. `gridsmith play` drives the game through the Game API
(engine.pendulum.api, engine.core.loop)."""
from __future__ import annotations

import sys
from typing import Any, TextIO

from gridsmith.engine.core.game import Game, Prompt
from gridsmith.engine.core.loop import Match

from .actions import Action


class PendulumHuman:
    """A Pendulum seat at the terminal: the table, then an action's text, `list`, `wait` or `quit`.
    The clock does not race a human: it moves only when every seat waits."""

    name = "human"

    def __init__(self, game: Game[Any, Any, Any], inp: Prompt | None, out: TextIO | None, match: Match) -> None:
        self.game, self.match = game, match
        self.inp = inp or (lambda prompt: input(prompt))
        self.out = out or sys.stdout

    def choose(self, view: Any, legal: list, rng: Any) -> Action | None:
        print(view.summary(), file=self.out)
        seat = view.viewer
        while True:
            try:
                text = self.inp(f"{self.game.seat_name(self.match.state, seat)} ({view.phase}): action, list, "
                                "wait, quit: ").strip()
            except EOFError:
                return None
            if text in ("quit", "q", ""):
                return None
            if text == "list":
                print("\n".join("  " + a.to_text() for a in legal[:300]), file=self.out)
                continue
            try:
                action = Action.from_text(text)
            except ValueError as e:
                print(e, file=self.out)
                continue
            if action in legal:
                return action
            print(view.why_illegal(seat, action), file=self.out)
