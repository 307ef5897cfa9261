"""End positions (issue 29 item 3): every diagnostic says where the located part ends — a scalar's
or a key's last character, one character for a square of a grid row, an alias's name — so GitHub
annotations and SARIF regions underline exactly that."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from gridsmith.formats.loader import load_text, validate_file
from gridsmith.formats.reports import Run, write

REPO = Path(__file__).resolve().parents[2]
BAD = sorted((Path(__file__).parent / "bad").glob("*.yaml"))
DUEL = (REPO / "content" / "pendulous" / "duel.scn.yaml").read_text("utf-8")


def spans(tmp_path: Path, text: str, name: str = "x.scn.yaml") -> dict[str, tuple[int, int, int, int]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    fast = {d.code: (d.line, d.col, d.end_line, d.end_col) for d in validate_file(path)}
    full = {d.code: (d.line, d.col, d.end_line, d.end_col) for d in load_text(text, str(path), file=path).diagnostics}
    assert fast == full  # both readers underline the same characters
    return fast


def at(text: str, needle: str, offset: int = 0) -> tuple[int, int]:
    i = text.index(needle) + offset
    return text[:i].count("\n") + 1, i - (text.rfind("\n", 0, i) + 1) + 1


def test_a_value_a_key_and_a_grid_square(tmp_path):
    text = DUEL.replace("\nname: Two Fords", "\nnmae: Two Fords")
    line, col = at(text, "~~111122222~")
    text = text.replace("~~111122222~", "~~11x122222~", 1)
    found = spans(tmp_path, text)
    key = at(text, "nmae")
    assert found["S301"] == (*key, key[0], key[1] + 4)
    square = (line, col + 4)
    assert found["PND403"] == (*square, square[0], square[1] + 1)


def test_a_square_after_an_escape_is_its_own_source_characters(tmp_path):
    """In `"\\x7e~1x..."` the square `x` is one source character after the four of `\\x7e`."""
    row = DUEL[DUEL.index("~~111122222~"):].split('"')[0]
    text = DUEL.replace(f'"{row}"', '"\\x7e' + row[1:3] + "x" + row[4:] + '"', 1)
    found = spans(tmp_path, text)
    line, col = at(text, "\\x7e")
    assert found["PND403"] == (line, col + 6, line, col + 7)


def test_a_quoted_value_and_an_alias(tmp_path):
    text = DUEL.replace("  turns: 12", '  turns: "12"')
    line, col = at(text, '"12"')
    assert spans(tmp_path, text)["S303"] == (line, col, line, col + 4)
    text = "kind: pendulous.ruleset\nversion: 1\nname: x\ndescription: &k bar\n*k : 3\n"
    assert spans(tmp_path, text, "a.rules.yaml")["S301"] == (5, 1, 5, 3)


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.name)
def test_every_diagnostic_of_the_bad_corpus_has_an_end_after_its_start(path):
    for d in validate_file(path):
        assert d.end_line is not None and d.end_col is not None, d
        assert (d.end_line, d.end_col) > (d.line, d.col), d


def test_github_and_sarif_carry_the_end(tmp_path):
    text = DUEL.replace("  turns: 12", "  turns: 0")
    path = tmp_path / "x.scn.yaml"
    path.write_text(text)
    run = Run(validate_file(path), 1)
    line, col = at(text, "turns: 0", 7)
    out = io.StringIO()
    write(run, "github", out, "0")
    assert f"line={line},col={col},endLine={line},endColumn={col + 1}," in out.getvalue()
    out = io.StringIO()
    write(run, "sarif", out, "0")
    region = json.loads(out.getvalue())["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": line, "startColumn": col, "endLine": line, "endColumn": col + 1}
