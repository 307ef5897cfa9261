"""Hostile input (issue 2, item 3): every broken file gets exactly the expected diagnostics, located
at the offending node, through both readers (`validate_file`, fast path first, and `load_text`), and
through the command line with exit code 1 and no traceback.

The small bad files live in tests/formats/bad/; the big ones (deep nesting, 20 MB) are generated.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fmtkit import REPO, dump, located, pos, scenario
from gridsmith.formats import loader
from gridsmith.formats.diagnostics import Diagnostic
from gridsmith.formats.limits import MAX_DEPTH, MAX_FILE_BYTES
from gridsmith.formats.loader import load_file, load_text, validate_file
from gridsmith.cli import main

BAD = Path(__file__).parent / "bad"

#: file -> expected diagnostics as (code, needle, offset); the position is where `needle` starts in
#: the file (plus `offset` characters), None = line 1, column 1 (the file as a whole)
EXPECTED: dict[str, list[tuple[str, str | None, int]]] = {
    # syntax: ruamel stops at the `:` that cannot follow a plain scalar at that indentation
    "not_yaml.scn.yaml": [("Y102", "rivers:", 6)],
    # an unclosed flow mapping is noticed at the next key; the message says where it opened
    "unclosed_flow.scn.yaml": [("Y102", "map: []", 3)],
    "binary.scn.yaml": [("Y101", "\x00", 0)],
    "invalid_utf8.scn.yaml": [("Y101", "\xe9", 0)],
    "empty.scn.yaml": [("Y103", None, 0)],
    "comments_only.scn.yaml": [("Y103", None, 0)],
    "top_list.scn.yaml": [("Y109", None, 0)],
    "top_scalar.scn.yaml": [("Y109", None, 0)],
    "missing_kind.scn.yaml": [("K201", None, 0)],
    "unknown_kind.scn.yaml": [("K202", "pendulous.scenery", 0)],
    "kind_not_string.scn.yaml": [("K202", "[pendulous", 0)],
    "missing_version.scn.yaml": [("K203", None, 0)],
    "version_newer.scn.yaml": [("K204", "2\n", 0)],
    "version_string.scn.yaml": [("K205", '"1"', 0)],
    "version_older.scn.yaml": [("K206", "-1", 0)],
    "python_object.scn.yaml": [("Y105", "!!python/object", 0)],
    "python_name.scn.yaml": [("Y105", "!!python/name", 0)],
    "custom_tag.scn.yaml": [("Y105", "!foo", 0), ("Y105", "!bar", 0)],
    "recursive_alias.scn.yaml": [("Y106", "*rows", 0)],
    "several_documents.scn.yaml": [("Y110", "---", 0)],
    # found by this suite: an undefined alias was reported at 1:1 with ruamel's raw message, and
    # `%YAML 1.3` raised an AssertionError out of the reader (a traceback)
    "undefined_alias.scn.yaml": [("Y102", "*nope", 0)],
    "yaml_directive_1_3.scn.yaml": [("Y102", "%YAML", 0)],
    # structural: these three also fail check-jsonschema (test_schemas.py)
    "unknown_key.scn.yaml": [("S301", "colour", 0)],
    "wrong_type.scn.yaml": [("S303", '"20"', 0)],
    "missing_key.scn.yaml": [("S302", "  turns:", 2)],  # the settings mapping that lacks it
    # --- issue 10: YAML as strict as the best validators, each class its own code at the value
    "alias_key_duplicate.scn.yaml": [("Y104", "*n :", 0)],  # a duplicate made through an alias key
    "merge_key.scn.yaml": [("Y113", "<<: *red", 0)],
    "control_character_escaped.scn.yaml": [("Y114", '"Gray', 0)],
    "control_character_raw.scn.yaml": [("Y114", "\x1b", 0)],  # at the character itself
    "surrogate_key.scn.yaml": [("Y115", '"\\ud800"', 0)],
    "bidi_override.scn.yaml": [("Y116", "name: Twin", 6)],
    "huge_integer.scn.yaml": [("Y117", "99999", 0)],
    "alias_wrong_type.scn.yaml": [("S303", "*text", 0)],  # at the alias, not at the anchor
    "float_for_integer.scn.yaml": [("S303", "slide: 2.0", 7)],
    "unknown_side.scn.yaml": [("S301", "computer", 0)],  # on the key, not on its value
    "huge_map.scn.yaml": [("Y118", "map:\n", len("map:\n" + '- "1A1~~2B2"\n' * 256) + 2)],  # row 257, unparsed
    # --- issue 10: references, each one diagnostic at the referring key
    "ref_missing.scn.yaml": [("R601", "missing.rules", 0)],
    "ref_folder.scn.yaml": [("R603", "ruleset: ./", 9)],
    "ref_long_path.scn.yaml": [("R604", "ruleset: aaa", 9)],
    "ref_nul.scn.yaml": [("Y114", '"x\\0', 0)],  # a NUL can only be written as an escape: refused first
    "ref_self.scn.yaml": [("R607", "board: ref_self", 7), ("R607", "pieceset: ref_self", 10)],
    "ref_cycle_a.scn.yaml": [("R608", "ref_cycle_b", 0)],
    "ref_cycle_b.setups.yaml": [("R608", "pieceset: ref_cycle_a", 10)],
    "ref_outside.scn.yaml": [("R609", "/etc/passwd", 0)],
    "ref_broken_target.scn.yaml": [("R610", "broken.rules", 0)],
    "broken.rules.yaml": [("S304", "max_players: 9", 13), ("S301", "max_map_widht", 0)],
    "ref_wrong_kind.scn.yaml": [("R611", "ref_missing", 0)],
}


def _position(text: str, needle: str | None, offset: int) -> tuple[int, int]:
    return (1, 1) if needle is None else pos(text, needle, 0, offset)


def _text_of(path: Path) -> str:
    """The file as text for `load_text`; bytes that are not UTF-8 become lone surrogates, which
    the reader must refuse just as it refuses them in a file."""
    return path.read_bytes().decode("utf-8", "surrogateescape")


def _expected(path: Path) -> list[tuple[str, int, int]]:
    text = path.read_bytes().decode("latin-1")  # one character per byte: columns count bytes
    return [(code, *_position(text, needle, offset)) for code, needle, offset in EXPECTED[path.name]]


def test_every_bad_file_has_an_expectation():
    assert sorted(p.name for p in BAD.glob("*.yaml") if p.name not in ("billion_laughs.scn.yaml",)) == \
        sorted(n for n in EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_file_through_validate_file(name):
    path = BAD / name
    assert located(validate_file(path)) == _expected(path)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_file_through_load_text(name):
    path = BAD / name
    loaded = load_text(_text_of(path), str(path), file=path)  # references resolve next to the file
    assert located(loaded.diagnostics) == _expected(path)
    assert not loaded.ok  # a model only when the file's structure is sound (reference problems)


@pytest.mark.parametrize("name", sorted(EXPECTED) + ["billion_laughs.scn.yaml"])
def test_bad_file_through_the_cli(name, capsys):
    assert main(["validate", str(BAD / name)]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert f"{BAD / name}:" in out
    assert "error(s)" in out.splitlines()[-1]


def test_bad_folder_in_a_real_process():
    """One subprocess over the whole folder: exit 1, every file reported, no traceback."""
    proc = subprocess.run([sys.executable, "-m", "gridsmith", "validate", str(BAD)], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    for path in BAD.glob("*.yaml"):
        assert f"{path}:" in proc.stdout


# --- messages that a designer understands ----------------------------------------------------------


def test_unknown_kind_lists_the_known_kinds():
    [d] = validate_file(BAD / "unknown_kind.scn.yaml")
    assert "pendulous.scenery" in d.message and "pendulous.scenario" in d.message


def test_unclosed_bracket_says_where_it_opened():
    [d] = validate_file(BAD / "unclosed_flow.scn.yaml")
    line, col = pos((BAD / "unclosed_flow.scn.yaml").read_text(), "{turns")
    assert f"line {line}, column {col}" in d.message


def test_version_messages_name_the_known_version():
    [newer] = validate_file(BAD / "version_newer.scn.yaml")
    assert "up to 1" in newer.message
    [older] = validate_file(BAD / "version_older.scn.yaml")
    assert "-1" in older.message


# --- tags are refused, never executed ---------------------------------------------------------------


@pytest.mark.parametrize("tag", [
    "!!python/object/apply:os.system", "!!python/object/new:os.system", "!!python/object:os.system",
])
def test_python_tags_are_never_executed(tmp_path, tag):
    sentinel = tmp_path / "pwned"
    text = dump(scenario()).replace("name: Twin Rivers", f'name: {tag} ["touch {sentinel}"]')
    path = tmp_path / "evil.scn.yaml"
    path.write_text(text)
    for diags in (validate_file(path), load_text(text, str(path)).diagnostics):
        assert located(diags) == [("Y105", *pos(text, tag))]
    assert main(["validate", str(path)]) == 1
    assert not sentinel.exists()


def test_core_schema_tags_are_plain_data():
    """`!!int` and `!!str` are YAML's own tags: allowed, and they mean what they say."""
    text = dump(scenario()).replace("turns: 20", "turns: !!int 20")
    assert load_text(text).ok
    text = dump(scenario()).replace("turns: 20", "turns: !!str 20")
    assert [d.code for d in load_text(text).diagnostics] == ["S303"]


