"""The one play window with Pendulous in it, opened from a scenario model, and test-play from the
scenario editor (FILE|PLAY SCENARIO, manual 4.3)."""
from __future__ import annotations

from pathlib import Path

from gridsmith.formats.pendulous.scenario import Scenario

from ..core import playwindow
from .play import PendulousProvider


class PlayWindow(playwindow.PlayWindow):
    """The one play window with Pendulous in it, opened from a scenario model."""

    def __init__(self, scenario: Scenario, seats: list[str], seed: int = 1, scenario_file: Path | None = None,
                 pace: str = "watchable", end_turn_dialog: bool = True, agent_seed: int | None = None,
                 names: list[str] | None = None, options: list[dict] | None = None):
        super().__init__(PendulousProvider, scenario, seats, seed,
                         base=Path(scenario_file).parent if scenario_file else None, names=names,
                         agent_seed=agent_seed, pace=pace, options=options, scenario_file=scenario_file,
                         settings={"end_turn_dialog": end_turn_dialog})


def start_test_play(editor, main_window):
    return playwindow.start_test_play(editor, main_window, PendulousProvider)


def open_play_window(main_window, scenario: Scenario, seats: list[str], seed: int = 1,
                     names: list[str] | None = None, scenario_file: Path | None = None, source_editor=None,
                     pace: str = "watchable", end_turn_dialog: bool = True, agent_seed: int | None = None):
    w = playwindow.open_play_window(main_window, PendulousProvider, scenario, seats, seed,
                                    source_editor=source_editor, names=names, agent_seed=agent_seed, pace=pace,
                                    base=Path(scenario_file).parent if scenario_file else None,
                                    scenario_file=scenario_file, settings={"end_turn_dialog": end_turn_dialog})
    return w
