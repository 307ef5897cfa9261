"""What every game exports: one `Game` object, registered under the entry-point group
`gridsmith.games` (engine.core.games finds it). The command line, batch play and the editor's
shared parts only ever talk to a game through this object, so adding a game changes no shared
module (docs/architecture.md, "Adding a game").

A game subclasses `Game`, fills in the class attributes and the methods marked "a game defines",
and adds one line to pyproject.toml:

    [project.entry-points."gridsmith.games"]
    mygame = "gridsmith.engine.mygame.api:GAME"
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from gridsmith.formats import registry
from gridsmith.formats.document import new_text
from gridsmith.formats.registry import SemanticCheck, add_check

from .agents import available, create
from .loop import Match
from .scenarios import load_scenario, located

#: a game's engine-backed checks: (kind, check) pairs (formats.registry.add_check)
Checks = Sequence[tuple[str, SemanticCheck]]
#: the checks already added, so that registering twice adds nothing twice
_REGISTERED: set[tuple[str, SemanticCheck]] = set()


@dataclass
class Replayed:
    """A saved game played again: its final state, every event, the number of actions, and the
    seats and seed it recorded."""

    state: Any
    events: list
    actions: int
    seats: list[str]
    seed: int


class Game:
    #: the game's name: the first part of its kinds (`NAME.scenario`) and of its agents (`NAME.greedy`)
    name: str = ""
    title: str = ""
    #: the kind of file a game starts from, and the kind of its saved games
    scenario_kind: str = ""
    save_kind: str = ""
    #: a colour word per seat, in seat order (terminal output, batch statistics)
    colours: tuple[str, ...] = ()
    #: the seats when the user names none (one name plays every seat)
    default_seats: tuple[str, ...] = ("greedy",)

    # ---- what a game defines -------------------------------------------------------------------
    def seats(self, scenario: Any) -> list[str]:
        """The seats of a scenario, by name, in seat order."""
        raise NotImplementedError

    def seat_count(self, state: Any) -> int:
        """How many seats a game in progress has."""
        return len(self.seats(state.scenario))

    def new_state(self, scenario: Any, seed: int, ruleset: Any, base: str | Path | None) -> Any:
        """A new game of `scenario`, a model of `scenario_kind` (or the game's resolved form of
        one); the rest as `new_game` says. Callers use `new_game`."""
        raise NotImplementedError

    def opening(self, state: Any) -> list:
        """Events of the game's first moment, before any action (shown by traces and the terminal)."""
        return []

    def replay(self, save: Any) -> Replayed:
        """A saved game (a model of `save_kind`) played again from its log and checked against its
        snapshot; ReplayError (located: `code`, `path`) when it does not match."""
        raise NotImplementedError

    def save(self, state: Any, seats: Sequence[str], name: str = "") -> Any:
        """The saved-game model of a game in progress or over."""
        raise NotImplementedError

    def save_text(self, save: Any) -> str:
        return new_text(save)

    def replay_lines(self, replayed: Replayed, events: bool = False, board: bool = False) -> list[str]:
        """What `gridsmith replay` prints before its verdict."""
        return [e.to_text() for e in replayed.events] if events else []

    def replay_verdict(self, replayed: Replayed) -> str:
        """The last line of `gridsmith replay` when the save matches its snapshot."""
        return f"{replayed.actions} actions replayed; the position matches the snapshot"

    def action_from_text(self, state: Any, text: str) -> Any:
        """An action from its text form (ValueError when it is not one)."""
        raise NotImplementedError

    def human(self, inp: Callable[[str], str] | None, out: TextIO, match: Match) -> Any:
        """A seat played from a terminal: `choose(view, legal, rng)` returning an action, or None to
        quit. The default reads action texts; games offer richer commands."""
        return TextHuman(self, inp, out, match)

    def terminal_events(self, match: Match, step, out: TextIO, verbose: bool) -> None:
        """Print what happened in one step of terminal play."""
        if verbose or any(p is not None and getattr(p, "name", "") == "human" for p in match.players):
            for e in step.events:
                print(e.to_text(), file=out)

    def terminal_end(self, match: Match, out: TextIO) -> None:
        r = match.state.result
        who = "draw" if r.is_draw else f"{self.seat_name(match.state, r.winners[0])} wins"
        print(f"game over: {who} ({r.reason}) after {match.actions} actions", file=out)

    def board_size(self, state: Any) -> tuple[int, int] | None:
        """(width, height) of the board in cells, for heat maps; None: the game has no board grid."""
        return None

    def board_geometry(self, state: Any) -> str:
        """The shape of the board's cells for heat maps: `square` (cell (x, y)), or `hex`
        (pointy-top hexagons in axial rows, cell (q, r), each row drawn half a cell right of the
        one above, as editor.core.geometry.HexGeometry lays them out). Default: `square`."""
        return "square"

    def cell_kind(self, state: Any, x: int, y: int) -> str:
        """What a board cell is, in a word (`water`, `land`, `city`, `desert`, ...): the map under a
        heat map (engine.core.heatmap greys it by kind). Default: `""`, a plain cell."""
        return ""

    def heat(self, state: Any, step: Any) -> Iterable[tuple[int, int]]:
        """The cells (x, y) where one step of play did what a balance heat map counts: a square
        changed hands, a piece fell (called after the step, `state` already changed). Default: none."""
        return ()

    def checks(self) -> Checks:
        """The engine-backed checks of this game's kinds, each with the kind it checks (e.g. a saved
        game must replay to its snapshot): the game's checks.py."""
        return ()

    # ---- shared ------------------------------------------------------------------------------------
    def new_game(self, scenario: Any, seed: int, ruleset: Any = None, base: str | Path | None = None) -> Any:
        """The one way to start a game. `scenario`: a model of `scenario_kind` (or the game's resolved
        form of one), or the path of a scenario file (read by engine.core.scenarios; `base` then
        defaults to its folder). `ruleset` None: the one the scenario names; `base`: the folder the
        scenario's relative references resolve against (None: the working folder). ScenarioError
        (naming the file, when there is one) when it cannot be played."""
        if isinstance(scenario, (str, Path)):
            model = load_scenario(scenario, self.scenario_kind)
            with located(scenario):
                return self.new_state(model, seed, ruleset, Path(scenario).parent if base is None else base)
        return self.new_state(scenario, seed, ruleset, base)

    def register_checks(self) -> None:
        """Add `checks()` to `gridsmith validate` (formats.registry.add_check), once per process."""
        for kind, check in self.checks():
            if (kind, check) not in _REGISTERED:
                _REGISTERED.add((kind, check))
                add_check(kind, check)

    def kinds(self) -> list[str]:
        """Every kind of this game's files (from the formats registry)."""
        return [s.kind for s in registry.all_kinds() if s.game == self.name]

    def agents(self) -> list[str]:
        """Computer players of this game (bundled and third-party, `gridsmith.agents`)."""
        return available(self.name)

    def agent(self, name: str, **options: Any) -> Any:
        return create(self.name, name, **options)

    def seat_name(self, state: Any, seat: int) -> str:
        return self.colours[seat] if seat < len(self.colours) else f"seat {seat + 1}"

    def players(self, seats: Sequence[str], inp: Callable[[str], str] | None = None, out: TextIO | None = None,
                agent_options: dict | None = None) -> list[Any]:
        """An agent per seat name; `human` seats read from the terminal (bound when the match exists)."""
        return [_PendingHuman(inp, out) if s == "human" else self.agent(s, **(agent_options or {})) for s in seats]

    def match(self, state: Any, seats: Sequence[str], agent_seed: int | None = None,
              inp: Callable[[str], str] | None = None, out: TextIO | None = None,
              agent_options: dict | None = None) -> Match:
        """A Match of `state` with seats by name (`human` or an agent name)."""
        players = self.players(seats, inp, out, agent_options)
        m = Match(state, players, agent_seed, names=seats)
        m.players = [self.human(p.inp, p.out, m) if isinstance(p, _PendingHuman) else p for p in players]
        return m

    def play_terminal(self, match: Match, out: TextIO, verbose: bool = False) -> bool:
        """Play in a terminal until the game ends (True) or a human quits (False)."""
        for e in self.opening(match.state) if verbose else ():
            print(e.to_text(), file=out)
        finished = match.run(on_step=lambda step: self.terminal_events(match, step, out, verbose))
        if finished:
            self.terminal_end(match, out)
        else:
            self.terminal_stopped(match, out)
        return finished

    def terminal_stopped(self, match: Match, out: TextIO) -> None:
        """A human quit: where the game stands."""
        seat = match.to_move
        who = f"; {self.seat_name(match.state, seat)} was to move" if seat is not None else ""
        print(f"game stopped after {match.actions} actions{who}", file=out)


@dataclass
class _PendingHuman:
    inp: Any
    out: Any


class TextHuman:
    """A terminal seat that types actions in their text form; `quit` (or end of input) stops."""

    name = "human"

    def __init__(self, game: Game, inp: Callable[[str], str] | None, out: TextIO, match: Match) -> None:
        import sys

        self.game, self.match = game, match
        self.inp = inp or (lambda prompt: input(prompt))
        self.out = out or sys.stdout

    def choose(self, view: Any, legal: list, rng: Any) -> Any:
        while True:
            try:
                text = self.inp(f"{self.game.seat_name(self.match.state, self.match.to_move)} to move: ").strip()
            except EOFError:
                return None
            if text in ("quit", "q"):
                return None
            try:
                action = self.game.action_from_text(self.match.state, text)
            except ValueError as e:
                print(e, file=self.out)
                continue
            if all(a.to_text() != action.to_text() for a in legal):
                print(f"not a legal action: {text}", file=self.out)
                continue
            return action
