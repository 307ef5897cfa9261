"""A seeded generator of plausible Pendulous maps and scenarios (pure Python, no Qt).

Used for the bundled large maps, the validation benchmark (hundreds of 50x50 4-player files) and
property tests. The same seed and options always give the same map (`random.Random(seed)` is the
only source of chance, and every collection is iterated in a fixed order).

Two styles:

* ``continent`` — one landmass (noise height map with a falloff towards the edges), inland seas and
  bays from the noise, lakes, and rivers that run from inland springs to the nearest water. Every
  seat's territory is one 8-connected piece grown from a start square, so the seats share borders.
* ``archipelago`` — islands separated by water; every island belongs to one seat, so seats have no
  land contact and naval invasions are the only way to fight. Every island has a port city on the
  open sea (a seat's territory is then several pieces, each holding a city of its own).

What every generated map guarantees (the rules of manual 2.1/2.8 the validator checks):

* each seat's every square is in supply at the start: every 8-connected piece of a seat's squares
  holds a city of that seat;
* cities are spread over the territory (about one per `squares_per_city` squares, never two
  within 2 squares of each other where room allows), away from the enemy border where possible;
* with naval invasions on, every seat has a port city (a city with water among its 8 neighbours)
  on a water body that touches enemy coast; with them off, every seat has land contact with an
  enemy (so nobody is unable to attack).

A map is returned only when the Pendulous checks (formats/pendulous/scenario.py) raise no error and
no warning about it; otherwise the generator draws again from the same random stream, so the
result still depends on the seed alone.
"""
from __future__ import annotations

import heapq
import math
import random
from collections import deque
from collections.abc import Iterable, Sequence
from functools import lru_cache

from ..diagnostics import Problem
from ..document import new_text
from ..registry import CheckContext
from .grid import CITY_CHARS, LAND_CHARS, WATER, neighbour_table
from .scenario import Player, Scenario, Settings, VictoryPoints, check_scenario

MIN_SIZE = 8  # smaller maps leave no room for seas, rivers and several seats
MAX_SIZE = 50  # manual 4.2.5
STYLES = ("continent", "archipelago")
PLAYER_NAMES = ("Red Army", "Gray Army", "Green Army", "Blue Army")  # seat colours, manual 2.2
SCHEMA_REF = "../../formats/schemas/pendulous.scenario.v1.json"  # from content/pendulous/
_ATTEMPTS = 60

_LAND = -1  # grid value of land not yet given to a seat
_SEA = -2  # grid value of water; seats are 0..3 during generation


# --- geometry on a flat grid (index = y * width + x, as in grid.py), 8-neighbour adjacency ------


@lru_cache(maxsize=64)
def _neighbours4(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for y in range(height):
        for x in range(width):
            out.append(tuple(
                ny * width + nx
                for nx, ny in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1))
                if 0 <= nx < width and 0 <= ny < height
            ))
    return tuple(out)


def _components(cells: Iterable[int], nbrs: Sequence[Sequence[int]]) -> list[list[int]]:
    """Connected components of a set of cells, largest first (ties: lowest first cell)."""
    todo = set(cells)
    comps = []
    for start in sorted(todo):
        if start not in todo:
            continue
        todo.discard(start)
        comp, queue = [start], deque([start])
        while queue:
            for n in nbrs[queue.popleft()]:
                if n in todo:
                    todo.discard(n)
                    comp.append(n)
                    queue.append(n)
        comps.append(sorted(comp))
    comps.sort(key=lambda c: (-len(c), c[0]))
    return comps


def _bfs(sources: Iterable[int], allowed, nbrs: Sequence[Sequence[int]], size: int) -> list[int]:
    """Steps from the nearest source through cells where allowed(i); -1 where unreachable."""
    dist = [-1] * size
    queue = deque()
    for s in sources:
        if dist[s] < 0:
            dist[s] = 0
            queue.append(s)
    while queue:
        c = queue.popleft()
        for n in nbrs[c]:
            if dist[n] < 0 and allowed(n):
                dist[n] = dist[c] + 1
                queue.append(n)
    return dist


