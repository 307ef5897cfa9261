"""Pyramids as a `Game` (engine.core.game): registered as `pyramids` in the `gridsmith.games`
entry-point group. Terminal play: a `human` seat types moves like `c4-c6` and sees only its own
view (Cheops' unknown pieces print as `?`)."""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, TextIO

from gridsmith.engine.core.edits import Edit
from gridsmith.engine.core.errors import ScenarioError
from gridsmith.engine.core.game import Checks, Game, Presentation, Prompt, Replayed
from gridsmith.engine.core.loop import Match, Step
from gridsmith.engine.core.protocol import Termination
from gridsmith.formats.pyramids.save import SavedGame

from .actions import SIDE_NAMES, Move
from .checks import CHECKS
from .edits import edit_space
from .events import Attacked
from .game import SCENARIO, new_game
from .pieces import MOBILE
from .saves import from_save, to_save
from .state import PyramidsState
from .terminal import SIDE_COLOURS, PyramidsHuman, stopped_text


class PyramidsPresentation(Presentation[PyramidsState]):
    """Pyramids at the terminal (engine.pyramids.terminal: each side sees only its own view) and
    under a heat map: squares where a piece fell."""

    def replay_lines(self, replayed: Replayed[PyramidsState], events: bool = False, board: bool = False) -> list[str]:
        lines = [e.to_text() for e in replayed.events]
        if board:
            s = replayed.state
            lines += [f"{a}  {b}" for a, b in zip(s.grid(0), s.grid(1))]
        return lines

    def replay_verdict(self, replayed: Replayed[PyramidsState]) -> str:
        return f"{replayed.actions} moves replay to the snapshot"

    def board_size(self, state: PyramidsState) -> tuple[int, int]:
        return (state.geo.w, state.geo.h)

    def cell_kind(self, state: PyramidsState, x: int, y: int) -> str:
        return {"D": "desert", "P": "power"}.get(state.geo.rows[y][x], "open")

    def heat_caption(self) -> str:
        return "squares where a piece fell"

    def heat(self, state: PyramidsState, step: Step) -> list[tuple[int, int]]:
        """Squares where a piece fell: every attack removes its loser on the attacked square."""
        w = state.geo.w
        return [(e.to % w, e.to // w) for e in step.events if isinstance(e, Attacked)]

    def human(self, inp: Prompt | None, out: TextIO | None, match: Match) -> Any:
        return PyramidsHuman(self.game, inp, out, match)

    def terminal_events(self, match: Match, step: Step, out: TextIO, verbose: bool) -> None:
        human = match.names.index("human") if "human" in match.names else None
        if verbose or human is not None:
            for e in step.events:
                print(e.redacted(human).to_text() if human is not None else e.to_text(), file=out)

    def terminal_end(self, match: Match, out: TextIO) -> None:
        r, s = match.state.result, match.state
        print(f"{'draw' if r.is_draw else SIDE_NAMES[r.winners[0]] + ' wins'}: {r.reason} after {s.ply} moves", file=out)

    def terminal_stopped(self, match: Match, out: TextIO) -> None:
        print(stopped_text(match.state, match.to_move), file=out)


class PyramidsGame(Game[PyramidsState, Move, SavedGame]):
    name = "pyramids"
    title = "Pyramids"
    scenario_kind = "pyramids.scenario"
    save_kind = "pyramids.save"
    colours = SIDE_COLOURS  # the editor's piece colours: the player's, Cheops'
    default_seats = ("human", "cheops")
    default_agents = ("greedy", "cheops")  # the player's side, Cheops' side
    strongest_agent = "cheops"
    presentation_class = PyramidsPresentation

    def seats(self, scenario: Any) -> list[str]:
        return list(SIDE_NAMES)

    def seat_count(self, state: PyramidsState) -> int:
        return 2

    def seat_name(self, state: Any, seat: int) -> str:
        return SIDE_NAMES[seat]

    def new_state(self, scenario: Any, seed: int, ruleset: Any, base: str | Path | None) -> PyramidsState:
        """Pyramids has no ruleset file (its numbers are the scenario's options): a `ruleset` is an error."""
        if ruleset is not None:
            raise ScenarioError("Pyramids has no ruleset: its numbers are the scenario's options")
        res = SCENARIO(scenario, Path(base, "scenario") if base is not None else None)
        state = new_game(res, seed)
        state.scenario_name = getattr(res, "name", "")
        return state

    def replay(self, save: SavedGame) -> Replayed[PyramidsState]:
        final = from_save(save)
        state = new_game(final.resolved, save.seed, first=final.first, setups=final.setups,
                         random_setups=final.random_setups)
        events = [e for m in final.log for e in state.apply(m)]
        return Replayed(final, events, final.ply, [], save.seed)

    def save(self, state: PyramidsState, seats: Sequence[str], name: str = "") -> SavedGame:
        return to_save(state, state.rng.seed, name or getattr(state, "scenario_name", ""))

    def action_from_text(self, state: PyramidsState, text: str) -> Move:
        return Move.from_text(text, state.geo.h)

    def edit_space(self, scenario: Any, measured: Any, file: Path | None = None) -> Iterator[Edit]:
        return edit_space(scenario, measured, file)

    def checks(self) -> Checks:
        return CHECKS

    def ended_by_rule(self, state: PyramidsState) -> bool:
        # the scenario's `max_moves` is a safety bound the manual does not have (docs/rules/pyramids.md)
        r = state.result
        return r is None or r.termination is not Termination.MOVE_LIMIT

    def leader(self, state: PyramidsState) -> int | None:
        """The side with the larger share of its mobile pieces left (the material the game is won by
        eliminating; the two sides may start with different numbers)."""
        start = _mobile_at_start(state.counts)
        share = [state.mobile[v] * start[1 - v] for v in (0, 1)]  # mobile[v] / start[v], cross-multiplied
        return None if share[0] == share[1] else int(share[1] > share[0])


@lru_cache(maxsize=16)
def _mobile_at_start(counts: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[int, int]:
    """Each side's mobile pieces in its piece set (asked after every move of a batch game: `leader`)."""
    return (sum(n for t, n in enumerate(counts[0]) if MOBILE[t]), sum(n for t, n in enumerate(counts[1]) if MOBILE[t]))


GAME = PyramidsGame()
