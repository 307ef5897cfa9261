"""Pendulum as a `Game` (engine.core.game): registered as `pendulum` in the `gridsmith.games`
entry-point group.

The state the play loop drives is a `PolledGame` (engine.pendulum.runner): the clocked
`PendulumState` with every seat polled at events, so `gridsmith play`, `simulate`, traces and the
editor's play window run Pendulum through the one loop. Terminal play: a `human` seat types an
action (`place w1 g-top-1`, `act w1`, `flip black`, `wait`, ...), `list` for the legal ones, `quit`.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from gridsmith.engine.core.edits import Edit
from gridsmith.engine.core.errors import ScenarioError
from gridsmith.engine.core.game import Checks, Game, Presentation, Prompt, Replayed
from gridsmith.engine.core.loop import Match
from gridsmith.formats.pendulum.ruleset import Ruleset
from gridsmith.formats.pendulum.save import SaveFile, SeatClock

from .actions import Action
from .checks import CHECKS
from .edits import edit_space
from .game import SCENARIO, new_game
from .runner import PolledGame
from .saves import from_save, to_save
from .terminal import PendulumHuman


class PendulumPresentation(Presentation[PolledGame]):
    """Pendulum at the terminal (engine.pendulum.terminal); it has no board grid for heat maps."""

    def replay_lines(self, replayed: Replayed[PolledGame], events: bool = False, board: bool = False) -> list[str]:
        lines = [e.to_text() for e in replayed.events if events or e.seat is None]
        if board:
            lines += replayed.state.state.summary().splitlines()
        return lines

    def replay_verdict(self, replayed: Replayed[PolledGame]) -> str:
        return f"{replayed.actions} requests replay to the snapshot"

    def human(self, inp: Prompt | None, out: TextIO | None, match: Match) -> Any:
        return PendulumHuman(self.game, inp, out, match)

    def terminal_end(self, match: Match, out: TextIO) -> None:
        st = match.state.state
        r = st.result
        who = ", ".join(self.game.seat_name(match.state, w) for w in r.winners) or "nobody"
        print(f"{who} wins: {r.reason}; VP {', '.join(f'{s:g}' for s in r.scores)}; game clock "
              f"{st.now / 1000:.0f} s after {match.actions} actions", file=out)


class PendulumGame(Game[PolledGame, Action, SaveFile]):
    name = "pendulum"
    title = "Pendulum"
    scenario_kind = "pendulum.scenario"
    save_kind = "pendulum.save"
    colours = ("white", "black", "orange", "teal", "violet")
    turn_word = "round"  # the rulebook's Runde: a game's length is counted in rounds
    default_seats = ("greedy",)
    presentation_class = PendulumPresentation

    def seats(self, scenario: Any) -> list[str]:
        return [s.colour for s in scenario.seats]

    def seat_count(self, state: PolledGame) -> int:
        return state.n

    def seat_name(self, state: Any, seat: int) -> str:
        """The seat's colour in the scenario (the default colour order without a game)."""
        if state is None:
            return super().seat_name(state, seat)
        return state.state.res.scenario.seats[seat].colour

    def new_state(self, scenario: Any, seed: int, ruleset: Any, base: str | Path | None) -> PolledGame:
        scenario = SCENARIO(scenario, Path(base, "scenario.scn.yaml") if base is not None else None)
        if ruleset is not None:
            if not isinstance(ruleset, Ruleset):
                raise ScenarioError(f"not a Pendulum ruleset: {type(ruleset).__name__}")
            scenario = replace(scenario, ruleset=ruleset)
        return PolledGame(new_game(scenario, seed))

    def opening(self, state: PolledGame) -> list:
        return list(state.state.events)

    def replay(self, save: SaveFile) -> Replayed[PolledGame]:
        final = from_save(save)
        polled = PolledGame(final, auto_flip=False)
        for clock, saved in zip(polled.clocks, save.clocks):  # the match goes on asking the same seat
            clock.ready, clock.waiting = saved.ready_ms, saved.waiting
        return Replayed(polled, list(final.events), len(final.requests),
                        list(save.players), save.seed)

    def save(self, state: PolledGame, seats: Sequence[str], name: str = "") -> SaveFile:
        return to_save(state.state, list(seats), name,
                       [SeatClock(ready_ms=c.ready, waiting=c.waiting) for c in state.clocks])

    def ended_by_rule(self, state: PolledGame) -> bool:
        """Whether the game ended by the rulebook's own end: every finished Pendulum game did — it ends
        at council 4 ("Spielende"), everyone losing included (no Legendary holder); no safety bound
        ends it (a runaway seat is only held to passing in a turn step). A game cut off by a batch's
        action limit is not over."""
        return state.is_over

    def action_from_text(self, state: PolledGame, text: str) -> Action:
        return Action.from_text(text)

    def edit_space(self, scenario: Any, measured: Any, file: Path | None = None) -> Iterator[Edit]:
        return edit_space(scenario, measured, file)

    def checks(self) -> Checks:
        return CHECKS


GAME = PendulumGame()
