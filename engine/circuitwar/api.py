"""Circuit War as a `Game` (engine.core.game), registered as `circuitwar` in `gridsmith.games`.
Terminal play: a `human` seat types actions in their text form (`build circuit c4-d4`, `move c4-d4`,
`fire c4 E N`, `end`, ...)."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gridsmith.engine.core.errors import ScenarioError
from gridsmith.engine.core.game import Game, Replayed
from gridsmith.formats.circuitwar.lattice import SEAT_COLOURS

from .actions import Action


class CircuitWarGame(Game):
    name = "circuitwar"
    title = "Circuit War"
    scenario_kind = "circuitwar.scenario"
    save_kind = "circuitwar.save"
    colours = SEAT_COLOURS
    default_seats = ("heuristic",)

    def seats(self, scenario: Any) -> list[str]:
        return [p.name for p in scenario.players]

    def seat_count(self, state: Any) -> int:
        return state.n

    def new_game(self, scenario: Any, seed: int, ruleset: Any = None, base: str | Path | None = None) -> Any:
        from gridsmith.formats.circuitwar.rulesets import RulesetError

        from .game import new_game

        try:
            return new_game(scenario, seed, ruleset=ruleset,
                            scenario_file=Path(base, "scenario") if base is not None else None)
        except (RulesetError, ValueError) as e:
            raise ScenarioError(str(e)) from None

    def opening(self, state: Any) -> list:
        return list(state.last_events) if not state.log else []

    def replay(self, save: Any) -> Replayed:
        from .saves import from_save

        state, events = from_save(save)
        return Replayed(state, events, len(save.actions), list(save.seats), save.seed)

    def replay_lines(self, replayed: Replayed, events: bool = False, board: bool = False) -> list[str]:
        lines = [e.to_text() for e in replayed.events] if events else \
            [e.to_text() for e in replayed.events if type(e).__name__ in ("TurnStarted", "SideKilled", "GameOver")]
        if board:
            lines += replayed.state.board.to_layers()[0]
        return lines

    def save(self, state: Any, seats: Sequence[str], name: str = "") -> Any:
        from .saves import to_save

        return to_save(state, seats, name)

    def action_from_text(self, state: Any, text: str) -> Action:
        return Action.from_text(text, state.board.cols)

    def register_checks(self) -> None:
        from .saves import register

        register()


GAME = CircuitWarGame()
