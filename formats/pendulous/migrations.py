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
