"""Pyramids in the terminal: the board as one side sees it (`render`), and replaying a saved game.
`gridsmith play` drives terminal play through the Game API (engine.pyramids.api, engine.core.loop)."""
from __future__ import annotations

import sys

from .pieces import CHAR


def render(view) -> str:
    """The board as `view.me` sees it: `~` desert, `*` power square, own pieces by rank, the
    opponent's marked with `'` (`?'` for a piece whose rank is unknown)."""
    h = len(view.board)
    lines = ["    " + "  ".join("abcdefghijk")]
    for r in range(h):
        cells = []
        for c in range(11):
            cell = view.squares[r * 11 + c]
            if cell is None:
                cells.append({"D": "~", "P": "*"}.get(view.board[r][c], ".") + " ")
            else:
                ch = CHAR[cell[2]] if cell[2] else "?"
                cells.append(ch + (" " if cell[0] == view.me else "'"))
        lines.append(f"{h - r:>2}  " + " ".join(cells).rstrip())
    return "\n".join(lines)


def replay(args, model) -> int:
    """Replay a `pyramids.save` and check it against its snapshot (what `gridsmith replay` does
    through the Game API): 0 when it matches, 1 with the located problem otherwise."""
    from gridsmith.engine.core.errors import ReplayError

    from .api import GAME

    try:
        replayed = GAME.replay(model)
    except ReplayError as e:
        print(f"{args.save}: error {e.code}: {e}", file=sys.stderr)
        return 1
    if not getattr(args, "quiet", False):
        for line in GAME.replay_lines(replayed, board=getattr(args, "board", False)):
            print(line)
    print(f"{args.save}: {GAME.replay_verdict(replayed)}")
    return 0
