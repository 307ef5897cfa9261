"""Playing Pendulous in a terminal: computer seats and human seats, turn scores, saving.

Used by `gridsmith play`. Squares are named in the shared notation (formats.coords): column then
row, both from 1, as the board's labels show (`3,2` is column 3, row 2). The engine's own text
forms (saved games, traces) keep their 0-based `row,col`; this module translates both ways.
A human seat's commands: ``C,R`` (what a click does there), ``place C,R``, ``pickup C,R``,
``attack C,R``, ``odds C,R``, ``board``, ``reports``, ``save FILE``, ``end``, ``quit``, ``help``.
"""
from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.core.terminal import Palette, TerminalSeat
from gridsmith.formats import coords
from gridsmith.formats.diagnostics import safe_text
from gridsmith.formats.pendulous.scenario import SEAT_COLOURS

from . import reports
from .actions import END_TURN, Attack, PickUp, Place
from .board import CITY_KIND
from .combat import attack_odds
from .events import GameOver
from .state import PendulousState

if TYPE_CHECKING:
    from gridsmith.engine.core.game import Game

HELP = """\
Squares are column,row counted from 1, as the board is labelled: 3,2 is column 3, row 2.
  C,R          do what a click does on that square: place an army on your empty land, pick up
               your army, or attack an enemy square
  place C,R    put an army from your force pool on your land (costs resources)
  pickup C,R   take your army back into the force pool
  attack C,R   attack an enemy square next to yours (or across water by naval invasion, if allowed)
  odds C,R     the chance of winning an attack on C,R, point by point
  board        show the board again          reports   player, game and combat reports
  save FILE    save the game to resume later (gridsmith play FILE)
  end          end your turn                 quit      stop (with a summary)
  help         this text"""

LETTERS = "abcd"  # a seat's land; its cities in capitals (A-D, as in the scenario's map)


# ---- the shared notation (formats.coords): cells are 0-based (column, row), text is `C,R` from 1 ----
def square_short(col: int, row: int) -> str:
    """`3,2` for column index 2, row index 1."""
    return coords.short((col, row))


def parse_square(text: str) -> tuple[int, int] | None:
    """(row, col) of `C,R` typed from 1 (or `column 3, row 2`), or None when the text is not a square."""
    try:
        col, row = coords.notation("square").parse(text)
    except coords.CoordinateError:
        return None
    return row, col


_ENGINE_SQUARE = re.compile(r"(?<![\d.])(\d+),(\d+)(?![\d.])")


def shared_text(engine_text: str) -> str:
    """An engine text (an event, an action: squares `row,col` from 0) with its squares in the
    shared notation (`column,row` from 1)."""
    return _ENGINE_SQUARE.sub(lambda m: square_short(int(m.group(2)), int(m.group(1))), engine_text)


def action_text(a: Any) -> str:
    return shared_text(a.to_text())


