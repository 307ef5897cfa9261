"""Saves whose snapshot was edited name and locate the first difference, in every game (issue 28,
"unlocated differences"); an error inside content a save embeds (a build inside a Kongbots save)
is located where it is, as in its own file."""
from __future__ import annotations

import re

import pytest

from gridsmith.engine.core.saves import first_difference
from gridsmith.formats.loader import load_text

from savekit import GAMES, save_text

#: per game: a line of the snapshot to change (a pattern, after `snapshot:`) and the path it has
EDITS = {
    "kongbots": (r"^      streak: (\d+)$", ("snapshot", "bots", 0, "streak")),
    "circuitwar": (r"^    - (\d+)$", ("snapshot", "order", 0)),
    "pyramids": (r"^  moves_played: (\d+)$", ("snapshot", "moves_played")),
    "pendulous": (r"^  rng_draws: (\d+)$", ("snapshot", "rng_draws")),
    "pendulum": (r"^  rng_draws: (\d+)$", ("snapshot", "rng_draws")),
}


def _edit(text: str, pattern: str) -> tuple[str, int]:
    lines = text.splitlines()
    start = lines.index("snapshot:")
    for i in range(start, len(lines)):
        m = re.match(pattern, lines[i])
        if m:
            n = int(m.group(1))
            lines[i] = lines[i][:m.start(1)] + str(n % 2 + 1 if n in (1, 2) else n + 1) + lines[i][m.end(1):]
            return "\n".join(lines) + "\n", i + 1
    raise AssertionError(f"no line like {pattern} in the snapshot")


@pytest.mark.parametrize("name", GAMES)
def test_an_edited_snapshot_is_refused_at_its_first_difference(name):
    pattern, path = EDITS[name]
    bad, line = _edit(save_text(name), pattern)
    found = [d for d in load_text(bad, "x.sav.yaml").diagnostics if d.code == "SAV411"]
    assert found, f"{name}: an edited snapshot is not SAV411"
    assert found[0].path == path and found[0].line == line
    assert ".".join(map(str, path[1:])) in found[0].message or path[-1] in found[0].message


def test_the_first_difference_is_the_first_in_the_file_and_a_grid_row_names_its_square():
    assert first_difference({"a": 1, "b": [".x", "ab"]}, {"a": 1, "b": [".x", "aB"]}) == (("b", 1, 1), "b", "B")
    assert first_difference({"a": 1, "b": [1]}, {"a": 2, "b": [2]}) == (("a",), 1, 2)
    assert first_difference([1, 2], [1]) == ((), "2 entries", "1")
    assert first_difference({"a": [1]}, {"a": [1]}) is None


def test_an_error_in_a_build_a_kongbots_save_embeds_is_located_at_the_interface():
    text = save_text("kongbots")
    lines = text.splitlines()
    # the first build's first interface: a module the scout may carry none of too many
    i = next(k for k, ln in enumerate(lines) if re.match(r'^            -   - "\w\w"$', ln))
    lines[i] = lines[i][:-4] + '"XX"'
    diags = [d for d in load_text("\n".join(lines) + "\n", "x.sav.yaml").diagnostics if d.severity.value == "error"]
    assert diags and diags[0].code == "KB403"
    assert diags[0].path == ("scenario", "teams", 0, "bots", 0, "tenders", 0, 0)
    assert (diags[0].line, diags[0].col) == (i + 1, 19)
