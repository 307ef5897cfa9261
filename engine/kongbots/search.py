"""The search player: expectimax over the dice of a phase, its chance nodes estimated by sampling.

At each decision, every candidate order (the greedy player's best few, and `done`) is a max node; its
chance node is estimated by `samples` playouts that share their dice across candidates (common random
numbers, so candidates are compared on the same luck): the order is applied with sampled dice, both
teams then play the tactical greedy policy to the end of the following pulse (the replies the order
invites, the laser shots and claws it walks into), and the position is valued by
engine.kongbots.evaluate. The greedy player's own choice is the incumbent: another candidate replaces
it only when its mean is better by `margin` module points. With a few samples of dice the means of
close candidates differ mostly by luck, and a search that follows every lucky difference plays worse
than the greedy policy it starts from (docs/rules/kongbots.md, "Strength"). Its strength is a fixed
sample budget (no clock), so it plays the same on any machine; its dice come only from its own generator.
"""
from __future__ import annotations

from typing import Any

from gridsmith.engine.core.rng import CounterRng

from .actions import Done, Fire
from .agents import best_order
from .evaluate import Tactics, evaluate
from .state import KongbotsState


class SearchAgent:
    name = "search"

    def __init__(self, samples: int = 12, width: int = 5, pulses: int = 1, margin: float = 0.3,
                 **options: Any) -> None:
        self.samples = int(samples)
        self.width = int(width)
        self.pulses = int(pulses)
        self.margin = float(margin)
        self.options = options

    def candidates(self, state: KongbotsState, legal: list) -> list:
        """The greedy player's best `width` orders and `done`; a laser shot that cannot hit (its need
        above the highest dice total) only spends the turn's shot and is never a candidate."""
        tac = Tactics(state)
        scored = sorted(((tac.score(o), i, o) for i, o in enumerate(legal)
                         if not isinstance(o, Done) and not (isinstance(o, Fire) and tac.fire_chance(o) == 0.0)),
                        key=lambda x: (-x[0], x[1]))
        picked = [o for _, _, o in scored[:self.width]]
        picked += [o for o in legal if isinstance(o, Done)]
        return picked

    def choose(self, view: Any, legal_actions: list, rng: CounterRng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        base = KongbotsState.from_view(view, CounterRng(0))
        base.keep_log = False
        me = view.me
        cands = self.candidates(base, legal_actions)
        if len(cands) == 1:
            return cands[0]
        seeds = [rng.next_u64() for _ in range(self.samples)]
        horizon = (base.turn * 100 + base.pulse) + self.pulses
        if self.margin > 0:  # the greedy choice is the incumbent: the others must beat it by the margin
            greedy = best_order(base, legal_actions)
            if greedy in cands:
                cands.remove(greedy)
                cands.insert(0, greedy)
        margin = max(self.margin * len(seeds), 1e-9)  # margin 0: the best mean wins (the earlier search)
        best, best_v = cands[0], None
        for order in cands:
            total = 0.0
            for seed in seeds:
                s = base.clone()
                s.rng = CounterRng(seed)
                s.apply(order)
                while not s.is_over and s.turn * 100 + s.pulse <= horizon:
                    s.apply(best_order(s, s.legal_actions()))
                total += evaluate(s, me)
            if best_v is None or total > best_v + margin:
                best, best_v = order, total
        return best
