"""Safe output (issue 10, item 3): what a file holds never reaches a terminal, a CI log or a widget
as raw control or bidi characters, in any output format, and messages are bounded in length."""
from __future__ import annotations

import json

import pytest

from fmtkit import dump, scenario
from gridsmith.cli import main
from gridsmith.formats.diagnostics import MAX_MESSAGE_CHARS, Diagnostic, Problem, Severity, safe_text, shown
from gridsmith.formats.loader import validate_file

UNSAFE = "\x1b\r\n\x07\x9b\u202e\u2066\u200f\u2028\ud800"  # the characters that must never get out raw
HOSTILE = "\x1b[2J\x1b[1;1H\r\n\x07\x9b\u202e\u2066\u200f\u2028\ud800"


def _raw(text: str) -> list[str]:
    """The unsafe characters still present in `text`."""
    return [c for c in UNSAFE if c in text]


def test_safe_text_escapes_every_class_and_keeps_the_rest():
    assert safe_text("Red\x1b[31mArmy") == "Red\\x1b[31mArmy"
    assert safe_text("a\u202eb\ud800c") == "a\\u202eb\\ud800c"
    assert safe_text("été \U0001f30a tab\there") == "été \U0001f30a tab\\x09here"
    assert _raw(safe_text(HOSTILE)) == []
    assert safe_text("x" * 1000, 50) == "x" * 47 + "..."
    assert shown("a\nb") == "'a\\x0ab'"


def test_problems_and_diagnostics_are_escaped_and_bounded_when_made():
    p = Problem("X1", "name " + HOSTILE * 100)
    d = Diagnostic("f\x1b.yaml", 1, 1, Severity.ERROR, "X1", "name " + HOSTILE * 100)
    for text in (p.message, d.message, d.format_text(), d.format_github(), json.dumps(d.to_json(), ensure_ascii=False)):
        assert _raw(text) == []
    assert len(p.message) <= MAX_MESSAGE_CHARS and len(d.message) <= MAX_MESSAGE_CHARS


@pytest.mark.parametrize("fmt", ["text", "json", "github"])
def test_hostile_names_keys_and_file_names_print_safely(tmp_path, capsys, fmt):
    """A file name, an unknown key and a value holding escape sequences: every output escapes them."""
    text = dump(scenario()).replace("name: Twin Rivers", "name: Twin Rivers\n\"k\\e[2Jey\\u202e\": 1")
    folder = tmp_path / "evil\x1b[2J\u202e"
    folder.mkdir()
    path = folder / "x\u202e.scn.yaml"
    path.write_text(text)
    path2 = folder / "bad.scn.yaml"
    path2.write_text(dump(scenario()).replace("turns: 20", 'turns: "\\e]0;pwned\\a"'))
    assert main(["validate", "--format", fmt, str(folder)]) == 1
    out, err = capsys.readouterr()
    assert _raw(out + err) == [c for c in "\n" if c in out + err]  # only the lines' own line breaks
    if fmt == "json":  # JSON carries any name exactly, as `\u001b` escapes a reader decodes
        assert {d["file"] for d in json.loads(out)["diagnostics"]} == {str(path), str(path2)}
    else:
        assert "\\x1b" in out and "\\u202e" in out


def test_the_editor_escapes_with_the_same_function():
    """The problems panel (editor/core/problems.py) shows Problem messages, escaped when made, and
    describes paths with `safe_text`: the same function for keys that come from the file."""
    p = Problem("S301", "unknown key 'a\x1bb'", ("players", 0, "a\x1bb"))
    assert "\x1b" not in p.message
    assert safe_text(".".join(str(x) for x in p.path)) == "players.0.a\\x1bb"


def test_a_diagnostic_of_a_hostile_file_never_holds_its_raw_text(tmp_path):
    text = dump(scenario()).replace("- name: Gray Army", '- name: "Gray\\e[2J\\u202eArmy"')
    path = tmp_path / "x.scn.yaml"
    path.write_text(text)
    [d] = validate_file(path)
    assert d.code == "Y114" and _raw(d.format_text()) == []
