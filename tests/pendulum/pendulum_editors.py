"""Helpers of the Pendulum editor tests: open a copy of bundled content in its registered editor,
wait for the live problems, save and compare bytes."""
from __future__ import annotations

import shutil
from pathlib import Path

from tests.editor.editor_helpers import ROOT

CONTENT = ROOT / "content" / "pendulum"


def copy_content(tmp_path: Path) -> Path:
    """Every bundled Pendulum file in `tmp_path` (so references between them still resolve)."""
    for f in CONTENT.iterdir():
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def open_editor(qtbot, tmp_path: Path, name: str, size=(1400, 820)):
    """The registered editor of bundled file `name`, opened on a copy in `tmp_path`."""
    from gridsmith.editor.core import files, plugins

    copy_content(tmp_path)
    doc = files.open_document(tmp_path / name)
    ed = plugins.get(doc.kind).editor_class(doc)
    qtbot.addWidget(ed)
    ed.resize(*size)
    ed.show()
    qtbot.waitExposed(ed)
    return ed


def problems_now(qtbot, ed) -> list:
    """The live validator's answer to the latest edit (the panel shows the same list)."""
    with qtbot.waitSignal(ed.validator.problemsChanged, timeout=5000):
        ed.validator.schedule()
    assert ed.problems_panel.problems == ed.validator.problems
    return ed.validator.problems


def codes(problems) -> set[str]:
    return {p.code for p in problems}


def assert_round_trip(ed, tmp_path: Path, original: Path) -> None:
    """Saving an unedited (or fully undone) document writes the original bytes."""
    assert not ed.document.modified
    out = tmp_path / f"again-{original.name}"
    ed.document.save(out)
    assert out.read_bytes() == original.read_bytes()
