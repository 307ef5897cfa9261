"""Pyramids in the terminal: the board as one side sees it (`render`), the human seat
(`PyramidsHuman`), and replaying a saved game.
`gridsmith play` drives terminal play through the Game API (engine.pyramids.api, engine.core.loop)."""
from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Any, TextIO

from gridsmith.engine.core.errors import ReplayError
from gridsmith.engine.core.terminal import Palette, TerminalSeat, fit

from .actions import SIDE_NAMES, Move
from .geometry import COLS
from .pieces import CHAR, NAME, PYRAMID, SPHINX

if TYPE_CHECKING:
    from gridsmith.engine.core.game import Game, Prompt
    from gridsmith.engine.core.loop import Match

#: each side's colour, the editor's: the player blue, Cheops red
SIDE_COLOURS = ("blue", "red")


def render(view, paint: Palette | None = None) -> str:
    """The board as `view.me` sees it: `~` desert, `*` power square, own pieces by rank, the
    opponent's marked with `'` (`?'` for a piece whose rank is unknown); columns a-k above and
    below, rows numbered from the player's side. With colour, each side's pieces are in its colour
    (the editor's: the player blue, Cheops red)."""
    paint = paint or Palette(False)
    h = len(view.board)
    head = "    " + "  ".join(COLS)
    lines = [head]
    for r in range(h):
        cells = []
        for c in range(11):
            cell = view.squares[r * 11 + c]
            if cell is None:
                cells.append({"D": "~", "P": "*"}.get(view.board[r][c], ".") + " ")
            else:
                ch = CHAR[cell[2]] if cell[2] else "?"
                mine = cell[0] == view.me
                cells.append(paint(ch + (" " if mine else "'"), SIDE_COLOURS[cell[0]], bold=mine))
        lines.append(f"{h - r:>2}  " + " ".join(cells).rstrip() + f"  {h - r}")
    lines.append(head)
    return "\n".join(lines)


LEGEND = ("columns a-k left to right, rows 1-{h} from the bottom; a move is FROM-TO, e.g. c4-c6\n"
          "pieces: 1-8 rank (1 lion strongest ... 8 antelope), S sphinx, C cobra, P pyramid;\n"
          "the opponent's end in ' (?' unknown); ~ desert, * power square")

HELP = """\
  c4-c6   move (or attack with) the piece on c4 to c6: column letter a-k, row number from the bottom
  c4      what the piece on c4 can do now
  moves   the legal moves now (all of them, or those of one square: moves c4)
  board   show the board again
  save FILE  save the game to resume later (gridsmith play FILE)
  quit    stop (with a summary)
  help    this text"""


_SQUARE = re.compile(r"^[a-k]\d{1,2}$")


def square_info(view, legal: list, name: str) -> str:
    """What a bare square means to the player: its piece's legal moves, or why it has none."""
    try:
        sq = Move.from_text(f"{name}-{name}", len(view.board)).frm
    except ValueError as e:
        return str(e).replace(f"'{name}-{name}' is not a move like c4-c6", f"no square {name}")
    cell = view.squares[sq]
    if cell is None:
        return f"{name} is empty: nothing to move there"
    if cell[0] != view.me:
        return f"{name} holds an opponent's piece: attack it by moving one of yours onto it"
    moves = [m.to_text() for m in legal if m.frm == sq]
    piece = NAME[cell[2]]
    if moves:
        return f"the {piece} on {name} can move: {' '.join(moves)}"
    if cell[2] in (SPHINX, PYRAMID):
        return f"the {piece} on {name} never moves (the pyramid and the sphinxes cannot move)"
    if view.to_move != view.me:
        return "it is not your move"
    return f"the {piece} on {name} has no legal move now (blocked, or the repetition rule)"


class PyramidsHuman(TerminalSeat):
    """A Pyramids seat at the terminal: the board as this side sees it, a move like `c4-c6`."""

    def __init__(self, game: Game[Any, Any, Any], inp: Prompt | None, out: TextIO | None, match: Match) -> None:
        super().__init__(inp, out)
        self.game, self.match = game, match

    def choose(self, view: Any, legal: list, rng: Any) -> Move | None:
        h = len(view.board)
        if not self.greeted:
            self.greeted = True
            self.say(f"Pyramids: you play the {SIDE_NAMES[view.me]}'s side. Type `help` for the commands, "
                     "`quit` to stop.")
            self.say(LEGEND.format(h=h))
        self.say(render(view, self.paint))
        while True:
            text = self.ask(f"{SIDE_NAMES[view.me]} to move (a move like c4-c6, help, quit): ")
            if text is None:
                return None
            if not text:
                continue
            verb, _, arg = text.partition(" ")
            if verb in ("quit", "q", "exit"):
                return None
            if verb in ("help", "h", "?"):
                self.say(HELP)
                continue
            if verb == "board":
                self.say(render(view, self.paint))
                self.say(LEGEND.format(h=h))
                continue
            if verb == "save":
                self.save(arg.strip(), self.game, self.match)
                continue
            if _SQUARE.match(text):
                self.say(square_info(view, legal, text))
                continue
            if verb == "moves":
                shown = [m.to_text() for m in legal if not arg or m.to_text().startswith(arg.strip() + "-")]
                self.say(fit(" ".join(shown) or f"no legal move from {arg}", 2000))
                continue
            try:
                move = Move.from_text(text, h)
            except ValueError as e:
                self.say(f"{e}; type `help` for the commands")
                continue
            if not any(m.frm == move.frm and m.to == move.to for m in legal):
                self.say(f"not a legal move: {text} (`moves {text.partition('-')[0]}` lists that piece's moves)")
                continue
            return move


def stopped_text(state, seat: int | None) -> str:
    """Where a game stands when a human quits: moves played, who was to move, the pieces each side
    has lost (public: everyone sees captures)."""
    lines = [f"game stopped after {state.ply} moves" + (f"; {SIDE_NAMES[seat]} was to move" if seat is not None else "")]
    for side in (0, 1):
        lost = sorted(state.lost[side])
        named = ", ".join(NAME[x] for x in lost) if lost else "none"
        lines.append(f"  {SIDE_NAMES[side]:<7} lost {len(lost)} pieces: {fit(named, 80)}")
    return "\n".join(lines)


def replay(args: Any, model: Any, game: Game[Any, Any, Any]) -> int:
    """Replay a `pyramids.save` and check it against its snapshot (what `gridsmith replay` does
    through the Game API): 0 when it matches, 1 with the located problem otherwise."""
    try:
        replayed = game.replay(model)
    except ReplayError as e:
        print(f"{args.save}: error {e.code}: {e}", file=sys.stderr)
        return 1
    if not getattr(args, "quiet", False):
        for line in game.presentation.replay_lines(replayed, board=getattr(args, "board", False)):
            print(line)
    print(f"{args.save}: {game.presentation.replay_verdict(replayed)}")
    return 0
