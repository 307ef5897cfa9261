"""Helpers of the formats tests: a valid scenario to break in one place, and positions found in text.

Expected positions are computed by searching the text itself (never by asking the locator), so a
test states "the diagnostic points at *this* token" independently of the code under test.
"""
from __future__ import annotations

import copy
from pathlib import Path

import yaml

from gridsmith.formats.yaml_fast import _Core12Resolver

REPO = Path(__file__).resolve().parents[2]

PLAYER = dict(reinforcement_rate=2, resource_rate=8, max_forces=40, initial_forces=12, start_resources=4,
              start_victory_points=0, army_effectiveness=100)

#: a small, valid, playable 2-player map: land contact along row 3, one city each, all supplied
MAP = ["111~~222", "1A1~~2B2", "11112222"]


def scenario(**over) -> dict:
    """Plain data of a valid pendulous.scenario v1; keyword arguments replace top-level keys."""
    data = {
        "kind": "pendulous.scenario",
        "version": 1,
        "name": "Twin Rivers",
        "description": "A small duel across two rivers.",
        "players": [dict(name="Red Army", **PLAYER), dict(name="Gray Army", **PLAYER)],
        "settings": {"turns": 20, "victory_points": {"land": 1, "city": 5}, "naval_invasions": False},
        "map": list(MAP),
    }
    data.update(copy.deepcopy(over))
    return data


def player(name: str, **over) -> dict:
    return {"name": name, **PLAYER, **over}


def dump(data: dict) -> str:
    """Block-style YAML, map rows double-quoted (the house style), key order kept."""
    text = yaml.dump(data, Dumper=_RowDumper, sort_keys=False, allow_unicode=True, width=4096,
                     default_flow_style=False)
    return text


class _Row(str):
    pass


class _RowDumper(yaml.SafeDumper):
    # quote what YAML 1.2's core schema would read as a non-string (e.g. a name `0E0`, a float in
    # 1.2 but not in PyYAML's 1.1 rules), exactly as Gridsmith's readers resolve plain scalars
    yaml_implicit_resolvers = _Core12Resolver.yaml_implicit_resolvers


def _represent_dict(dumper, data):
    if "map" in data and isinstance(data["map"], list):
        data = {**data, "map": [_Row(r) if isinstance(r, str) else r for r in data["map"]]}
    return dumper.represent_dict(data.items())


_RowDumper.add_representer(dict, _represent_dict)
_RowDumper.add_representer(_Row, lambda d, s: d.represent_scalar("tag:yaml.org,2002:str", str(s), style='"'))


def pos(text: str, needle: str, nth: int = 0, offset: int = 0) -> tuple[int, int]:
    """1-based (line, col) of the `nth` occurrence of `needle` in `text`, plus `offset` characters."""
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    index += offset
    line = text.count("\n", 0, index) + 1
    col = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, col


def value_pos(text: str, key: str, nth: int = 0) -> tuple[int, int]:
    """Where the value of `key:` starts (its nth occurrence as a key)."""
    return pos(text, f"{key}: ", nth, len(key) + 2)


def key_pos(text: str, key: str, nth: int = 0) -> tuple[int, int]:
    return pos(text, f"{key}:", nth)


def row_pos(text: str, row: int, col: int | None = None) -> tuple[int, int]:
    """The map row `row` (0-based) as a list item, or its character `col` (0-based, inside the quotes)."""
    after = text.index("\nmap:")
    lines = text[after + 1:].split("\n")[1:]
    item = lines[row]
    start = item.index("- ") + 2
    line = text.count("\n", 0, after + 1) + 2 + row
    if col is None:
        return line, start + 1
    quoted = item[start] in "\"'"
    return line, start + 1 + (1 if quoted else 0) + col


def player_pos(text: str, index: int) -> tuple[int, int]:
    """The player `index` (0-based) as a list item: its first key (a block-style players list)."""
    return _at(text, _player_start(text, index) + 2)


def player_field_pos(text: str, index: int, key: str) -> tuple[int, int]:
    """The value of `key` of the player `index` (0-based)."""
    start = _player_start(text, index)
    if text.startswith(f"- {key}: ", start):
        return _at(text, start + len(key) + 4)
    return _at(text, text.index(f"\n  {key}: ", start) + len(key) + 5)


def _player_start(text: str, index: int) -> int:
    start = text.index("\nplayers:")
    for _ in range(index + 1):
        start = text.index("\n- ", start + 1)
    return start + 1


def _at(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    col = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, col


def codes(diagnostics) -> list[str]:
    return [d.code for d in diagnostics]


def located(diagnostics) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.col) for d in diagnostics]
