"""The round's frame: the opening, the call to the council, the wrap-up, the council's six steps
(Ratsphase) and the start of the next round — timed, or on the time track without active sandglasses.

Rulebook, "Zur Ratsversammlung rufen": removing the last purple marker calls the council at the flip.
After the call seats may still act (never flip) until all are done; the higher privilege acts later
("weiter oben auf der Privilegeleiste ist später dran"): the engine gives turns in reverse privilege
order until every seat passes in a row. Then the six steps:
1. re-sort the privilege track by votes (most first; ties: the lower-placed moves up), votes to 0;
2. in the new privilege order one council reward each, no refill, +2/+1/+1 VP of choice;
3. trim every column to 2 provinces (3 with the province-limit card);
4. council 4 ends the game; otherwise refresh rewards, display, achievement, Legendary marker, markers;
5. move or place workers under the normal rules (turns in privilege order until all pass);
6. wait until every glass has run out, then flip all three and play on.

Being the frame, this module also answers for every phase what a seat may do (`legal_actions`) and
does it (`apply_action`): the council's reward and trim here, the rest by engine.pendulum.rules. The
state (engine.pendulum.state) calls these; rules and council see the state for types only.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING

from gridsmith.formats.pendulum.effects import AREAS, COLOURS, TRACKS, Cost

from .actions import Action, Done, Flip, Home, IllegalAction, Pass, Place, Refill, Reward, Trim
from .events import CouncilCalled, CouncilPrivilege, Event, GameEnded, RoundBegan, TimeStep
from .effects import apply_effect, cost_options, effect_options, gain_amounts, item_options, multisets, parse_multiset, pay
from .rules import apply_round_action, flip, forget_overflow, is_round_legal, may_move, placement_actions, round_actions
from .scoring import final_result

if TYPE_CHECKING:
    from .state import PendulumState


def legal_actions(state: PendulumState, q: int) -> list[Action]:
    """What seat `q` may do now, in every phase: the council's steps here, the rest by the rules."""
    if state.phase == "council" and state.result is None:
        return council_actions(state, q)
    return round_actions(state, q)


def is_legal(state: PendulumState, q: int, action: Action) -> bool:
    """Whether `action` is in `legal_actions(state, q)` (without listing them all where it can)."""
    if state.phase == "council" and state.result is None:
        if state.council_step == 5 and isinstance(action, (Place, Home)):
            # step 5's list: `pass`, the seat's placements while the turns' limit allows, a refill
            turn = bool(state.turn_order) and state.turn_order[state.turn_index] == q
            return turn and _step5_open(state) and may_move(state, q, action)
        return action in council_actions(state, q)
    return is_round_legal(state, q, action)


def apply_action(state: PendulumState, q: int | None, action: Action, log: list[str]) -> None:
    """Do `action` for seat `q` (None: the game's automatic flip); IllegalAction when a rule forbids it."""
    if isinstance(action, (Reward, Trim)):
        forget_overflow(state, q, action)
        apply_council(state, q, action, log)
    else:
        apply_round_action(state, q, action, log)


def seats_in_privilege(state: PendulumState) -> list[int]:
    return [q for q in state.privilege if q >= 0]


# ------------------------------------------------------------------ transitions after every action

def after_action(state: PendulumState, q: int | None, action: Action) -> list[Event]:
    ph = state.phase
    if ph == "start":
        state.queue.pop(0)
        return start_round(state) if not state.queue else []
    if ph == "timed":
        if isinstance(action, Flip) and action.area == "purple" and sum(state.markers) == 0:
            return call_council(state)
        return []
    if ph == "untimed":
        state.turn_actions += 1
        if isinstance(action, Done):
            state.done.add(q)
        if len(state.done) >= state.n:
            return next_time_step(state)
        return []
    if ph == "wrapup":
        return _next_turn(state, isinstance(action, Pass), begin_council)
    if ph == "council":
        return council_progress(state, action)
    return []