# --- the height map --------------------------------------------------------------------------


def _value_noise(rng: random.Random, width: int, height: int, cell: float) -> list[float]:
    """Smooth noise in [0, 1): random values on a coarse lattice, smoothstep-interpolated."""
    gw, gh = int(width / cell) + 3, int(height / cell) + 3
    lattice = [[rng.random() for _ in range(gw)] for _ in range(gh)]
    ox, oy = rng.random(), rng.random()  # so lattice points don't line up with the squares
    out = []
    for y in range(height):
        fy = y / cell + oy
        iy = int(fy)
        ty = fy - iy
        ty = ty * ty * (3 - 2 * ty)
        row0, row1 = lattice[iy], lattice[iy + 1]
        for x in range(width):
            fx = x / cell + ox
            ix = int(fx)
            tx = fx - ix
            tx = tx * tx * (3 - 2 * tx)
            top = row0[ix] + (row0[ix + 1] - row0[ix]) * tx
            bottom = row1[ix] + (row1[ix + 1] - row1[ix]) * tx
            out.append(top + (bottom - top) * ty)
    return out


def _edge_distance(width: int, height: int) -> list[float]:
    """0 at the centre, 1 at the edges (a blend of square and round, so corners sink deepest)."""
    out = []
    for y in range(height):
        ny = (2 * y + 1) / height - 1
        for x in range(width):
            nx = (2 * x + 1) / width - 1
            out.append(0.5 * max(abs(nx), abs(ny)) + 0.5 * min(1.0, math.hypot(nx, ny)))
    return out


def _threshold(values: list[float], land_fraction: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, int(len(ordered) * (1 - land_fraction))))
    return ordered[k]


# --- the generator ---------------------------------------------------------------------------


