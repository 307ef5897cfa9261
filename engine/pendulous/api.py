"""Pendulous as a `Game` (engine.core.game): what the command line, batch play and the editor's
shared parts know of it. Registered as `pendulous` in the `gridsmith.games` entry-point group."""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from gridsmith.engine.core.edits import Edit
from gridsmith.engine.core.errors import ScenarioError
from gridsmith.engine.core.game import Checks, Game, Presentation, Prompt, Replayed
from gridsmith.engine.core.loop import Match, Step
from gridsmith.formats.rulesets import RulesetError
from gridsmith.formats.pendulous.save import SaveFile
from gridsmith.formats.pendulous.scenario import SEAT_COLOURS

from . import reports
from .actions import Action, action_from_text
from .checks import CHECKS
from .edits import edit_space
from .events import AttackResolved, GameOver, Reverted, VictoryPointsScored
from .game import new_game
from .saves import SaveError, differences, replay, save_game, save_text
from .state import PendulousState
from .terminal import HumanSeat, play_match, shared_text


class PendulousPresentation(Presentation[PendulousState]):
    """Pendulous at the terminal (engine.pendulous.terminal) and under a heat map: squares that
    change hands."""

    def replay_lines(self, replayed: Replayed[PendulousState], events: bool = False, board: bool = False) -> list[str]:
        # squares in the shared notation (formats.coords), as terminal play and the play window print them
        lines = [shared_text(e.to_text()) for e in replayed.events
                 if events or isinstance(e, (VictoryPointsScored, GameOver))]
        if board:
            lines += [replayed.state.board_text(), reports.combat_report_text(replayed.state)]
        return lines

    def board_size(self, state: PendulousState) -> tuple[int, int]:
        return (state.board.width, state.board.height)

    def cell_kind(self, state: PendulousState, x: int, y: int) -> str:
        return state.square(y, x)[0]

    def heat_caption(self) -> str:
        return "squares that changed hands"

    def heat(self, state: PendulousState, step: Step) -> list[tuple[int, int]]:
        """Squares that changed hands: captured by an attack, or gained when unsupplied (2.8)."""
        out = []
        for e in step.events:
            if isinstance(e, AttackResolved) and e.won:
                out.append((e.col, e.row))
            elif isinstance(e, Reverted):
                out.extend((c, r) for r, c in e.squares)
        return out

    def human(self, inp: Prompt | None, out: TextIO | None, match: Match) -> Any:
        return HumanSeat(inp, out, match.names, match, self.game)

    def play_terminal(self, match: Match, out: TextIO, verbose: bool = False) -> bool:
        return play_match(match, match.names, out, verbose)


class PendulousGame(Game[PendulousState, Action, SaveFile]):
    name = "pendulous"
    title = "Pendulous"
    scenario_kind = "pendulous.scenario"
    save_kind = "pendulous.save"
    colours = SEAT_COLOURS
    strongest_agent = "search"
    presentation_class = PendulousPresentation

    def seats(self, scenario: Any) -> list[str]:
        return [p.name for p in scenario.players]

    def new_state(self, scenario: Any, seed: int, ruleset: Any, base: str | Path | None) -> PendulousState:
        try:
            return new_game(scenario, ruleset, seed, Path(base, "scenario") if base is not None else None)
        except RulesetError as e:
            raise ScenarioError(str(e)) from None

    def opening(self, state: PendulousState) -> list:
        return PendulousState.start(state.scenario, state.rules, state.rng.seed)[1] if state.rng is not None else []

    def replay(self, save: SaveFile) -> Replayed[PendulousState]:
        state, events = replay(save)
        problems = differences(save, state)
        if problems:
            raise SaveError(problems)
        return Replayed(state, events, len(save.actions), list(save.seats or []), save.seed)

    def save(self, state: PendulousState, seats: Sequence[str], name: str = "") -> SaveFile:
        return save_game(state, list(seats))

    def save_text(self, save: SaveFile) -> str:
        return save_text(save)

    def action_from_text(self, state: PendulousState, text: str) -> Action:
        return action_from_text(text)

    def edit_space(self, scenario: Any, measured: Any, file: Path | None = None) -> Iterator[Edit]:
        return edit_space(scenario, measured, file)

    def checks(self) -> Checks:
        return CHECKS

    def leader(self, state: PendulousState) -> int | None:
        """The player with the most victory points (the scenario's last turn gives the game to them);
        None while several share the most. The game has no safety bound: `ended_by_rule` keeps its default."""
        best = max(state.vp)
        top = [q for q, v in enumerate(state.vp) if v == best]
        return top[0] if len(top) == 1 else None


GAME = PendulousGame()
