"""The editor reads a file's project configuration as every command does (issue 29 item 1): the
severities of `gridsmith.toml` apply in the Problems panel, and a broken configuration is said there."""
from __future__ import annotations

import shutil

from gridsmith.formats import config
from tests.editor.editor_helpers import ROOT, open_in_editor


def _scenario(tmp_path):
    folder = tmp_path / "maps"
    folder.mkdir()
    path = folder / "duel.scn.yaml"
    shutil.copy(ROOT / "content" / "pendulous" / "duel.scn.yaml", path)
    path.write_text(path.read_text("utf-8").replace("turns: 12", "turns: 0"), encoding="utf-8")
    return path


def test_configured_severities_apply_in_the_problems_panel(qtbot, tmp_path):
    path = _scenario(tmp_path)
    (tmp_path / "gridsmith.toml").write_text('[severity]\nPND409 = "warning"\n', encoding="utf-8")
    config.clear_cache()
    ed = open_in_editor(qtbot, path)
    [p] = [p for p in ed.validate_now() if p.code == "PND409"]
    assert p.severity.value == "warning"
    ed.close()


def test_a_code_turned_off_is_not_shown_and_a_broken_configuration_is(qtbot, tmp_path):
    path = _scenario(tmp_path)
    (tmp_path / "gridsmith.toml").write_text('[severity]\nPND409 = "off"\n', encoding="utf-8")
    config.clear_cache()
    ed = open_in_editor(qtbot, path)
    assert "PND409" not in {p.code for p in ed.validate_now()}
    (tmp_path / "gridsmith.toml").write_text("[severity\n", encoding="utf-8")
    config.clear_cache()
    codes = [p.code for p in ed.validate_now()]
    assert codes[0] == "Y119" and "PND409" in codes
    ed.close()
    config.clear_cache()