def _next_turn(state: PendulumState, passed: bool, when_all_passed) -> list[Event]:
    state.turn_actions += 1
    state.passes = state.passes + 1 if passed else 0
    if state.passes >= len(state.turn_order):
        return when_all_passed(state)
    state.turn_index = (state.turn_index + 1) % len(state.turn_order)
    return []


def start_round(state: PendulumState) -> list[Event]:
    """Flip all three glasses (the opening, or council step 6) and play the round, timed or untimed."""
    untimed = state.round in state.res.scenario.untimed_rounds
    state.phase = "untimed" if untimed else "timed"
    state.done = set()
    state.turn_actions = 0
    state.time_step = 0
    lines: list[str] = []
    for a in (state.res.side.time_track[0].flip if untimed and state.res.side.time_track else AREAS):
        flip(state, a, lines)
    ev = RoundBegan(state.now, None, state.round, untimed, tuple(lines))
    return [ev]


def next_time_step(state: PendulumState) -> list[Event]:
    """Everyone is done with this step of the time track: flip the glasses of the next step, or after the
    last step call the council ("Ruft dann zur Ratsversammlung")."""
    track = state.res.side.time_track
    if state.time_step >= len(track) - 1:
        return begin_council(state)
    state.time_step += 1
    state.done = set()
    state.turn_actions = 0
    lines: list[str] = []
    for a in track[state.time_step].flip:
        flip(state, a, lines)
    ev = TimeStep(state.now, None, state.time_step + 1, tuple(lines))
    return [ev]


def call_council(state: PendulumState) -> list[Event]:
    out: list[Event] = [CouncilCalled(state.now, None)]
    # requests made before the call are served now, in privilege order
    for p in sorted(state.pending, key=lambda p: state.privilege_rank(p.seat)):
        state.pending.remove(p)
        state._commit(p.seat, p.action, requested_at=p.ms)  # records its own events
    state.phase = "wrapup"
    state.turn_order = list(reversed(seats_in_privilege(state)))
    state.turn_index = 0
    state.passes = 0
    state.turn_actions = 0
    return out


# ------------------------------------------------------------------ the council

def begin_council(state: PendulumState) -> list[Event]:
    state.phase = "council"
    state.own_seats()  # every seat's votes go back to 0
    # step 1: votes re-sort the privilege track; ties to the lower-placed; votes go back to 0
    votes = {q: (state.seats[q].res["votes"] if q >= 0 else state.rules.council.neutral_votes)
             for q in state.privilege}
    old = {q: i for i, q in enumerate(state.privilege)}
    state.privilege.sort(key=lambda q: (-votes[q], -old[q]))
    for s in state.seats:
        s.res["votes"] = 0
    ev = CouncilPrivilege(state.now, None, tuple(state.privilege))
    # step 2
    state.council_step = 2
    state.council_taken = set()
    state.turn_order = seats_in_privilege(state)
    state.turn_index = 0
    return [ev]


def bonus_for(state: PendulumState, q: int) -> int:
    """Privilege bonus of seat q's place (a bonus on the neutral's place is skipped, not passed down)."""
    place = state.privilege.index(q)
    table = state.rules.council.privilege_bonus_vp
    return table[place] if place < len(table) else 0


