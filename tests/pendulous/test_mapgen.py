"""The Pendulous map generator and the bundled Pendulous scenarios.

The rules checked here are those of manual 2.1 (squares, water, port cities: "Cities which have
water as any of the surrounding squares are port cities"; "Diagonal squares all always valid
paths"), 2.2 (up to four players), 2.8 (supply traced from friendly cities through friendly
squares) and 4.2.3/4.2.5 (256-character descriptions, maps at most 50 by 50). The checker below
is written independently of formats/pendulous/mapgen.py (coordinates and sets, not flat indices)
so that the generator's own acceptance test is not marking its own homework.
"""
from __future__ import annotations

import io
import random
from collections import deque
from pathlib import Path

import pytest
from ruamel.yaml import YAML
from yaml import safe_load

from gridsmith.formats.pendulous import mapgen
from gridsmith.formats.pendulous.scenario import Scenario

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content" / "pendulous"
SCENARIO_FILES = sorted(CONTENT.glob("*.scn.yaml"))
SCHEMA_LINE = "# yaml-language-server: $schema=../../formats/schemas/pendulous.scenario.v1.json"
SEAT_OF = {**{str(n): n for n in range(1, 5)}, **{c: n for n, c in enumerate("ABCD", 1)}}


# --- an independent checker of the scenario rules -------------------------------------------


def around(x: int, y: int, w: int, h: int):
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h:
                yield x + dx, y + dy


def flood(starts, inside, w, h) -> set:
    seen = set(starts)
    queue = deque(seen)
    while queue:
        x, y = queue.popleft()
        for n in around(x, y, w, h):
            if n not in seen and inside(n):
                seen.add(n)
                queue.append(n)
    return seen


def rule_breaches(rows: list[str], n_players: int, naval: bool) -> list[str]:
    """Every breach of the map rules the validator enforces (errors and playability warnings)."""
    h = len(rows)
    w = len(rows[0]) if rows else 0
    out = []
    if not 1 <= h <= 50 or not 1 <= w <= 50 or any(len(r) != w for r in rows):
        return [f"map is not a rectangle of 1x1..50x50 ({w}x{h})"]
    if set("".join(rows)) - set("~1234ABCD"):
        out.append("characters outside the alphabet")
    sq = {(x, y): ch for y, row in enumerate(rows) for x, ch in enumerate(row)}
    seat = {p: SEAT_OF[ch] for p, ch in sq.items() if ch != "~"}
    if set(seat.values()) != set(range(1, n_players + 1)):
        out.append(f"seats on the map {sorted(set(seat.values()))} != players 1..{n_players}")
    water = {p for p, ch in sq.items() if ch == "~"}
    cities = {p for p, ch in sq.items() if ch in "ABCD"}
    ports = {c for c in cities if any(n in water for n in around(*c, w, h))}
    if naval and not ports:
        out.append("naval invasions on but no port city")
    # water bodies, 8-connected like everything else (DESIGN.md)
    body = {}
    for start in sorted(water):
        if start not in body:
            for cell in flood([start], lambda n: n in water, w, h):
                body[cell] = start
    for p in range(1, n_players + 1):
        own = {c for c, s in seat.items() if s == p}
        own_cities = own & cities
        if not own_cities:
            out.append(f"seat {p} owns no city")
            continue
        supplied = flood(own_cities, lambda n, p=p: seat.get(n) == p, w, h)
        if own - supplied:
            out.append(f"seat {p}: {len(own - supplied)} squares out of supply at the start")
        land_contact = any(seat.get(n, p) != p for c in own for n in around(*c, w, h))
        port_waters = {body[n] for c in own_cities & ports for n in around(*c, w, h) if n in water}
        naval_contact = naval and any(
            s != p and any(body.get(n) in port_waters for n in around(*c, w, h))
            for c, s in seat.items()
        )
        if not (land_contact or naval_contact):
            out.append(f"seat {p} can attack nobody")
    return out


