"""`gridsmith play` for Pyramids in the terminal: `human` seats type moves like `c4-c6`, computer
seats are agents of the `gridsmith.agents` group (`random`, `cheops`, ...). A human sees only their
own view: Cheops' unknown pieces print as `?`."""
from __future__ import annotations

import sys
from pathlib import Path

from gridsmith.engine.core.agents import available, create
from gridsmith.engine.core.simulate import agent_rng

from .actions import SIDE_NAMES, Move
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


def play(args, model) -> int:
    from gridsmith.formats.pyramids.save import SavedGame
    from gridsmith.formats.pyramids.scenario import Scenario, resolve
    from gridsmith.formats.registry import CheckContext

    from .game import new_game
    from .saves import ReplayError, from_save, to_save

    seed = args.seed or 0
    if isinstance(model, SavedGame):
        try:
            state = from_save(model)
        except ReplayError as e:
            print(f"{args.file}: error {e.code}: {e}", file=sys.stderr)
            return 1
        seed = model.seed
    elif isinstance(model, Scenario):
        res, problems = resolve(model, CheckContext(file=Path(args.file)))
        if res is None:
            for p in problems:
                print(f"{args.file}: error {p.code}: {p.message}", file=sys.stderr)
            return 1
        state = new_game(res, seed)
    else:
        print(f"gridsmith play: {args.file} is not a Pyramids scenario or saved game", file=sys.stderr)
        return 2
    seats = [x.strip() for x in (args.seats or "human,cheops").split(",")]
    seats = seats * 2 if len(seats) == 1 else seats
    known = {"human", *available("pyramids")}
    if len(seats) != 2 or any(s not in known for s in seats):
        print(f"gridsmith play: --seats needs two of {', '.join(sorted(known))}", file=sys.stderr)
        return 2
    agents = [None if s == "human" else create("pyramids", s) for s in seats]
    rngs = [agent_rng(seed, q) for q in range(2)]
    quit_ = False
    while not state.is_over:
        q = state.to_move
        view = state.view(q)
        if agents[q] is None:
            print(render(view))
            text = input(f"{SIDE_NAMES[q]} to move (e.g. c4-c6, quit): ").strip()
            if text in ("quit", "q", ""):
                quit_ = True
                break
            try:
                events = state.apply(Move.from_text(text, state.geo.h))
            except ValueError as e:
                print(e)
                continue
        else:
            events = state.apply(agents[q].choose(view, state.legal_actions(), rngs[q]))
        for e in events:
            if args.verbose or "human" in seats:
                print(e.redacted(seats.index("human")).to_text() if "human" in seats else e.to_text())
    if state.is_over:
        r = state.result
        print(f"{'draw' if r.is_draw else SIDE_NAMES[r.winners[0]] + ' wins'}: {r.reason} after {state.ply} moves")
    if args.save:
        from gridsmith.formats.atomic import atomic_write_text
        from gridsmith.formats.document import new_text

        atomic_write_text(args.save, new_text(to_save(state, seed, getattr(model, "name", ""))))
        print(f"saved to {args.save}")
    return 0 if state.is_over or args.save or not quit_ else 1


def replay(args, model) -> int:
    """`gridsmith replay` for a `pyramids.save`: print the game and check it against its snapshot."""
    from .game import new_game
    from .saves import ReplayError, from_save

    try:
        final = from_save(model)
    except ReplayError as e:
        print(f"{args.save}: error {e.code}: {e}", file=sys.stderr)
        return 1
    if not getattr(args, "quiet", False):
        state = new_game(final.resolved, model.seed, first=final.first, setups=final.setups)
        for m in final.log:
            for e in state.apply(m):
                print(e.to_text())
        if getattr(args, "board", False):
            print("\n".join(f"{a}  {b}" for a, b in zip(final.grid(0), final.grid(1))))
    print(f"{args.save}: {final.ply} moves replay to the snapshot")
    return 0
