"""The command line (issue 2, item 4): `gridsmith validate`, `schema`, `new`, exit codes 0 ok / 1 problems /
2 usage. Most tests call `gridsmith.cli.main` in-process; those about the installed program run it in a
subprocess (`python -m gridsmith` and the console script)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gridsmith.formats.diagnostics import Diagnostic, Severity
from gridsmith import __version__
from gridsmith.cli import main

REPO = Path(__file__).resolve().parents[2]
# the console script installed next to the interpreter running the tests (any virtual environment)
SCRIPT = Path(sys.executable).parent / ("gridsmith.exe" if sys.platform == "win32" else "gridsmith")

PLAYER = """\
    reinforcement_rate: 2
    resource_rate: 8
    max_forces: 40
    initial_forces: 12
    start_resources: 4
    start_victory_points: 0
    army_effectiveness: 100
"""
GOOD = f"""\
kind: pendulous.scenario
version: 1
name: Twin Rivers
players:
  - name: Red
{PLAYER}  - name: Gray
{PLAYER}settings:
  turns: 20
  victory_points: {{land: 1, city: 5}}
  naval_invasions: false
map:
  - "111~~222"
  - "1A1~~2B2"
  - "11112222"
"""
#: two errors: a wrong type and an unknown key
BAD = GOOD.replace("turns: 20", 'turns: "20"').replace("name: Twin Rivers", "name: Twin Rivers\nnmae: typo")
#: only warnings: nobody can reach anybody (PND501 twice)
WARNED = GOOD.replace('  - "11112222"\n', "")



def where(text: str, needle: str, offset: int = 0) -> tuple[int, int]:
    """1-based line and column of `needle` in `text`, plus `offset` characters."""
    index = text.index(needle) + offset
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


#: where the two errors of BAD are: the unknown key itself, and the quoted value
NMAE = where(BAD, "nmae")
TURNS = where(BAD, '"20"')

TEXT_LINE = re.compile(r"^(?P<file>.+):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning) (?P<code>[A-Z]+\d+): .+$")


def run(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gridsmith", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A folder as a designer's repository might have it."""
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "good.scn.yaml").write_text(GOOD)
    (tmp_path / "maps" / "bad.scn.yaml").write_text(BAD)
    (tmp_path / "maps" / "nokind.scn.yaml").write_text("name: a Gridsmith suffix is always checked\n")
    (tmp_path / "maps" / "draft.yml").write_text(GOOD.replace("turns: 20", "turns: 0"))  # other YAML with kind
    (tmp_path / "ci.yaml").write_text("on: push\njobs: {}\n")  # other YAML without kind: skipped
    (tmp_path / "docker-compose.yml").write_text("services: {}\n")  # skipped
    (tmp_path / "README.md").write_text("kind: not yaml, not checked\n")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "x.scn.yaml").write_text(BAD)  # hidden folders are not searched
    return tmp_path


# --- validate: text -----------------------------------------------------------------------------------------


def test_clean_file_exits_0(tmp_path, capsys):
    (tmp_path / "a.scn.yaml").write_text(GOOD)
    assert main(["validate", str(tmp_path / "a.scn.yaml")]) == 0
    out = capsys.readouterr().out
    assert out.strip() == "checked 1 file(s): 0 error(s), 0 warning(s) in 0 file(s)"


def test_quiet_clean_run_prints_nothing(tmp_path, capsys):
    (tmp_path / "a.scn.yaml").write_text(GOOD)
    assert main(["validate", "-q", str(tmp_path / "a.scn.yaml")]) == 0
    assert capsys.readouterr().out == ""


