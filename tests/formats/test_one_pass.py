"""Every problem in one pass (issue 29 item 2): the semantic and playability checks run on every part
of a file that parsed, also when other parts have structure errors."""
from __future__ import annotations

from pathlib import Path

import pytest

from gridsmith.formats.loader import load_text, validate_file

REPO = Path(__file__).resolve().parents[2]
DUEL = (REPO / "content" / "pendulous" / "duel.scn.yaml").read_text("utf-8")


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def codes(tmp_path: Path, text: str) -> list[tuple[str, int]]:
    path = tmp_path / "x.scn.yaml"
    path.write_text(text, encoding="utf-8")
    fast = sorted((d.code, d.line) for d in validate_file(path))
    full = sorted((d.code, d.line) for d in load_text(text, str(path), file=path).diagnostics)
    assert fast == full  # the fast path and the editor's reader agree
    return fast


def test_a_typo_and_no_turns_are_both_reported(tmp_path):
    text = DUEL.replace("\nname: Two Fords", "\nnmae: Two Fords").replace("  turns: 12", "  turns: 0")
    assert codes(tmp_path, text) == sorted([
        ("S302", line_of(text, "kind:")), ("S301", line_of(text, "nmae:")), ("PND409", line_of(text, "turns: 0"))])


def test_a_wrong_type_does_not_hide_a_playability_error_elsewhere(tmp_path):
    """An optional value of the wrong type is left out for its default while the rest is checked."""
    text = DUEL.replace("ruleset: default", "ruleset: 5").replace("  turns: 12", "  turns: 0")
    found = codes(tmp_path, text)
    assert found == sorted([("S303", line_of(text, "ruleset: 5")), ("PND409", line_of(text, "turns: 0"))])


def test_a_required_value_of_the_wrong_type_leaves_the_structure_error(tmp_path):
    """Without the value the model cannot be built (no default): only the structure is reported."""
    text = DUEL.replace("    reinforcement_rate: 2", '    reinforcement_rate: "2"', 1).replace("  turns: 12", "  turns: 0")
    assert codes(tmp_path, text) == [("S303", line_of(text, 'reinforcement_rate: "2"'))]


def test_the_repair_itself_is_never_reported(tmp_path):
    """A value left out for its default, a key renamed as suggested: findings there describe the
    repair, not the file, and are left out (the structure error stands alone)."""
    text = DUEL.replace("  turns: 12", "  turns: many").replace("\nname: Two Fords", "\nnaem: Two Fords")
    assert [c for c, _ in codes(tmp_path, text)] == sorted(["S303", "S301", "S302"])


@pytest.mark.parametrize("broken", [
    "kind: pendulous.scenario\nversion: 1\nplayers: 3\n",  # nothing sound to check: structure only
    "kind: pendulous.scenario\nversion: 1\nnmae: x\nmap: [1, 2]\n",
])
def test_files_beyond_repair_report_their_structure_only(tmp_path, broken):
    found = codes(tmp_path, broken)
    assert found and all(c.startswith("S") for c, _ in found), found



def test_an_alias_used_as_a_key_is_reported_at_the_alias(tmp_path):
    """Issue 29 item 5: `*k: 3` where `&k` anchors a value elsewhere: the unknown key is the alias's
    line, not the anchor's."""
    text = "kind: pendulous.ruleset\nversion: 1\nname: x\ndescription: &k bar\n*k : 3\n"
    path = tmp_path / "a.rules.yaml"
    path.write_text(text)
    [d] = validate_file(path)
    assert (d.code, d.line, d.col) == ("S301", 5, 1) and "'bar'" in d.message
    assert [(d.code, d.line, d.col) for d in load_text(text, str(path)).diagnostics] == [("S301", 5, 1)]