def test_explicit_bool_tag_means_the_same_on_both_paths(tmp_path):
    """`!!bool yes` is true to ruamel and was false to the fast path, which then passed a file the
    full reader warns about (found by this suite): tagged values now always take the full reader."""
    text = dump(scenario()).replace("naval_invasions: false", "naval_invasions: !!bool yes")
    path = tmp_path / "tagged.scn.yaml"
    path.write_text(text)
    assert located(validate_file(path)) == located(load_text(text, str(path)).diagnostics)


# --- aliases ------------------------------------------------------------------------------------------


def test_billion_laughs_is_refused_quickly():
    path = BAD / "billion_laughs.scn.yaml"
    text = path.read_text()
    for read in (lambda: validate_file(path), lambda: load_text(text, str(path)).diagnostics):
        diags = read()  # its speed: bench/bench_hostile.py
        assert [d.code for d in diags] == ["Y106"]
        # the position is an alias of the bomb (where the expansion crossed the limit)
        line = text.splitlines()[diags[0].line - 1]
        assert line[diags[0].col - 1:].startswith("*lol")


def test_harmless_aliases_are_fine():
    """Anchors and aliases are YAML; sharing a player's numbers is legitimate."""
    text = dump(scenario()).replace("players:\n- name: Red Army\n", "players:\n- &red\n  name: Red Army\n")
    assert load_text(text).ok


