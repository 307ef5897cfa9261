"""`gridsmith validate`, the pre-commit hook (`validate --content-only`) and the language server read
files by one fast path (issue 29 item 8): libyaml and the checks, the position-keeping round-trip
reader only for what the fast path cannot decide; and the answer is the same whichever reads."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gridsmith import lsp_analysis
from gridsmith.formats import loader
from gridsmith.formats.loader import load_text, validate_file, validate_text
from gridsmith.formats.session import session

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "content" / "pendulous" / "duel.scn.yaml"


@pytest.fixture
def no_round_trip(monkeypatch):
    def refused() -> None:
        raise AssertionError("the round-trip reader was used")

    monkeypatch.setattr(loader, "round_trip_yaml", refused)


def _variants(text: str) -> list[str]:
    """Clean, with a warning, with a semantic error, with a structure error and a later check's finding."""
    return [text, text.replace("turns: 12", "turns: 0"), text.replace("name:", "nmae:", 1),
            text.replace("name:", "nmae:", 1).replace("turns: 12", "turns: 0")]


def test_the_language_server_checks_a_buffer_by_the_fast_path(tmp_path, no_round_trip):
    file = tmp_path / "duel.scn.yaml"
    for text in _variants(DUEL.read_text("utf-8")):
        file.write_text(text, "utf-8")
        assert lsp_analysis.check_buffer(text, file, [tmp_path]) == validate_file(file)


def test_what_the_fast_path_cannot_decide_goes_to_the_round_trip_reader_on_every_path(tmp_path):
    file = tmp_path / "duel.scn.yaml"
    text = DUEL.read_text("utf-8").replace("name:", "name: &a", 1) + "extra: *a\n"  # an anchor and alias
    file.write_text(text, "utf-8")
    with session(roots=[tmp_path]):
        full = load_text(text, str(file), file=file).diagnostics
    assert [d.code for d in full] == ["S301"]
    assert validate_file(file) == full
    assert validate_text(text, str(file), file) == full
    assert lsp_analysis.check_buffer(text, file, [tmp_path]) == full


def test_every_bundled_file_reads_the_same_by_both_readers(tmp_path):
    """Diagnostics with their end positions, in order: the fast path is the round-trip reader's answer."""
    tree = tmp_path / "content"
    shutil.copytree(ROOT / "content", tree)
    files = sorted(tree.rglob("*.yaml"))
    assert len(files) > 30
    for file in files:
        for text in _variants(file.read_text("utf-8")):
            with session(roots=[tree]):
                full = load_text(text, str(file), file=file).diagnostics
            with session(roots=[tree]):
                fast = validate_text(text, str(file), file)
            assert fast == full, file.name
