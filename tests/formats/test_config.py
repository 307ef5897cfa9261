"""The project configuration (formats.config, issue 29 item 1): found as ruff and pytest find theirs,
read the same way by every command, and a file's answer never depends on the other files checked."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gridsmith.formats import config
from gridsmith.formats.diagnostics import Diagnostic, Severity
from gridsmith.loading import load_content
from gridsmith.paths import CommandFailed

REPO = Path(__file__).resolve().parents[2]
RULES = (REPO / "content" / "pendulous" / "default.rules.yaml").read_text("utf-8")
DUEL = (REPO / "content" / "pendulous" / "duel.scn.yaml").read_text("utf-8")


@pytest.fixture(autouse=True)
def _fresh():
    config.clear_cache()
    yield
    config.clear_cache()


def _project(root: Path, ruleset: str = "../rules/custom.rules.yaml") -> Path:
    (root / "content" / "pendulous").mkdir(parents=True)
    (root / "content" / "rules").mkdir()
    (root / "content" / "rules" / "custom.rules.yaml").write_text(RULES, encoding="utf-8")
    scn = root / "content" / "pendulous" / "custom.scn.yaml"
    scn.write_text(DUEL.replace("ruleset: default\n", f"ruleset: {ruleset}\n"), encoding="utf-8")
    return scn


def validate(cwd: Path, *args: str) -> tuple[int, list[dict]]:
    proc = subprocess.run([sys.executable, "-m", "gridsmith", "validate", "--format", "json", *args],
                          cwd=cwd, capture_output=True, text=True)
    assert "Traceback" not in proc.stderr, proc.stderr
    data = json.loads(proc.stdout) if proc.stdout else {"diagnostics": [], "error": proc.stderr}
    return proc.returncode, data["diagnostics"] or ([data["error"]] if "error" in data else [])


def test_found_by_walking_up_gridsmith_toml_first_and_pyproject_only_with_its_table(tmp_path):
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text("[tool.gridsmith]\nexclude = ['x']\n")
    (tmp_path / "a" / "pyproject.toml").write_text("[tool.ruff]\nline-length = 100\n")  # not ours: passed over
    assert config.for_path(tmp_path / "a" / "b").file == tmp_path / "pyproject.toml"
    (tmp_path / "a" / "gridsmith.toml").write_text("exclude = ['y']\n")
    config.clear_cache()
    found = config.for_path(tmp_path / "a" / "b" / "f.scn.yaml")
    assert found.file == tmp_path / "a" / "gridsmith.toml" and found.root == (tmp_path / "a").resolve()
    assert found.content_roots == ((tmp_path / "a").resolve(),)


def test_without_configuration_the_content_root_is_the_repository(tmp_path):
    """Not the file's folder: a scenario in content/pendulous may name content/rules, alone or not."""
    (tmp_path / ".git").mkdir()
    scn = _project(tmp_path)
    assert config.for_path(scn).root == tmp_path
    assert validate(scn.parent, "custom.scn.yaml") == (0, [])
    assert validate(tmp_path, "content/pendulous/custom.scn.yaml") == (0, [])


def test_outside_any_repository_the_folders_given_are_the_tree(tmp_path):
    scn = _project(tmp_path)
    code, found = validate(tmp_path, str(scn))
    assert code == 1 and [d["code"] for d in found] == ["R609"]
    assert validate(tmp_path, "content") == (0, [])


def test_content_roots_decide_alone(tmp_path):
    """With `content-roots`, the answer for a file is the same named alone, with others or in a
    folder; a reference outside the roots is R609 however the files are given."""
    (tmp_path / "gridsmith.toml").write_text('content-roots = ["content/pendulous"]\n')
    _project(tmp_path)
    alone = validate(tmp_path, "content/pendulous/custom.scn.yaml")
    assert alone[0] == 1 and [d["code"] for d in alone[1]] == ["R609"]
    assert "content/pendulous" in alone[1][0]["message"]
    assert validate(tmp_path, "content") == alone
    assert validate(tmp_path, "content/rules/custom.rules.yaml", "content/pendulous/custom.scn.yaml") == alone


def test_allowed_outside_places_and_all(tmp_path):
    (tmp_path / "gridsmith.toml").write_text('content-roots = ["content/pendulous"]\n'
                                             'allow-outside-references = ["content/rules/*.rules.yaml"]\n')
    scn = _project(tmp_path)
    assert validate(tmp_path, str(scn)) == (0, [])
    (tmp_path / "gridsmith.toml").write_text('content-roots = ["content/pendulous"]\nallow-outside-references = true\n')
    config.clear_cache()
    assert validate(tmp_path, str(scn)) == (0, [])