def scenario_breaches(scn: Scenario) -> list[str]:
    out = rule_breaches(scn.map, len(scn.players), scn.settings.naval_invasions)
    if not 2 <= len(scn.players) <= 4:
        out.append("2 to 4 players")
    if len({p.name for p in scn.players}) != len(scn.players):
        out.append("player names are not unique")
    if len(scn.description) > 256:
        out.append("description longer than 256 characters (manual 4.2.3)")
    for p in scn.players:
        if min(p.reinforcement_rate, p.resource_rate, p.max_forces, p.initial_forces, p.start_resources) < 0:
            out.append(f"{p.name}: a negative rate or force")
        if p.army_effectiveness <= 0:
            out.append(f"{p.name}: army effectiveness must be above 0")
        if p.initial_forces > p.max_forces:
            out.append(f"{p.name}: initial forces above max forces")
    if scn.settings.turns < 1:
        out.append("turns < 1")
    return out


def test_checker_catches_breaches():
    """The checker is only worth something if it fails bad maps."""
    assert rule_breaches(["1A~~2B"], 2, False) == ["seat 1 can attack nobody", "seat 2 can attack nobody"]
    assert rule_breaches(["1A~~B2"], 2, True) == []  # ports on one sea: invasions possible
    assert "seat 1: 1 squares out of supply at the start" in rule_breaches(["A~1", "~~2", "BB2"], 2, True)
    assert "seat 2 owns no city" in rule_breaches(["1A22"], 2, False)
    assert "naval invasions on but no port city" in rule_breaches(["1A2B"], 2, True)
    assert rule_breaches(["1A2", "1"], 2, False)[0].startswith("map is not a rectangle")
    # diagonal contact counts (manual 2.1: diagonal squares are adjacent)
    assert rule_breaches(["A~", "~B"], 2, False) == []


# --- the generator ----------------------------------------------------------------------------


def test_same_seed_same_map_and_other_seeds_differ():
    a = mapgen.generate_map(7, 30, 24, 3)
    assert a == mapgen.generate_map(7, 30, 24, 3)
    assert a != mapgen.generate_map(8, 30, 24, 3)
    assert mapgen.generate_yaml(3, 20, 20, 2) == mapgen.generate_yaml(3, 20, 20, 2)


@pytest.mark.parametrize("style", mapgen.STYLES)
def test_many_seeds_and_sizes_satisfy_the_rules(style):
    rng = random.Random(2024)
    for seed in range(40):
        w, h, players = rng.randint(mapgen.MIN_SIZE, 50), rng.randint(mapgen.MIN_SIZE, 50), rng.randint(2, 4)
        scn = mapgen.generate(seed, w, h, players, style=style)
        assert (scn.width, scn.height) == (w, h)
        assert len(scn.players) == players
        assert scenario_breaches(scn) == [], (style, seed, w, h, players)


