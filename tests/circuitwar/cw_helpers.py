"""Hand-made Circuit War positions for rule tests, drawn in the file alphabet."""
from __future__ import annotations

from gridsmith.engine.circuitwar.actions import Action
from gridsmith.engine.circuitwar.board import from_layers
from gridsmith.engine.circuitwar.state import CircuitWarState
from gridsmith.engine.core.rng import CounterRng
from gridsmith.formats.circuitwar.ruleset import Ruleset


def rules(**sections) -> Ruleset:
    """The default ruleset with some sections changed: rules(beam={"flux_percent": 100})."""
    data = {"kind": "circuitwar.ruleset", "version": 1, "name": "test"}
    data.update(sections)
    return Ruleset.model_validate(data)


def position(grid: list[str], objects: list[str] = (), energy=(50, 50), seat: int = 0, phase: str = "move",
             ruleset: Ruleset | None = None, seed: int = 0, charges: dict | None = None, left: int = 5
             ) -> CircuitWarState:
    """A game in the middle of a turn: `seat` to act in `phase` with `left` actions."""
    r = ruleset or rules()
    b = from_layers(list(grid), list(objects), charges or {}, r.capacitor.start_charge, 1)
    s = CircuitWarState(b, r, list(energy), CounterRng(seed))
    s.turn = 1
    s.order = tuple(range(len(energy)))
    s.schedule = [(phase, seat)]
    s.pos = 0
    s.phase, s.seat, s.left = phase, seat, left
    return s


def play(state: CircuitWarState, text: str) -> list:
    return state.apply(Action.from_text(text, state.board.cols))


def at(state: CircuitWarState, name: str) -> tuple[int, int] | None:
    """(seat, level) of the gridrunner on point `name`, or None."""
    b = state.board
    p = b.parse_point(name)
    return None if b.runner[p] < 0 else (b.runner[p], b.level[p])


def circuit(state: CircuitWarState, name: str) -> tuple[int, str]:
    """(owner, object character or '-') of a circuit; owner -1 when there is none."""
    from gridsmith.engine.circuitwar.board import CHAR_OF_OBJECT

    b = state.board
    e = b.parse_circuit(name)
    return b.owner[e], CHAR_OF_OBJECT.get(b.obj[e], "-")


def texts(events) -> list[str]:
    return [e.to_text() for e in events]
