"""Kongbots in the terminal: the arena as text (`render`) and the human team (`KongbotsHuman`).
`gridsmith play` and `replay` drive the game through the Game API (engine.kongbots.api,
engine.core.loop)."""
from __future__ import annotations

import sys
from typing import Any, TextIO

from gridsmith.engine.core.game import Prompt
from gridsmith.formats.coords import short
from gridsmith.formats.kongbots.modules import EMPTY, TEAMS

from .actions import parse_order
from .events import PHASES


def render(view) -> str:
    """The arena as a team sees it: each row (numbered from 1) shifted half a hex right of the one
    above, bots by label, missiles `**`, walls `##`; then every bot's modules and hex (column,row
    from 1, the shared notation), the missiles, and the pulse and phase."""
    at = {b.hex: b.label for b in view.bots if b.hex is not None}
    mis = {m.hex for m in view.missiles}
    lines = []
    for r, row in enumerate(view.arena.rows):
        cells = []
        for q, ch in enumerate(row):
            h = (q, r)
            cells.append(at.get(h) or ("**" if h in mis else {"#": "##", "-": "  "}.get(ch, " .")))
        lines.append((f"{r + 1:>2} " + "  " * r + "  ".join(cells)).rstrip())
    for b in view.bots:
        mods = " ".join(m or EMPTY for m in b.slots)
        flags = " surrendered" if b.surrendered else (" MALFUNCTIONING" if b.malfunctioning else "")
        where = "" if b.hex is None else f" at {short(b.hex, 'hex')}"
        lines.append(f"{b.label} {b.name} ({b.chassis}){where}: {mods}{flags}")
    for m in view.missiles:
        lines.append(f"m{m.id} ({TEAMS[m.team]}) at {short(m.hex, 'hex')} hunting {m.target}")
    lines.append(f"turn {view.turn}, pulse {view.pulse}, {PHASES[view.phase]} phase")
    return "\n".join(lines)


class KongbotsHuman:
    """A team at the terminal: the arena and every bot, then an order; `?` lists the legal ones."""

    name = "human"

    def __init__(self, inp: Prompt | None, out: TextIO | None) -> None:
        self.inp = inp or (lambda prompt: input(prompt))
        self.out = out or sys.stdout

    def choose(self, view: Any, legal: list, rng: Any) -> Any:
        print(render(view), file=self.out)
        while True:
            try:
                text = self.inp(f"team {TEAMS[view.me]} ({PHASES[view.phase]}): an order, ? or quit: ").strip()
            except EOFError:
                return None
            if text in ("quit", "q"):
                return None
            if text in ("?", ""):
                print("  ".join(o.to_text() for o in legal), file=self.out)
                continue
            try:
                order = parse_order(text)
            except ValueError as e:
                print(e, file=self.out)
                continue
            if order not in legal:
                print(f"not a legal order now: {text} (? lists them)", file=self.out)
                continue
            return order