# --- depth -------------------------------------------------------------------------------------------


def _deep(style: str, depth: int) -> str:
    head = "kind: pendulous.scenario\nversion: 1\n"
    if style == "flow-seq":
        return head + "map: " + "[" * depth + "]" * depth + "\n"
    if style == "flow-map":
        return head + "map: " + "{a: " * depth + "1" + "}" * depth + "\n"
    if style == "block-seq":  # compact block sequences: `- - - ... x`, one level per `- `
        return head + "map:\n" + "- " * depth + "x\n"
    if style == "block-map":  # indentation costs depth*(depth+1)/2 bytes: 1000 levels is 0.5 MB
        return head + "".join(" " * i + f"k{i}:\n" for i in range(depth)) + " " * depth + "x\n"
    raise ValueError(style)


@pytest.mark.parametrize("style,depth", [("flow-seq", 10_000), ("flow-map", 10_000), ("block-seq", 10_000),
                                         ("block-map", 1_000)])
def test_deep_nesting_is_refused_without_recursion_error(tmp_path, style, depth):
    text = _deep(style, depth)
    path = tmp_path / "deep.scn.yaml"
    path.write_text(text)
    for diags in (validate_file(path), load_text(text, str(path)).diagnostics):
        assert [d.code for d in diags] == ["Y107"]
        # located at the collection that is one level too deep, on the line where it opens
        assert 1 <= diags[0].line <= text.count("\n") and diags[0].col >= 1
    assert main(["validate", str(path)]) == 1


