"""Kongbots as a `Game` (engine.core.game): registered as `kongbots` in the `gridsmith.games`
entry-point group. Terminal play: a `human` team sees the arena and types orders (`A1 fire B1`,
`A1 move 3,4`, `A1 claw B1`, `done`; `?` lists the legal ones)."""
from __future__ import annotations

from collections.abc import Iterator, Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from gridsmith.engine.core.edits import Edit
from gridsmith.engine.core.errors import ScenarioError
from gridsmith.engine.core.game import Checks, Game, Presentation, Prompt, Replayed
from gridsmith.engine.core.loop import Match, Step
from gridsmith.engine.core.protocol import Termination
from gridsmith.formats.kongbots.modules import TEAM_COLOURS, TEAMS
from gridsmith.formats.kongbots.ruleset import Ruleset
from gridsmith.formats.kongbots.save import SaveFile

from .actions import Order, parse_order
from .checks import CHECKS
from .edits import edit_space
from .events import GameOver, ModuleDestroyed, TurnStarted
from .game import SCENARIO, new_game
from .saves import from_save, to_save
from .state import KongbotsState
from .terminal import KongbotsHuman, render


class KongbotsPresentation(Presentation[KongbotsState]):
    """Kongbots at the terminal (engine.kongbots.terminal) and under a heat map of the arena's hexes."""

    def replay_lines(self, replayed: Replayed[KongbotsState], events: bool = False, board: bool = False) -> list[str]:
        lines = [e.to_text() for e in replayed.events if events or isinstance(e, (TurnStarted, GameOver))]
        if board:
            lines.append(render(replayed.state.view(0)))
        return lines

    def replay_verdict(self, replayed: Replayed[KongbotsState]) -> str:
        return f"{replayed.actions} orders replay to the snapshot"

    def human(self, inp: Prompt | None, out: TextIO | None, match: Match) -> Any:
        return KongbotsHuman(inp, out)

    def terminal_end(self, match: Match, out: TextIO) -> None:
        r, s = match.state.result, match.state
        who = "a tie" if r.is_draw else f"{self.game.seat_name(s, r.winners[0])} wins"
        print(f"{who}: {r.reason} (turn {s.turn}, {match.actions} orders)", file=out)

    def board_size(self, state: KongbotsState) -> tuple[int, int]:
        """The arena's axial rows: width q by height r (drawn as hexes: board_geometry)."""
        return (state.arena.width, state.arena.height)

    def board_geometry(self, state: KongbotsState) -> str:
        return "hex"

    def cell_kind(self, state: KongbotsState, x: int, y: int) -> str:
        """Floor hexes `open`, walls `desert` (grey), outside `water`: the arena under a heat map."""
        row = state.arena.rows[y]
        ch = row[x] if x < len(row) else "-"
        return "desert" if ch == "#" else "water" if ch == "-" else "open"

    def heat_caption(self) -> str:
        return "hexes where Kongbots lost modules"

    def heat(self, state: KongbotsState, step: Step) -> Iterable[tuple[int, int]]:
        """Where modules were destroyed: the hex (q, r) of the Kongbot that lost one."""
        for e in step.events:
            if isinstance(e, ModuleDestroyed):
                b = state.bot(e.bot)
                if b.hex is not None:
                    yield b.hex


class KongbotsGame(Game[KongbotsState, Order, SaveFile]):
    name = "kongbots"
    title = "Kongbots"
    scenario_kind = "kongbots.scenario"
    save_kind = "kongbots.save"
    colours = TEAM_COLOURS
    default_seats = ("human", "greedy")
    strongest_agent = "search"
    presentation_class = KongbotsPresentation

    def seats(self, scenario: Any) -> list[str]:
        return [team.name for team in scenario.teams]

    def seat_count(self, state: KongbotsState) -> int:
        return 2

    def seat_name(self, state: Any, seat: int) -> str:
        """The scenario's team name with its letter (bots are named by it: A1 is team A's leader)."""
        teams = getattr(getattr(state, "scenario", None), "teams", None)
        return f"{teams[seat].name} (team {TEAMS[seat]})" if teams and seat < len(teams) else f"team {TEAMS[seat]}"

    def new_state(self, scenario: Any, seed: int, ruleset: Any, base: str | Path | None) -> KongbotsState:
        if ruleset is not None and not isinstance(ruleset, Ruleset):
            raise ScenarioError(f"not a Kongbots ruleset: {type(ruleset).__name__}")
        return new_game(SCENARIO(scenario, Path(base, "scenario") if base is not None else None), seed, ruleset)

    def opening(self, state: KongbotsState) -> list:
        return list(state.first_events)

    def replay(self, save: SaveFile) -> Replayed[KongbotsState]:
        final = from_save(save)
        state = new_game(save.scenario, save.seed)
        events = list(state.first_events)
        for text in save.orders:
            events += state.apply(parse_order(text))
        return Replayed(final, events, len(save.orders), list(save.seats), save.seed)

    def save(self, state: KongbotsState, seats: Sequence[str], name: str = "") -> SaveFile:
        return to_save(state, list(seats), name)

    def action_from_text(self, state: KongbotsState, text: str) -> Order:
        return parse_order(text)

    def edit_space(self, scenario: Any, measured: Any, file: Path | None = None) -> Iterator[Edit]:
        return edit_space(scenario, measured, file)

    def checks(self) -> Checks:
        return CHECKS

    def ended_by_rule(self, state: KongbotsState) -> bool:
        # `turns.max_turns` is the project's bound, not the manual's (docs/rules/kongbots.md)
        r = state.result
        return r is None or r.termination is not Termination.TURN_LIMIT

    def leader(self, state: KongbotsState) -> int | None:
        """The team with more modules left on Kongbots still in the battle (the battle's material)."""
        left = [0, 0]
        for b in state.bots:
            if not b.out:
                left[b.team] += b.modules
        return None if left[0] == left[1] else int(left[1] > left[0])


GAME = KongbotsGame()
