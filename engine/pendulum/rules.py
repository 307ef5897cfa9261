"""What a seat may do, and doing it: the real-time actions of a round and the turn actions around it.

Worker actions (rulebook, "Arbeiteraktionen"): `place` and `home` move a worker only between rows
without a sandglass ("keine Sanduhr"); `act` performs the action of a worker on a top part in a row
with a sandglass ("eine Sanduhr"): the worker goes to the reward box (the action has started), the
cost is paid, the reward taken once. Time-independent actions: `flip`, `play`, `retrieve`, `claim`,
`refill`; `fame` takes Fame for VP just gained past a track's end (advanced variant). Turn phases add
`pass` (wrap-up after the call, council step 5) and `done` (a step of an untimed round).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gridsmith.formats.pendulum.effects import AREAS, TRACKS, Cost, names

from .actions import (Act, Action, Claim, Done, Fame, Flip, Home, IllegalAction, Pass, Place, Play, Refill,
                      Retrieve)
from .effects import apply_effect, cost_options, effect_options, fixed_cost, pay

if TYPE_CHECKING:
    from .state import PendulumState

TOP, BOTTOM = "top", "bottom"  # the parts of an action space: the gold frame, the reward box

#: an advanced leader's ability, as hooks overriding the basic rules ("Die Fähigkeiten mancher
#: fortgeschrittener Anführer brechen diese Grundregeln und haben Vorrang"); docs/rules/pendulum.md
MOVE_IN_GLASS_ROW = "move_in_glass_row"  # rule 1 off: move onto a top part / off any part in a glass row
ACT_WITHOUT_GLASS = "act_without_glass"  # rule 2 off: act from a top part in a row without a glass
IGNORE_BLOCKING = "ignore_blocking"  # small workers enter occupied top parts in purple and green
ADJACENT_ACTION = "adjacent_action"  # stratagems with `adjacent_action` add an adjacent space's action



WORKER_ACTIONS = (Place, Home)


def _combine(pay_tok: str, eff: tuple[str, ...]) -> tuple[str, ...]:
    return ((pay_tok,) if pay_tok else ()) + eff


def placement_actions(state: PendulumState, q: int, only_size: str | None = None,
                      only_bottom_rows: bool = False, worker: str | None = None) -> list[Action]:
    """Every `place` and `home` of seat q's workers (`worker`: that worker's only, in the same order)."""
    out: list[Action] = []
    occ: dict | None = None  # the top parts' occupants, read only for a worker they may refuse
    free = open_spaces(state, MOVE_IN_GLASS_ROW in state.seat_hooks[q], only_bottom_rows)
    places = state._memo.setdefault("places", {})  # actions are values: one object per (worker, space)
    spaces = state.spaces
    # blocked_top refuses a worker only under advanced placement, or a small one without the leader's
    # ignore_blocking: any other worker goes to every open top part (its own aside)
    strict = state.seat_options(q).advanced_placement
    loose = not strict and IGNORE_BLOCKING in state.seat_hooks[q]
    for w in state.seats[q].workers:
        if worker is not None and w.wid != worker:
            continue
        if only_size and (w.size != only_size or w.space is not None):
            continue
        if state.can_leave(w, q):
            continue
        here = w.space if w.part == TOP else None
        if not strict and (loose or w.size != "small"):
            # the open spaces' places of this worker, built once (by the tuple's id: `free` is kept in
            # `_memo` all game, never freed, so its id is never another's)
            every = places.get((w.wid, id(free)))
            if every is None:
                every = places[(w.wid, id(free))] = [Place(w.wid, sid) for sid in free]
            out += every if here is None else [p for p in every if p.space != here]
        else:
            mine = places.get(w.wid)
            if mine is None:
                mine = places[w.wid] = {}
            if occ is None:
                occ = state.occupancy()
            for sid in free:
                if sid == here:
                    continue
                # `free` holds the rows this seat may enter as far as the glasses go (can_enter_top's
                # first test). Without advanced placement this is a small worker without
                # ignore_blocking, which blocked_top refuses exactly the occupied top parts outside
                # black (`occ` holds it only on `here`): tested in place, it is most of the listing
                if sid in occ and (spaces[sid][0] != "black" if not strict
                                   else state.blocked_top(q, w, spaces[sid][0], occ[sid]) is not None):
                    continue
                p = mine.get(sid)
                if p is None:
                    p = mine[sid] = Place(w.wid, sid)
                out.append(p)
        if w.space is not None and not only_size:
            out.append(Home(w.wid))
    return out


def open_spaces(state: PendulumState, glass_rows_too: bool, only_bottom_rows: bool) -> tuple[str, ...]:
    """The spaces a worker may be placed on as far as the sandglasses go (rule 1: rows without one,
    unless the seat's ability lifts it), in board order; worked out once per position of the glasses."""
    rows = tuple(g.row for g in state.glasses.values())
    key = ("open", rows, glass_rows_too, only_bottom_rows)
    hit = state._memo.get(key)
    if hit is None:
        glass = () if glass_rows_too else {(a, g.row) for a, g in state.glasses.items()}
        hit = state._memo[key] = tuple(sid for sid, (area, row, _sp) in state.spaces.items()
                                      if (area, row) not in glass and not (only_bottom_rows and row != 1))
    return hit


def act_actions(state: PendulumState, q: int, worker: str | None = None) -> list[Action]:
    """Every `act` of seat q's workers (`worker`: that worker's only, in the same order)."""
    s = state.seats[q]
    out: list[Action] = []
    for w in s.workers:
        if worker is not None and w.wid != worker:
            continue
        if not state.may_act(q, w):
            continue
        for mods in modifier_sets(state, q, w.space):
            plan = _act_plan(state, q, w.space, mods)
            pays = cost_options(s, plan.card_cost, plan.extra, plan.fixed)
            if pays is None:
                continue
            effs = effect_options(state, q, plan.effect)
            if effs is None:
                continue
            out += [Act(w.wid, mods, _combine(p, e)) for p in pays for e in effs]
    return out


def _is_waiver(state: PendulumState, sid: str) -> bool:
    c = state.stratagems[sid]
    return getattr(c, "timing", "anytime") == "with_action" and "waive_gold" in names(c.effect)


def _is_adjacent(state: PendulumState, sid: str) -> bool:
    c = state.stratagems[sid]
    return getattr(c, "timing", "anytime") == "with_action" and "adjacent_action" in names(c.effect)


def modifier_sets(state: PendulumState, q: int, space: str) -> list[tuple[str, ...]]:
    """The stratagems that may modify a worker action at `space`, as `with=` tokens: none; a gold waiver
    (purple or green); an adjacent action `CARD:SPACE` (only with the leader's `adjacent_action` hook);
    both ("Modifying stratagems stack", FAQ: "eine benachbarte Aktion zu nutzen und zusätzlich ...").
    Read-only, worked out once a game per seat, space, hand and hook: the rest it reads (the cards,
    the spaces) is the same all game."""
    key = ("modifier_sets", q, space, tuple(state.seats[q].hand), ADJACENT_ACTION in state.seat_hooks[q])
    hit = state._memo.get(key)
    if hit is None:
        hit = state._memo[key] = _modifier_sets(state, q, space)
    return hit


def _modifier_sets(state: PendulumState, q: int, space: str) -> list[tuple[str, ...]]:
    hand = sorted(set(state.seats[q].hand))
    sp = state.spaces[space][2]
    adjacent = [f"{c}:{a}" for c in hand if _is_adjacent(state, c) and ADJACENT_ACTION in state.seat_hooks[q]
                for a in sp.adjacent if a in state.spaces]
    waivers = [c for c in hand if _is_waiver(state, c)]

    def gold(*spaces: str) -> bool:
        return any(state.area_of(x) in ("purple", "green") for x in spaces)

    out: list[tuple[str, ...]] = [()]
    out += [(w,) for w in waivers if gold(space)]
    out += [(a,) for a in adjacent]
    out += [(w, a) for a in adjacent for w in waivers if gold(space, a.split(":")[1])]
    return out


@dataclass
class _Plan:
    """What a worker action with its modifiers costs and gives: the cards' costs, the actions' fixed
    costs (2 gold in purple and green unless waived; 4 military for black's conquer), the rewards."""

    card_cost: Cost
    extra: dict[str, int]
    effect: list
    cards: list[str]
    adjacent: str | None
    fixed: dict[str, int] = field(default_factory=dict)  # fixed_cost(card_cost, extra), read-only

    def __post_init__(self) -> None:
        self.fixed = fixed_cost(self.card_cost, self.extra)


def _act_plan(state: PendulumState, q: int, space: str, mods: tuple[str, ...]) -> _Plan:
    if not mods:  # the plain action of a space: the same all game (read-only), worked out once
        key = ("plan", space)
        plan = state._memo.get(key)
        if plan is None:
            plan = state._memo[key] = _Plan(_NO_CARDS, dict(seat_cost(state, q, space, False)),
                                            list(state.spaces[space][2].reward), [], None)
        return plan
    hand = state.seats[q].hand
    cards, adjacent, waiver = [], None, None
    for m in mods:
        card, _, target = m.partition(":")
        if card not in hand or card not in state.stratagems:
            raise IllegalAction(f"{card} is not in hand (retrieve it first)")
        if card in cards:
            raise IllegalAction(f"{card} is played once")
        if _is_waiver(state, card) and not target and waiver is None:
            waiver = card
        elif _is_adjacent(state, card) and target and adjacent is None:
            if ADJACENT_ACTION not in state.seat_hooks[q]:
                raise IllegalAction("an adjacent action needs the leader's ability (hook adjacent_action)")
            if target not in state.spaces[space][2].adjacent or target not in state.spaces:
                raise IllegalAction(f"{target} is not adjacent to {space}")
            adjacent = target
        else:
            raise IllegalAction(f"{m} does not modify this action")
        cards.append(card)
    # the waiver covers one action's gold: the worker's own in purple or green, else the adjacent one
    # ("Das würde dir aber trotzdem nur erlauben, die Goldkosten einer der Aktionen zu vermeiden")
    own_waived = waiver is not None and state.area_of(space) in ("purple", "green")
    if waiver is not None and state.area_of(space) == "black" and (
            adjacent is None or state.area_of(adjacent) == "black"):
        raise IllegalAction("the gold waiver never covers black's 4 military")
    extra = dict(seat_cost(state, q, space, own_waived))
    effect = list(state.spaces[space][2].reward)
    if adjacent is not None:
        for k, v in seat_cost(state, q, adjacent, waiver is not None and not own_waived).items():
            extra[k] = extra.get(k, 0) + v
        effect += list(state.spaces[adjacent][2].reward)
    return _Plan(_cards_cost(state, cards), extra, effect, cards, adjacent)


_NO_CARDS = Cost()


def _cards_cost(state: PendulumState, cards: list[str]) -> Cost:
    """The stratagems' costs summed into one Cost, built once a game per set of cards (a pydantic
    model is too dear to validate for every option an agent weighs)."""
    if not cards:
        return _NO_CARDS
    key = ("cards_cost", *cards)
    cost = state._memo.get(key)
    if cost is None:
        total = {k: sum(getattr(state.stratagems[c].cost, k) for c in cards) for k in Cost.model_fields}
        cost = state._memo[key] = Cost(**total)
    return cost


def stratagem_actions(state: PendulumState, q: int, card: str | None = None) -> list[Action]:
    """Every `play` of the stratagems in seat q's hand (`card`: that card's only)."""
    out: list[Action] = []
    s = state.seats[q]
    bare: dict = {}  # a bare item's options (a recall's targets) are the same for every card
    for sid in sorted(set(s.hand)):
        if card is not None and sid != card:
            continue
        c = state.stratagems[sid]
        if getattr(c, "timing", "anytime") != "anytime":
            continue
        pays = cost_options(s, c.cost)
        effs = effect_options(state, q, c.effect, bare)
        if pays is None or effs is None:
            continue
        out += [Play(sid, _combine(p, e)) for p in pays for e in effs]
    return out


def claim_actions(state: PendulumState, q: int) -> list[Action]:
    s = state.seats[q]
    a = state.achievements.get(state.achievement) if state.achievement else None
    if a is None or s.claimed:
        return []
    req = a.requires
    if any(s.res[k] < getattr(req, k) for k in ("military", "culture", "gold", "votes")):
        return []
    slots = a.slots or state.n  # decision: no printed slots = one per player
    if len(state.achievement_markers) >= slots:
        return []
    out = []
    if state.legendary_on_card and not s.legendary:
        out.append(Claim("legendary"))
    effs = effect_options(state, q, a.banner)
    if effs is not None:
        out += [Claim("banner", tuple(e)) for e in effs]
    return out


def realtime_actions(state: PendulumState, q: int) -> list[Action]:
    s = state.seats[q]
    out: list[Action] = []
    if any(s.overflow.values()):
        out += [Fame(t) for t in TRACKS if s.overflow[t]]
    out += placement_actions(state, q)
    out += act_actions(state, q)
    out += stratagem_actions(state, q)
    if s.discard and s.res["culture"] >= state.rules.costs.retrieve_culture:
        out.append(Retrieve())
    out += claim_actions(state, q)
    if None in state.display and state.province_deck:
        out.append(Refill())
    return out


def round_actions(state: PendulumState, q: int) -> list[Action]:
    """What seat `q` may do now outside the council (engine.pendulum.council.legal_actions adds it)."""
    if state.result is not None:
        return []
    ph = state.phase
    if ph == "start":
        if not state.queue or state.queue[0][0] != q:
            return []
        return placement_actions(state, q, only_size=state.queue[0][1], only_bottom_rows=True)
    if ph == "timed":
        return [Flip(a) for a in AREAS if state.can_flip(a)] + realtime_actions(state, q)
    if ph == "untimed":
        more = realtime_actions(state, q) if state.turn_actions < MAX_STEP_ACTIONS * state.n else []
        return [Done()] + more
    if ph == "wrapup":
        more = realtime_actions(state, q) if state.turn_actions < MAX_STEP_ACTIONS else []
        return [Pass()] + more
    return []


MAX_STEP_ACTIONS = 60


def is_round_legal(state: PendulumState, q: int, action: Action) -> bool:
    """Whether `action` is among `round_actions(state, q)`, listing only its own kind's actions where
    the list is made of independent parts (a worker's moves or acts, a card's plays, a flip): a timed
    round's, and the realtime actions that the wrap-up and an untimed step add to `pass` or `done`
    while their limit allows; otherwise the whole list."""
    ph = state.phase
    if state.result is None and ph in ("wrapup", "untimed"):
        bare, limit = (Pass, MAX_STEP_ACTIONS) if ph == "wrapup" else (Done, MAX_STEP_ACTIONS * state.n)
        if isinstance(action, bare):
            return True
        if state.turn_actions >= limit:
            return False  # the list is its `pass` or `done` alone
        if isinstance(action, Flip):
            return False  # flips only in a timed round
    if state.result is None and ph in ("timed", "wrapup", "untimed"):
        if isinstance(action, Flip):
            return action.area in AREAS and state.can_flip(action.area)
        s = state.seats[q]
        if isinstance(action, (Place, Home)):
            return may_move(state, q, action)
        if isinstance(action, Act):
            return action in act_actions(state, q, worker=action.worker)
        if isinstance(action, Play):
            return action in stratagem_actions(state, q, card=action.card)
        if isinstance(action, Retrieve):
            return bool(s.discard) and s.res["culture"] >= state.rules.costs.retrieve_culture
    return action in round_actions(state, q)


def may_move(state: PendulumState, q: int, action: Place | Home) -> bool:
    """Whether `placement_actions(state, q)` holds this `place` or `home`: the same tests for the one
    worker and space."""
    w = next((w for w in state.seats[q].workers if w.wid == action.worker), None)
    if w is None or state.can_leave(w, q):
        return False
    if isinstance(action, Home):
        return w.space is not None
    sid = action.space
    if sid == w.space and w.part == TOP:
        return False
    if sid not in open_spaces(state, MOVE_IN_GLASS_ROW in state.seat_hooks[q], False):
        return False
    return state.can_enter_top(q, w, sid) is None


def explain(state: PendulumState, q: int, action: Action) -> str:
    """Why `action` is not legal for seat `q` now: the rule, for a human."""
    if state.result is not None:
        return "the game is over"
    try:
        if isinstance(action, (Place, Home)):
            w = state.worker(q, action.worker)
            why = state.can_leave(w, q)
            if why:
                return why
            if isinstance(action, Place):
                why = state.can_enter_top(q, w, action.space)
                if why:
                    return why
                if state.phase == "start" and state.queue:
                    return (f"the start placement puts a {state.queue[0][1]} worker from the player board on the "
                            "top part of a space in a bottom row")
        if isinstance(action, Act):
            w = state.worker(q, action.worker)
            if w.space is None or w.part != TOP:
                return "a worker acts from the top part (gold frame) of a space"
            if (q, w.wid) in state.spent:
                return (f"{w.wid} has acted in {state.spent[(q, w.wid)]} already: a worker takes a reward "
                        "exactly once, and acts again only after that sandglass has flipped")
            if not state.may_act(q, w):
                return "a worker action is possible only in a row with a sandglass"
            return "the cost cannot be paid, or the choices do not fit the reward"
        if isinstance(action, Flip) and action.area in AREAS:
            if state.phase != "timed":
                return "no sandglass is flipped now (after the call, in the council, or in an untimed round)"
            if state.now < state.glasses[action.area].expires:
                return "only an expired sandglass may be flipped"
            return "purple must land on a circle holding a marker"
        if isinstance(action, Claim) and state.phase in ("timed", "untimed", "wrapup"):
            return claim_refusal(state, q, action)
    except IllegalAction as e:
        return str(e)
    return f"{action.to_text()!r} is not possible {phase_words(state)}"


#: each phase in words, for refusals ("... is not possible in the council")
PHASE_WORDS = {"start": "during the start placement", "timed": "now", "untimed": "now",
               "wrapup": "now (after the call to the council only passing and actions without a sandglass flip)",
               "council": "in the council", "council_wait": "while the council waits for the sandglasses to run out",
               "over": "after the game's end"}


def phase_words(state: PendulumState) -> str:
    return PHASE_WORDS.get(state.phase, "now")


def claim_refusal(state: PendulumState, q: int, action: Claim) -> str:
    """Why the achievement cannot be claimed so (rulebook, "Errungenschaften")."""
    s = state.seats[q]
    a = state.achievements.get(state.achievement) if state.achievement else None
    if a is None:
        return "there is no achievement to claim this round"
    if s.claimed:
        return "you have claimed this round's achievement already: once a round"
    need = [f"{getattr(a.requires, k)} {k}" for k in ("military", "culture", "gold", "votes")
            if s.res[k] < getattr(a.requires, k)]
    if need:
        return "the achievement is claimed by holding " + ", ".join(need) + "; nothing is paid"
    if len(state.achievement_markers) >= (a.slots or state.n):
        return "every spot on the achievement is taken"
    if action.kind == "legendary":
        if s.legendary:
            return "you hold the Legendary VP already"
        return "the Legendary marker is not on the achievement: taken this round, or not there yet in round 1"
    return "the banner's choices do not fit its reward"


# ----------------------------------------------------------------------------------------- applying

def forget_overflow(state: PendulumState, q: int | None, action: Action) -> None:
    """Fame is taken right after the gain or not at all: any other action of the seat forgets the VP gained
    past a track's end."""
    if q is not None and not isinstance(action, Fame):
        overflow = state.seats[q].overflow
        for t in TRACKS:
            if overflow.get(t, 1):  # most often 0 already
                overflow[t] = 0


def apply_round_action(state: PendulumState, q: int | None, action: Action, log: list[str]) -> None:
    """Do any action but the council's reward and trim (engine.pendulum.council.apply_action does those)."""
    forget_overflow(state, q, action)
    if isinstance(action, Flip):
        flip(state, action.area, log)
    elif isinstance(action, Place):
        w = state.worker(q, action.worker)
        why = state.can_leave(w, q) or state.can_enter_top(q, w, action.space)
        if why:
            raise IllegalAction(why)
        w.space, w.part = action.space, TOP
    elif isinstance(action, Home):
        w = state.worker(q, action.worker)
        why = state.can_leave(w, q)
        if why:
            raise IllegalAction(why)
        w.space, w.part = None, None
    elif isinstance(action, Act):
        perform(state, q, action, log)
    elif isinstance(action, Play):
        s = state.seats[q]
        if action.card not in s.hand:
            raise IllegalAction(f"{action.card} is not in hand (retrieve it first)")
        c = state.stratagems[action.card]
        choices = list(action.choices)
        pay(s, c.cost, choices.pop(0) if c.cost.any else "")
        s.hand.remove(action.card)
        s.discard.append(action.card)
        apply_effect(state, q, c.effect, choices, log)
    elif isinstance(action, Retrieve):
        s = state.seats[q]
        s.res["culture"] -= state.rules.costs.retrieve_culture
        s.hand += s.discard
        s.discard = []
    elif isinstance(action, Claim):
        claim(state, q, action, log)
    elif isinstance(action, Refill):
        log.append(f"{state.refill_display()} provinces revealed")
    elif isinstance(action, Fame):
        take_fame(state, q, action.track, log)
    elif isinstance(action, (Pass, Done)):
        pass
    else:
        raise IllegalAction(f"unknown action {action.verb!r}")


def flip(state: PendulumState, area: str, log: list[str]) -> None:
    """Flip a glass onto the other row ("Ihr dürft eine Sanduhr nach dem Umdrehen nicht wieder auf den
    gleichen Platz stellen"); purple lands on a circle with a marker and removes it; removing the last
    calls the council at once."""
    state.own_glasses()  # a view may hold the glass objects
    g = state.glasses[area]
    g.row = 1 - g.row
    g.expires = state.now + state.rules.sandglasses.duration(area) if state.phase != "untimed" else state.now
    state.expired_since.pop(area, None)
    state.spent = {k: v for k, v in state.spent.items() if v != area}
    if area == "purple":
        if state.markers[g.row] < 1:
            raise IllegalAction("purple must land on a circle holding a marker")
        state.markers[g.row] -= 1
        log.append(f"marker removed, {sum(state.markers)} left")
    log.append(f"{area} now on the {('top', 'bottom')[g.row]} row")


def perform(state: PendulumState, q: int, action: Act, log: list[str]) -> None:
    w = state.worker(q, action.worker)
    if w.space is None or w.part != TOP:
        raise IllegalAction("a worker acts from the top part of a space")
    if not state.may_act(q, w):
        raise IllegalAction("a worker action is possible only in a row with a sandglass")
    state.started.discard((q, w.wid))
    plan = _act_plan(state, q, w.space, action.modifiers)
    a = list(action.choices)
    s = state.seats[q]
    w.part = BOTTOM  # 1. the action has started
    state.spent[(q, w.wid)] = state.area_of(w.space)  # once until this area's glass flips
    pay(s, plan.card_cost, a.pop(0) if plan.card_cost.any else "", plan.extra, plan.fixed)  # 2. pay first
    for card in plan.cards:
        s.hand.remove(card)
        s.discard.append(card)
    if plan.adjacent:
        log.append(f"with the adjacent action of {plan.adjacent}")
    apply_effect(state, q, plan.effect, a, log)  # 3. the rewards, once each


def claim(state: PendulumState, q: int, action: Claim, log: list[str]) -> None:
    s = state.seats[q]
    ach = state.achievements[state.achievement]
    state.achievement_markers.append(q)
    s.claimed = True
    if action.kind == "legendary":
        if not state.legendary_on_card or s.legendary:
            raise IllegalAction("the Legendary marker is gone, or was yours in an earlier round")
        state.legendary_on_card = False
        s.legendary = True
        log.append("took the Legendary marker")
    else:
        apply_effect(state, q, ach.banner, list(action.choices), log)


def take_fame(state: PendulumState, q: int, track: str, log: list[str]) -> None:
    """Fame: a matching cube (from supply or board) goes on the track for good and lowers that
    resource's cap ("reduziert dauerhaft die Anzahl der für euch verfügbaren Rohstoffe")."""
    s = state.seats[q]
    if not s.overflow.get(track):
        raise IllegalAction("Fame only for VP just gained past a track's end")
    r = {"power": "military", "prestige": "culture", "popularity": "gold"}[track]
    s.overflow[track] -= 1
    if state.resource_cap(q, r) <= 0:
        log.append("no cube left: the Fame is lost")
        return
    s.lost_cubes[r] += 1
    s.res[r] = min(s.res[r], state.resource_cap(q, r))
    s.fame[track] += 1
    log.append(f"1 Fame on {track}")


def seat_cost(state: PendulumState, q: int, sid: str, waived: bool) -> dict[str, int]:
    """A worker action's cost (rulebook): 2 gold in purple and green (unless waived); in black only
    Conquer Province costs (4 military); the rest are free."""
    area, _r, sp = state.spaces[sid]
    c = state.rules.costs
    if area in ("purple", "green"):
        return {} if waived else {"gold": c.worker_action_gold}
    return {"military": c.conquer_military} if "conquer" in names(sp.reward) else {}