def test_just_deep_enough_is_accepted_by_the_reader():
    """MAX_DEPTH levels are read (the structure stage then complains), MAX_DEPTH + 1 are refused."""
    ok = load_text(_deep("flow-seq", MAX_DEPTH - 1))
    assert "Y107" not in [d.code for d in ok.diagnostics]
    assert [d.code for d in load_text(_deep("flow-seq", MAX_DEPTH + 1)).diagnostics] == ["Y107"]


@pytest.mark.parametrize("style", ["flow-seq", "block-seq"])
def test_very_deep_nesting_does_not_crash_the_process(tmp_path, style):
    """50,000 levels used to segfault PyYAML's C composer on the fast path (found by this suite):
    run it in a child process so a crash fails this test instead of killing the test run."""
    path = tmp_path / "deeper.scn.yaml"
    path.write_text(_deep(style, 50_000))
    code = ("import sys; from formats.loader import validate_file; "
            "print(','.join(d.code for d in validate_file(sys.argv[1])))")
    proc = subprocess.run([sys.executable, "-c", code, str(path)], cwd=REPO, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-500:]}"
    assert proc.stdout.strip() == "Y107"


# --- size ----------------------------------------------------------------------------------------------


def test_twenty_megabyte_file_is_refused_without_being_read(tmp_path, monkeypatch):
    path = tmp_path / "huge.scn.yaml"
    row = '  - "' + "1" * 50 + '"\n'
    with open(path, "w") as f:
        f.write("kind: pendulous.scenario\nversion: 1\nmap:\n")
        f.write(row * (20 * 1024 * 1024 // len(row) + 1))
    assert os.path.getsize(path) > 20 * 1024 * 1024
    opened = []
    real_open = open
    monkeypatch.setattr(loader, "open", lambda *a, **k: opened.append(a) or real_open(*a, **k), raising=False)
    diags = validate_file(path)  # its speed: bench/bench_hostile.py
    assert located(diags) == [("Y108", 1, 1)]
    assert "20.0 MiB" in diags[0].message and f"{MAX_FILE_BYTES // 1048576} MiB" in diags[0].message
    assert opened == []  # refused on its size alone
    assert [d.code for d in load_file(path).diagnostics] == ["Y108"]
    assert main(["validate", str(path)]) == 1


def test_file_just_under_the_limit_is_read(tmp_path):
    path = tmp_path / "big.scn.yaml"
    text = dump(scenario())
    path.write_text(text + "#" * (MAX_FILE_BYTES - len(text) - 1) + "\n")
    assert os.path.getsize(path) == MAX_FILE_BYTES
    assert validate_file(path) == []


# --- several documents, line endings, BOM ---------------------------------------------------------------


def test_document_end_marker_alone_is_one_document():
    text = "---\n" + dump(scenario()) + "...\n"
    assert load_text(text).ok


@pytest.mark.parametrize("variant", ["crlf", "bom", "bom+crlf"])
def test_windows_line_endings_and_bom_are_valid(tmp_path, variant):
    text = dump(scenario())
    if "crlf" in variant:
        text = text.replace("\n", "\r\n")
    data = text.encode()
    if "bom" in variant:
        data = b"\xef\xbb\xbf" + data
    path = tmp_path / "windows.scn.yaml"
    path.write_bytes(data)
    assert validate_file(path) == []
    loaded = load_file(path)
    assert loaded.ok and loaded.model.name == "Twin Rivers"
    # positions still count lines, not CR characters, and the BOM is not a column
    broken = data.replace(b"turns: 20", b'turns: "20"')
    path.write_bytes(broken)
    line, col = pos(dump(scenario()), "20\n", 0)
    assert located(validate_file(path)) == [("S303", line, col)]


# --- duplicates: every one, each with its line ------------------------------------------------------------


def test_every_duplicate_key_is_reported_in_one_run(tmp_path):
    text = dump(scenario())
    text = text.replace("  turns: 20\n", "  turns: 20\n  turns: 30\n")
    text = text.replace("- name: Gray Army\n", "- name: Gray Army\n  name: Grey Army\n")
    text += "name: Again\nname: And again\n"
    path = tmp_path / "dups.scn.yaml"
    path.write_text(text)
    expected = [("Y104", *pos(text, "  name: Grey", 0, 2)), ("Y104", *pos(text, "  turns: 30", 0, 2)),
                ("Y104", *pos(text, "name: Again")), ("Y104", *pos(text, "name: And again"))]
    for diags in (validate_file(path), load_text(text, str(path)).diagnostics):
        assert located(diags) == expected
    first = pos(text, "turns: 20")[0]
    assert f"line {first}" in load_text(text).diagnostics[1].message


# --- structure: unknown keys, missing keys, wrong types -----------------------------------------------------


def test_unknown_keys_point_at_the_key_and_suggest_the_right_one():
    text = dump(scenario()).replace("name: Twin Rivers", "naem: Twin Rivers")
    text = text.replace("  max_forces: 40\n", "  max_force: 40\n", 1)
    diags = load_text(text).diagnostics
    unknown = [(d.code, d.line, d.col) for d in diags if d.code == "S301"]
    assert sorted(unknown) == sorted([("S301", *pos(text, "naem")), ("S301", *pos(text, "max_force:"))])
    messages = " ".join(d.message for d in diags)
    assert "did you mean 'name'" in messages and "did you mean 'max_forces'" in messages
    # the missing keys they leave behind are reported too
    assert sorted(d.code for d in diags) == ["S301", "S301", "S302", "S302"]


def test_missing_keys_are_each_reported():
    text = dump(scenario()).replace("name: Twin Rivers\n", "").replace("  turns: 20\n", "")
    diags = load_text(text).diagnostics
    assert [d.code for d in diags] == ["S302", "S302"]
    assert any("'name'" in d.message for d in diags) and any("'turns'" in d.message for d in diags)
    turns = next(d for d in diags if "'turns'" in d.message)
    assert (turns.line, turns.col) == pos(text, "\n  victory_points:", 0, 3)  # the settings mapping it is missing from


@pytest.mark.parametrize("key,old,new,word", [
    ("turns", "turns: 20", 'turns: "20"', "whole number"),
    ("turns", "turns: 20", "turns: 20.5", "whole number"),
    ("naval_invasions", "naval_invasions: false", "naval_invasions: yes", "true or false"),  # YAML 1.2: a string
    ("naval_invasions", "naval_invasions: false", "naval_invasions: off", "true or false"),
    ("naval_invasions", "naval_invasions: false", "naval_invasions: 0", "true or false"),
    ("name", "name: Twin Rivers", "name: 1992", "text"),
])
def test_wrong_types(tmp_path, key, old, new, word):
    text = dump(scenario()).replace(old, new)
    path = tmp_path / "types.scn.yaml"
    path.write_text(text)
    expected = [("S303", *pos(text, new, 0, len(key) + 2))]
    for diags in (validate_file(path), load_text(text).diagnostics):
        assert located(diags) == expected
        assert word in diags[0].message


def test_empty_value_points_at_its_key():
    """`turns:` with nothing after it used to be located on the next line (found by this suite)."""
    text = dump(scenario()).replace("turns: 20", "turns:")
    assert located(load_text(text).diagnostics) == [("S303", *pos(text, "turns:"))]
    text = dump(scenario()).replace("kind: pendulous.scenario", "kind:")
    assert located(load_text(text).diagnostics) == [("K202", 1, 1)]


@pytest.mark.parametrize("key", ["1", "1.5", "true", "~"])
def test_non_text_keys_are_unknown_keys_at_their_position(key):
    text = dump(scenario()).replace("name: Twin Rivers\n", f"name: Twin Rivers\n{key}: x\n")
    assert located(load_text(text).diagnostics) == [("S301", *pos(text, f"\n{key}:", 0, 1))]


def test_a_mapping_as_a_key_is_refused():
    text = dump(scenario()).replace("name: Twin Rivers\n", "name: Twin Rivers\n[a, b]: x\n")
    assert [d.code for d in load_text(text).diagnostics] == ["Y111"]


def test_integer_with_thousands_of_digits_is_a_diagnostic_not_a_crash(tmp_path):
    text = dump(scenario()).replace("turns: 20", "turns: " + "9" * 5000)
    path = tmp_path / "digits.scn.yaml"
    path.write_text(text)
    for diags in (validate_file(path), load_text(text).diagnostics):
        assert len(diags) == 1 and diags[0].is_error


def test_unreadable_paths_are_diagnostics(tmp_path):
    assert [d.code for d in validate_file(tmp_path / "nope.scn.yaml")] == ["Y100"]
    assert [d.code for d in validate_file(tmp_path)] == ["Y100"]


# --- property tests: nothing escapes ---------------------------------------------------------------------------


def _check_diagnostics(diags: list[Diagnostic]) -> None:
    for d in diags:
        assert isinstance(d, Diagnostic)
        assert d.line >= 1 and d.col >= 1
        assert len(d.code) >= 4 and d.code[0].isalpha() and d.message


#: fragments that reach the interesting corners of the parser and the loader
YAMLISH = st.lists(st.sampled_from([
    "kind: pendulous.scenario\n", "version: 1\n", "version: 0\n", "kind: pendulous.ruleset\n", "name: x\n",
    "players:\n", "- name: a\n", "  max_forces: 3\n", "map:\n", '  - "1A~2B"\n', "settings: {turns: 1}\n",
    "[", "]", "{", "}", ",", ":", "- ", "  ", "\n", "&a ", "*a ", "!!python/object ", "!foo ", "? ", "|\n", ">\n",
    "'", '"', "#", "\t", "---\n", "...\n", "%YAML 1.2\n", "\x00", "\ufeff", "\r\n", "~", "1", "true", "é",
]), max_size=40).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(YAMLISH, st.text(max_size=200)))
def test_arbitrary_text_never_raises(text):
    loaded = load_text(text)
    _check_diagnostics(loaded.diagnostics)
    assert loaded.diagnostics or loaded.model is not None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.binary(max_size=300), YAMLISH.map(lambda t: t.encode("utf-8", "surrogatepass"))))
