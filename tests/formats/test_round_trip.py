"""Round trip and saving (issue 2, item 2): an untouched file is written back byte for byte; a changed
value changes only its own line and keeps every comment and the key order; saving is atomic.

Runs over whatever bundled content exists (content/**/*.yaml), so new files are covered as they arrive.
"""
from __future__ import annotations

import copy
import io
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fmtkit import REPO, dump, scenario
from gridsmith.formats import atomic
from gridsmith.formats.document import FileDocument, merge
from gridsmith.formats.loader import load_file, load_text, round_trip_yaml, to_plain
from gridsmith.formats.pendulous.scenario import MAX_TURNS

CONTENT = sorted((REPO / "content").rglob("*.yaml"))
IDS = [str(p.relative_to(REPO)) for p in CONTENT]
SCENARIOS = [p for p in CONTENT if p.name.endswith(".scn.yaml") and load_file(p).spec is not None
             and load_file(p).spec.kind == "pendulous.scenario"]


def test_there_is_bundled_content():
    assert CONTENT, "content/ holds no YAML files"


@pytest.mark.parametrize("path", CONTENT, ids=IDS)
def test_untouched_file_is_written_back_byte_for_byte(path):
    doc = FileDocument.open(path)
    assert doc.to_text().encode("utf-8") == path.read_bytes()


@pytest.mark.parametrize("path", CONTENT, ids=IDS)
def test_merging_an_unchanged_model_into_the_tree_changes_nothing(path):
    """to_text() returns the read text when nothing changed; the tree merge that runs after any change
    must be faithful on its own, or an edit anywhere would reformat the whole file."""
    loaded = load_file(path)
    data = loaded.model.model_dump(mode="json", exclude_none=True)
    lean = loaded.model.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    tree = merge(copy.deepcopy(loaded.tree), data, lean)
    buf = io.StringIO()
    round_trip_yaml().dump(tree, buf)
    assert buf.getvalue() == loaded.text


def _int_leaves(value, path=()):
    """Paths of the whole-number values of plain model data, in document order."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _int_leaves(v, path + (k,))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _int_leaves(v, path + (i,))
    elif isinstance(value, int) and not isinstance(value, bool):
        yield path


def _set(data, path, value):
    for k in path[:-1]:
        data = data[k]
    data[path[-1]] = value


def _get(data, path):
    for k in path:
        data = data[k]
    return data


def _changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    a, b = before.splitlines(), after.splitlines()
    assert len(a) == len(b), "a value change added or removed lines"
    return [(x, y) for x, y in zip(a, b) if x != y]


def _comment(line: str) -> str:
    return line[line.index(" #"):] if " #" in line else ""


@pytest.mark.parametrize("path", CONTENT, ids=IDS)
def test_changing_one_number_changes_only_its_line(path):
    """The first and the last whole number of every file (version excluded) are changed by one."""
    doc = FileDocument.open(path)
    data = doc.model.model_dump()
    # numbers written in the file (a default the file leaves out would be added: a new line)
    leaves = [p for p in _int_leaves(to_plain(load_file(path).tree)) if p != ("version",)]
    if not leaves:
        pytest.skip("no numbers in this file")
    for leaf in {leaves[0], leaves[-1]}:
        changed = copy.deepcopy(data)
        _set(changed, leaf, _get(data, leaf) + 1)
        model = type(doc.model).model_validate(changed)
        before, after = doc.to_text(), doc.to_text(model)
        [(old, new)] = _changed_lines(before, after)
        assert str(_get(data, leaf) + 1) in new
        assert _comment(old) == _comment(new)  # an end-of-line comment stays on its line
        assert load_text(after).model == model  # what was written reads back as the changed model


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(REPO)) for p in SCENARIOS])
def test_pendulous_scenario_edits_keep_comments_and_key_order(path):
    doc = FileDocument.open(path)
    before = doc.to_text()
    players = [p.model_copy() for p in doc.model.players]
    players[-1] = players[-1].model_copy(update={"max_forces": players[-1].max_forces + 7})
    rows = list(doc.model.map)
    middle = len(rows) // 2
    rows[middle] = ("~" if rows[middle][0] != "~" else "1") + rows[middle][1:]
    model = doc.model.model_copy(update={"players": players, "map": rows})
    after = doc.to_text(model)
    changed = _changed_lines(before, after)
    assert len(changed) == 2
    assert "max_forces" in changed[0][1] and str(players[-1].max_forces) in changed[0][1]
    assert rows[middle] in changed[1][1]
    comments = [ln for ln in before.splitlines() if ln.lstrip().startswith("#")]
    assert comments == [ln for ln in after.splitlines() if ln.lstrip().startswith("#")]
    top_keys = [ln.split(":")[0] for ln in before.splitlines() if ln and ln[0].isalpha()]
    assert top_keys == [ln.split(":")[0] for ln in after.splitlines() if ln and ln[0].isalpha()]


COMMENTED = """\
# yaml-language-server: $schema=../../formats/schemas/pendulous.scenario.v1.json
# A hand-written file: the order of keys is not the model's.
version: 1
kind: pendulous.scenario
name: 'Twin Rivers'   # quoted on purpose
settings:
  naval_invasions: false
  victory_points: {city: 5, land: 1}   # flow style kept
  turns: 20
