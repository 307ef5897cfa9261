"""Issue 33 item 2: edits of the files a scenario refers to (a Pyramids board's power squares, a
Kongbots build's modules and its arena's walls and start hexes, a Pendulum leader's starting
resources and a deck's province cards): each game's edit space proposes them for files named by a
path, every one validates (the edited file and the scenario read with it), they are measured in
memory without writing, and written all or none."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gridsmith.engine.core.edits import Change, Edit, Referenced, apply_all, file_problems, texts, valid_edit
from gridsmith.formats.atomic import atomic_write_all
from gridsmith.engine.core.games import get
from gridsmith.engine.core.simulate import GameRecord, make_specs, run, summarize
from gridsmith.formats.loader import load_model

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"


def _copy(tmp: Path, game: str, files: dict[str, str], scenario: str, replace: dict[str, str]) -> Path:
    """Bundled files of `game` copied into `tmp` under new names, and its scenario copied with the
    references `replace` rewritten to name those copies by path."""
    for src, dst in files.items():
        shutil.copy(CONTENT / game / src, tmp / dst)
    text = (CONTENT / game / scenario).read_text()
    for a, b in replace.items():
        assert a in text, a
        text = text.replace(a, b, 1)
    (tmp / "gridsmith.toml").write_text('content-roots = ["."]\n')
    out = tmp / scenario
    out.write_text(text)
    return out


def pyramids_copy(tmp: Path) -> Path:
    return _copy(tmp, "pyramids", {"default.board.yaml": "lanes.board.yaml"}, "sample.scn.yaml",
                 {"board: default": "board: lanes.board.yaml"})


def kongbots_copy(tmp: Path) -> Path:
    f = _copy(tmp, "kongbots", {"classic-diamond.arena.yaml": "diamond.arena.yaml",
                                "scout-raider.bot.yaml": "raider.bot.yaml", "scout-sniper.bot.yaml": "sniper.bot.yaml"},
              "scout-duel.scn.yaml", {"arena: classic-diamond": "arena: diamond.arena.yaml",
                                      "{build: scout-raider}": "{build: raider.bot.yaml}",
                                      "{build: scout-sniper}": "{build: sniper.bot.yaml}"})
    arena = tmp / "diamond.arena.yaml"  # a wall in the middle, for the edit that takes one away
    arena.write_text(arena.read_text().replace('  - "........"\n', '  - "...#...."\n', 1))
    return f


def pendulum_copy(tmp: Path) -> Path:
    return _copy(tmp, "pendulum", {"gambal.leader.yaml": "gambal.leader.yaml", "bolk.leader.yaml": "bolk.leader.yaml",
                                   "default.deck.yaml": "cards.deck.yaml"}, "duel.scn.yaml",
                 {"leader: gambal": "leader: gambal.leader.yaml", "leader: bolk": "leader: bolk.leader.yaml",
                  "seats:": "decks: [cards.deck.yaml]\nseats:"})


def lopsided(n: int, strong: int = 0):
    """A measured summary where seat `strong` won 9 of 10 and the last seat none."""
    recs = [GameRecord(i, 0, ("x",) * n, (strong,), tuple(1.0 if q == strong else 0.0 for q in range(n)), 10, 1, 0.1)
            for i in range(10)]
    return summarize(recs, n)


#: per game: the copy, and what each referenced file's edits change there (file suffix -> changed key)
GAMES = {
    "pyramids": (pyramids_copy, {".board.yaml": "rows"}),
    "kongbots": (kongbots_copy, {".bot.yaml": "tenders", ".arena.yaml": "rows"}),
    "pendulum": (pendulum_copy, {".leader.yaml": "start", ".deck.yaml": "provinces"}),
}


def _model(f: Path):
    model, _, diags = load_model(f)
    assert model is not None and not any(d.is_error for d in diags), diags
    return model


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_edit_space_includes_the_referenced_files_and_every_edit_validates(tmp_path, name):
    make, wanted = GAMES[name]
    f = make(tmp_path)
    m = _model(f)
    game = get(name)
    edits = list(game.edit_space(m, lopsided(len(game.seats(m))), f))
    files = {ref for e in edits for ref in e.referenced_files}
    for suffix, key in wanted.items():  # every kind of referenced file gets its edits
        of_kind = [e for e in edits if any(c.file and c.file.endswith(suffix) for c in e.changes)]
        assert of_kind, (suffix, files)
        assert any(key in c.path for e in of_kind for c in e.changes), [c.path for e in of_kind for c in e.changes]
    assert None in {ref for e in edits for ref in e.files}  # and the scenario's own edits still
    known = frozenset(file_problems(m, f))
    referenced = Referenced(f)
    valid = [e for e in edits if valid_edit(m, e, f, known, referenced) is not None]
    assert any(e.referenced_files for e in valid)
    # what the assistant screens: every edit it keeps gives valid files, each checked again here
    for e in valid:
        edited = apply_all(m, e, referenced)
        for path, doc in edited.documents.items():
            problems = file_problems(doc, path)
            assert not any(p.startswith("error") for p in problems), (e.label, problems)
            assert set(problems) <= referenced.known(edited.refs[path]), (e.label, problems)
        problems = file_problems(edited.scenario, f, edited.documents)
        assert not any(p.startswith("error") for p in problems) and set(problems) <= known, (e.label, problems)
    before = {p.name: p.read_text() for p in tmp_path.iterdir()}
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == before  # nothing written by the search


@pytest.mark.parametrize("name", sorted(GAMES))
def test_apply_writes_the_expected_files_and_nothing_else(tmp_path, name):
    make, _ = GAMES[name]
    f = make(tmp_path)
    m = _model(f)
    game = get(name)
    referenced = Referenced(f)
    known = frozenset(file_problems(m, f))
    edits = [e for e in game.edit_space(m, lopsided(len(game.seats(m))), f) if e.referenced_files]
    edit = next(e for e in edits if valid_edit(m, e, f, known, referenced) is not None)
    ref = next(r for r in edit.files if r is not None)
    edited = apply_all(m, edit, referenced)
    before = {p.name: p.read_text() for p in tmp_path.iterdir()}
    out = texts(edited, edit, f)
    assert set(out) == {tmp_path / ref}  # the referenced file only: the scenario is unchanged
    atomic_write_all(out)
    after = {p.name: p.read_text() for p in tmp_path.iterdir()}
    assert {k for k in after if after[k] != before[k]} == {ref} and set(after) == set(before)  # no temporary left
    assert after[ref].startswith("# yaml-language-server")  # written over the old text: its comments stay
    doc = _model(tmp_path / ref)
    data = doc.model_dump(mode="json")
    for c in edit.changes:
        node = data
        for step in c.path:
            node = node[step]
        assert node == c.after, (c.path, node, c.after)
    assert not any(p.startswith("error") for p in file_problems(_model(f), f))


def test_a_referenced_edit_is_played_in_memory(tmp_path):
    """Games of an edited board are played with the edit (GameSpec.documents), the file untouched."""
    f = pyramids_copy(tmp_path)
    m = _model(f)
    referenced = Referenced(f)
    board = referenced.model("lanes.board.yaml")
    rows = list(board.rows)
    # every power square taken away: a board the engine plays differently (no power moves)
    changes = tuple(Change(("rows", r), row, row.replace("P", "."), "lanes.board.yaml")
                    for r, row in enumerate(rows) if "P" in row)
    edit = Edit("no power squares", changes)
    edited = apply_all(m, edit, referenced)
    from dataclasses import replace

    from gridsmith.engine.pyramids.game import SCENARIO
    from gridsmith.formats.references import overlaid

    with overlaid(edited.documents):
        res = SCENARIO(m, f)
    assert not any("P" in row for row in res.board)
    assert any("P" in row for row in SCENARIO(m, f).board)  # and without the overlay, the file's
    specs = [replace(s, documents=edited.played) for s in
             make_specs("pyramids", m, ["random", "random"], 2, agent_seed=1, base=str(tmp_path))]
    recs = list(run(specs))
    assert all(r.error is None for r in recs), [r.error for r in recs]
    assert "P" in (tmp_path / "lanes.board.yaml").read_text()


def test_write_all_writes_all_or_nothing(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("old a\n")
    b.write_text("old b\n")
    with pytest.raises(OSError):
        atomic_write_all({a: "new a\n", tmp_path / "missing" / "c.yaml": "c\n", b: "new b\n"})
    assert a.read_text() == "old a\n" and b.read_text() == "old b\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.yaml", "b.yaml"]  # no temporary file left
    atomic_write_all({a: "new a\n", b: "new b\n"})
    assert (a.read_text(), b.read_text()) == ("new a\n", "new b\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.yaml", "b.yaml"]


def test_write_all_puts_everything_back_when_a_rename_fails(tmp_path):
    """The temporary files are all written, then a rename fails (here: a target that is a folder):
    the files renamed before it get their old versions back, a new one is removed, nothing is left."""
    a, new, d = tmp_path / "a.yaml", tmp_path / "new.yaml", tmp_path / "z.yaml"
    a.write_text("old a\n")
    d.mkdir()  # a rename over a folder fails
    with pytest.raises(OSError):
        atomic_write_all({a: "new a\n", new: "brand new\n", d: "z\n"})
    assert a.read_text() == "old a\n" and not new.exists() and d.is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.yaml", "z.yaml"]  # no temporary or kept file


def test_a_pair_and_a_second_step_that_do_the_same_are_screened_once():
    from gridsmith.engine.core.assistant import _same
    from gridsmith.engine.core.edits import combine, then

    a = Edit("slide 3", (Change(("options", "slide"), 2, 3),))
    b = Edit("board", (Change(("rows", 4), "..", "P.", "lanes.board.yaml"),))
    assert _same(combine([a, b])) == _same(then(a, b)) == _same(combine([b, a]))
    assert _same(a) != _same(Edit("slide 1", (Change(("options", "slide"), 2, 1),)))
    assert _same(b) != _same(Edit("scenario rows", (Change(("rows", 4), "..", "P."),)))  # another file