def test_arbitrary_bytes_never_raise_and_both_readers_agree(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.scn.yaml"
        path.write_bytes(data)
        fast = validate_file(path)
        _check_diagnostics(fast)
        full = load_file(path)
        assert fast or full.model is not None
        # the fast path may only say "clean" when the full reader agrees; otherwise it defers to it
        assert located(fast) == located(full.diagnostics)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_named_pipe_does_not_block(tmp_path):
    """Opening a FIFO for reading blocks until a writer comes: it used to hang `validate` on a folder
    holding one (found by this suite). Run in a child process so a regression fails, not hangs."""
    os.mkfifo(tmp_path / "pipe.scn.yaml")
    code = ("import sys; from formats.loader import validate_file; from gridsmith.cli import main; "
            "print(','.join(d.code for d in validate_file(sys.argv[1] + '/pipe.scn.yaml'))); "
            "sys.exit(main(['validate', '-q', sys.argv[1]]))")
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=REPO, capture_output=True, text=True,
                          timeout=30)
    assert proc.stdout.splitlines()[0] == "Y100"
    assert proc.returncode == 0  # the folder walk skips what is not a regular file


@pytest.mark.parametrize("body,code", [
    ("a: 1\n" * 1500, "Y104"),  # 1499 duplicates (guard stage)
    ("name: x\nplayers:\n" + "  - 1\n" * 1500, "S303"),  # 1500 wrong players (structure stage)
    ("".join(f"k{i}: !t 1\n" for i in range(1500)), "Y105"),  # 1500 foreign tags
])
def test_problems_per_file_are_capped_at_every_stage(body, code):
    """Found by this suite: only the semantic stage was capped, a pasted blob printed thousands."""
    from gridsmith.formats.limits import MAX_PROBLEMS_PER_FILE
    diags = load_text("kind: pendulous.scenario\nversion: 1\n" + body).diagnostics
    assert len(diags) == MAX_PROBLEMS_PER_FILE + 1
    assert {d.code for d in diags[:-1]} >= {code}
    assert diags[-1].code == "Y199" and not diags[-1].is_error and "more problems not shown" in diags[-1].message