def test_problems_exit_1_in_compiler_style(tmp_path, capsys):
    path = tmp_path / "a.scn.yaml"
    path.write_text(BAD)
    assert main(["validate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    found = [TEXT_LINE.match(ln) for ln in lines[:-1]]
    assert all(found), lines
    assert sorted((m["code"], int(m["line"]), int(m["col"])) for m in found) == [("S301", *NMAE), ("S303", *TURNS)]
    assert {m["file"] for m in found} == {str(path)}
    assert lines[-1] == "checked 1 file(s): 2 error(s), 0 warning(s) in 1 file(s)"


def test_warnings_alone_exit_0_unless_asked(tmp_path, capsys):
    path = tmp_path / "a.scn.yaml"
    path.write_text(WARNED)
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("warning PND501") == 2 and "0 error(s), 2 warning(s)" in out
    assert main(["validate", "--warnings-as-errors", str(path)]) == 1


# --- validate: folders ----------------------------------------------------------------------------------------


def test_folder_walk_checks_suffixes_and_kinds_and_counts_the_skipped(tree, capsys):
    assert main(["validate", str(tree)]) == 1
    out = capsys.readouterr().out
    files = {TEXT_LINE.match(ln)["file"] for ln in out.splitlines() if TEXT_LINE.match(ln)}
    assert files == {str(tree / "maps" / "bad.scn.yaml"), str(tree / "maps" / "nokind.scn.yaml"),
                     str(tree / "maps" / "draft.yml")}
    assert "K201" in out and "PND409" in out
    assert out.splitlines()[-1] == ("checked 4 file(s): 4 error(s), 0 warning(s) in 3 file(s); "
                                    "skipped 2 YAML file(s) without a Gridsmith `kind`")


def test_a_named_file_is_always_checked(tree, capsys):
    assert main(["validate", str(tree / "ci.yaml"), str(tree / "README.md")]) == 1
    out = capsys.readouterr().out
    assert f"{tree / 'ci.yaml'}:1:1: error K201" in out
    assert f"{tree / 'README.md'}:" in out
    assert "checked 2 file(s)" in out


def test_files_and_folders_together(tree, capsys):
    (tree / "extra.scn.yaml").write_text(GOOD)
    assert main(["validate", str(tree / "maps"), str(tree / "extra.scn.yaml")]) == 1
    assert "checked 5 file(s)" in capsys.readouterr().out


def test_missing_path_is_a_usage_error(tmp_path, capsys):
    assert main(["validate", str(tmp_path / "nope")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


# --- validate: json and github ----------------------------------------------------------------------------------


def test_json_format_lists_every_diagnostic(tree, capsys):
    assert main(["validate", "--format", "json", str(tree)]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["files"] == 4 and doc["summary"]["errors"] == 4 and doc["summary"]["warnings"] == 0
    assert sorted(doc["summary"]["skipped"]) == sorted([str(tree / "ci.yaml"), str(tree / "docker-compose.yml")])
    bad = [d for d in doc["diagnostics"] if d["file"] == str(tree / "maps" / "bad.scn.yaml")]
    assert sorted((d["code"], d["line"], d["col"]) for d in bad) == [("S301", *NMAE), ("S303", *TURNS)]
    for d in doc["diagnostics"]:
        assert set(d) == {"file", "line", "col", "end_line", "end_col", "severity", "code", "message", "path"}
        assert d["severity"] in ("error", "warning") and isinstance(d["path"], list)
    assert next(d for d in bad if d["code"] == "S303")["path"] == ["settings", "turns"]


def test_json_format_clean_run(tmp_path, capsys):
    (tmp_path / "a.scn.yaml").write_text(GOOD)
    assert main(["validate", "--format", "json", str(tmp_path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["diagnostics"] == [] and doc["summary"]["files"] == 1


def test_github_format_prints_workflow_commands(tmp_path, capsys):
    (tmp_path / "bad.scn.yaml").write_text(BAD)
    (tmp_path / "warned.scn.yaml").write_text(WARNED)
    assert main(["validate", "--format", "github", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    bad = str(tmp_path / "bad.scn.yaml")
    assert (f"::error file={bad},line={TURNS[0]},col={TURNS[1]},endLine={TURNS[0]},endColumn={TURNS[1] + 4},"
            "title=gridsmith (S303)::") in captured.out  # `"20"`: four characters
    assert sum(ln.startswith("::error file=") for ln in lines) == 2
    assert sum(ln.startswith("::warning file=") for ln in lines) == 2
    assert all(ln.startswith("::") for ln in lines)  # the summary goes to stderr
    assert "checked 2 file(s)" in captured.err


def test_github_messages_are_escaped():
    """Line breaks in a message are shown as escapes (formats.diagnostics.safe_text), `%` is encoded."""
    d = Diagnostic("a.yaml", 1, 2, Severity.ERROR, "Y102", "50% done\nnext line\r")
    assert d.format_github() == "::error file=a.yaml,line=1,col=2,title=gridsmith (Y102)::50%25 done\\x0anext line\\x0d"


# --- usage ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [[], ["validate"], ["validate", "--format", "xml", "x"], ["no-such-command"],
                                  ["schema", "--write", "--check"], ["new"]])
def test_usage_errors_exit_2(argv, capsys):
    assert main(argv) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_help_exits_0(capsys):
    assert main(["--help"]) == 0
    assert "validate" in capsys.readouterr().out


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"gridsmith {__version__}"


# --- new --------------------------------------------------------------------------------------------------------------


def test_new_scenario_validates_clean(tmp_path, capsys):
    assert main(["new", "pendulous.scenario"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("# yaml-language-server: $schema=")
    path = tmp_path / "new.scn.yaml"
    path.write_text(text)
    assert main(["validate", str(path)]) == 0
    assert "0 error(s), 0 warning(s)" in capsys.readouterr().out


def test_new_with_output_refuses_to_overwrite(tmp_path, capsys):
    path = tmp_path / "n.scn.yaml"
    assert main(["new", "pendulous.scenario", "-o", str(path)]) == 0
    first = path.read_text()
    assert main(["new", "pendulous.scenario", "-o", str(path)]) == 2
    assert "exists" in capsys.readouterr().err
    assert path.read_text() == first


def test_new_unknown_kind_is_a_usage_error(capsys):
    assert main(["new", "pendulous.scenery"]) == 2
    assert "pendulous.scenario" in capsys.readouterr().err  # lists the known kinds


# --- the installed program, in real processes ------------------------------------------------------------------------------


def test_python_dash_m_without_a_command_exits_2():
    proc = run()
    assert proc.returncode == 2 and "usage:" in proc.stderr


def test_console_script_version():
    proc = subprocess.run([str(SCRIPT), "--version"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip() == f"gridsmith {__version__}"


def test_new_piped_into_validate(tmp_path):
    made = run("new", "pendulous.scenario", "-o", str(tmp_path / "n.scn.yaml"))
    assert made.returncode == 0, made.stderr
    proc = run("validate", "--format", "json", str(tmp_path))
    assert proc.returncode == 0, proc.stdout
    assert json.loads(proc.stdout)["diagnostics"] == []


def test_validate_problems_in_a_real_process(tree):
    proc = run("validate", str(tree))
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert "skipped 2 YAML file(s) without a Gridsmith `kind`" in proc.stdout


def test_bundled_content_validates_clean():
    """Issue 2, item 7: `gridsmith validate content/` reports no problems."""
    proc = run("validate", "content/")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 error(s), 0 warning(s)" in proc.stdout


def test_pre_commit_hook_runs_validate():
    import yaml
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"].startswith("gridsmith"))
    assert hook["entry"].split()[:2] == ["gridsmith", "validate"]


def test_other_yaml_with_kind_after_a_bom_or_quoted_is_checked(tmp_path, capsys):
    """Found by this suite: a BOM in front of `kind:` hid the file from the folder walk."""
    (tmp_path / "bom.yaml").write_bytes(b"\xef\xbb\xbf" + GOOD.replace("turns: 20", "turns: 0").encode())
    (tmp_path / "quoted.yml").write_text('"kind": pendulous.scenario\n"version": 1\n')
    (tmp_path / "nested.yaml").write_text("spec:\n  kind: not top level\n")
    assert main(["validate", "--format", "json", str(tmp_path)]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert {Path(d["file"]).name for d in doc["diagnostics"]} == {"bom.yaml", "quoted.yml"}
    assert [Path(s).name for s in doc["summary"]["skipped"]] == ["nested.yaml"]


def _kinds() -> list[str]:
    from gridsmith.formats import registry
    return [s.kind for s in registry.all_kinds()]


@pytest.mark.parametrize("kind", _kinds())
def test_new_for_every_kind_is_valid_and_its_schema_line_resolves(kind, tmp_path, capsys):
    path = tmp_path / "deep" / f"new.{kind}.yaml"
    path.parent.mkdir()
    assert main(["new", kind, "-o", str(path)]) == 0, capsys.readouterr().err
    assert main(["validate", "-q", str(path)]) == 0, capsys.readouterr().out
    ref = path.read_text().splitlines()[0].removeprefix("# yaml-language-server: $schema=")
    assert (path.parent / ref).is_file() and json.loads((path.parent / ref).read_text())["$id"].endswith(".json")


def test_new_uses_the_same_template_as_the_editors_file_new(capsys):
    from gridsmith.formats import registry, templates

    plugins = pytest.importorskip("gridsmith.editor.core.plugins")
    from gridsmith.editor.core import files

    for plugin in plugins.all_plugins():
        assert files.new_model(plugin.kind) == templates.new_model(registry.get(plugin.kind)), plugin.kind


def test_new_help_lists_every_kind(capsys):
    assert main(["new", "--help"]) == 0
    out = capsys.readouterr().out
    assert all(k in out for k in _kinds())


def test_schemas_exported_into_a_repository_are_where_new_files_point(tmp_path, capsys):
    assert main(["schema", "--write", str(tmp_path / "schemas")]) == 0
    assert len(list((tmp_path / "schemas").glob("*.json"))) == len(_kinds())
    (tmp_path / "maps").mkdir()
    assert main(["new", "pendulous.scenario", "-o", str(tmp_path / "maps" / "a.scn.yaml")]) == 0
    first = (tmp_path / "maps" / "a.scn.yaml").read_text().splitlines()[0]
    assert first == "# yaml-language-server: $schema=../schemas/pendulous.scenario.v1.json"
    assert main(["new", "pendulous.scenario", "--schemas", str(tmp_path / "schemas"), "-o", str(tmp_path / "b.scn.yaml")]) == 0
    assert (tmp_path / "b.scn.yaml").read_text().startswith("# yaml-language-server: $schema=schemas/pendulous.scenario.v1.json")


def test_edit_without_qt_says_in_one_line_how_to_get_it(monkeypatch, capsys):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "PySide6" else real(name, *a))
    assert main(["edit"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'gridsmith[editor]'" in err


def test_a_file_named_twice_is_checked_once(tree, capsys):
    bad = tree / "maps" / "bad.scn.yaml"
    assert main(["validate", str(tree / "maps"), str(bad), str(bad)]) == 1
    out = capsys.readouterr().out
    assert out.count(f"{bad}:{NMAE[0]}:{NMAE[1]}:") == 1
    assert "checked 4 file(s)" in out


def test_folder_walk_skips_other_tools_yaml_that_has_a_kind(tmp_path, capsys):
    """A Kubernetes manifest's `kind: Deployment` is not a Gridsmith kind: skipped and counted, not
    failed; a misspelt Gridsmith kind keeps the GAME.KIND shape and is checked (K202)."""
    (tmp_path / "deploy.yaml").write_text("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\n")
    (tmp_path / "typo.yaml").write_text("kind: pendulous.scenari\nversion: 1\n")
    assert main(["validate", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "K202" in out and "typo.yaml" in out and "deploy.yaml" not in out
    assert "skipped 1 YAML file(s) without a Gridsmith `kind`" in out


def test_github_annotations_escape_file_names_and_messages():
    d = Diagnostic("maps/a,b:c%.scn.yaml", 3, 5, Severity.ERROR, "PND403", "bad 100%\nsquare")
    assert d.format_github() == "::error file=maps/a%2Cb%3Ac%25.scn.yaml,line=3,col=5,title=gridsmith (PND403)::bad 100%25\\x0asquare"


def test_other_yaml_with_a_gridsmith_kind_and_crlf_line_ends_is_checked(tmp_path, capsys):
    (tmp_path / "draft.yaml").write_bytes(b"kind: pendulous.scenario\r\nversion: 1\r\n")
    assert main(["validate", str(tmp_path)]) == 1
    assert "draft.yaml" in capsys.readouterr().out


def test_replay_locates_a_tampered_save_like_validate_does(tmp_path, capsys):
    """`gridsmith replay` reports the action that cannot be replayed at its file:line:col."""
    save = tmp_path / "g.sav.yaml"
    assert main(["play", str(REPO / "content" / "pendulous" / "duel.scn.yaml"), "--seats", "greedy,random",
                 "--seed", "2", "--save", str(save)]) == 0
    assert main(["replay", "-q", str(save)]) == 0
    text = save.read_text()
    first = re.search(r'^  - "place (\d+),(\d+)"$', text, re.MULTILINE)
    line = text[: first.start()].count("\n") + 1
    save.write_text(text.replace(first.group(0), '  - "place 0,0"', 1))  # a water square of the duel map
    capsys.readouterr()
    assert main(["replay", "-q", str(save)]) == 1
    err = capsys.readouterr().err
    assert re.search(rf"g\.sav\.yaml:{line}:5: error SAV410: ", err), err


def test_validate_takes_its_paths_as_the_content_tree(tmp_path):
    """A scenario naming a ruleset one folder up: refused (R609) when only its own folder is validated,
    clean when the parent folder is given, or when the user allows leaving the tree."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "x.rules.yaml").write_text((REPO / "content/pendulous/default.rules.yaml").read_text("utf-8"))
    scn = (REPO / "content/pendulous/duel.scn.yaml").read_text("utf-8").replace(
        "ruleset: default", "ruleset: ../b/x.rules.yaml")
    assert "../b/x.rules.yaml" in scn
    (tmp_path / "a" / "duel.scn.yaml").write_text(scn)
    inside = run("validate", str(tmp_path / "a"))
    assert inside.returncode == 1 and "R609" in inside.stdout
    assert run("validate", str(tmp_path)).returncode == 0
    allowed = run("validate", "--allow-outside-references", str(tmp_path / "a"))
    assert allowed.returncode == 0, allowed.stdout
