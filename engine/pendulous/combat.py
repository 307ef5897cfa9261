"""Combat odds (manual 2.7): the numbers shown on the left of the game window.

Attack and defence points are kept exactly, as integers in units of 1/10,000 point: the point
table, times army effectiveness (percent), times the successive-attack bonus (100 + 25 per
earlier attack, percent). The attacker wins when a draw from `randrange(A + D)` falls below A,
so the chance is exactly A / (A + D) (25 vs 25 is 50%, 10 vs 30 is 25%) on every platform.
"""
from __future__ import annotations

from dataclasses import dataclass

from .board import CITY_KIND

UNIT = 10_000  # points are integers in 1/UNIT: effectiveness % x bonus % = 1/10,000


@dataclass(frozen=True)
class Odds:
    """Everything the player to move sees before attacking `square`."""

    square: tuple[int, int]
    attacker: int
    defender: int
    attack: float  # final attack points (after effectiveness and successive-attack bonus)
    defence: float
    chance: float  # of the attacker winning
    naval: bool
    attempt: int  # this would be the Nth attack on the square (successive-attack bonus)
    attack_items: tuple[tuple[str, int], ...]  # (what, points) from the 2.7 table
    defence_items: tuple[tuple[str, int], ...]
    attack_effectiveness: int  # percent
    defence_effectiveness: int
    successive_bonus: int  # percent added for earlier attacks on the square

    def to_text(self) -> str:
        a = ", ".join(f"{n} {p}" for n, p in self.attack_items) or "none"
        d = ", ".join(f"{n} {p}" for n, p in self.defence_items) or "none"
        return (
            f"attack {self.attack:g} ({a}; x{self.attack_effectiveness}% effectiveness"
            f"{f', +{self.successive_bonus}% successive' if self.successive_bonus else ''}) vs "
            f"defence {self.defence:g} ({d}; x{self.defence_effectiveness}% effectiveness): "
            f"{self.chance * 100:.1f}% chance"
        )


def _counts(s, p: int, i: int, support_needs_supply: bool) -> tuple[int, int]:
    """Armies of `p` and cities of `p` next to square `i` (armies on unsupplied squares give no
    support when `support_needs_supply`, a ruleset variant)."""
    b = s.static.board
    owner, armies, sup = s.owner, s.armies, s.supplied
    nb_armies = nb_cities = 0
    for n in b.neighbours[i]:
        if owner[n] == p:
            if b.kind[n] == CITY_KIND:
                nb_cities += 1
            elif armies[n] and (not support_needs_supply or sup >> n & 1):
                nb_armies += armies[n]
    return nb_armies, nb_cities


def _points(s, p: int, i: int, detail: bool):
    st = s.static
    rules = st.rules.combat
    b = st.board
    d = s.owner[i]
    ap, dp = rules.attacker, rules.defender
    adjacent = bool(b.neighbour_mask[i] & s.own_mask[p])
    naval = not adjacent
    a_items: list[tuple[str, int]] = []
    d_items: list[tuple[str, int]] = []
    # attacker
    if naval:
        if rules.naval_army == "add":
            a_items.append(("attacking army", ap.attacking_army))
        a_items.append(("naval invading army", ap.naval_invasion))
    else:
        a_items.append(("attacking army", ap.attacking_army))
    n_arm, n_city = _counts(s, p, i, not rules.attacker_unsupplied_armies_support)
    if n_arm:
        a_items.append((f"{n_arm} adjacent armies", n_arm * ap.adjacent_army))
    if n_city:
        a_items.append((f"{n_city} adjacent cities", n_city * ap.adjacent_city))
    # defender
    target_sup = bool(s.supplied >> i & 1)
    if b.kind[i] == CITY_KIND:
        d_items.append(("city", dp.city))
    elif target_sup:
        d_items.append(("land", dp.land))
    else:
        d_items.append(("unsupplied square", dp.unsupplied))
    if s.armies[i]:
        d_items.append(("army on square" if s.armies[i] == 1 else f"{s.armies[i]} armies on square",
                        s.armies[i] * dp.army_on_square))
    if target_sup or rules.unsupplied_target_gets_support:
        n_arm, n_city = _counts(s, d, i, not rules.defender_unsupplied_armies_support)
        if n_arm:
            d_items.append((f"{n_arm} adjacent armies", n_arm * dp.adjacent_army))
        if n_city and rules.defender_city_support == "once":
            label = f"{n_city} adjacent cities" + ("" if n_city == 1 else ", counted once")
            d_items.append((label, dp.adjacent_city))
        elif n_city:
            d_items.append((f"{n_city} adjacent cities", n_city * dp.adjacent_city))
    if rules.successive_attacks == "turn":
        attempt = s.attempts.get(i, 0) + 1
    else:
        last, n = s.last_attack
        attempt = n + 1 if last == i else 1
    bonus = rules.successive_attack_bonus_percent * (attempt - 1)
    a_base = sum(x for _, x in a_items)
    d_base = sum(x for _, x in d_items)
    a_units = a_base * st.eff[p] * (100 + bonus)
    d_units = d_base * st.eff[d] * 100
    return a_units, d_units, naval, attempt, bonus, tuple(a_items), tuple(d_items)