def reward_options(state: PendulumState, q: int) -> list[Action]:
    s = state.seats[q]
    bonus = bonus_for(state, q)
    tails = list(multisets(TRACKS, bonus)) if bonus else [None]
    out: list[tuple[str, tuple[str, ...]]] = []  # (reward, choices)
    for rid in state.reward_slots:
        if rid is None or rid in state.council_taken:
            continue
        r = state.rewards[rid]
        if r.type == "permanent_stratagem":
            out.append((rid, ()))
            continue
        pays = cost_options(s, r.cost) if r.type == "final" else [""]
        effs = effect_options(state, q, r.effect)
        if pays is None or effs is None:
            continue  # "Ihr dürft keine Karte wählen, deren Kosten ihr nicht bezahlen könnt"
        out += [(rid, (*((p,) if p else ()), *e)) for p in pays for e in effs]
    gw = next((r for r in state.rewards.values() if r.type == "great_worker"), None)
    if gw is not None and state.great_worker_up and state.res.side.council.great_worker:
        opts = item_options(state, q, "great_worker")
        out += [(gw.id, (o,)) for o in opts or ()]
    effs = effect_options(state, q, state.res.side.council.default_reward)
    out += [("default", tuple(e)) for e in effs or [()]]
    return [Reward(rid, choices, t) for rid, choices in out for t in tails]


def trim_options(state: PendulumState, q: int) -> list[Action]:
    s = state.seats[q]
    limit = state.rules.council.column_limit + min(s.kept, 1)
    out = []
    for c in COLOURS:
        col = s.columns[c]
        if len(col) > limit:
            out += [Trim(c, keep) for keep in combinations(col, limit)]
            break  # one column at a time
    return out


def council_actions(state: PendulumState, q: int) -> list[Action]:
    """The seat on turn: its step's choices, and at any step revealing provinces onto the display's empty
    places ("Diese Aktion kann auch in der Ratsphase durchgeführt werden"), which keeps the turn."""
    if not state.turn_order or state.turn_order[state.turn_index] != q:
        return []
    refill: list[Action] = [Refill()] if None in state.display and state.province_deck else []
    if state.council_step == 2:
        return reward_options(state, q) + refill
    if state.council_step == 3:
        return trim_options(state, q) + refill
    if state.council_step == 5:
        return [Pass()] + (placement_actions(state, q) if _step5_open(state) else []) + refill
    return []


def _step5_open(state: PendulumState) -> bool:
    """Whether step 5's placements are still open: the turns' safety limit, 60 a seat."""
    return state.turn_actions < 60 * len(state.turn_order)


def reward_off_board(state: PendulumState, rid: str) -> bool:
    """Whether council reward `rid` (neither the default nor the great worker) cannot be taken: not
    shown this council, or taken already (`apply_council` refuses it before it changes anything)."""
    return rid not in state.reward_slots or rid in state.council_taken


def apply_council(state: PendulumState, q: int, action: Reward | Trim, log: list[str]) -> None:
    s = state.seats[q]
    if isinstance(action, Trim):
        colour, keep = action.colour, list(action.keep)
        if sorted(keep) != sorted(set(keep)) or not set(keep) <= set(s.columns[colour]):
            raise IllegalAction("keep provinces of that column")
        s.columns[colour] = [p for p in s.columns[colour] if p in keep]
        log.append(f"kept {', '.join(keep)} under {colour}")
        return
    bonus, rid, a = action.bonus, action.reward, list(action.choices)
    if rid == "default":
        apply_effect(state, q, state.res.side.council.default_reward, a, log)
    else:
        r = state.rewards[rid]
        if r.type == "great_worker":
            if not state.great_worker_up:
                raise IllegalAction("the great worker is face down until the end of this council")
            state.great_worker(q, a[0], log)
            state.great_worker_up = False
        else:
            if reward_off_board(state, rid):
                raise IllegalAction(f"{rid} is not on the council board")
            state.council_taken.add(rid)
            if r.type == "permanent_stratagem":
                s.hand.append(rid)  # playable once play resumes
                log.append(f"{rid} joins the hand")
            else:
                if r.type == "final":
                    pay(s, r.cost, a.pop(0) if r.cost.any else "")
                apply_effect(state, q, r.effect, a, log)
    if bonus:
        gain_amounts(state, q, parse_multiset(bonus, TRACKS, bonus_for(state, q)), log)


