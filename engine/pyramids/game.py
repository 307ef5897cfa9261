"""Starting a game: lay out both sides (library, inline or random setups) and pick who moves first.

Manual, Start of Game: "Random setups always position the pyramid in one of the two back rows."
Movement: "the first turn in the game is assigned at random" (unless the scenario says who).
All chance comes from the game's seed, so a game is a pure function of (scenario, seed, moves): who
moves first (public) from the game's CounterRng, each side's random setup (hidden from the other)
from its own one-way stream `hidden_rng(seed, "setup", side)`, which no agent can derive from its own
setup, its generator or what it sees (engine.core.rng; tests/core/test_hidden_information.py).
"""
from __future__ import annotations

from gridsmith.engine.core.bounds import require_bounds
from gridsmith.engine.core.rng import CounterRng, hidden_rng
from gridsmith.engine.core.scenarios import Resolver
from gridsmith.formats.pyramids.pieceset import Counts
from gridsmith.formats.pyramids.scenario import ResolvedScenario, Scenario, resolve

from .geometry import Geometry, geometry
from .pieces import CODE_OF_CHAR
from .state import PyramidsState, type_counts

SIDES = ("player", "cheops")

#: Pyramids scenarios resolved for play (`SCENARIO(model, file)`, `SCENARIO.read(path)`)
SCENARIO = Resolver("pyramids.scenario", Scenario, ResolvedScenario, resolve)


def random_setup(counts: Counts, rng: CounterRng) -> list[str]:
    """A random layout (4 rows, back row first) with the pyramid in one of the two back rows."""
    pool = [ch for ch, n in counts.by_char().items() for _ in range(n) if ch != "P"]
    rng.shuffle(pool)
    cells = [""] * 44
    pyr = rng.randrange(22)  # squares 0-21 are the two back rows
    cells[pyr] = "P"
    it = iter(pool)
    cells = [c or next(it) for c in cells]
    return ["".join(cells[r * 11:(r + 1) * 11]) for r in range(4)]


def placements(geo: Geometry, side: int, rows: list[str]) -> list[tuple[int, int]]:
    return [(geo.setup_square(side, r, c), CODE_OF_CHAR[ch]) for r, row in enumerate(rows) for c, ch in enumerate(row)]


def new_game(scenario: ResolvedScenario, seed: int, first: int | None = None,
             setups: tuple[list[str], list[str]] | None = None,
             random_setups: tuple[bool, bool] | None = None) -> PyramidsState:
    """A new game. `setups` overrides the scenario's (a saved game replays its recorded layouts) and
    `random_setups` says which of them were drawn at random (default: those the scenario leaves open)."""
    require_bounds(scenario, "the scenario")  # options built or changed without validation
    rng = CounterRng(seed)
    geo = geometry(tuple(scenario.board))
    if setups is None:
        setups = tuple(s if s is not None else random_setup(scenario.counts[i], hidden_rng(seed, "setup", i))
                       for i, s in enumerate(scenario.setups))
    if first is None:
        choice = scenario.options.first
        first = rng.randrange(2) if choice == "random" else SIDES.index(choice)
    counts = (type_counts(scenario.counts[0].as_dict()), type_counts(scenario.counts[1].as_dict()))
    state = PyramidsState(geo, counts, (placements(geo, 0, setups[0]), placements(geo, 1, setups[1])),
                          scenario.options, rng, first)
    state.setups = (list(setups[0]), list(setups[1]))
    state.resolved = scenario
    state.random_setups = random_setups or (scenario.setups[0] is None, scenario.setups[1] is None)
    return state


def default_scenario(**options) -> ResolvedScenario:
    """The bundled board and piece sets, random setups, with the given options."""
    data = {"kind": "pyramids.scenario", "version": 1, "name": "default"}
    if options:
        data["options"] = options
    res, problems = resolve(Scenario.model_validate(data))
    assert res is not None, problems
    return res