def test_full_size_four_player_continents():
    """The benchmark's case: 50x50 with 4 players, seas and port cities."""
    for seed in range(8):
        scn = mapgen.generate(seed)
        rows = scn.map
        assert (scn.width, scn.height, len(scn.players)) == (50, 50, 4)
        assert scenario_breaches(scn) == []
        flat = "".join(rows)
        land = sum(ch != "~" for ch in flat)
        assert 0.35 * 2500 < land < 0.8 * 2500
        per_seat = [sum(ch in (str(p), "ABCD"[p - 1]) for ch in flat) for p in range(1, 5)]
        assert min(per_seat) >= 0.6 * max(per_seat), per_seat  # territories roughly balanced
        for p in range(1, 5):  # a continent seat is one piece (manual 2.8 supply without gaps)
            own = {(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if SEAT_OF.get(ch) == p}
            assert flood([min(own)], lambda n: n in own, 50, 50) == own
            assert sum(ch == "ABCD"[p - 1] for ch in flat) >= 3  # cities spread, not one capital


def test_archipelago_has_no_land_contact_and_a_port_on_every_island():
    for seed in range(10):
        rows = mapgen.generate_map(seed, 40, 30, 4, style="archipelago")
        w, h = 40, 30
        land = {(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch != "~"}
        seen = set()
        for start in sorted(land):
            if start in seen:
                continue
            island = flood([start], lambda n: n in land, w, h)
            seen |= island
            assert len({SEAT_OF[rows[y][x]] for x, y in island}) == 1  # one owner: no land contact
            assert any(rows[y][x] in "ABCD" and any(rows[ny][nx] == "~" for nx, ny in around(x, y, w, h))
                       for x, y in island), "an island without a port city"


def test_naval_invasions_off_means_land_contact_for_everyone():
    for seed in range(10):
        scn = mapgen.generate(seed, 24, 20, 3, naval_invasions=False)
        assert not scn.settings.naval_invasions
        assert scenario_breaches(scn) == []


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError):
        mapgen.generate_map(1, 51, 20, 2)
    with pytest.raises(ValueError):
        mapgen.generate_map(1, 20, 20, 5)
    with pytest.raises(ValueError):
        mapgen.generate_map(1, 20, 20, 2, style="moon")
    with pytest.raises(ValueError):
        mapgen.generate_map(1, 20, 20, 2, style="archipelago", naval_invasions=False)


def test_generated_files_pass_the_validator_with_no_warning():
    """The generator's promise to the benchmark: what it writes, `gridsmith validate` accepts."""
    from gridsmith.formats.loader import load_text

    for seed, style in ((1, "continent"), (2, "archipelago")):
        loaded = load_text(mapgen.generate_yaml(seed, 50, 50, 4, style=style), f"gen{seed}.scn.yaml")
        assert [d.format_text() for d in loaded.diagnostics] == []
        assert mapgen.problems(loaded.model) == []


def test_generated_yaml_is_a_valid_scenario_that_round_trips():
    text = mapgen.generate_yaml(5, 50, 50, 4)
    scn = Scenario.model_validate(safe_load(text))
    assert scenario_breaches(scn) == []
    assert roundtrip(text) == text
    odd = mapgen.generate(6, 16, 12, 2, name="Quote: me", description='It\'s "odd" # not a comment')
    text = mapgen.to_yaml(odd, comments=["two", "lines"])
    assert Scenario.model_validate(safe_load(text)) == odd
    assert roundtrip(text) == text


# --- the bundled scenarios -------------------------------------------------------------------


def roundtrip(text: str) -> str:
    y = YAML()
    y.preserve_quotes = True
    y.indent(mapping=2, sequence=4, offset=2)
    y.width = 4096
    out = io.StringIO()
    y.dump(y.load(text), out)
    return out.getvalue()


def test_at_least_four_bundled_scenarios():
    names = {f.name for f in SCENARIO_FILES}
    assert {"duel.scn.yaml", "continent.scn.yaml", "siege.scn.yaml", "archipelago.scn.yaml"} <= names


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.name)
def test_bundled_scenario_is_valid_and_round_trips(path: Path):
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == SCHEMA_LINE
    keys = [ln.split(":")[0] for ln in lines if ln and not ln.startswith(("#", " "))]
    assert keys[:2] == ["kind", "version"]
    assert [k for k in keys[2:] if k != "ruleset"] == ["name", "description", "players", "settings", "map"]
    assert sum(ln.startswith("#") for ln in lines) >= 5, "explain the design in comments"
    scn = Scenario.model_validate(safe_load(text))
    assert scn.description.strip(), "a scenario needs a description"
    assert scenario_breaches(scn) == []
    assert roundtrip(text) == text


def test_bundled_scenarios_have_their_promised_character():
    load = {f.stem.removesuffix(".scn"): Scenario.model_validate(safe_load(f.read_text())) for f in SCENARIO_FILES}
    duel = load["duel"]
    assert len(duel.players) == 2 and duel.width * duel.height <= 160
    a, b = duel.players
    assert (a.reinforcement_rate, a.resource_rate, a.max_forces, a.initial_forces, a.army_effectiveness) == (
        b.reinforcement_rate, b.resource_rate, b.max_forces, b.initial_forces, b.army_effectiveness)
    cont = load["continent"]
    assert (cont.width, cont.height, len(cont.players)) == (50, 50, 4) and cont.settings.naval_invasions
    arch = load["archipelago"]
    assert arch.settings.naval_invasions
    assert rule_breaches(arch.map, len(arch.players), False) != []  # without invasions nobody can fight
    siege = load["siege"]
    attacker, defender = siege.players  # manual 5.1/5.2: attacker has less land, more means
    flat = "".join(siege.map)
    land = {p: sum(SEAT_OF.get(ch) == p for ch in flat) for p in (1, 2)}
    cities = {p: sum(ch == "AB"[p - 1] for ch in flat) for p in (1, 2)}
    assert land[2] > land[1] and cities[2] > cities[1]
    assert attacker.army_effectiveness > defender.army_effectiveness
    assert attacker.resource_rate > defender.resource_rate
    assert attacker.initial_forces > defender.initial_forces