SCALARS = st.one_of(
    st.sampled_from(["yes", "no", "on", "off", "y", "True", "TRUE", "~", "null", "", "0o17", "0x1F", "0b11", "1_000",
                     "+5", "-0", "1e3", "1.0", ".inf", "-.inf", ".nan", "1:20", "0017", "!!bool yes", "!!int 7",
                     "!!str 7", "!!float 1", "! 7", "&x 3", "'7'", '"7"', "[1]", "{a: 1}", "|\n  7", ">-\n  7",
                     "2001-12-14", "=", "? x", "- x", "# c", '"\\x41"', "'a''b'"]),
    st.integers(-10**20, 10**20).map(str),
    st.text(alphabet="0123456789+-.eExob_:~ ABCD!&*'\"", max_size=8),
)
# not `<<`: the full reader keeps YAML merge keys (`<<: *red`), so `name: <<` is a merge marker there
# and a string to libyaml; a known, harmless difference (test_merge_keys_share_values)
FIELDS = ["turns: 20", "naval_invasions: false", "name: Twin Rivers", "  max_forces: 40", "  land: 1", "version: 1"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=st.sampled_from(FIELDS), value=SCALARS)
def test_fast_path_agrees_with_the_full_reader_on_odd_values(field, value):
    """`validate_file` says "clean" from libyaml only when the ruamel reader finds nothing either."""
    key = field.split(":")[0]
    text = dump(scenario()).replace(field, f"{key}: {value}", 1)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "odd.scn.yaml"
        path.write_text(text)
        assert located(validate_file(path)) == located(load_text(text, str(path)).diagnostics)


