"""Paying costs and taking rewards of the effect language, with the choices they need.

Rulebook, "Zuerst zahlen": the cost is paid first, then the reward is taken exactly once ("nicht 6
bezahlen, um 4 zu erhalten"). Gains above a resource's cap and VP past a track's end are lost
("verfallen alle überzähligen Rohstoffe/Siegpunkte"); votes are unlimited. With Fame, VP past the
end may become Fame by a separate `fame` action right after (optional: "dürft").

Choice tokens, one per item that needs one, in order: `any` N and a cost's `any` take N resource
names joined by `+` (`military+gold`); `any_vp` N takes N track names (`power+power`); `conquer`
takes `display2>red` or `deck>blue` (source, then the column it is tucked under); `recall` takes
`w2>home` or `w2>SPACE` (or `none`); `swap_vp` takes `power>prestige` (or `none`); `great_worker`
takes the small worker to swap (`w1`).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import TYPE_CHECKING

from gridsmith.formats.pendulum.effects import (AMOUNT_KEYS, COLOUR_RESOURCE, COLOURS, RESOURCES, TRACKS, Amounts,
                                               AnyResources, AnyVp, Cost, Gain, Produce, item_name)

from .actions import IllegalAction

if TYPE_CHECKING:
    from .state import PendulumState, SeatState

CHOICE_ITEMS = ("any", "any_vp", "conquer", "recall", "swap_vp", "great_worker")
AMOUNT_SET = frozenset(AMOUNT_KEYS)


class Unlogged(list):
    """The log of an action nobody reads (a computer player's trial on a copy): lines are dropped, and
    `gain_amounts`, the most frequent, does not even write its line."""

    __slots__ = ()

    def append(self, line: str) -> None:
        pass


UNLOGGED = Unlogged()


@lru_cache(maxsize=256)
def _multisets(names: tuple[str, ...], n: int) -> tuple[str, ...]:
    return tuple("+".join(c) for c in combinations_with_replacement(names, n))


def multisets(names: tuple[str, ...], n: int) -> list[str]:
    return list(_multisets(names, n))


@lru_cache(maxsize=4096)
def _counts(token: str, names: tuple[str, ...], n: int) -> tuple[tuple[str, int], ...] | None:
    parts = token.split("+") if token else []
    if len(parts) != n or any(p not in names for p in parts):
        return None
    return tuple((k, parts.count(k)) for k in names)


def parse_multiset(token: str, names: tuple[str, ...], n: int) -> dict[str, int]:
    counts = _counts(token, names, n)  # tokens repeat all game long: read each once
    if counts is None:
        raise IllegalAction(f"{token!r} is not {n} of {', '.join(names)} joined by '+'")
    return dict(counts)


def amounts_of(state: PendulumState, model: Amounts) -> dict[str, int]:
    """A content model's amounts as a dict, dumped once a game (read-only: callers copy to change it)."""
    key = ("amounts", id(model))
    hit = state._memo.get(key)
    if hit is None or hit[0] is not model:
        hit = state._memo[key] = (model, model.model_dump())
    return hit[1]


# --- paying -------------------------------------------------------------------------------------------

_FIXED: dict[int, tuple[Cost, dict[str, int]]] = {}


def fixed_cost(cost: Cost, extra: dict[str, int] | None) -> dict[str, int]:
    """A cost's fixed amounts plus `extra`, by amount key (the model's field values read directly:
    paid for every option an agent weighs); read-only. Without `extra`, worked out once per cost
    (by identity: a content model is not changed while it is played)."""
    d = cost.__dict__
    if not extra:
        hit = _FIXED.get(id(cost))
        if hit is None or hit[0] is not cost:
            if len(_FIXED) > 4096:
                _FIXED.clear()  # content read again and again (tests, an editor's session): stay small
            hit = _FIXED[id(cost)] = (cost, {k: d[k] for k in AMOUNT_KEYS})
        return hit[1]
    return {k: d[k] + extra.get(k, 0) for k in AMOUNT_KEYS}


@lru_cache(maxsize=4096)
def _any_pays(n: int, left: tuple[int, ...]) -> tuple[str, ...]:
    """The tokens of n resources that fit within `left` (by RESOURCES)."""
    return tuple(t for t in _multisets(RESOURCES, n) if all(c <= h for (_r, c), h in zip(_counts(t, RESOURCES, n), left)))


def cost_options(seat: SeatState, cost: Cost, extra: dict[str, int] | None = None,
                 fixed: dict[str, int] | None = None) -> list[str] | None:
    """The tokens that pay `cost` (plus fixed `extra`), [''] when no choice is needed, None when it
    cannot be paid ("Ihr dürft nur die Rohstoffe und Stimmen auf eurem Tableau ausgeben"). `fixed`:
    `fixed_cost(cost, extra)` worked out before."""
    if fixed is None:
        fixed = fixed_cost(cost, extra)
    if not can_pay_fixed(seat, fixed):
        return None
    if not cost.any:
        return [""]
    out = _any_pays(cost.any, tuple(seat.res[r] - fixed[r] for r in RESOURCES))
    return list(out) or None


def can_pay_fixed(seat: SeatState, fixed: dict[str, int]) -> bool:
    for k, v in fixed.items():
        if not v:
            continue
        have = seat.res[k] if k in seat.res else seat.vp[k]
        if have < v:
            return False
    return True


def pay(seat: SeatState, cost: Cost, token: str, extra: dict[str, int] | None = None,
        fixed: dict[str, int] | None = None) -> None:
    """Pay `cost` plus `extra` (`fixed`: `fixed_cost(cost, extra)` worked out before), choosing by `token`."""
    if fixed is None:
        fixed = fixed_cost(cost, extra)
    if not can_pay_fixed(seat, fixed):
        raise IllegalAction("the cost cannot be paid: pay first, then take the reward")
    anyp = parse_multiset(token, RESOURCES, cost.any) if cost.any else {}
    for r, v in anyp.items():
        if seat.res[r] - fixed[r] < v:
            raise IllegalAction(f"not enough {r} to pay {token}")
    for k, v in fixed.items():
        if not v:
            continue  # nothing of it to pay
        if k in seat.res:
            seat.res[k] -= v
        else:
            seat.vp[k] -= v  # paying VP leaves Fame untouched
    for r, v in anyp.items():
        seat.res[r] -= v


# --- gaining ------------------------------------------------------------------------------------------

def gain_amounts(state: PendulumState, q: int, a: dict[str, int], log: list[str]) -> None:
    seat = state.seats[q]
    # each amount changes its own key alone (and reads nothing another changes): taken in `a`'s order
    for k, v in a.items():
        if not v or k not in AMOUNT_SET:
            continue
        if k == "votes":
            seat.res["votes"] += v
        elif k in seat.res:
            cap = state.resource_cap(q, k)
            seat.res[k] = min(cap, seat.res[k] + v)
        else:
            length = state.track_length(q, k)
            over = seat.vp[k] + v - length
            seat.vp[k] = min(length, seat.vp[k] + v)
            if over > 0 and state.fame_on(q):
                seat.overflow[k] += over
    if log is not UNLOGGED:
        log.append(", ".join(f"+{a[k]} {k}" for k in AMOUNT_KEYS if a.get(k)))


def production(state: PendulumState, q: int, colour: str) -> dict[str, int]:
    """The board's symbol plus every province tucked under that column ("und auf daruntergeschobenen
    Provinzkarten"); the province's banner of that colour counts, whatever it shows."""
    side = state.leader_side(q)
    total = dict(amounts_of(state, side.columns[colour])) if colour in side.columns else {}
    for pid in state.seats[q].columns[colour]:
        for k, v in state.provinces[pid].productions[colour].items():
            total[k] = total.get(k, 0) + v
    return total


_NAMES: dict[type, str] = {}


def name_of(item) -> str:
    """`item_name`, worked out once per kind of item (a model's name is its class's one field)."""
    if isinstance(item, str):
        return item
    name = _NAMES.get(type(item))
    if name is None:
        name = _NAMES[type(item)] = item_name(item)
    return name


def item_options(state: PendulumState, q: int, item) -> list[str] | None:
    """Tokens for one effect item ([''] = no choice; None = cannot be taken at all)."""
    name = name_of(item)
    seat = state.seats[q]
    if name == "any":
        return multisets(RESOURCES, item.any)
    if name == "any_vp":
        return multisets(TRACKS, item.any_vp)
    if name == "conquer":
        sources = [f"display{i + 1}" for i, p in enumerate(state.display) if p is not None]
        if state.province_deck:
            sources.append("deck")
        return [f"{s}>{c}" for s in sources for c in COLOURS] or ["none"]
    if name == "recall":
        ws = [w for w in seat.workers if w.space is not None and state.glass_in_row(w.space)]
        opts = ["none"] if not ws else []
        for w in ws:
            opts.append(f"{w.wid}>home")
            opts += [f"{w.wid}>{sid}" for sid in state.free_top_targets(q, w, ignore_from=True)]
        return opts
    if name == "swap_vp":
        opts = [f"{a}>{b}" for a in TRACKS for b in TRACKS if a != b and seat.vp[a] > 0]
        return opts or ["none"]
    if name == "great_worker":
        if state.large_in_play(q) >= 2 or state.seats[q].large_reserve < 1:
            return None
        smalls = [w.wid for w in seat.workers if w.size == "small"]
        return smalls or None
    if name == "add_small_worker":
        if len(seat.workers) >= state.rules.limits.max_workers or seat.small_reserve < 1:
            return None
        return [""]
    if name == "legendary_vp":
        return None if seat.legendary else [""]
    if name == "adjacent_action":
        return None  # only as a modifier of a worker action: `act W with=CARD:SPACE` (rules.modifier_sets)
    if name == "column_limit_plus":
        return None if seat.kept >= 1 else [""]
    return [""]  # gain, produce, retrieve, waive_gold


def effect_options(state: PendulumState, q: int, effect: list, bare: dict | None = None) -> list[tuple[str, ...]] | None:
    """The choices of every item of `effect`, combined; `bare`: the options of bare items (words such as
    `recall`) found before in the same position, filled here (one listing of many cards)."""
    per = []
    for item in effect:
        if bare is not None and isinstance(item, str):
            opts = bare.get(item, bare)
            if opts is bare:
                opts = bare[item] = item_options(state, q, item)
        else:
            opts = item_options(state, q, item)
        if opts is None:
            return None
        per.append(opts)
    if not per:
        return [()]
    if len(per) == 1:  # one item: its tokens one by one (the most frequent: a recall, an `any`)
        return [(t,) if t else () for t in per[0]]
    if not any("" in opts for opts in per):
        return list(product(*per))  # no empty token to drop
    # each combination without its empty tokens (filter(None, ...) drops exactly the '' ones)
    return [tuple(filter(None, combo)) for combo in product(*per)]


def apply_effect(state: PendulumState, q: int, effect: list, tokens: list[str], log: list[str]) -> None:
    """Take every item of `effect` once, consuming a token for each item that needs a choice."""
    seat = state.seats[q]
    it = iter(tokens)

    def take(name: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise IllegalAction(f"{name} needs a choice") from None

    for item in effect:
        name = name_of(item)
        if isinstance(item, Gain):
            gain_amounts(state, q, amounts_of(state, item.gain), log)
        elif isinstance(item, AnyResources):
            gain_amounts(state, q, parse_multiset(take(name), RESOURCES, item.any), log)
        elif isinstance(item, AnyVp):
            gain_amounts(state, q, parse_multiset(take(name), TRACKS, item.any_vp), log)
        elif isinstance(item, Produce):
            gain_amounts(state, q, production(state, q, item.produce), log)
            log.append(f"({item.produce} production)")
        elif name == "conquer":
            state.conquer(q, take(name), log)
        elif name == "retrieve":
            seat.hand += seat.discard
            seat.discard = []
            log.append("retrieved the stratagems")
        elif name == "recall":
            state.recall(q, take(name), log)
        elif name == "add_small_worker":
            state.add_small_worker(q, log)
        elif name == "swap_vp":
            tok = take(name)
            if tok != "none":
                a, _, b = tok.partition(">")
                if a not in TRACKS or b not in TRACKS or a == b or seat.vp[a] < 1:
                    raise IllegalAction(f"{tok!r}: move 1 VP from one track to another (not Legendary)")
                seat.vp[a] -= 1
                gain_amounts(state, q, {b: 1}, log)
        elif name == "great_worker":
            state.great_worker(q, take(name), log)
        elif name == "column_limit_plus":
            seat.kept += 1
            log.append("column limit +1")
        elif name == "legendary_vp":
            if seat.legendary:
                raise IllegalAction("the Legendary VP is held already")
            seat.legendary = True
            log.append("the Legendary VP")
        elif name == "waive_gold":
            pass  # a modifier of a worker action (with=...), nothing on its own
        else:
            raise IllegalAction(f"{name} is not implemented")
    if next(it, None) is not None:
        raise IllegalAction("more choices than the effect needs")


def amounts_dict(a: Amounts) -> dict[str, int]:
    return {k: getattr(a, k) for k in AMOUNT_KEYS}


__all__ = ["CHOICE_ITEMS", "COLOUR_RESOURCE", "apply_effect", "cost_options", "effect_options", "pay", "production"]
