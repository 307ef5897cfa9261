"""The Kongbots vocabulary fixed by the manual: module codes, chassis classes, teams.

Manual, "Weapons and Battle Equipment Modules": eight standard module types, each with its code;
a fired Missile Launcher (ML) becomes an Empty Missile Launcher (EL), which still counts as a module
when determining malfunctions. Offensive weapons (the first winning condition) are "Lasers, Claws,
and loaded Missile Launchers". The numbers (limits, tenders, the hit table) are ruleset values.
"""
from __future__ import annotations

#: the eight module codes in the manual's order, with their singular and plural names
MODULES: tuple[tuple[str, str, str], ...] = (
    ("Ro", "retro", "retros"),
    ("Cl", "claw", "claws"),
    ("Lr", "laser", "lasers"),
    ("LA", "laser aimer", "laser aimers"),
    ("ML", "missile launcher", "missile launchers"),
    ("AP", "armor plate", "armor plates"),
    ("Ls", "laser shield", "laser shields"),
    ("EC", "ECM module", "ECM modules"),
)
CODES: tuple[str, ...] = tuple(c for c, _, _ in MODULES)
NAME = {c: n for c, n, _ in MODULES}
PLURAL = {c: p for c, _, p in MODULES}
RETRO, CLAW, LASER, AIMER, LAUNCHER, PLATE, SHIELD, ECM = CODES
EMPTY_LAUNCHER = "EL"  # what a launcher becomes once its missile is fired
EMPTY = "--"  # an unused module interface in a build
OFFENSIVE = frozenset({LASER, CLAW, LAUNCHER})
NAME[EMPTY_LAUNCHER] = "empty missile launcher"
PLURAL[EMPTY_LAUNCHER] = "empty missile launchers"

#: chassis classes in the manual's order (one, two and three equipment tenders by default)
CLASSES: tuple[str, ...] = ("scout", "warrior", "marauder")

#: the two teams: entry letters on the arena, bot labels (A1, B2, ...) and seat colours
TEAMS: tuple[str, ...] = ("A", "B")
TEAM_COLOURS: tuple[str, ...] = ("red", "blue")


def count_phrase(code: str, n: int) -> str:
    return f"{n} {NAME[code] if n == 1 else PLURAL[code]}"