players:
  - name: Red Army   # seat 1
    army_effectiveness: 100
    reinforcement_rate: 2
    resource_rate: 8
    max_forces: 40
    initial_forces: 12
    start_resources: 4
    start_victory_points: 0
  - name: Gray Army   # seat 2
    army_effectiveness: 100
    reinforcement_rate: 2
    resource_rate: 8
    max_forces: 40
    initial_forces: 12
    start_resources: 4
    start_victory_points: 0
map:   # the map
  - "111~~222"
  - '1A1~~2B2'   # single quotes
  - "11112222"
# trailing comment
"""


def _open_text(tmp_path: Path, text: str) -> tuple[Path, FileDocument]:
    path = tmp_path / "hand.scn.yaml"
    path.write_text(text)
    return path, FileDocument.open(path)


def test_hand_written_file_keeps_its_order_quotes_and_comments(tmp_path):
    path, doc = _open_text(tmp_path, COMMENTED)
    assert doc.to_text() == COMMENTED
    s = doc.model
    vp = s.settings.victory_points.model_copy(update={"city": 6})
    model = s.model_copy(update={
        "settings": s.settings.model_copy(update={"victory_points": vp}),
        "map": [s.map[0], "1A1~~2B1", s.map[2]],
    })
    after = doc.to_text(model)
    assert _changed_lines(COMMENTED, after) == [
        ("  victory_points: {city: 5, land: 1}   # flow style kept", "  victory_points: {city: 6, land: 1}   # flow style kept"),
        ("  - '1A1~~2B2'   # single quotes", "  - '1A1~~2B1'   # single quotes"),
    ]


def test_save_writes_the_new_text_and_becomes_the_baseline(tmp_path):
    path, doc = _open_text(tmp_path, COMMENTED)
    model = doc.model.model_copy(update={"name": "Three Rivers"})
    doc.save(model)
    text = path.read_text()
    [(old, new)] = _changed_lines(COMMENTED, text)
    assert old.startswith("name: 'Twin Rivers'") and new.startswith("name: 'Three Rivers'")
    assert _comment(new) == " # quoted on purpose"  # ruamel keeps the comment's column
    assert FileDocument.open(path).model == model
    assert doc.to_text() == text  # unchanged since the save: written back as saved


def test_save_as_another_path_leaves_the_original(tmp_path):
    path, doc = _open_text(tmp_path, COMMENTED)
    other = tmp_path / "copy.scn.yaml"
    doc.save(path=other)
    assert other.read_text() == COMMENTED and path.read_text() == COMMENTED
    assert doc.path == other


def test_new_document_needs_a_path():
    from gridsmith.formats.pendulous.templates import new_scenario as template
    with pytest.raises(ValueError):
        FileDocument.new(template()).save()


def test_new_document_text_validates_clean():
    from gridsmith.formats.pendulous.templates import new_scenario as template
    text = FileDocument.new(template()).to_text()
    assert text.startswith("# yaml-language-server: $schema=")
    loaded = load_text(text)
    assert loaded.ok and loaded.diagnostics == [] and loaded.model == template()


def test_migrated_file_is_saved_in_the_current_layout(tmp_path):
    v0 = (Path(__file__).parent / "v0" / "twin_rivers_v0.scn.yaml").read_text()
    path = tmp_path / "old.scn.yaml"
    path.write_text(v0)
    doc = FileDocument.open(path)
    doc.save()
    saved = load_file(path)
    assert saved.migrated_from is None and saved.ok
    assert saved.model == doc.model


# --- atomic saving ---------------------------------------------------------------------------------------------


def test_failed_save_leaves_the_original_and_no_temp_file(tmp_path, monkeypatch):
    path, doc = _open_text(tmp_path, COMMENTED)
    before = set(os.listdir(tmp_path))

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", broken_replace)
    model = doc.model.model_copy(update={"name": "Lost Rivers"})
    with pytest.raises(OSError):
        doc.save(model)
    assert path.read_text() == COMMENTED
    assert set(os.listdir(tmp_path)) == before
    # the document still knows the file as it is on disk
    assert doc.to_text() == COMMENTED and doc.model != model
    monkeypatch.undo()
    doc.save(model)
    assert "Lost Rivers" in path.read_text()


def test_failed_write_leaves_no_temp_file(tmp_path, monkeypatch):
    target = tmp_path / "a.yaml"
    target.write_text("old\n")

    def broken_fsync(fd):
        raise OSError(5, "I/O error")

    monkeypatch.setattr(atomic.os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        atomic.atomic_write_text(target, "new\n")
    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["a.yaml"]


def test_atomic_write_keeps_the_file_mode(tmp_path):
    target = tmp_path / "a.yaml"
    target.write_text("old\n")
    os.chmod(target, 0o640)
    atomic.atomic_write_text(target, "new\n")
    assert target.read_text() == "new\n"
    assert os.stat(target).st_mode & 0o777 == 0o640
    assert os.listdir(tmp_path) == ["a.yaml"]


def test_atomic_write_creates_a_new_file(tmp_path):
    target = tmp_path / "new.yaml"
    atomic.atomic_write_text(target, "x: 1\n")
    assert target.read_text() == "x: 1\n"


def test_crlf_file_round_trips_untouched(tmp_path):
    text = dump(scenario()).replace("\n", "\r\n")
    path = tmp_path / "win.scn.yaml"
    path.write_bytes(text.encode())
    assert FileDocument.open(path).to_text().encode() == path.read_bytes()



@pytest.mark.parametrize("path", CONTENT, ids=IDS)
def test_changing_the_name_changes_only_its_line(path):
    doc = FileDocument.open(path)
    if not isinstance(getattr(doc.model, "name", None), str):
        pytest.skip("this kind has no name")
    model = doc.model.model_copy(update={"name": doc.model.name[:40] + " II"})
    before, after = doc.to_text(), doc.to_text(model)
    [(old, new)] = _changed_lines(before, after)
    assert new.startswith("name: ") and model.name in new
    assert load_text(after).model == model


# --- list edits (found by this suite: an emptied list wrote invalid YAML; appended rows went after
# the file's trailing comments) ---------------------------------------------------------------------------------


def _reread(doc: FileDocument, model) -> str:
    text = doc.to_text(model)
    assert load_text(text).model == model, text
    return text


def test_emptying_a_commented_list_writes_valid_yaml(tmp_path):
    _, doc = _open_text(tmp_path, COMMENTED)
    text = _reread(doc, doc.model.model_copy(update={"map": []}))
    assert "map: []" in text and "# the map" in text


def test_rows_added_at_the_end_go_before_the_trailing_comment(tmp_path):
    _, doc = _open_text(tmp_path, COMMENTED)
    model = doc.model.model_copy(update={"map": doc.model.map + ["22221111", "~~~~~~~~"]})
    text = _reread(doc, model)
    assert text.endswith('  - "11112222"\n  - "22221111"\n  - "~~~~~~~~"\n# trailing comment\n')


def test_rows_removed_at_the_end_keep_the_trailing_comment(tmp_path):
    _, doc = _open_text(tmp_path, COMMENTED)
    text = _reread(doc, doc.model.model_copy(update={"map": doc.model.map[:2]}))
    assert text.endswith("  - '1A1~~2B2'   # single quotes\n# trailing comment\n")


def test_players_added_and_removed(tmp_path):
    _, doc = _open_text(tmp_path, COMMENTED)
    players = doc.model.players
    third = players[0].model_copy(update={"name": "Green"})
    text = _reread(doc, doc.model.model_copy(update={"players": [*players, third]}))
    assert text.count("  - name:") == 3 and "# seat 1" in text and "# seat 2" in text
    text = _reread(doc, doc.model.model_copy(update={"players": players[:1]}))
    assert text.count("  - name:") == 1 and "map:   # the map" in text


#: what a designer can type: any text but the control, surrogate and bidi characters that the reader
#: refuses (Y114-Y116) and the model refuses (S306)
TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\u061c\u200e\u200f"
                             "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069") | st.sampled_from("\t\n"),
               max_size=80)
NAMES = st.text(st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\u061c\u200e\u200f"
                              "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"),
                min_size=1, max_size=30).filter(lambda s: s.strip())


@settings(max_examples=60, deadline=None)
@given(name=NAMES, description=TEXT, turns=st.integers(-5, MAX_TURNS),  # beyond: S304
       rows=st.lists(st.text(alphabet="~1234ABCD", min_size=1, max_size=12), max_size=6),
       drop=st.integers(0, 2))
def test_any_edit_reads_back_as_the_model(name, description, turns, rows, drop):
    """Whatever a designer types, the saved text reads back as exactly the model that was saved."""
    with tempfile.TemporaryDirectory() as folder:
        _, doc = _open_text(Path(folder), COMMENTED)
    s = doc.model
    model = s.model_copy(update={
        "name": name, "description": description, "map": rows, "players": s.players[: 2 - drop] if drop < 2 else [],
        "settings": s.settings.model_copy(update={"turns": turns}),
    })
    text = _reread(doc, model)
    assert "# A hand-written file" in text and "# flow style kept" in text


def test_saving_through_a_symbolic_link_updates_the_linked_file(tmp_path):
    """Found by this suite: the rename replaced the link itself with a regular file."""
    shared = tmp_path / "shared"
    shared.mkdir()
    real = shared / "duel.scn.yaml"
    real.write_text(COMMENTED)
    link = tmp_path / "duel.scn.yaml"
    link.symlink_to(real)
    doc = FileDocument.open(link)
    doc.save(doc.model.model_copy(update={"name": "Linked Rivers"}))
    assert link.is_symlink()
    assert "Linked Rivers" in real.read_text()
    assert sorted(os.listdir(shared)) == ["duel.scn.yaml"]


def test_crlf_file_keeps_its_line_endings_when_edited(tmp_path):
    """Found by this suite: one changed value rewrote every line ending of a Windows file."""
    crlf = COMMENTED.replace("\n", "\r\n")
    path = tmp_path / "win.scn.yaml"
    path.write_bytes(crlf.encode())
    doc = FileDocument.open(path)
    doc.save(doc.model.model_copy(update={"name": "Windows Rivers"}))
    saved = path.read_bytes().decode()
    assert saved.count("\r\n") == saved.count("\n") == crlf.count("\n")
    [(old, new)] = _changed_lines(crlf, saved)
    assert "Windows Rivers" in new and load_file(path).model.name == "Windows Rivers"


@pytest.mark.parametrize("name", ["a\u2028b", "tab\there", "x\ny", "quote ' and \" both", "\u00e9t\u00e9 \U0001f30a"])
def test_names_with_unusual_characters_read_back_unchanged(tmp_path, name):
    """Found by the property test below: ruamel wrote NEL raw and read it back as a space."""
    _, doc = _open_text(tmp_path, COMMENTED)
    _reread(doc, doc.model.model_copy(update={"name": name}))
    from gridsmith.formats.pendulous.templates import new_scenario as template
    text = FileDocument.new(template().model_copy(update={"name": name})).to_text()
    assert load_text(text).model.name == name


def test_saving_elsewhere_points_the_schema_line_at_a_schema_that_exists(tmp_path):
    """Save As into another folder: the bundled `../../formats/schemas/...` line would resolve nowhere,
    so it is pointed at a schema that exists from there; saved back in place, nothing changes."""
    from gridsmith.formats.document import FileDocument
    from gridsmith.formats.schema import SCHEMA_DIR

    doc = FileDocument.open(REPO / "content" / "pendulous" / "duel.scn.yaml")
    original = (REPO / "content" / "pendulous" / "duel.scn.yaml").read_text("utf-8")
    target = tmp_path / "mine" / "duel.scn.yaml"
    target.parent.mkdir()
    doc.save(path=target)
    first, _, rest = target.read_text("utf-8").partition("\n")
    ref = first.removeprefix("# yaml-language-server: $schema=")
    assert ref != first and (target.parent / ref).resolve() == (SCHEMA_DIR / "pendulous.scenario.v1.json").resolve()
    assert rest == original.partition("\n")[2]  # only the schema line changed
    (tmp_path / "mine" / "schemas").mkdir()
    (tmp_path / "mine" / "schemas" / "pendulous.scenario.v1.json").write_text("{}")
    doc.save(path=target)  # the line resolves now: left as it is
    assert target.read_text("utf-8").partition("\n")[0] == first
