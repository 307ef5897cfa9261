"""Migrations of Pendulous scenarios from earlier layouts to the current version.

Version 0 is the project's first draft layout (flat settings, `title`, `rows`, short player keys);
see docs/formats.md. Unknown keys pass through so the structure stage still reports typos.
"""
from __future__ import annotations

_V0_PLAYER_KEYS = {
    "reinforcements": "reinforcement_rate",
    "resources": "resource_rate",
    "start_vp": "start_victory_points",
    "effectiveness": "army_effectiveness",
}


def scenario_v0_to_v1(data: dict) -> dict:
    out: dict = {"kind": data.get("kind"), "version": data.get("version")}
    if "title" in data:
        out["name"] = data["title"]
    for key in ("name", "description", "ruleset"):
        if key in data:
            out[key] = data[key]
    if "players" in data:
        players = data["players"]
        out["players"] = [
            {_V0_PLAYER_KEYS.get(k, k): v for k, v in p.items()} if isinstance(p, dict) else p for p in players
        ] if isinstance(players, list) else players
    settings: dict = {}
    if "turns" in data:
        settings["turns"] = data["turns"]
    if "vp_land" in data or "vp_city" in data:
        settings["victory_points"] = {k: data[f"vp_{k}"] for k in ("land", "city") if f"vp_{k}" in data}
    if "naval" in data:
        settings["naval_invasions"] = data["naval"]
    if settings or "settings" in data:
        out["settings"] = settings or data["settings"]
    if "rows" in data:
        out["map"] = data["rows"]
    moved = {"title", "turns", "vp_land", "vp_city", "naval", "rows"}
    for key, value in data.items():
        if key not in out and key not in moved:
            out[key] = value
    return out


_V1_PLAYER_KEYS = {new: old for old, new in _V0_PLAYER_KEYS.items()}
_V0_SETTINGS = {"turns": "turns", "naval_invasions": "naval"}


def scenario_v1_path_to_v0(path: tuple, v0: dict) -> tuple:
    """Where the node at `path` (current layout) is in the version-0 file it was migrated from, so a
    problem in a draft file points at the draft's own line (`turns:`, not the top of the file)."""
    if not path:
        return path
    head, rest = path[0], path[1:]
    if head == "name" and "title" in v0 and "name" not in v0:
        return ("title", *rest)
    if head == "map" and "rows" in v0 and "map" not in v0:
        return ("rows", *rest)
    if head == "settings" and "settings" not in v0:
        flat = [k for k in ("turns", "vp_land", "vp_city", "naval") if k in v0]
        key = rest[0] if rest else None
        if key in _V0_SETTINGS and _V0_SETTINGS[key] in v0:
            return (_V0_SETTINGS[key], *rest[1:])
        if key == "victory_points" and len(rest) > 1 and f"vp_{rest[1]}" in v0:
            return (f"vp_{rest[1]}", *rest[2:])
        vp = [k for k in flat if k.startswith("vp_")]
        if key == "victory_points" and vp:
            return (vp[0],)
        return (flat[0],) if flat else ()
    players = v0.get("players")
    if head == "players" and len(rest) >= 2 and isinstance(players, list) and isinstance(rest[0], int) \
            and 0 <= rest[0] < len(players) and isinstance(players[rest[0]], dict):
        old = _V1_PLAYER_KEYS.get(rest[1])
        if old is not None and old in players[rest[0]] and rest[1] not in players[rest[0]]:
            return ("players", rest[0], old, *rest[2:])
    return path


#: the loader follows `path_back` of each migration to locate problems in the file as written
scenario_v0_to_v1.path_back = scenario_v1_path_to_v0  # type: ignore[attr-defined]
