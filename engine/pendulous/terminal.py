"""Playing Pendulous in a terminal: computer seats and human seats, turn scores, saving.

Used by `gridsmith play`. A human seat reads commands from `input` (stdin by default):
``place R,C``, ``pickup R,C``, ``attack R,C`` (or just ``R,C``: what a click would do),
``odds R,C``, ``board``, ``reports``, ``save FILE``, ``end``, ``quit``, ``help``.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

from gridsmith.engine.core.rng import CounterRng
from gridsmith.formats.pendulous.scenario import SEAT_COLOURS

from . import reports
from .actions import END_TURN, action_from_text
from .combat import attack_odds
from .events import GameOver
from .save import write_save
from .state import PendulousState

HELP = """commands: place R,C | pickup R,C | attack R,C | R,C (what a click does) | odds R,C | board |
reports | save FILE | end (end the turn) | quit    (R,C = row,column from 0, as on the board)"""


def status_line(s: PendulousState) -> str:
    q = s.seat
    return (f"turn {s.turn}{' (setup)' if s.turn == 0 else ''}, {SEAT_COLOURS[q]} ({s.scenario.players[q].name}) "
            f"to move: force pool {s.pool[q]}, resources {s.resources[q]}, victory points {s.vp[q]}")


def board_with_axes(s: PendulousState) -> str:
    b = s.board
    head = "    " + "".join(f"{c % 10} " for c in range(b.width))
    lines = [head] + [f"{r:>3} {line}" for r, line in enumerate(s.board_text().split("\n"))]
    lines.append("legend: ~ water, 1-4 land of red/gray/green/blue, r y g b an army on it, A-D city, ' out of supply")
    return "\n".join(lines)


def _parse_square(arg: str) -> tuple[int, int] | None:
    r, sep, c = arg.strip().partition(",")
    if sep and r.strip().isdigit() and c.strip().isdigit():
        return int(r), int(c)
    return None


class HumanSeat:
    """A seat played from the terminal. Returns an action, or None to quit. It sees its own view;
    `save` writes the match's real state (which holds the game's generator)."""

    name = "human"

    def __init__(self, inp: Callable[[str], str] | None = None, out: TextIO | None = None,
                 seats: list[str] | None = None, match: Any = None) -> None:
        self.inp = inp or (lambda prompt: input(prompt))  # looked up when called: tests patch input
        self.out, self.seats, self.match = out or sys.stdout, seats, match

    def choose(self, s: PendulousState, legal: list[Any], rng: CounterRng) -> Any | None:
        print(board_with_axes(s), file=self.out)
        while True:
            print(status_line(s), file=self.out)
            try:
                line = self.inp("> ").strip()
            except EOFError:
                return None
            if not line:
                continue
            verb, _, arg = line.partition(" ")
            if verb in ("quit", "exit"):
                return None
            if verb == "help":
                print(HELP, file=self.out)
            elif verb == "board":
                print(board_with_axes(s), file=self.out)
            elif verb == "reports":
                print(reports.player_settings_text(s), reports.game_settings_text(s), reports.combat_report_text(s),
                      sep="\n\n", file=self.out)
            elif verb == "save" and arg:
                write_save(arg.strip(), self.match.state if self.match is not None else s, self.seats)
                print(f"saved to {arg.strip()}", file=self.out)
            elif verb == "odds":
                sq = _parse_square(arg)
                try:
                    print(attack_odds(s, sq).to_text() if sq else "odds R,C", file=self.out)
                except ValueError as e:
                    print(e, file=self.out)
            elif verb == "end":
                return END_TURN
            else:
                sq = _parse_square(line)
                if sq is not None:
                    a = s.action_for_square(*sq)
                    if a is None:
                        print(f"nothing you can do on {sq[0]},{sq[1]}", file=self.out)
                        continue
                    return a
                try:
                    a = action_from_text(line)
                except ValueError as e:
                    print(f"{e}\n{HELP}", file=self.out)
                    continue
                why = s.why_illegal(a)
                if why is None:
                    return a
                print(f"not allowed: {why}", file=self.out)


def play(state: PendulousState, seats: list[str], out: TextIO | None = None, verbose: bool = False,
         inp: Callable[[str], str] | None = None, agent_options: dict | None = None,
         agent_seed: int | None = None) -> bool:
    """Play until the game is over (True) or a human quits (False), through the shared loop
    (engine.core.loop). Prints each turn's scores, every event with `verbose` (always for human
    games), and the result. `agent_seed` fixes the computer players' generators (tests)."""
    from .api import GAME

    match = GAME.match(state, seats, agent_seed, inp, out, agent_options)
    return GAME.play_terminal(match, out or sys.stdout, verbose)


def play_match(match: Any, seats: list[str], out: TextIO, verbose: bool) -> bool:
    """The terminal's view of a Pendulous match: events, turn scores, the result."""
    state = match.state
    show_all = verbose or any(x == "human" for x in seats)
    last = {"turn": state.turn, "events": []}

    def shown(step) -> None:
        for e in step.events:
            if show_all and not isinstance(e, GameOver):
                print(e.to_text(), file=out)
        last["events"] = step.events
        if state.turn != last["turn"]:  # a round of turns is over (the last one ends the game)
            if last["turn"] > 0:
                scores = ", ".join(f"{SEAT_COLOURS[i]} {v}" for i, v in enumerate(state.vp))
                print(f"after turn {last['turn']}: {scores}", file=out)
            last["turn"] = state.turn

    if not match.run(on_step=shown):
        return False
    over = next((e for e in last["events"] if isinstance(e, GameOver)), None)
    print((over or GameOver(state.result.winners, tuple(state.vp))).to_text(), file=out)
    return True