@pytest.mark.parametrize("value", ["1914-08-04", "0b11", "1_000", "=", "2001-12-14 21:59:43.10 -5"])
def test_yaml_1_2_strings_are_strings_on_both_paths(tmp_path, value):
    """Found by this suite: ruamel's 1.2 rules read these as a date, ints or a `value` tag, the fast
    path (core schema) as strings, so `validate` passed what the editor refused."""
    text = dump(scenario()).replace("name: Twin Rivers", f"name: {value}")
    path = tmp_path / "s.scn.yaml"
    path.write_text(text)
    assert validate_file(path) == []
    loaded = load_file(path)
    assert loaded.ok and loaded.model.name == value


@pytest.mark.parametrize("value,number", [("20", 20), ("0o24", 20), ("0x14", 20), ("020", 20), ("+20", 20)])
def test_yaml_1_2_integers_are_integers_on_both_paths(tmp_path, value, number):
    text = dump(scenario()).replace("turns: 20", f"turns: {value}")
    path = tmp_path / "s.scn.yaml"
    path.write_text(text)
    assert validate_file(path) == []
    assert load_file(path).model.settings.turns == number


def test_merge_keys_are_refused(tmp_path):
    """`<<: *red` (a YAML 1.1 merge key) is not YAML 1.2, and `name:` given again after it is a
    duplicate that check-jsonschema refuses: Gridsmith refuses merge keys outright (Y113)."""
    text = dump(scenario()).replace("- name: Red Army\n", "- &red\n  name: Red Army\n")
    gray = text[text.index("- name: Gray Army"):text.index("settings:")]
    text = text.replace(gray, "- <<: *red\n  name: Gray Army\n")
    path = tmp_path / "merge.scn.yaml"
    path.write_text(text)
    expected = [("Y113", *pos(text, "<<: *red"))]
    assert located(validate_file(path)) == expected
    assert located(load_file(path).diagnostics) == expected


def test_unknown_kind_suggests_the_closest():
    [d] = validate_file(BAD / "unknown_kind.scn.yaml")
    assert "did you mean 'pendulous.scenario'?" in d.message


def test_huge_header_values_give_short_messages():
    long_kind = load_text("kind: " + "x" * 100_000 + "\nversion: 1\n").diagnostics
    long_version = load_text("kind: pendulous.scenario\nversion: [" + "1, " * 2_000 + "]\n").diagnostics
    assert [d.code for d in long_kind + long_version] == ["Y118", "K205"]  # a 100,000-character value
    assert all(len(d.message) < 400 for d in long_kind + long_version)