# ---- the board ------------------------------------------------------------------------------------
def board_with_axes(s: PendulousState, paint: Palette | None = None, width: int | None = None) -> str:
    """The board with its columns (top and bottom) and rows labelled from 1. Each square is the
    owner's letter (a-d land, A-D city), then the armies on it as a count (`.` none, `+` ten or
    more), then `'` when it is out of supply; `~` water. With colour, each square is in its owner's
    colour and army counts are bold. A board wider than `width` (default: the terminal's) drops the
    blank between squares, and its column numbers are written downwards (tens over ones)."""
    paint = paint or Palette(False)
    b = s.board
    width = width or shutil.get_terminal_size((100, 24)).columns
    wide = 4 + 3 * b.width <= width

    def put(text: str, colour: str, **style: bool) -> str:  # trailing blanks stay unpainted (rstrip)
        core = text.rstrip()
        return paint(core, colour, **style) + text[len(core):]

    if wide:
        head = ["    " + "".join(f"{c + 1:<3}" for c in range(b.width)).rstrip()]
    else:
        head = ["    " + "".join(f"{(c + 1) // 10 or ' '} " for c in range(b.width)).rstrip(),
                "    " + "".join(f"{(c + 1) % 10} " for c in range(b.width)).rstrip()]
    lines = list(head)
    for r in range(b.height):
        cells = []
        for c in range(b.width):
            i = b.index(r, c)
            q = s.owner[i]
            if q < 0:
                cells.append(put(" ~ " if wide else "~ ", "cyan", dim=True))
                continue
            out = "'" if not (s.supplied >> i & 1) else " "
            n = s.armies[i]
            if b.kind[i] == CITY_KIND:
                text, bold = LETTERS[q].upper() + (" " + out if wide else out), True
            else:
                count = "." if n == 0 else (str(n) if n < 10 else "+")
                text, bold = LETTERS[q] + (count + out if wide else (out if n == 0 and out != " " else count)), n > 0
            cells.append(put(text, SEAT_COLOURS[q], bold=bold))
        lines.append(f"{r + 1:>3} " + "".join(cells).rstrip())
    lines += head
    names = ", ".join(f"{LETTERS[q]} {SEAT_COLOURS[q]}" for q in range(len(s.scenario.players)))
    lines.append(f"columns 1-{b.width} left to right{'' if wide else ' (numbers read downwards)'}, "
                 f"rows 1-{b.height} top to bottom; a square is column,row (3,2)")
    lines.append(f"land: {names} (capitals: their cities); then its armies (. none); ' out of supply; ~ water")
    if not wide:
        lines.append("(a terminal this narrow shows ' only on squares without armies; widen it for all)")
    return "\n".join(lines)


def status_line(s: PendulousState) -> str:
    q = s.seat
    return (f"turn {s.turn} of {s.scenario.settings.turns}{' (setup)' if s.turn == 0 else ''}, "
            f"{SEAT_COLOURS[q]} ({safe_text(s.scenario.players[q].name, 40)}) to move: force pool {s.pool[q]}, "
            f"resources {s.resources[q]}, victory points {s.vp[q]}")


def summary(s: PendulousState) -> str:
    """Where a game stands: its turn, then a line per seat with its victory points and armies."""
    seats = [f"  {SEAT_COLOURS[q]:<6} {s.vp[q]:>5} victory points, {s.onmap[q]} armies on the map, {s.pool[q]} in the pool"
             + (" (out of the game)" if s.out[q] else "") for q in range(len(s.scenario.players))]
    return "\n".join([f"stopped in turn {s.turn} of {s.scenario.settings.turns}:", *seats])


def why_nothing(s: PendulousState, row: int, col: int) -> str:
    """Why a square has no action for the player to move."""
    b = s.board
    if not b.inside(row, col):
        return f"{square_short(col, row)} is off the map (columns 1-{b.width}, rows 1-{b.height})"
    i = b.index(row, col)
    q = s.owner[i]
    if q < 0:
        return "it is water: no action can take place on water (2.1)"
    if q == s.seat:
        tries = ([PickUp(row, col)] if s.armies[i] else []) + [Place(row, col)]
    else:
        tries = [Attack(row, col)]
    reasons = "; ".join(dict.fromkeys(s.why_illegal(a) or "" for a in tries)) or "no action is legal there"
    return shared_text(reasons)  # the engine's reasons may name squares in its own notation


