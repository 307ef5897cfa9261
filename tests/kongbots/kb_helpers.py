"""Building Kongbots positions for rule tests: any arena, any bots, any phase, scripted dice."""
from __future__ import annotations

from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.kongbots.arena import ArenaMap
from gridsmith.engine.kongbots.params import params
from gridsmith.engine.kongbots.state import KongbotsState
from gridsmith.formats.kongbots.ruleset import Ruleset

OPEN = ["A......", ".......", ".......", ".......", ".......", ".......", "......B"]


class Dice(CounterRng):
    """A generator whose randrange answers come from a script: `Dice(6, 6, 1)` throws a 6, a 6, a 1
    (a die of n sides asks randrange(n); the script gives the face). Once the script is used up, the
    draws come from an ordinary seeded generator (what follows the tested step)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.script = list(faces)

    def randrange(self, n: int) -> int:
        if not self.script:
            return super().randrange(n)
        face = self.script.pop(0)
        assert 1 <= face <= n, (face, n)
        return face - 1

    def clone(self) -> "Dice":
        d = Dice(*self.script)
        return d


def rules(**changes) -> Ruleset:
    data = {"kind": "kongbots.ruleset", "version": 1, "name": "test"}
    for dotted, value in changes.items():
        *path, key = dotted.split("__")
        node = data
        for p in path:
            node = node.setdefault(p, {})
        node[key] = value
    return Ruleset.model_validate(data)


def position(bots, rows=OPEN, phase=2, pulse=1, turn=1, order=(0, 1), dice=(), ruleset=None, start=None):
    """A state at the start of `phase` of `pulse`: `bots` are (team, chassis, modules, (q, r))."""
    st = KongbotsState(ArenaMap(tuple(rows)), params(ruleset or rules()), Dice(*dice))
    counters = [0, 0]
    for team, chassis, modules, hex_ in bots:
        counters[team] += 1
        slots = list(modules) + [None] * (6 * {"scout": 1, "warrior": 2, "marauder": 3}[chassis] - len(modules))
        b = st.add_bot(team, counters[team], f"bot{team}{counters[team]}", chassis, slots, hex_)
        if start is not None:
            b.start = start
    st.turn, st.pulse, st.phase, st.order = turn, pulse, phase, order
    st._advance([])
    return st
