"""Why Circuit War refuses an action, in the rule's words, for the play window's refusals.

The engine says only which actions are legal (`CircuitWarState.legal_actions`; its IllegalActionError
names the action and the phase). This reads the same conditions its move generator checks
(engine/circuitwar/state.py: `_generate`, `_builds`) back as a sentence; it decides nothing: the play
window asks it only about an action the engine's legal list does not hold. Places are named in the
one notation (formats.coords: `c4`, `c4-d4`).
"""
from __future__ import annotations

from gridsmith.engine.circuitwar.actions import Action
from gridsmith.engine.circuitwar.board import EMPTY, NO_CIRCUIT, NONE, SWITCH_OFF, SWITCH_ON


PHASE_OF = {"build": "build", "move": "move", "attack": "action", "fire": "action"}


def _edge(b, e: int) -> str:
    return b.circuit_name(e)


def why_not(state, action: Action, names: list[str]) -> str:
    """The reason `action` is not legal for the side to move now (the action is assumed illegal);
    `names`: the seats' names as the window shows them."""
    s, b = state, state.board
    seat = s.to_move
    if s.is_over or seat is None:
        return "the game is over"
    name = names[seat]
    if action.op == "end":
        return "only the side to move ends its part of the phase"
    phase = PHASE_OF.get(action.op)
    if phase is not None and s.phase != phase:
        doing = {"build": "Building", "move": "Moving a gridrunner", "attack": "An attack", "fire": "Firing"}
        return f"{doing[action.op]} belongs to the {phase} phase; this is the {s.phase} phase"
    if s.left <= 0:
        return f"{name} has no actions left in this {s.phase} phase: End it"
    if action.op == "build":
        return _why_not_build(s, b, seat, action)
    if action.op in ("move", "attack", "fire"):
        p = action.a
        if b.runner[p] != seat:
            return f"there is no gridrunner of {name} on {b.point_name(p)}: click one of yours first"
        if action.op == "move":
            d = next((d for d, step in enumerate(b.nbr[p]) if step is not None and step[1] == action.b), None)
            if d is None:
                return "a gridrunner moves one point at a time, to a neighbouring point"
            if b.owner[b.nbr[p][d][0]] == NO_CIRCUIT:
                return "a gridrunner moves only along a circuit: there is none between these points"
        elif action.op == "attack":
            e = action.b
            if not any(step is not None and step[0] == e for step in b.nbr[p]):
                return "a gridrunner attacks a circuit that touches its own point"
            if b.owner[e] == NO_CIRCUIT:
                return "there is no circuit there to attack"
            if b.owner[e] == seat and not s.rules.attack.own_circuits:
                return "your own circuits cannot be attacked (the ruleset's attack.own_circuits is off)"
        else:
            if action.b not in b.exits(p):
                return "a beam leaves its gridrunner along a circuit: there is none in that direction"
    if action.op == "toggle":
        e = action.a
        if b.obj[e] not in (SWITCH_ON, SWITCH_OFF):
            return "there is no switch there"
        if s.rules.turns.toggle_switches != "any" and b.owner[e] != seat:
            return "only the owner of a switch's circuit toggles it (the ruleset's turns.toggle_switches)"
    return f"the rules do not allow it in the {s.phase} phase now"


def _why_not_build(s, b, seat: int, action: Action) -> str:
    costs = s.rules.build.costs
    cost = getattr(costs, action.item)
    what = action.item.replace("_", " ")
    if s.energy[seat] < cost:
        return f"a {what} costs {cost} energy and there are {s.energy[seat]} left"
    if action.item == "gridrunner":
        q = action.a
        cpus = [c for c in b.points if b.cpu[c] == seat]
        if b.cpu[q] != EMPTY:
            return "a CPU stands on that point"
        if not any(b.nbr[c][d][1] == q for c in cpus for d in b.exits(c)):
            return "a gridrunner is built on a point next to your CPU, joined to it by a circuit"
        return "a gridrunner cannot be built there now"
    e = action.a
    if action.item == "circuit":
        if b.owner[e] != NO_CIRCUIT:
            return f"there is a circuit on {_edge(b, e)} already"
        if any(b.cpu[p] not in (EMPTY, seat) for p in b.ends(e)):
            return "a circuit may not touch another side's CPU"
        return "a circuit cannot be built there now"
    if b.owner[e] == NO_CIRCUIT:
        return "objects are built on circuits: build a circuit there first"
    if b.owner[e] != seat:
        return "objects are built only on your own circuits"
    if b.obj[e] != NONE and not s.rules.build.objects_replace:
        return "there is an object on this circuit already (the ruleset's build.objects_replace is off)"
    return f"a {what} cannot be built there now"