class _Gen:
    def __init__(self, rng: random.Random, width: int, height: int, players: int, *, style: str,
                 land_fraction: float, seas: int, rivers: int, lakes: int, squares_per_city: int,
                 islands_per_player: int, naval: bool):
        self.rng, self.w, self.h, self.players = rng, width, height, players
        self.size = width * height
        self.n8 = neighbour_table(width, height)
        self.n4 = _neighbours4(width, height)
        self.style, self.land_fraction = style, land_fraction
        self.seas, self.rivers, self.lakes = seas, rivers, lakes
        self.squares_per_city, self.islands_per_player = squares_per_city, islands_per_player
        self.naval = naval
        self.grid: list[int] = []
        self.cities: set[int] = set()

    # terrain ---------------------------------------------------------------------------------

    def continent_terrain(self) -> None:
        w, h, rng = self.w, self.h, self.rng
        big = max(w, h)
        coarse = _value_noise(rng, w, h, max(4.0, big / 2.5))
        mid = _value_noise(rng, w, h, max(3.0, big / 6))
        fine = _value_noise(rng, w, h, 2.5)
        edge = _edge_distance(w, h)
        elevation = [
            0.45 * c + 0.4 * m + 0.15 * f - 0.8 * e ** 4
            for c, m, f, e in zip(coarse, mid, fine, edge)
        ]
        cut = _threshold(elevation, self.land_fraction)
        self.grid = [_LAND if v > cut else _SEA for v in elevation]
        self._lakes()
        self._rivers()
        # one landmass: islands off the coast would be seat territories in two pieces
        comps = _components(self._cells(_LAND), self.n8)
        for comp in comps[1:]:
            for c in comp:
                self.grid[c] = _SEA

    def _lakes(self) -> None:
        """Blobs of water well inside the land, not touching other water: inland seas (big
        enough to matter for naval invasions, manual 2.1) and small lakes that only block supply."""
        grid, rng = self.grid, self.rng
        sea_size = max(8, self.size // 90)
        sizes = [rng.randint(sea_size, 2 * sea_size) for _ in range(self.seas)]
        sizes += [rng.randint(3, 8) for _ in range(self.lakes)]
        for size in sizes:
            dist = _bfs(self._cells(_SEA), lambda i: True, self.n8, self.size)
            deep = max(dist)
            inland = [i for i in range(self.size) if grid[i] == _LAND and dist[i] >= max(4, deep // 2)]
            if not inland:
                return
            lake = [rng.choice(inland)]
            grid[lake[0]] = _SEA
            for _ in range(size - 1):
                options = [n for c in lake for n in self.n4[c] if grid[n] == _LAND and dist[n] >= 2]
                if not options:
                    break
                n = rng.choice(options)
                grid[n] = _SEA
                lake.append(n)

    def _rivers(self) -> None:
        """Rivers from inland springs, one square wide and 4-connected (so land can't cross them
        diagonally), flowing downhill in distance-to-water until they join a sea or lake."""
        grid, rng = self.grid, self.rng
        for _ in range(self.rivers):
            dist = _bfs(self._cells(_SEA), lambda i: True, self.n4, self.size)
            deep = max(dist)
            springs = [i for i in range(self.size) if grid[i] == _LAND and dist[i] >= max(4, deep * 0.6)]
            if not springs:
                return
            cell = rng.choice(springs)
            while True:
                grid[cell] = _SEA
                if dist[cell] <= 1:
                    break
                down = [n for n in self.n4[cell] if 0 < dist[n] < dist[cell] and grid[n] == _LAND]
                if not down:
                    break
                cell = rng.choice(down)

    def archipelago_terrain(self) -> None:
        """Islands around scattered centres, each kept one water square away from the others."""
        w, h, rng = self.w, self.h, self.rng
        count = self.players * self.islands_per_player
        spacing = math.sqrt(self.size / count)
        centres: list[tuple[float, float]] = []
        for _ in range(count):  # best-candidate sampling: islands spread over the map
            candidates = [(rng.uniform(1.5, w - 2.5), rng.uniform(1.5, h - 2.5)) for _ in range(12)]
            centres.append(max(candidates, key=lambda p: min(
                (math.dist(p, q) for q in centres), default=0.0)))
        wobble = _value_noise(rng, w, h, 3.0)
        radii = [spacing * rng.uniform(0.45, 0.62) for _ in centres]
        owner = [-1] * self.size
        for i in range(self.size):
            x, y = i % w + 0.5, i // w + 0.5
            best, best_d = -1, 1e9
            for k, (cx, cy) in enumerate(centres):
                d = math.hypot(x - cx, y - cy) / radii[k]
                if d < best_d:
                    best, best_d = k, d
            if best_d + 0.45 * (wobble[i] - 0.5) < 1.0:
                owner[i] = best
        # the water gap: a square touching another island's square sinks
        self.grid = [_SEA] * self.size
        for i in range(self.size):
            if owner[i] >= 0 and all(owner[n] in (-1, owner[i]) for n in self.n8[i]):
                self.grid[i] = _LAND
        for comp in _components(self._cells(_LAND), self.n8):
            if len(comp) < 6:  # too small to be worth a city
                for c in comp:
                    self.grid[c] = _SEA

    # territories -----------------------------------------------------------------------------

    def partition_continent(self) -> bool:
        land = self._cells(_LAND)
        if len(land) < self.players * 8:
            return False
        rng, grid = self.rng, self.grid
        # start squares by farthest-point sampling (geodesic), starting from a random square
        starts = [rng.choice(land)]
        dist = _bfs(starts, lambda i: grid[i] != _SEA, self.n8, self.size)
        starts = [max(land, key=lambda i: (dist[i], -i))]
        while len(starts) < self.players:
            dist = _bfs(starts, lambda i: grid[i] != _SEA, self.n8, self.size)
            starts.append(max(land, key=lambda i: (dist[i], -i)))
        # territories: a geodesic Voronoi race from the start squares (clean borders, each seat
        # one piece since a square is claimed from a claimed neighbour); a seat that came out big
        # grows slower in the next round until the seats are within 20% of each other
        speed = [1.0] * self.players
        jitter = [rng.random() * 0.3 for _ in range(self.size)]
        for _ in range(6):
            for c in land:
                grid[c] = _LAND
            heap = [(0.0, p, s) for p, s in enumerate(starts)]
            while heap:
                cost, p, c = heapq.heappop(heap)
                if grid[c] != _LAND:
                    continue
                grid[c] = p
                for n in self.n8[c]:
                    if grid[n] == _LAND:
                        step = 1.0 if n % self.w == c % self.w or n // self.w == c // self.w else 1.4
                        heapq.heappush(heap, (cost + (step + jitter[n]) * speed[p], p, n))
            sizes = [grid.count(p) for p in range(self.players)]
            mean = sum(sizes) / self.players
            if min(sizes) >= 0.8 * max(sizes):
                break
            speed = [sp * (sz / mean) ** 0.5 for sp, sz in zip(speed, sizes)]
        self._smooth_borders()
        sizes = [self.grid.count(p) for p in range(self.players)]
        return min(sizes) >= 0.6 * max(sizes)

    def _smooth_borders(self) -> None:
        """Balanced growth leaves ragged borders and thin strips: a square mostly surrounded by one
        other seat joins it; then any piece cut off from its seat's main body joins the neighbour
        it touches most, so every seat stays one 8-connected piece."""
        grid = self.grid
        for _ in range(2):
            for c in range(self.size):
                p = grid[c]
                if p < 0:
                    continue
                counts = [0] * self.players
                for n in self.n8[c]:
                    if grid[n] >= 0:
                        counts[grid[n]] += 1
                q = max(range(self.players), key=lambda s: (counts[s], -s))
                if q != p and counts[q] >= 5 and counts[p] <= 2:
                    grid[c] = q
        for _ in range(4 * self.players):
            stray = next((piece for p in range(self.players)
                          for piece in _components([i for i in range(self.size) if grid[i] == p],
                                                   self.n8)[1:]), None)
            if stray is None:
                return
            own = grid[stray[0]]
            touch = [0] * self.players
            for c in stray:
                for n in self.n8[c]:
                    if grid[n] >= 0 and grid[n] != own:
                        touch[grid[n]] += 1
            to = max(range(self.players), key=lambda s: (touch[s], -s))
            for c in stray:
                grid[c] = to

    def partition_islands(self) -> bool:
        islands = _components(self._cells(_LAND), self.n8)
        if len(islands) < self.players:
            return False
        sizes = [0] * self.players
        counts = [0] * self.players
        # the biggest islands first, each to the seat with the least land (every seat gets one)
        for k, island in enumerate(islands):
            if k < self.players:
                p = k
            else:
                p = min(range(self.players), key=lambda q: (sizes[q], counts[q], q))
            for c in island:
                self.grid[c] = p
            sizes[p] += len(island)
            counts[p] += 1
        # seat order shouldn't follow island size: shuffle which seat got which share
        perm = list(range(self.players))
        self.rng.shuffle(perm)
        self.grid = [perm[g] if g >= 0 else g for g in self.grid]
        return min(sizes) >= 0.6 * max(sizes)

    # cities ----------------------------------------------------------------------------------

    def place_cities(self) -> None:
        grid, rng = self.grid, self.rng
        water_bodies = _components(self._cells(_SEA), self.n8)
        sea = set(water_bodies[0]) if water_bodies else set()  # the largest water body
        for p in range(self.players):
            own = [i for i in range(self.size) if grid[i] == p]
            enemy = [i for i in range(self.size) if grid[i] >= 0 and grid[i] != p]
            enemy_dist = _bfs(enemy, lambda i: grid[i] >= 0, self.n8, self.size)
            pieces = _components(own, self.n8)
            target = max(len(pieces), round(len(own) / self.squares_per_city))
            cities: list[int] = []
            for piece in pieces:  # every piece needs its own source of supply (manual 2.8)
                # a port on the open sea: on every island, and the first city of a continent seat
                port = self.naval and (self.style == "archipelago" or not cities)
                coast = [c for c in piece if any(n in sea for n in self.n8[c])] if port else []
                cities.append(self._best_site(coast or piece, cities, p, enemy_dist))
            coast = [c for c in own if any(grid[n] == _SEA for n in self.n8[c])]
            while len(cities) < target:
                # about a third of the remaining cities are ports, if the seat has a coast
                site = None
                if coast and rng.random() < 0.35:
                    site = self._best_site(coast, cities, p, enemy_dist, spaced=True)
                site = site if site is not None else self._best_site(own, cities, p, enemy_dist,
                                                                     spaced=True)
                if site is None:
                    break
                cities.append(site)
            self.cities.update(cities)

    def _best_site(self, candidates, cities, seat, enemy_dist, spaced=False):
        """The candidate farthest from this seat's cities and from the enemy, with some jitter;
        when `spaced`, never within 2 squares of another city (None if no such square)."""
        grid = self.grid
        city_dist = _bfs(cities, lambda i: grid[i] == seat, self.n8, self.size) if cities else None
        best, best_score = None, -1e9
        for c in candidates:
            cd = city_dist[c] if city_dist is not None else 12
            if cd < 0:
                cd = 12  # another piece of the territory: as far as it gets
            if cd < 3 and (spaced or cd == 0):
                continue
            ed = enemy_dist[c] if enemy_dist[c] >= 0 else 6
            score = min(cd, 9) + 2.0 * min(ed, 3) + self.rng.random() * 1.5
            if score > best_score:
                best, best_score = c, score
        return best

    # output ----------------------------------------------------------------------------------

    def rows(self) -> list[str]:
        out = []
        for y in range(self.h):
            row = []
            for x in range(self.w):
                i = y * self.w + x
                g = self.grid[i]
                row.append(WATER if g < 0 else (CITY_CHARS[g] if i in self.cities else LAND_CHARS[g]))
            out.append("".join(row))
        return out

    def _cells(self, value: int) -> list[int]:
        return [i for i, g in enumerate(self.grid) if g == value]


def generate_map(seed: int, width: int = 50, height: int = 50, players: int = 4, *,
                 style: str = "continent", naval_invasions: bool | None = None,
                 land_fraction: float | None = None, seas: int | None = None, rivers: int | None = None,
                 lakes: int | None = None, squares_per_city: int = 30,
                 islands_per_player: int = 2) -> list[str]:
    """The map rows of a generated scenario (see the module doc for what is guaranteed).

    `naval_invasions` (default on) makes every seat's first city a port on the open sea; off,
    continents rely on land contact (archipelagos refuse it). Seas, rivers and lakes default to
    counts that scale with the map's area.
    """
    if style not in STYLES:
        raise ValueError(f"style must be one of {STYLES}, not {style!r}")
    if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
        raise ValueError(f"map size must be {MIN_SIZE}..{MAX_SIZE} squares each way")
    if not 2 <= players <= 4:
        raise ValueError("Pendulous has 2 to 4 players")
    naval = True if naval_invasions is None else naval_invasions
    if style == "archipelago" and not naval:
        raise ValueError("an archipelago without naval invasions gives nobody anything to attack")
    area = width * height
    if land_fraction is None:
        land_fraction = 0.64 if style == "continent" else 0.45
    if seas is None:
        seas = area // 1200
    if rivers is None:
        rivers = area // 600
    if lakes is None:
        lakes = area // 800
    rng = random.Random(seed)
    for _ in range(_ATTEMPTS):
        gen = _Gen(rng, width, height, players, style=style, land_fraction=land_fraction,
                   seas=seas, rivers=rivers, lakes=lakes, squares_per_city=squares_per_city,
                   islands_per_player=islands_per_player, naval=naval)
        if style == "continent":
            gen.continent_terrain()
            ok = gen.partition_continent()
        else:
            gen.archipelago_terrain()
            ok = gen.partition_islands()
        if not ok:
            continue
        gen.place_cities()
        rows = gen.rows()
        # the acceptance test is the validator itself: a generated map raises no error or warning
        if not problems(_scenario(seed, rows, players, naval, style, None, None, None)):
            return rows
    raise RuntimeError(f"no playable {style} map of {width}x{height} for {players} players "
                       f"from seed {seed} in {_ATTEMPTS} attempts")


def problems(scenario: Scenario) -> list[Problem]:
    """What the validator says about a scenario (errors and playability warnings), leaving out
    problems with the ruleset reference, which are no business of the map."""
    return [p for p in check_scenario(scenario, CheckContext()) if p.path[:1] != ("ruleset",)]


# --- scenarios -------------------------------------------------------------------------------


def default_players(rows: Sequence[str], players: int) -> list[Player]:
    """Equal players sized to the map: forces to hold about a fifth of a seat's average land."""
    land = sum(ch != WATER for r in rows for ch in r) / players
    max_forces = max(10, round(land / 5))
    reinforcement = max(1, max_forces // 15)
    return [
        Player(
            name=PLAYER_NAMES[p],
            reinforcement_rate=reinforcement,
            resource_rate=max(3, 3 * reinforcement),
            max_forces=max_forces,
            initial_forces=max_forces // 3,
            start_resources=max(3, 3 * reinforcement) // 2,
            start_victory_points=0,
            army_effectiveness=100,
        )
        for p in range(players)
    ]


def generate(seed: int, width: int = 50, height: int = 50, players: int = 4, *,
             style: str = "continent", naval_invasions: bool | None = None, turns: int | None = None,
             name: str | None = None, description: str | None = None, **map_options) -> Scenario:
    """A complete, valid scenario around a generated map, with equal default players."""
    naval = True if naval_invasions is None else naval_invasions
    rows = generate_map(seed, width, height, players, style=style, naval_invasions=naval,
                        **map_options)
    return _scenario(seed, rows, players, naval, style, turns, name, description)


def _scenario(seed, rows, players, naval, style, turns, name, description) -> Scenario:
    width, height = len(rows[0]), len(rows)
    if turns is None:
        turns = max(10, round(math.sqrt(width * height) / 2) + 5)
    return Scenario(
        kind="pendulous.scenario",
        version=1,
        name=name or f"Generated {style} {width}x{height} #{seed}",
        description=description if description is not None else (
            f"A generated {style} of {width}x{height} squares for {players} players "
            f"(gridsmith mapgen, seed {seed})."),
        players=default_players(rows, players),
        settings=Settings(turns=turns, victory_points=VictoryPoints(land=1, city=5),
                          naval_invasions=naval),
        map=rows,
    )


def to_yaml(scenario: Scenario, comments: Sequence[str] = (), schema_ref: str | None = SCHEMA_REF) -> str:
    """The scenario as a content file in the bundled layout (schema line, comments, kinds first,
    map rows double-quoted one per line), written by the one writer of new files."""
    return new_text(scenario, comments=comments, schema_ref=schema_ref or "")


def generate_yaml(seed: int, width: int = 50, height: int = 50, players: int = 4, *,
                  schema_ref: str | None = SCHEMA_REF, **options) -> str:
    """`generate(...)` written as a content file."""
    scenario = generate(seed, width, height, players, **options)
    return to_yaml(scenario, comments=[f"Generated by formats.pendulous.mapgen, seed {seed}."],
                   schema_ref=schema_ref)
