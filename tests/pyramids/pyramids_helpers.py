"""Building hand-made Pyramids positions for rule tests."""
from __future__ import annotations

from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.pyramids.actions import Move
from gridsmith.engine.pyramids.geometry import geometry
from gridsmith.engine.pyramids.pieces import CODE_OF_CHAR
from gridsmith.engine.pyramids.state import PyramidsState, type_counts
from gridsmith.formats.pyramids.pieces import DEFAULT_COUNTS
from gridsmith.formats.pyramids.scenario import Options

DEFAULT_BOARD = ("...........",) * 4 + ("..DDD.DDD..", "P.DDDPDDD.P", "..DDD.DDD..") + ("...........",) * 4
OPEN_BOARD = ("...........",) * 11


def position(pieces: dict[str, str], board=DEFAULT_BOARD, first: int = 0, **options) -> PyramidsState:
    """`pieces` maps square names (c4) to a side letter and a piece: `p5` the player's hawk, `cS` a
    sphinx of Cheops."""
    geo = geometry(tuple(board))
    place = ([], [])
    for name, code in pieces.items():
        place["pc".index(code[0])].append((geo.parse(name), CODE_OF_CHAR[code[1]]))
    counts = type_counts(DEFAULT_COUNTS)
    return PyramidsState(geo, (counts, counts), place, Options(**options), CounterRng(0), first)


def targets(state: PyramidsState, frm: str) -> set[str]:
    g = state.geo
    sq = g.parse(frm)
    return {g.name(m.to) for m in state.legal_actions() if m.frm == sq}


def play(state: PyramidsState, text: str):
    return state.apply(Move.from_text(text, state.geo.h))
