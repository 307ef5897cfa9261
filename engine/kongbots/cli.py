"""`gridsmith play` and `gridsmith replay` for Kongbots in the terminal.

A `human` team types orders (`A1 fire B1`, `A1 move 3,4`, `A1 claw B1`, `done`; `?` lists the legal
ones, `quit` stops); computer teams are agents of the `gridsmith.agents` group (`random`, `greedy`,
`search`).
"""
from __future__ import annotations

import sys
from pathlib import Path

from gridsmith.engine.core.agents import available, create
from gridsmith.engine.core.simulate import agent_rng
from gridsmith.formats.kongbots.modules import EMPTY, TEAMS

from .actions import parse_order
from .events import PHASES


def render(view) -> str:
    """The arena as a team sees it: each row shifted half a hex right of the one above, bots by
    label, missiles `**`, walls `##`; then every bot's modules and the pulse and phase."""
    at = {b.hex: b.label for b in view.bots if b.hex is not None}
    mis = {m.hex for m in view.missiles}
    lines = []
    for r, row in enumerate(view.arena.rows):
        cells = []
        for q, ch in enumerate(row):
            h = (q, r)
            cells.append(at.get(h) or ("**" if h in mis else {"#": "##", "-": "  "}.get(ch, " .")))
        lines.append((f"{r:>2} " + "  " * r + "  ".join(cells)).rstrip())
    for b in view.bots:
        mods = " ".join(m or EMPTY for m in b.slots)
        flags = " surrendered" if b.surrendered else (" MALFUNCTIONING" if b.malfunctioning else "")
        where = "" if b.hex is None else f" at {b.hex[0]},{b.hex[1]}"
        lines.append(f"{b.label} {b.name} ({b.chassis}){where}: {mods}{flags}")
    for m in view.missiles:
        lines.append(f"m{m.id} ({TEAMS[m.team]}) at {m.hex[0]},{m.hex[1]} hunting {m.target}")
    lines.append(f"turn {view.turn}, pulse {view.pulse}, {PHASES[view.phase]} phase")
    return "\n".join(lines)


def play(args, model) -> int:
    from gridsmith.formats.kongbots.save import SaveFile

    from .game import ScenarioError, resolve_scenario, start
    from .saves import ReplayError, from_save, to_save

    if isinstance(model, SaveFile):
        try:
            state = from_save(model)
        except ReplayError as e:
            print(f"{args.file}: error {e.code}: {e}", file=sys.stderr)
            return 1
        default = model.seats or ["human", "greedy"]
    else:
        try:
            state = start(resolve_scenario(model, Path(args.file)), args.seed or 0)
        except (ScenarioError, TypeError) as e:
            print(f"{args.file}: {e}", file=sys.stderr)
            return 1
        default = ["human", "greedy"]
    seats = [x.strip() for x in args.seats.split(",")] if args.seats else list(default)
    seats = seats * 2 if len(seats) == 1 else seats
    known = {"human", *available("kongbots")}
    if len(seats) != 2 or any(s not in known for s in seats):
        print(f"gridsmith play: --seats needs two of {', '.join(sorted(known))}", file=sys.stderr)
        return 2
    agents = [None if s == "human" else create("kongbots", s) for s in seats]
    rngs = [agent_rng(state.seed, q) for q in range(2)]
    loud = args.verbose or "human" in seats
    if loud:
        for e in state.first_events:
            print(e.to_text())
    quit_ = False
    while not state.is_over:
        q = state.to_move
        if agents[q] is None:
            print(render(state.view(q)))
            text = input(f"team {TEAMS[q]} ({PHASES[state.phase]}), an order, ? or quit: ").strip()
            if text in ("quit", "q"):
                quit_ = True
                break
            if text in ("?", ""):
                print("  ".join(o.to_text() for o in state.legal_actions()))
                continue
            try:
                events = state.apply(parse_order(text))
            except ValueError as e:
                print(e)
                continue
        else:
            order = agents[q].choose(state.view(q), state.legal_actions(), rngs[q])
            events = state.apply(order)
            if loud:
                print(f"team {TEAMS[q]}: {order.to_text()}")
        if loud:
            for e in events:
                print(e.to_text())
    if state.is_over:
        r = state.result
        who = "a tie" if r.is_draw else f"team {TEAMS[r.winners[0]]} wins"
        print(f"{who}: {r.reason} (turn {state.turn})")
    if args.save:
        from gridsmith.formats.atomic import atomic_write_text
        from gridsmith.formats.document import new_text

        atomic_write_text(args.save, new_text(to_save(state, seats)))
        print(f"saved to {args.save}")
    return 0 if state.is_over or args.save or not quit_ else 1


def replay(args, model) -> int:
    """`gridsmith replay` of a `kongbots.save`: print the battle and check it against its snapshot."""
    from .game import start
    from .saves import ReplayError, from_save

    try:
        final = from_save(model)
    except ReplayError as e:
        print(f"{args.save}: error {e.code}: {e}", file=sys.stderr)
        return 1
    if not getattr(args, "quiet", False):
        state = start(model.scenario, model.seed)
        for e in state.first_events:
            print(e.to_text())
        for text in model.orders:
            order = parse_order(text)
            print(f"> {order.to_text()}")
            for e in state.apply(order):
                print(e.to_text())
        if getattr(args, "board", False):
            print(render(final.view(0)))
    print(f"{args.save}: {len(model.orders)} orders replay to the snapshot")
    return 0
