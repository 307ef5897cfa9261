"""`gridsmith balance FILE --write` with edits of the files a scenario refers to (issue 33 item 2):
every changed file written in place, all or none; `--json` names the file each edit changes. The
search itself is replaced by a fixed proposal (the assistant's search is tested in tests/core): this
tests what the command does with a proposal."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gridsmith import cmd_balance
from gridsmith.cli import main
from gridsmith.engine.core.assistant import Proposal
from gridsmith.engine.core.edits import Change, Edit, Edited, Referenced, apply_all, combine, valid_edit
from gridsmith.engine.core.simulate import GameRecord, summarize
from gridsmith.formats.loader import load_model
from tests.core.test_edits_referenced import pyramids_copy

BOARD = "lanes.board.yaml"


def _summary():
    return summarize([GameRecord(i, 0, ("greedy",) * 2, (i % 2,), (0.0, 0.0), 10, 1, 0.1) for i in range(20)], 2)


def _propose(monkeypatch, edit: Edit, edited: Edited) -> None:
    """The assistant's run replaced by one proposal of `edit`, meeting the tolerance."""
    def run(self):
        self.report.before = _summary()
        self.report.candidates = 1
        self.report.proposals = [Proposal(edit, _summary(), _summary(), 20, True, edited)]
        return self.report
    monkeypatch.setattr(cmd_balance.Assistant, "run", run)


def _board_and_slide(f: Path) -> tuple[Edit, Edited]:
    """A power square moved in the board file and the slide changed in the scenario: two files."""
    model, _, _ = load_model(f)
    referenced = Referenced(f)
    rows = referenced.model(BOARD).rows
    r = next(i for i, row in enumerate(rows) if row.startswith("P"))
    move = Edit("power square moved", (Change(("rows", r), rows[r], "." + rows[r][1:], BOARD),
                                       Change(("rows", r + 1), rows[r + 1], "P" + rows[r + 1][1:], BOARD)))
    slide = Edit("slide 3", (Change(("options", "slide"), 2, 3),))
    edit = combine([move, slide])
    edited = valid_edit(model, edit, f, None, referenced)
    assert edited is not None
    return edit, edited


def _texts(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in folder.iterdir()}


def test_write_writes_the_scenario_and_the_referenced_file(tmp_path, monkeypatch, capsys):
    f = pyramids_copy(tmp_path)
    edit, edited = _board_and_slide(f)
    _propose(monkeypatch, edit, edited)
    before = _texts(tmp_path)
    assert main(["balance", str(f), "--games", "100", "--jobs", "1", "--json", "--write"]) == 0
    data = json.loads(capsys.readouterr().out)
    e = data["proposals"][0]["edits"][0]
    assert e["files"] == [str(tmp_path / BOARD), str(f)]  # which file each change is made to
    assert [c["file"] for c in e["changes"]] == [BOARD, BOARD, None]
    after = _texts(tmp_path)
    assert {k for k in after if after[k] != before[k]} == {BOARD, f.name} and set(after) == set(before)
    board, _, _ = load_model(tmp_path / BOARD)
    assert board.rows == edited.documents[tmp_path / BOARD].rows
    scenario, _, _ = load_model(f)
    assert scenario.options.slide == 3 and "# yaml-language-server" in after[f.name]  # comments kept


def test_write_with_a_bad_path_writes_nothing(tmp_path, monkeypatch, capsys):
    f = pyramids_copy(tmp_path)
    edit, edited = _board_and_slide(f)
    # the board's folder is gone by the time the proposal is written: the scenario must not be written alone
    gone = tmp_path / "gone" / BOARD
    bad = Edited(edited.scenario, {gone: edited.documents[tmp_path / BOARD]}, {gone: f"gone/{BOARD}"})
    edit = Edit(edit.label, tuple(Change(c.path, c.before, c.after, f"gone/{BOARD}" if c.file else None)
                                  for c in edit.changes))
    _propose(monkeypatch, edit, bad)
    before = _texts(tmp_path)
    assert main(["balance", str(f), "--games", "100", "--jobs", "1", "--no-progress", "--write"]) == 1
    err = capsys.readouterr().err
    assert "gone" in err and "does not exist" in err and "nothing written" in err and "Traceback" not in err
    assert _texts(tmp_path) == before  # the scenario untouched, no temporary file left


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only file: nothing to refuse")
def test_write_in_place_refuses_a_read_only_referenced_file(tmp_path, monkeypatch, capsys):
    """A rename replaces a read-only file in a writable folder: in place, --write refuses it as
    --write OUT does, and writes nothing (the scenario neither)."""
    f = pyramids_copy(tmp_path)
    edit, edited = _board_and_slide(f)
    _propose(monkeypatch, edit, edited)
    (tmp_path / BOARD).chmod(0o444)
    before = _texts(tmp_path)
    try:
        assert main(["balance", str(f), "--games", "100", "--jobs", "1", "--no-progress", "--write"]) == 1
    finally:
        (tmp_path / BOARD).chmod(0o644)
    err = capsys.readouterr().err
    assert "read-only" in err and "nothing written" in err and "Traceback" not in err
    assert _texts(tmp_path) == before


def test_write_out_refuses_a_proposal_that_changes_a_referenced_file(tmp_path, monkeypatch, capsys):
    f = pyramids_copy(tmp_path)
    edit, edited = _board_and_slide(f)
    _propose(monkeypatch, edit, edited)
    before = _texts(tmp_path)
    out = tmp_path / "out.scn.yaml"
    assert main(["balance", str(f), "--games", "100", "--jobs", "1", "--no-progress", "--write", str(out)]) == 1
    err = capsys.readouterr().err
    assert BOARD in err and "without OUT" in err and not out.exists()
    assert _texts(tmp_path) == before


@pytest.mark.parametrize("in_place", [True, False])
def test_write_of_a_scenario_edit(tmp_path, monkeypatch, capsys, in_place):
    f = pyramids_copy(tmp_path)
    model, _, _ = load_model(f)
    edit = Edit("slide 3", (Change(("options", "slide"), 2, 3),))
    _propose(monkeypatch, edit, apply_all(model, edit, Referenced(f)))
    out = f if in_place else tmp_path / "out.scn.yaml"
    assert main(["balance", str(f), "--games", "100", "--jobs", "1", "--no-progress",
                 "--write", *([] if in_place else [str(out)])]) == 0
    assert load_model(out)[0].options.slide == 3
    assert str(out) in capsys.readouterr().err
