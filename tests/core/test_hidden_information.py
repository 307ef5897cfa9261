"""Hidden information cannot leak (issue 12 item 3): a spy computer player that knows the engine's
code, the generator derivations and the scenario tries to rebuild the opponent's random Pyramids
setup. With the seed a game gets when the user gives none (a secret) it does no better than chance;
the same spy rebuilds it exactly when the seed is public (an explicit small seed), which shows the
spy is competent and the test can fail."""
from __future__ import annotations

from collections import Counter

from gridsmith.engine.core.games import get
from gridsmith.engine.core.loop import Match
from gridsmith.engine.core.rng import new_seed
from gridsmith.engine.pyramids.game import default_scenario

GAME = get("pyramids")
SCENARIO = default_scenario()  # both sides' setups random
SEARCH = 300  # the seeds the spy tries: every small seed a user or a batch is likely to type


class Spy:
    """Seat 0. Finds a game seed that reproduces its own setup and predicts Cheops' from it; it also
    tries whatever its own generator carries (a `seed` attribute, its internal key)."""

    name = "spy"

    def __init__(self) -> None:
        self.guess: dict[int, int] | None = None

    def choose(self, view, legal, rng):
        mine = {sq: c[2] for sq, c in enumerate(view.squares) if c is not None and c[0] == view.me}
        candidates = list(range(SEARCH))
        for attr in ("seed", "_base", "_n"):
            if isinstance(getattr(rng, attr, None), int):
                candidates.insert(0, getattr(rng, attr))
        for seed in candidates:
            trial = GAME.new_game(SCENARIO, seed)
            if {sq: t for sq, (s, t) in enumerate(zip(trial.side_at, trial.type_at)) if s == view.me} == mine:
                self.guess = {sq: t for sq, (s, t) in enumerate(zip(trial.side_at, trial.type_at)) if s == 1 - view.me}
                break
        else:  # nothing found: a guess from its own generator
            trial = GAME.new_game(SCENARIO, rng.next_u64())
            self.guess = {sq: t for sq, (s, t) in enumerate(zip(trial.side_at, trial.type_at)) if s == 1 - view.me}
        return legal[0]


def _spy_hits(seed: int) -> tuple[int, int]:
    """(correctly predicted squares of Cheops' setup, squares) in one game."""
    state = GAME.new_game(SCENARIO, seed)
    spy = Spy()
    m = Match(state, [spy, GAME.agent("random")])
    spy.choose(state.view(0), state.legal_actions() or [None], m.rngs[0])  # what it would see on its turn
    truth = {sq: t for sq, (s, t) in enumerate(zip(state.side_at, state.type_at)) if s == 1}
    return sum(spy.guess.get(sq) == t for sq, t in truth.items()), len(truth)


def _chance() -> float:
    """The expected share of squares a guess drawn like a random setup gets right."""
    counts = Counter(SCENARIO.counts[1].by_char())
    n = sum(counts.values())
    return sum((k / n) ** 2 for k in counts.values())


def test_the_spy_rebuilds_a_setup_whose_seed_is_public():
    hits, total = _spy_hits(123)  # an explicit seed, within what the spy tries
    assert hits == total


def test_the_spy_does_no_better_than_chance_against_a_secret_seed():
    hits = total = 0
    for _ in range(25):
        h, t = _spy_hits(new_seed())  # what `gridsmith play` and the editor use without --seed
        hits, total = hits + h, total + t
    rate, chance = hits / total, _chance()
    sd = (chance * (1 - chance) / total) ** 0.5
    assert rate < chance + 5 * sd + 0.02, f"spy {rate:.3f} vs chance {chance:.3f}"


def test_the_agent_generator_reveals_nothing_of_the_game_seed():
    # same game seed, two matches: the seats' generators differ; different seeds, same agent seed: equal
    s = GAME.new_game(SCENARIO, 7)
    a = Match(s, [None, None]).rngs[0].next_u64()
    b = Match(s, [None, None]).rngs[0].next_u64()
    c = Match(GAME.new_game(SCENARIO, 8), [None, None], agent_seed=1).rngs[0].next_u64()
    d = Match(GAME.new_game(SCENARIO, 9), [None, None], agent_seed=1).rngs[0].next_u64()
    assert a != b and c == d


def test_hidden_setups_are_still_a_pure_function_of_the_seed():
    # replay needs no secret: the same seed gives the same setups (saves record them besides)
    g1, g2 = GAME.new_game(SCENARIO, 42), GAME.new_game(SCENARIO, 42)
    assert g1.setups == g2.setups and g1.to_move == g2.to_move
    assert len({tuple(GAME.new_game(SCENARIO, s).setups[1]) for s in range(40)}) == 40
