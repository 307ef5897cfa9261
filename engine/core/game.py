"""What every game exports: one `Game` object, registered under the entry-point group
`gridsmith.games` (engine.core.games finds it). The command line, batch play and the editor's
shared parts only ever talk to a game through this object, so adding a game changes no shared
module (docs/architecture.md, "Adding a game").

The object has two faces:

- `Game[S, A, V]`, the rules: seats, starting a game (`new_game`), replaying and saving games,
  computer players, engine-backed checks; typed with the game's state `S`, action `A` and saved-game
  model `V`.
- `Presentation[S]`, how the game shows itself outside its rules: the terminal (the human seat, what
  play and replay print) and the balance lab's heat maps (board size and geometry, the kind of each
  cell, where play happened). A game's `Game.presentation`; its class is `Game.presentation_class`.

A game subclasses both, fills in the class attributes and the methods marked "a game defines", and
adds one line to pyproject.toml:

    [project.entry-points."gridsmith.games"]
    mygame = "gridsmith.engine.mygame.api:GAME"
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TextIO, TypeVar

from gridsmith.formats import registry
from gridsmith.formats.document import new_text
from gridsmith.formats.registry import SemanticCheck, add_check

from .agents import available, create
from .edits import Edit
from .loop import Match, Step
from .protocol import Agent
from .scenarios import load_scenario, located

if TYPE_CHECKING:
    from .simulate import Summary

S = TypeVar("S")  # a game in progress: the state the play loop drives
A = TypeVar("A")  # an action
V = TypeVar("V")  # a saved game (the model of the game's save kind)

#: a game's engine-backed checks: (kind, check) pairs (formats.registry.add_check)
Checks = Sequence[tuple[str, SemanticCheck]]
#: the checks already added, so that registering twice adds nothing twice
_REGISTERED: set[tuple[str, SemanticCheck]] = set()

#: what a terminal seat reads with: a prompt in, a line out (EOFError at the end of input)
Prompt = Callable[[str], str]


class Textual(Protocol):
    """An action as the terminal seat compares it: its stable text form."""

    def to_text(self) -> str: ...


@dataclass
class Replayed(Generic[S]):
    """A saved game played again: its final state, every event, the number of actions, and the
    seats and seed it recorded."""

    state: S
    events: list[Any]
    actions: int
    seats: list[str]
    seed: int


class Presentation(Generic[S]):
    """How a game shows itself outside its rules (its `Game.presentation`): terminal play and
    replay, and the balance lab's heat maps. The defaults fit a game whose actions are typed in
    their text form and that has no board grid; a game overrides what it shows differently."""

    def __init__(self, game: Game[S, Any, Any]) -> None:
        self.game = game

    # ---- the terminal ------------------------------------------------------------------------------
    def human(self, inp: Prompt | None, out: TextIO | None, match: Match) -> Agent:
        """A seat played from a terminal: `choose(view, legal, rng)` returning an action, or None to
        quit. The default reads action texts; games offer richer commands."""
        return TextHuman(self.game, inp, out, match)

    def play_terminal(self, match: Match, out: TextIO, verbose: bool = False) -> bool:
        """Play in a terminal until the game ends (True) or a human quits (False)."""
        for e in self.game.opening(match.state) if verbose else ():
            print(e.to_text(), file=out)
        finished = match.run(on_step=lambda step: self.terminal_events(match, step, out, verbose))
        if finished:
            self.terminal_end(match, out)
        else:
            self.terminal_stopped(match, out)
        return finished

    def terminal_events(self, match: Match, step: Step, out: TextIO, verbose: bool) -> None:
        """Print what happened in one step of terminal play."""
        if verbose or any(p is not None and getattr(p, "name", "") == "human" for p in match.players):
            for e in step.events:
                print(e.to_text(), file=out)

    def terminal_end(self, match: Match, out: TextIO) -> None:
        r = match.state.result
        who = "draw" if r.is_draw else f"{self.game.seat_name(match.state, r.winners[0])} wins"
        print(f"game over: {who} ({r.reason}) after {match.actions} actions", file=out)

    def terminal_stopped(self, match: Match, out: TextIO) -> None:
        """A human quit: where the game stands."""
        seat = match.to_move
        who = f"; {self.game.seat_name(match.state, seat)} was to move" if seat is not None else ""
        print(f"game stopped after {match.actions} actions{who}", file=out)

    def replay_lines(self, replayed: Replayed[S], events: bool = False, board: bool = False) -> list[str]:
        """What `gridsmith replay` prints before its verdict."""
        return [e.to_text() for e in replayed.events] if events else []

    def replay_verdict(self, replayed: Replayed[S]) -> str:
        """The last line of `gridsmith replay` when the save matches its snapshot."""
        return f"{replayed.actions} actions replayed; the position matches the snapshot"

    # ---- heat maps (engine.core.simulate, engine.core.heatmap, the balance lab) ----------------------
    def board_size(self, state: S) -> tuple[int, int] | None:
        """(width, height) of the board in cells, for heat maps; None: the game has no board grid."""
        return None

    def board_geometry(self, state: S) -> str:
        """The shape of the board's cells for heat maps (engine.core.heatmap.shapes): `square` (cell
        (x, y)), `hex` (pointy-top hexagons in axial rows, cell (q, r), each row drawn half a cell right
        of the one above, as editor.core.geometry.HexGeometry lays them out) or `lattice` (a lattice's
        doubled grid: points where x and y are even, the edges between them). Default: `square`."""
        return "square"

    def heat_caption(self) -> str | None:
        """What the heat map counts, in the game's words, e.g. "hexes where Kongbots lost modules"
        (the balance lab's and `simulate --heatmap`'s caption). None: the game has no board heat, and
        the balance lab shows no heat panel. Default: None."""
        return None

    def cell_kind(self, state: S, x: int, y: int) -> str:
        """What a board cell is, in a word (`water`, `land`, `city`, `desert`, ...): the map under a
        heat map (engine.core.heatmap greys it by kind). Default: `""`, a plain cell."""
        return ""

    def heat(self, state: S, step: Step) -> Iterable[tuple[int, int]]:
        """The cells (x, y) where one step of play did what a balance heat map counts: a square
        changed hands, a piece fell (called after the step, `state` already changed). Default: none."""
        return ()


class Game(Generic[S, A, V]):
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
    #: the computer players of batch play (`gridsmith simulate`) when the user names none: the game's
    #: own agents (one name plays every seat, or one per seat); each must be one of `agents()`
    default_agents: tuple[str, ...] = ("greedy",)
    #: the game's strongest computer player: `gridsmith simulate --skill` compares how it does against
    #: random players with how greedy does (engine.core.simulate.skill_share); "": the first of
    #: `default_agents` that is not greedy, else greedy
    strongest_agent: str = ""
    #: what the game calls the unit its length is counted in (GameRecord.turns): Pendulum plays rounds
    turn_word: str = "turn"
    #: how the game shows itself (terminal, heat maps): an instance is `presentation`
    presentation_class: ClassVar[type[Presentation[Any]]] = Presentation

    def __init__(self) -> None:
        self.presentation: Presentation[S] = self.presentation_class(self)

    # ---- what a game defines -------------------------------------------------------------------
    def seats(self, scenario: Any) -> list[str]:
        """The seats of a scenario, by name, in seat order."""
        raise NotImplementedError

    def seat_count(self, state: S) -> int:
        """How many seats a game in progress has."""
        return len(self.seats(getattr(state, "scenario")))

    def new_state(self, scenario: Any, seed: int, ruleset: Any, base: str | Path | None) -> S:
        """A new game of `scenario`, a model of `scenario_kind` (or the game's resolved form of
        one); the rest as `new_game` says. Callers use `new_game`."""
        raise NotImplementedError

    def opening(self, state: S) -> list[Any]:
        """Events of the game's first moment, before any action (shown by traces and the terminal)."""
        return []

    def replay(self, save: V) -> Replayed[S]:
        """A saved game (a model of `save_kind`) played again from its log and checked against its
        snapshot; ReplayError (located: `code`, `path`) when it does not match."""
        raise NotImplementedError

    def save(self, state: S, seats: Sequence[str], name: str = "") -> V:
        """The saved-game model of a game in progress or over."""
        raise NotImplementedError

    def save_text(self, save: V) -> str:
        return new_text(save)  # type: ignore[arg-type]  # V is a formats model; Game does not bound it

    def action_from_text(self, state: S, text: str) -> A:
        """An action from its text form (ValueError when it is not one)."""
        raise NotImplementedError

    def edit_space(self, scenario: Any, measured: Summary, file: Path | None = None) -> Iterator[Edit]:
        """The small edits a designer of this game would try to even out `scenario` (read from `file`,
        which its relative references resolve against), most promising first, given how it played
        (`measured`: its strongest and weakest seats). Each must keep
        the file within its format's ranges; the balance assistant (engine.core.assistant) still
        validates every edited file. The game's edits.py; none by default."""
        return iter(())

    def ended_by_rule(self, state: S) -> bool:
        """Whether a finished game ended by the game's own rule (a win, the scenario's last turn), not
        by a safety bound the project adds and the manual does not have (a move or turn limit): batch
        statistics call the share of such games the completion. Default: True (the game has no bound)."""
        return True

    def leader(self, state: S) -> int | None:
        """The seat ahead now by the game's own score or material measure (victory points, pieces
        left), None on a tie: batch statistics follow it after every action to tell how early the
        eventual winner leads for good (the decisiveness). A game without such a measure leaves the
        default, which has none (`has_leader` is then False and no decisiveness is reported)."""
        return None

    @property
    def has_leader(self) -> bool:
        """Whether the game defines `leader` (the default has no measure)."""
        return type(self).leader is not Game.leader

    def checks(self) -> Checks:
        """The engine-backed checks of this game's kinds, each with the kind it checks (e.g. a saved
        game must replay to its snapshot): the game's checks.py."""
        return ()

    # ---- shared ------------------------------------------------------------------------------------
    def new_game(self, scenario: Any, seed: int, ruleset: Any = None, base: str | Path | None = None) -> S:
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

    def agent(self, name: str, **options: Any) -> Agent:
        agent: Agent = create(self.name, name, **options)
        return agent

    def seat_name(self, state: S | None, seat: int) -> str:
        return self.colours[seat] if seat < len(self.colours) else f"seat {seat + 1}"

    def players(self, seats: Sequence[str], inp: Prompt | None = None, out: TextIO | None = None,
                agent_options: dict[str, Any] | None = None) -> list[Any]:
        """An agent per seat name; `human` seats read from the terminal (bound when the match exists)."""
        return [_PendingHuman(inp, out) if s == "human" else self.agent(s, **(agent_options or {})) for s in seats]

    def match(self, state: S, seats: Sequence[str], agent_seed: int | None = None,
              inp: Prompt | None = None, out: TextIO | None = None,
              agent_options: dict[str, Any] | None = None) -> Match:
        """A Match of `state` with seats by name (`human` or an agent name)."""
        players = self.players(seats, inp, out, agent_options)
        m = Match(state, players, agent_seed, names=seats)
        m.players = [self.presentation.human(p.inp, p.out, m) if isinstance(p, _PendingHuman) else p for p in players]
        return m



@dataclass
class _PendingHuman:
    inp: Prompt | None
    out: TextIO | None


class TextHuman:
    """A terminal seat that types actions in their text form; `quit` (or end of input) stops."""

    name = "human"

    def __init__(self, game: Game[Any, Any, Any], inp: Prompt | None, out: TextIO | None, match: Match) -> None:
        self.game, self.match = game, match
        self.inp: Prompt = inp or (lambda prompt: input(prompt))
        self.out = out or sys.stdout

    def choose(self, view: Any, legal: list[Textual], rng: Any) -> Any:
        while True:
            seat = self.match.to_move
            assert seat is not None  # the loop asks a seat to choose only when it is to move
            try:
                text = self.inp(f"{self.game.seat_name(self.match.state, seat)} to move: ").strip()
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