def test_excluded_files_are_not_checked_named_or_found(tmp_path):
    (tmp_path / "gridsmith.toml").write_text('exclude = ["content/drafts", "*.wip.yaml"]\n')
    _project(tmp_path)
    (tmp_path / "content" / "drafts").mkdir()
    broken = "kind: pendulous.scenario\nversion: 1\nnmae: x\n"
    (tmp_path / "content" / "drafts" / "a.scn.yaml").write_text(broken)
    (tmp_path / "content" / "pendulous" / "b.wip.yaml").write_text(broken)
    assert validate(tmp_path, "content") == (0, [])
    assert validate(tmp_path, "--content-only", "content/drafts/a.scn.yaml", "content/pendulous/b.wip.yaml") == (0, [])
    said = subprocess.run([sys.executable, "-m", "gridsmith", "validate", "content"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert said.returncode == 0 and "; excluded 2 by the project configuration" in said.stdout, said.stdout


def test_severity_overrides_raise_lower_and_silence_by_path(tmp_path):
    base = Diagnostic("content/x.scn.yaml", 1, 1, Severity.WARNING, "PND410", "m")
    err = Diagnostic("content/tutorial/y.scn.yaml", 1, 1, Severity.ERROR, "PND409", "m")
    (tmp_path / "gridsmith.toml").write_text('[severity]\nPND410 = "error"\n'
                                             '[per-file-severity]\n"content/tutorial/**" = { PND409 = "off" }\n')
    cfg = config.for_path(tmp_path / "content")
    with pytest.MonkeyPatch.context() as m:
        m.chdir(tmp_path)
        assert [(d.code, d.severity) for d in cfg.apply([base, err])] == [("PND410", Severity.ERROR)]
        other = Diagnostic("content/y.scn.yaml", 1, 1, Severity.ERROR, "PND409", "m")
        assert cfg.apply([other]) == [other]


def test_validate_applies_severities(tmp_path):
    (tmp_path / ".git").mkdir()
    scn = _project(tmp_path, ruleset="default")
    scn.write_text(scn.read_text("utf-8").replace("  turns: 12", "  turns: 0"), encoding="utf-8")
    code, found = validate(tmp_path, "content")
    assert code == 1 and [d["code"] for d in found] == ["PND409"]
    (tmp_path / "pyproject.toml").write_text('[tool.gridsmith.per-file-severity]\n"content/pendulous" = { PND409 = "warning" }\n')
    code, found = validate(tmp_path, "content")
    assert code == 0 and [(d["code"], d["severity"]) for d in found] == [("PND409", "warning")]


def test_play_replay_and_simulate_read_the_same_configuration(tmp_path, monkeypatch, capsys):
    """The commands' one loader (gridsmith.loading.load_content): the configuration's roots and severities."""
    (tmp_path / "gridsmith.toml").write_text('content-roots = ["content/pendulous"]\n')
    scn = _project(tmp_path)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CommandFailed) as e:
        load_content("play", str(scn))
    assert e.value.code == 1 and "R609" in capsys.readouterr().err
    assert load_content("play", str(scn), allow_outside=True)[1].kind == "pendulous.scenario"
    (tmp_path / "gridsmith.toml").write_text('content-roots = ["content"]\n[severity]\nR609 = "off"\n')
    config.clear_cache()
    assert load_content("replay", str(scn))[1].kind == "pendulous.scenario"


@pytest.mark.parametrize("text, words", [
    ("exlude = []\n", "unknown key 'exlude'"),
    ("exclude = 'x'\n", "exclude must be a list"),
    ("[severity]\nPND409 = 'loud'\n", "severity.PND409 must be one of"),
    ("[severity]\npnd409 = 'off'\n", "'pnd409' is not a diagnostic code"),
    ("allow-outside-references = 3\n", "allow-outside-references must be"),
    ("exclude = [\n", "not valid TOML"),
])
def test_a_bad_configuration_is_a_usage_error_naming_the_file(tmp_path, text, words):
    (tmp_path / "gridsmith.toml").write_text(text)
    _project(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "gridsmith", "validate", "content"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert "gridsmith.toml" in proc.stderr and words in proc.stderr, proc.stderr


def test_a_configuration_travels_to_batch_workers(tmp_path):
    """A Dask worker gets the Config by pickling and opens the same session (formats.session)."""
    import pickle

    from gridsmith.formats.session import project_session

    (tmp_path / "gridsmith.toml").write_text('content-roots = ["content"]\nallow-outside-references = ["../x/**"]\n'
                                             '[severity]\nPND410 = "error"\n')
    cfg = config.for_path(tmp_path)
    copy = pickle.loads(pickle.dumps(cfg))
    assert copy == cfg and hash(copy) == hash(cfg)
    with project_session(copy) as s:
        assert s.roots == ((tmp_path / "content").resolve(),) and s.allowed == cfg.allowed