def odds_units(s, p: int, i: int) -> tuple[int, int, bool, int]:
    """(attack units, defence units, naval, attempt) of `p` attacking square index `i`."""
    a, d, naval, attempt, *_ = _points(s, p, i, False)
    return a, d, naval, attempt


def attack_chance(s, p: int, i: int) -> float:
    a, d, *_ = _points(s, p, i, False)
    return a / (a + d) if a + d else 0.0


def attack_odds(state, square: tuple[int, int]) -> Odds:
    """The odds of the player to move attacking `square` (row, col), with the itemized points.

    The square must be an enemy ground square; whether the attack is legal now (resources, force
    pool, adjacency) is `state.why_illegal(Attack(row, col))`.
    """
    row, col = square
    b = state.static.board
    if not b.inside(row, col):
        raise ValueError(f"square {row},{col} is off the map")
    i = b.index(row, col)
    p = state.seat
    if state.owner[i] < 0 or state.owner[i] == p:
        raise ValueError(f"square {row},{col} is not an enemy square")
    a, d, naval, attempt, bonus, a_items, d_items = _points(state, p, i, True)
    return Odds(
        square=(row, col),
        attacker=p,
        defender=state.owner[i],
        attack=a / UNIT,
        defence=d / UNIT,
        chance=a / (a + d) if a + d else 0.0,
        naval=naval,
        attempt=attempt,
        attack_items=a_items,
        defence_items=d_items,
        attack_effectiveness=state.static.eff[p],
        defence_effectiveness=state.static.eff[state.owner[i]],
        successive_bonus=bonus,
    )


def odds_units_fast(s, p: int, i: int) -> tuple[int, int]:
    """(attack units, defence units) like `odds_units`, in one pass over the neighbours and with
    no breakdown: the hot path of computer players, which rate every target before every action.
    tests/pendulous/test_properties.py checks it equals the itemized computation."""
    st = s.static
    k = st.points
    b = st.board
    owner, armies, sup, kind = s.owner, s.armies, s.supplied, b.kind
    d = owner[i]
    a_arm = a_city = d_arm = d_city = 0
    adjacent = False
    a_give, d_give = k.attacker_unsupplied_support, k.defender_unsupplied_support
    for n in b.neighbours[i]:
        o = owner[n]
        if o == p:
            adjacent = True
            if kind[n] == CITY_KIND:
                a_city += 1
            elif armies[n] and (a_give or sup >> n & 1):
                a_arm += armies[n]
        elif o == d:
            if kind[n] == CITY_KIND:
                d_city += 1
            elif armies[n] and (d_give or sup >> n & 1):
                d_arm += armies[n]
    a = (k.a_army if adjacent else k.a_naval) + a_arm * k.a_adj_army + a_city * k.a_adj_city
    target_sup = sup >> i & 1
    if kind[i] == CITY_KIND:
        dv = k.d_city
    else:
        dv = k.d_land if target_sup else k.d_unsupplied
    dv += armies[i] * k.d_army
    if target_sup or k.target_unsupplied_support:
        if d_city and k.city_once:
            d_city = 1
        dv += d_arm * k.d_adj_army + d_city * k.d_adj_city
    if k.turn_mode:
        attempt = s.attempts.get(i, 0)
    else:
        last, nprev = s.last_attack
        attempt = nprev if last == i else 0
    return a * st.eff[p] * (100 + k.bonus * attempt), dv * st.eff[d] * 100


class PointTable:
    """The ruleset's combat numbers as plain attributes (read once per game, not per attack)."""

    __slots__ = ("a_army", "a_naval", "a_adj_army", "a_adj_city", "d_land", "d_army", "d_adj_army", "d_city",
                 "d_adj_city", "d_unsupplied", "bonus", "turn_mode", "attacker_unsupplied_support",
                 "defender_unsupplied_support", "target_unsupplied_support", "city_once")

    def __init__(self, rules) -> None:
        c = rules.combat
        ap, dp = c.attacker, c.defender
        self.a_army = ap.attacking_army
        self.a_naval = ap.naval_invasion + (ap.attacking_army if c.naval_army == "add" else 0)
        self.a_adj_army, self.a_adj_city = ap.adjacent_army, ap.adjacent_city
        self.d_land, self.d_army, self.d_adj_army = dp.land, dp.army_on_square, dp.adjacent_army
        self.d_city, self.d_adj_city, self.d_unsupplied = dp.city, dp.adjacent_city, dp.unsupplied
        self.bonus = c.successive_attack_bonus_percent
        self.turn_mode = c.successive_attacks == "turn"
        self.attacker_unsupplied_support = c.attacker_unsupplied_armies_support
        self.defender_unsupplied_support = c.defender_unsupplied_armies_support
        self.target_unsupplied_support = c.unsupplied_target_gets_support
        self.city_once = c.defender_city_support == "once"
