"""Circuit War as a `Game` (engine.core.game), registered as `circuitwar` in `gridsmith.games`.
Terminal play: a `human` seat types actions in their text form (`build circuit c4-d4`, `move c4-d4`,
`fire c4 E N`, `end`, ...); engine.circuitwar.terminal says why the shared seat is enough."""
from __future__ import annotations

from collections.abc import Iterator, Iterable, Sequence
from pathlib import Path
from typing import Any

from gridsmith.engine.core.edits import Edit
from gridsmith.engine.core.errors import ScenarioError
from gridsmith.engine.core.game import Checks, Game, Presentation, Replayed
from gridsmith.engine.core.loop import Step
from gridsmith.engine.core.protocol import Termination
from gridsmith.formats.circuitwar import lattice as L
from gridsmith.formats.circuitwar.lattice import SEAT_COLOURS
from gridsmith.formats.rulesets import RulesetError
from gridsmith.formats.circuitwar.save import SavedGame

from . import events as E
from . import terminal
from .actions import Action
from .board import NO_CIRCUIT
from .checks import CHECKS
from .edits import edit_space
from .game import new_game
from .saves import from_save, to_save
from .state import CircuitWarState


class CircuitWarPresentation(Presentation[CircuitWarState]):
    """Circuit War at the terminal (engine.circuitwar.terminal) and under a heat map, in the
    doubled grid of the lattice (points and the circuits between them)."""

    def replay_lines(self, replayed: Replayed[CircuitWarState], events: bool = False, board: bool = False) -> list[str]:
        return terminal.replay_lines(replayed.state, replayed.events, events, board)

    # ---- heat maps (engine.core.simulate, the balance lab): cells of the doubled text grid ----------
    def board_size(self, state: CircuitWarState) -> tuple[int, int]:
        """The lattice in doubled coordinates (formats.circuitwar.lattice): a point every other cell,
        the circuits between them, so heat lands on the very point or circuit where it happened."""
        return (state.board.cols, state.board.rows)

    def cell_kind(self, state: CircuitWarState, x: int, y: int) -> str:
        """CPUs `city` (dark), other points `desert`, built circuits `land`, the rest `open`."""
        b = state.board
        i = y * b.cols + x
        if y % 2 == 0 and x % 2 == 0:
            return "city" if b.cpu[i] >= 0 else "desert"
        return "land" if (x + y) % 2 == 1 and b.owner[i] != NO_CIRCUIT else "open"

    def board_geometry(self, state: CircuitWarState) -> str:
        return "lattice"

    def heat_caption(self) -> str:
        return "circuits and points where the Grid changed hands or something fell"

    def heat(self, state: CircuitWarState, step: Step) -> Iterable[tuple[int, int]]:
        """Where the Grid changed hands or something fell: circuits captured or converted, objects and
        circuits blown, gridrunners dead or beaten in a collision, CPUs drained or struck."""
        for e in step.events:
            if isinstance(e, (E.Captured, E.Blown)) or (isinstance(e, E.DeadCircuit) and e.fate == "converted"):
                yield _cell(e.circuit)
            elif isinstance(e, E.Died):
                yield _cell(e.where)
            elif isinstance(e, E.Fought):
                yield _cell(e.where)
            elif isinstance(e, (E.CpuDrained, E.CpuStruck)) and e.seat in state.cpu_points:
                r, c = state.board.rc(state.cpu_points[e.seat])
                yield (c, r)


class CircuitWarGame(Game[CircuitWarState, Action, SavedGame]):
    name = "circuitwar"
    title = "Circuit War"
    scenario_kind = "circuitwar.scenario"
    save_kind = "circuitwar.save"
    colours = SEAT_COLOURS
    default_seats = ("heuristic",)
    default_agents = ("heuristic",)
    presentation_class = CircuitWarPresentation

    def seats(self, scenario: Any) -> list[str]:
        return [p.name for p in scenario.players]

    def seat_count(self, state: CircuitWarState) -> int:
        return state.n

    def new_state(self, scenario: Any, seed: int, ruleset: Any, base: str | Path | None) -> CircuitWarState:
        try:
            return new_game(scenario, seed, ruleset=ruleset,
                            scenario_file=Path(base, "scenario") if base is not None else None)
        except (RulesetError, ValueError) as e:
            raise ScenarioError(str(e)) from None

    def opening(self, state: CircuitWarState) -> list:
        return list(state.last_events) if not state.log else []

    def replay(self, save: SavedGame) -> Replayed[CircuitWarState]:
        state, events = from_save(save)
        return Replayed(state, events, len(save.actions), list(save.seats), save.seed)

    def save(self, state: CircuitWarState, seats: Sequence[str], name: str = "") -> SavedGame:
        return to_save(state, seats, name)

    def action_from_text(self, state: CircuitWarState, text: str) -> Action:
        return Action.from_text(text, state.board.cols)

    def edit_space(self, scenario: Any, measured: Any, file: Path | None = None) -> Iterator[Edit]:
        return edit_space(scenario, measured, file)

    def checks(self) -> Checks:
        return CHECKS

    def ended_by_rule(self, state: CircuitWarState) -> bool:
        """True when the game ended the manual's way, one side (or none) left standing; False when
        the ruleset's safety bound (`turns.max_turns`) ended it, or a Grid where no side can act any
        more (a project rule, docs/rules/circuitwar.md), or it is not over."""
        r = state.result
        return r is not None and r.termination == Termination.ELIMINATION


def _cell(name: str) -> tuple[int, int]:
    """(x, y) in the doubled grid of a point (`c4`) or circuit (`c4-d4`) name from an event."""
    r, c = (L.parse_circuit if "-" in name else L.parse_point)(name)
    return (c, r)


GAME = CircuitWarGame()
