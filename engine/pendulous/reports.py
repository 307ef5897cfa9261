"""The reports of manual 3.1: player settings, game settings and the combat report.

Each returns plain rows (for the editor's tables and `--json`) and has a `*_text` twin that lays
the same rows out as a fixed-width table for the terminal.
"""
from __future__ import annotations

from gridsmith.formats.pendulous.scenario import SEAT_COLOURS

from gridsmith.engine.core.terminal import fit
from gridsmith.formats.diagnostics import safe_text

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


#: the terminal's width budget: every report line fits it (issue 12)
WIDTH = 100


def cell_text(key: str, value) -> str:
    """A value as a reader wants it: no Python literals (None, True, False)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key.endswith("_percent"):
        return f"{value:g}%"
    return safe_text(value)  # names come from the file: no escape sequences reach the terminal


def label(key: str) -> str:
    return {"out": "out of the game"}.get(key) or key.replace("_percent", " %").replace("_", " ")


def table_text(rows: list[dict], title: str = "", head: str = "seat", width: int = WIDTH) -> str:
    """Rows of dicts as a table with one column per row (a seat) and one line per key, so that
    four seats fit `width` columns; cells are cut to share the width."""
    if not rows:
        return title
    keys = [k for k in rows[0] if k != head]
    names = [label(k) for k in keys]
    lw = max(len(n) for n in names)
    cw = max(4, min(18, (width - lw) // len(rows) - 2))
    cols = [[cell_text(k, r[k]) for k in keys] for r in rows]

    def line(first: str, cells: list[str]) -> str:
        return (first.ljust(lw) + "".join("  " + fit(c, cw).rjust(cw) for c in cells)).rstrip()

    lines = [title] if title else []
    lines.append(line("", [str(r[head]) for r in rows]))
    lines += [line(n, [c[j] for c in cols]) for j, n in enumerate(names)]
    return "\n".join(lines)


def player_settings_text(s: PendulousState) -> str:
    return table_text(player_settings(s), "player settings (3.1.1)")


def game_settings_text(s: PendulousState) -> str:
    return "\n".join(["game settings (3.1.2)"] + [fit(f"{label(k)}: {cell_text(k, v)}", WIDTH)
                                                  for k, v in game_settings(s).items()])


def combat_report_text(s: PendulousState) -> str:
    return table_text(combat_report(s), "combat report (3.1.3)")


def all_reports_text(s: PendulousState) -> str:
    """The three reports, as the terminal's `reports` command prints them."""
    return "\n\n".join([player_settings_text(s), game_settings_text(s), combat_report_text(s)])
