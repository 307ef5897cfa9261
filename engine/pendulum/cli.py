"""`gridsmith play` and `gridsmith replay` for Pendulum in the terminal.

Computer seats play on the game clock, fast-forwarded (engine.pendulum.runner). A `human` seat is
asked whenever it may act: type an action (`place w1 g-top-1`, `act w1`, `flip black`, ...), `list`
for the legal ones, `wait` to let the clock run to the next event, or `quit`. The terminal does not
race a human: the clock only moves when every seat waits.
"""
from __future__ import annotations

import sys
from pathlib import Path

from gridsmith.engine.core.agents import available, create
from gridsmith.engine.core.simulate import agent_rng

from .actions import Action, IllegalAction
from .runner import WAIT


class HumanSeat:
    """The Agent protocol over the keyboard."""

    name = "human"

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.quit = False

    def choose(self, view, legal_actions, rng):
        if self.quit:
            return WAIT if WAIT in legal_actions else legal_actions[0]
        print(view.summary())
        while True:
            text = input(f"seat {self.seat + 1} ({view.phase}) action, list, wait, quit: ").strip()
            if text in ("quit", "q", ""):
                self.quit = True
                return WAIT if WAIT in legal_actions else legal_actions[0]
            if text == "list":
                print("  " + "\n  ".join(a.to_text() for a in legal_actions[:200]))
                continue
            try:
                a = Action.from_text(text)
            except ValueError as e:
                print(e)
                continue
            if a in legal_actions:
                return a
            try:
                print(view.why_illegal(self.seat, a))
            except IllegalAction as e:
                print(e)


def play(args, model) -> int:
    from gridsmith.formats.pendulum.save import SaveFile
    from gridsmith.formats.pendulum.scenario import Scenario, resolve
    from gridsmith.formats.registry import CheckContext

    from .game import new_game
    from .runner import play as run_game
    from .saves import ReplayError, from_save, to_save

    if isinstance(model, SaveFile):
        try:
            state = from_save(model)
        except ReplayError as e:
            print(f"{args.file}: error {e.code}: {e}", file=sys.stderr)
            return 1
        default = model.players or ["greedy"]
    elif isinstance(model, Scenario):
        res, problems = resolve(model, CheckContext(file=Path(args.file)))
        if res is None:
            for p in problems:
                print(f"{args.file}: error {p.code}: {p.message}", file=sys.stderr)
            return 1
        state = new_game(res, args.seed or 0)
        default = ["greedy"]
    else:
        print(f"gridsmith play: {args.file} is not a Pendulum scenario or saved game", file=sys.stderr)
        return 2
    names = [x.strip() for x in args.seats.split(",")] if args.seats else list(default)
    names = names * state.n if len(names) == 1 else names
    known = {"human", *available("pendulum")}
    if len(names) != state.n or any(x not in known for x in names):
        print(f"gridsmith play: --seats needs {state.n} of {', '.join(sorted(known))}", file=sys.stderr)
        return 2
    agents = [HumanSeat(q) if x == "human" else create("pendulum", x) for q, x in enumerate(names)]
    rngs = [agent_rng(state.seed, q) for q in range(state.n)]
    verbose = args.verbose or "human" in names

    def show(events):
        if verbose:
            for e in events:
                print(e.to_text())
    try:
        run_game(state, agents, rngs, on_events=show)
    except (RuntimeError, EOFError) as e:
        print(f"gridsmith play: stopped: {e}", file=sys.stderr)
    if state.is_over:
        r = state.result
        who = ", ".join(f"seat {w + 1}" for w in r.winners) or "nobody"
        print(f"{who} wins: {r.reason}; VP {', '.join(f'{s:g}' for s in r.scores)}; game clock {state.now / 1000:.0f} s")
    if args.save:
        from gridsmith.formats.atomic import atomic_write_text
        from gridsmith.formats.document import FileDocument

        atomic_write_text(args.save, FileDocument.new(to_save(state, names)).to_text())
        print(f"saved to {args.save}")
    return 0 if state.is_over or args.save else 1


def replay(args, model) -> int:
    """`gridsmith replay` for a `pendulum.save`: print the game's events and check the snapshot."""
    from .saves import ReplayError, from_save

    try:
        final = from_save(model)
    except ReplayError as e:
        print(f"{args.save}: error {e.code}: {e}", file=sys.stderr)
        return 1
    if not getattr(args, "quiet", False):
        for e in final.events:
            if getattr(args, "events", False) or e.seat is None:
                print(e.to_text())
        if getattr(args, "board", False):
            print(final.summary())
    print(f"{args.save}: {len(final.requests)} requests replay to the snapshot")
    return 0
