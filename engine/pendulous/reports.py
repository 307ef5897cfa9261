"""The reports of manual 3.1: player settings, game settings and the combat report.

Each returns plain rows (for the editor's tables and `--json`) and has a `*_text` twin that lays
the same rows out as a fixed-width table for the terminal.
"""
from __future__ import annotations

from gridsmith.formats.pendulous.scenario import SEAT_COLOURS

from .state import PendulousState


def player_settings(s: PendulousState) -> list[dict]:
    """3.1.1: per seat, its rates, maximum forces, force pool, resources, victory points, effectiveness."""
    rows = []
    for q, p in enumerate(s.scenario.players):
        rows.append(
            {
                "seat": SEAT_COLOURS[q],
                "name": p.name,
                "reinforcement_rate": p.reinforcement_rate,
                "resource_rate": p.resource_rate,
                "maximum_forces": p.max_forces,
                "force_pool": s.pool[q],
                "armies_on_map": s.onmap[q],
                "resources": s.resources[q],
                "victory_points": s.vp[q],
                "army_effectiveness": p.army_effectiveness,
                "out": s.out[q],
            }
        )
    return rows


def game_settings(s: PendulousState) -> dict:
    """3.1.2: number of turns, victory points per land and city square, naval invasions."""
    st = s.scenario.settings
    return {
        "scenario": s.scenario.name,
        "ruleset": s.rules.name,
        "number_of_turns": st.turns,
        "current_turn": s.turn,
        "victory_points_land": st.victory_points.land,
        "victory_points_city": st.victory_points.city,
        "naval_invasions": "allowed" if st.naval_invasions else "not allowed",
    }


def _pct(num: float, den: int) -> float | None:
    return round(100.0 * num / den, 1) if den else None


def combat_report(s: PendulousState) -> list[dict]:
    """3.1.3: total attacks and defences, attack and defence success %, and the average success
    chance (%) of the attacks made and of the defences made. None where a count is zero."""
    rows = []
    for q, x in enumerate(s.stats):
        rows.append(
            {
                "seat": SEAT_COLOURS[q],
                "total_attacks": x.attacks,
                "total_defences": x.defences,
                "attack_success_percent": _pct(x.attacks_won, x.attacks),
                "defence_success_percent": _pct(x.defences_won, x.defences),
                "average_attack_percent": _pct(x.attack_chance_sum, x.attacks),
                "average_defence_percent": _pct(x.defence_chance_sum, x.defences),
            }
        )
    return rows


def table_text(rows: list[dict]) -> str:
    """Rows of dicts as a fixed-width table, one column per key."""
    if not rows:
        return ""
    keys = list(rows[0])
    cells = [[k.replace("_", " ") for k in keys]] + [["-" if r[k] is None else str(r[k]) for k in keys] for r in rows]
    widths = [max(len(c[j]) for c in cells) for j in range(len(keys))]
    return "\n".join("  ".join(c[j].ljust(widths[j]) for j in range(len(keys))).rstrip() for c in cells)


def player_settings_text(s: PendulousState) -> str:
    return table_text(player_settings(s))


def game_settings_text(s: PendulousState) -> str:
    return "\n".join(f"{k.replace('_', ' ')}: {v}" for k, v in game_settings(s).items())


def combat_report_text(s: PendulousState) -> str:
    return table_text(combat_report(s))