def council_progress(state: PendulumState, action: Action) -> list[Event]:
    out: list[Event] = []
    if isinstance(action, Refill):
        return out  # revealing provinces is no step of the council: the same seat is still on turn
    if state.council_step == 2:
        state.turn_index += 1
        if state.turn_index < len(state.turn_order):
            return []
        state.council_step = 3
        _trim_turns(state)
    elif state.council_step == 3:
        _trim_turns(state)
    elif state.council_step == 5:
        return _next_turn(state, isinstance(action, Pass), wait_for_glasses)
    if state.council_step == 3 and not state.turn_order:
        out += step4(state)
    return out


def _trim_turns(state: PendulumState) -> None:
    state.turn_order = [q for q in seats_in_privilege(state) if trim_options(state, q)]
    state.turn_index = 0


def step4(state: PendulumState) -> list[Event]:
    if state.round >= state.rules.limits.rounds:
        state.phase = "over"
        state.result = final_result(state)
        ev = GameEnded(state.now, None, state.result.reason)
        return [ev]
    refresh(state)
    state.council_step = 5
    state.turn_order = seats_in_privilege(state)
    state.turn_index = 0
    state.passes = 0
    state.turn_actions = 0
    return []


def refresh(state: PendulumState) -> None:
    """Step 4 for councils 1-3: prepare the next round."""
    state.own_seats()  # every seat's achievement claim is cleared
    state.great_worker_up = True
    state.reward_slots = [state.reward_stack.pop() if state.reward_stack else None
                          for _ in range(state.res.side.council.slots)]
    state.display = [state.province_deck.pop() if state.province_deck else None
                     for _ in range(state.rules.provinces.display)]
    for s in state.seats:
        s.claimed = False
    state.achievement_markers = []
    state.achievement = state.achievement_deck.pop() if state.achievement_deck else None
    state.legendary_on_card = state.achievement is not None  # "egal, ob er ... genommen wurde"
    g = state.glasses["purple"]
    c = state.circles["purple"]
    state.markers = [c[0] - (g.row == 0), c[1] - (g.row == 1)]


def wait_for_glasses(state: PendulumState) -> list[Event]:
    """Step 6: "Sind ... noch nicht alle Sanduhren abgelaufen, dann wartet"; then flip all three. In an
    untimed next round the sand is ignored."""
    state.round += 1
    state.council_step = 6
    if state.round in state.res.scenario.untimed_rounds:
        return start_round(state)
    state.phase = "council_wait"
    return []


def next_round_to_decide(state: PendulumState) -> int | None:
    """The next round whose way of play is still open: round 1 before the opening flip, otherwise the
    round after this one (decided at the end of this round's council, step 6); None after the last."""
    r = state.round if state.phase == "start" else state.round + 1
    if state.phase == "council_wait" or r > state.rules.limits.rounds or state.result is not None:
        return None  # step 6 has decided this round already (it waits for the glasses or began untimed)
    return r


def set_untimed(state: PendulumState, untimed: bool) -> int:
    """"Ihr könnt ... während der Partie zwischen dem Spiel mit aktiven und ohne aktive Sanduhren wechseln.
    Entscheidet einfach am Ende jeder Ratsphase, wie ihr die nächste Runde spielen möchtet." Mark the next
    undecided round timed or untimed in this game's scenario (`untimed_rounds`, which a save embeds: the
    rounds played so far replay the same). Returns that round; IllegalAction when none is open."""
    r = next_round_to_decide(state)
    if r is None:
        raise IllegalAction("the next round's way of play is decided (it begins at the end of the council)")
    rounds = sorted(set(state.res.scenario.untimed_rounds) - {r} | ({r} if untimed else set()))
    state.res = replace(state.res, scenario=state.res.scenario.model_copy(update={"untimed_rounds": rounds}))
    return r


__all__ = ["legal_actions", "apply_action", "after_action", "set_untimed", "next_round_to_decide", "start_round", "council_actions", "apply_council", "reward_off_board", "Cost"]
