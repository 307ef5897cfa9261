"""The winner (rulebook, "Spielende").

1. Players with all VP markers in the parchment zones (the Legendary one included) win; several:
   most points inside the zones, then privilege order.
2. Otherwise the holders of the Legendary VP: the one whose lowest track is closest to its zone;
   ties: the next-lowest track, and so on, then privilege order.
3. No Legendary holder: everyone loses ("dann habt ihr alle verloren").
Advanced Fame: a tie goes to the most Fame, then privilege; the other tiebreaks are ignored.

Decision (docs/rules/pendulum.md): parchment points are the spaces reached inside the zones, summed
over the three main tracks; "closest" is the fewest spaces missing to the zone.
"""
from __future__ import annotations

from gridsmith.engine.core.protocol import Result, Termination
from gridsmith.formats.pendulum.effects import TRACKS


def missing(state, q: int) -> list[int]:
    """Spaces each main track lacks to reach its parchment zone, most first (the lowest track first)."""
    side = state.leader_side(q)
    return sorted((max(0, side.tracks[t].parchment_from - state.seats[q].vp[t]) for t in TRACKS), reverse=True)


def parchment_points(state, q: int) -> int:
    side = state.leader_side(q)
    return sum(max(0, state.seats[q].vp[t] - side.tracks[t].parchment_from + 1) for t in TRACKS)


def all_in_parchment(state, q: int) -> bool:
    return state.seats[q].legendary and not any(missing(state, q))


def _fame_tie(state, tied: list[int]) -> bool:
    return any(state.fame_on(q) for q in tied)


def final_result(state) -> Result:
    seats = range(state.n)
    rank = {q: state.privilege.index(q) for q in seats}
    scores = tuple(float(sum(state.seats[q].vp.values()) + state.seats[q].legendary) for q in seats)
    fame = {q: sum(state.seats[q].fame.values()) for q in seats}
    full = [q for q in seats if all_in_parchment(state, q)]
    if full:
        best = max(parchment_points(state, q) for q in full)
        tied = [q for q in full if parchment_points(state, q) == best]
        if len(tied) > 1 and _fame_tie(state, tied):
            winner = min(tied, key=lambda q: (-fame[q], rank[q]))
        else:
            winner = min(tied, key=lambda q: rank[q])
        return Result((winner,), scores, Termination.OBJECTIVE,
                      f"seat {winner + 1} has every marker in the parchment zones")
    legend = [q for q in seats if state.seats[q].legendary]
    if legend:
        if len(legend) > 1 and _fame_tie(state, legend):
            low = min(missing(state, q)[0] for q in legend)
            tied = [q for q in legend if missing(state, q)[0] == low]
            winner = min(tied, key=lambda q: (-fame[q], rank[q]))
        else:
            winner = min(legend, key=lambda q: (missing(state, q), rank[q]))
        return Result((winner,), scores, Termination.OBJECTIVE,
                      f"seat {winner + 1} holds the Legendary VP and is closest on its lowest track")
    return Result((), scores, Termination.TURN_LIMIT, "nobody holds the Legendary Achievement: everyone loses")