def test_too_many_values_without_aliases_is_not_called_an_alias_bomb(monkeypatch):
    from gridsmith.formats import yaml_guard
    monkeypatch.setattr(yaml_guard, "MAX_EXPANDED_NODES", 1000)  # the real limit takes seconds to reach
    text = "kind: pendulous.scenario\nversion: 1\nplayers: [" + "1," * 1010 + "]\n"
    [d] = load_text(text).diagnostics
    assert d.code == "Y106" and "1,000 values" in d.message and "alias" not in d.message
    bomb = "kind: pendulous.scenario\nversion: 1\na: &a [1, 2, 3, 4, 5, 6, 7, 8]\nmap: [" + "*a," * 200 + "]\n"
    [d] = load_text(bomb).diagnostics
    assert d.code == "Y106" and "alias bomb" in d.message


@pytest.mark.parametrize("old,new", [
    ("version: 1", "version:\t1"), ("name: Twin Rivers", "name: Twin\tRivers"),
    ("  reinforcement_rate: 2", "\ufeff reinforcement_rate: 2"), ("name: Twin Rivers", "name: Twin\x85Rivers"),
    ("name: Twin Rivers", "name: Twin\u2028Rivers"),
])
def test_disputed_characters_get_the_same_answer_from_both_readers(tmp_path, old, new):
    """Found by fuzzing: libyaml accepts these tabs, a BOM inside the file and YAML 1.1 line breaks;
    ruamel refuses them or reads them otherwise, so `validate` passed a file the editor refused."""
    text = dump(scenario()).replace(old, new)
    path = tmp_path / "tabs.scn.yaml"
    path.write_text(text)
    assert located(validate_file(path)) == located(load_file(path).diagnostics)


MUTATIONS = st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.sampled_from(["insert", "delete", "replace"]),
                               st.sampled_from(list(":-[]{}#&*!|>'\"~ \n,?%@`\\abc1A.\r\t\x85\u2028\ufeff\u00a0"))),
                     min_size=1, max_size=4)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MUTATIONS)
def test_a_few_typos_in_a_valid_file_get_the_same_answer_from_both_readers(mutations):
    text = list(dump(scenario()) + "# end\n")
    for where, op, ch in mutations:
        k = int(where * len(text))
        if op == "insert":
            text.insert(k, ch)
        elif op == "delete":
            del text[k]
        else:
            text[k] = ch
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "typo.scn.yaml"
        path.write_text("".join(text))
        assert located(validate_file(path)) == located(load_file(path).diagnostics)


def test_a_file_of_too_many_values_is_refused_before_the_slow_parse(tmp_path):
    """A file of 80,000 tiny keys (880 KB, under the byte limit) took 33 s in the pure-Python
    reader; libyaml counts the values first and refuses past MAX_NODES, located at the first one
    over the limit."""
    from gridsmith.formats.limits import MAX_NODES

    path = tmp_path / "many.scn.yaml"
    path.write_text("kind: pendulous.scenario\nversion: 1\n" + "".join(f"k{i:06d}: 1\n" for i in range(80_000)))
    for run in (validate_file, lambda p: load_file(p).diagnostics):
        diags = run(path)  # its speed: bench/bench_hostile.py
        assert [d.code for d in diags] == ["Y112"]
        # value number MAX_NODES + 1: the root mapping, kind, 1, version, 1, then key/value pairs
        assert diags[0].line == 3 + (MAX_NODES + 1 - 6) // 2
        assert f"{MAX_NODES:,}" in diags[0].message



def test_an_alias_of_a_collection_used_as_a_key_is_refused():
    """`*m : 2` where `&m` is a mapping: a complex key arrived through an alias (was a read error)."""
    text = "kind: pendulous.scenario\nversion: 1\na: &m {x: 1}\n*m : 2\n"
    assert located(load_text(text).diagnostics) == [("Y111", *pos(text, "*m :"))]