class HumanSeat(TerminalSeat):
    """A seat played from the terminal. Returns an action, or None to quit. It sees its own view;
    `save` writes the match's real state (which holds the game's generator)."""

    def __init__(self, inp: Callable[[str], str] | None = None, out: TextIO | None = None,
                 seats: list[str] | None = None, match: Any = None, game: Game | None = None) -> None:
        super().__init__(inp, out)
        self.seats, self.match, self.game = seats, match, game

    def choose(self, s: PendulousState, legal: list[Any], rng: CounterRng) -> Any | None:
        if not self.greeted:
            self.greeted = True
            self.say(f"Pendulous: {safe_text(s.scenario.name, 40)}. Type `help` for the commands, `quit` to stop.")
            self.say("Squares are column,row from 1, as the board is labelled: 3,2 is column 3, row 2.")
        self.say(board_with_axes(s, self.paint))
        while True:
            self.say(status_line(s))
            line = self.ask("> ")
            if line is None:
                return None
            if not line:
                continue
            verb, _, arg = line.partition(" ")
            verb, arg = verb.lower(), arg.strip()
            if verb in ("quit", "exit", "q"):
                return None
            if verb in ("help", "?", "h"):
                self.say(HELP)
            elif verb == "board":
                self.say(board_with_axes(s, self.paint))
            elif verb == "reports":
                self.say(reports.all_reports_text(s))
            elif verb == "save":
                if self.game is None or self.match is None:
                    self.say("not saved: this seat plays outside a match")
                else:
                    self.save(arg, self.game, self.match)
            elif verb == "odds":
                self.odds(s, legal, arg)
            elif verb == "end":
                return END_TURN
            elif verb in ("place", "pickup", "attack"):
                sq = parse_square(arg)
                if sq is None:
                    self.say(f"{verb} needs a square: {verb} C,R (column,row from 1, e.g. {verb} 3,2)")
                    continue
                a = {"place": Place, "pickup": PickUp, "attack": Attack}[verb](*sq)
                why = self.why_not(s, a)
                if why is None and a in legal:
                    return a
                self.say(f"not allowed: {why or 'not a legal action now'}")
            else:
                sq = parse_square(line)
                if sq is None:
                    self.say(f"unknown command {line!r}; type `help` for the commands")
                    continue
                a = s.action_for_square(*sq)
                if a is None or a not in legal:
                    self.say(f"nothing to do on {square_short(sq[1], sq[0])}: {why_nothing(s, *sq)}")
                    continue
                return a

    @staticmethod
    def why_not(s: PendulousState, a: Any) -> str | None:
        """Why the engine refuses `a` (None: it does not), its squares in the shared notation."""
        if not s.board.inside(a.row, a.col):
            return why_nothing(s, a.row, a.col)
        why = s.why_illegal(a)
        return shared_text(why) if why else None

    def odds(self, s: PendulousState, legal: list[Any], arg: str) -> None:
        """The odds of an attack the rules allow now (the engine's legal actions), else why not."""
        sq = parse_square(arg)
        if sq is None:
            self.say("odds C,R: the chance of an attack on column C, row R (from 1)")
            return
        a = Attack(*sq)
        if a not in legal:
            why = self.why_not(s, a)
            self.say(f"no attack on {square_short(sq[1], sq[0])} now: {why or 'the rules do not allow it'}")
            return
        odds = attack_odds(s, sq)
        self.say(f"{'naval invasion of' if odds.naval else 'attack on'} {square_short(sq[1], sq[0])}: "
                 f"{odds.to_text()}")


def play_match(match: Any, seats: list[str], out: TextIO, verbose: bool) -> bool:
    """The terminal's view of a Pendulous match: events (squares in the shared notation), turn
    scores, the result; a summary when a human quits."""
    state = match.state
    show_all = verbose or any(x == "human" for x in seats)
    last = {"turn": state.turn, "events": []}

    def shown(step) -> None:
        for e in step.events:
            if show_all and not isinstance(e, GameOver):
                print(shared_text(e.to_text()), file=out)
        last["events"] = step.events
        if state.turn != last["turn"]:  # a round of turns is over (the last one ends the game)
            if last["turn"] > 0:
                scores = ", ".join(f"{SEAT_COLOURS[i]} {v}" for i, v in enumerate(state.vp))
                print(f"after turn {last['turn']}: {scores}", file=out)
            last["turn"] = state.turn

    if not match.run(on_step=shown):
        print(summary(state), file=out)
        return False
    over = next((e for e in last["events"] if isinstance(e, GameOver)), None)
    print((over or GameOver(state.result.winners, tuple(state.vp))).to_text(), file=out)
    return True
