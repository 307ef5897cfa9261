"""The pre-commit hook (`.pre-commit-hooks.yaml`) reaches every kind and is run here by pre-commit
itself (issue 29 item 2): a broken file of any kind fails the commit, other YAML passes untouched."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from identify import identify

from gridsmith.formats import registry

REPO = Path(__file__).resolve().parents[2]
HOOK = next(h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text("utf-8"))
            if h["id"] == "gridsmith-validate")


@pytest.mark.parametrize("suffix", registry.known_suffixes())
def test_pre_commit_passes_every_kinds_files_to_the_hook(suffix):
    """pre-commit chooses files by `types` (identify's tags) and `files`; a kind's suffix must get
    through both, whatever kinds are registered."""
    name = f"content/x{suffix}"
    assert set(HOOK.get("types", [])) <= identify.tags_from_filename(name), (suffix, HOOK)
    assert "files" not in HOOK or re.search(HOOK["files"], name)


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@x",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@x"})


@pytest.fixture
def content_repo(tmp_path: Path) -> Path:
    """A content repository with a valid tree, a broken Pendulum leader, and another tool's YAML,
    whose pre-commit configuration runs this checkout's hook definition with this interpreter (a
    `local` hook with the published hook's entry, types and files)."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "content-repo"
    shutil.copytree(REPO / "content" / "pendulum", repo / "pendulum")
    leader = repo / "pendulum" / "bolk.leader.yaml"
    leader.write_text(leader.read_text("utf-8").replace("name:", "nmae:", 1), encoding="utf-8")
    (repo / ".github").mkdir()
    (repo / ".github" / "ci.yaml").write_text("on: push\njobs: {}\n", encoding="utf-8")
    entry = HOOK["entry"].split()
    assert entry[0] == "gridsmith"
    local = {key: value for key, value in HOOK.items() if key not in ("language", "entry")}
    local.update(language="system", entry=" ".join([sys.executable, "-m", "gridsmith", *entry[1:]]))
    (repo / ".pre-commit-config.yaml").write_text(
        yaml.safe_dump({"repos": [{"repo": "local", "hooks": [local]}]}), encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    return repo


def _pre_commit(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("pre-commit")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "pre_commit"]
    return subprocess.run([*command, "run", *args], cwd=repo, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PRE_COMMIT_HOME": str(repo.parent / "pre-commit-home")})


def test_the_hook_fails_on_a_broken_leader_and_ignores_other_yaml(content_repo):
    proc = _pre_commit(content_repo, "--all-files")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "pendulum/bolk.leader.yaml:" in out and "S301" in out
    assert "ci.yaml" not in out and "Traceback" not in out


def test_the_hook_passes_a_clean_tree(content_repo):
    leader = content_repo / "pendulum" / "bolk.leader.yaml"
    shutil.copy(REPO / "content" / "pendulum" / "bolk.leader.yaml", leader)
    _git(content_repo, "add", ".")
    proc = _pre_commit(content_repo, "--all-files")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_documented_rev_is_a_commit_that_has_the_hook():
    """docs/formats.md pins `rev:` to a commit this repository has, whose hook file is this one."""
    rev = re.search(r"^\s+rev: (\S+)", (REPO / "docs" / "formats.md").read_text("utf-8"), re.M).group(1)
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout")
    shallow = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--is-shallow-repository"],
                             capture_output=True, text=True).stdout.strip()
    shown = subprocess.run(["git", "-C", str(REPO), "show", f"{rev}:.pre-commit-hooks.yaml"],
                           capture_output=True, text=True)
    if shown.returncode and shallow == "true":
        pytest.skip("a shallow clone may not hold the pinned commit")
    assert shown.returncode == 0, f"rev {rev} is not a commit of this repository: {shown.stderr}"
    assert yaml.safe_load(shown.stdout) == yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text("utf-8"))


# --- one answer however pre-commit batches the files (issue 29 item 1) -----------------------------

_WRAPPER = """\
import os, sys
with open(os.environ["GRIDSMITH_HOOK_LOG"], "a") as log:  # one line per batch pre-commit runs
    log.write(f"{sum(a.endswith('.yaml') for a in sys.argv[1:])}\\n")
os.execv(sys.executable, [sys.executable, "-m", "gridsmith", *sys.argv[1:]])
"""


def _cross_folder_repo(tmp_path: Path, configured: bool) -> tuple[Path, Path]:
    """A content repository whose Pendulous scenarios (content/pendulous/, 12 of them: pre-commit
    splits them into batches) name a ruleset in content/rules/; configured, its pyproject.toml names
    `content` as the content root and excludes a broken draft folder."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "team-content"
    (repo / "content" / "pendulous").mkdir(parents=True)
    (repo / "content" / "rules").mkdir()
    shutil.copy(REPO / "content" / "pendulous" / "default.rules.yaml", repo / "content" / "rules" / "custom.rules.yaml")
    scenario = (REPO / "content" / "pendulous" / "duel.scn.yaml").read_text("utf-8")
    assert "ruleset: default\n" in scenario
    scenario = scenario.replace("ruleset: default\n", "ruleset: ../rules/custom.rules.yaml\n")
    for i in range(12):
        name = "custom" if i == 0 else f"map{i:02d}"
        (repo / "content" / "pendulous" / f"{name}.scn.yaml").write_text(scenario, encoding="utf-8")
    if configured:
        (repo / "pyproject.toml").write_text(
            '[tool.gridsmith]\ncontent-roots = ["content"]\nexclude = ["content/drafts"]\n', encoding="utf-8")
        (repo / "content" / "drafts").mkdir()
        (repo / "content" / "drafts" / "wip.scn.yaml").write_text("kind: pendulous.scenario\nversion: 1\nnmae: x\n")
    log = tmp_path / "batches.log"
    wrapper = tmp_path / "hook.py"
    wrapper.write_text(_WRAPPER, encoding="utf-8")
    entry = HOOK["entry"].split()
    local = {key: value for key, value in HOOK.items() if key not in ("language", "entry")}
    local.update(language="system", entry=" ".join([sys.executable, str(wrapper), *entry[1:]]))
    (repo / ".pre-commit-config.yaml").write_text(
        yaml.safe_dump({"repos": [{"repo": "local", "hooks": [local]}]}), encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    return repo, log


@pytest.mark.parametrize("configured", [False, True], ids=["repository-root", "pyproject"])
def test_cross_folder_references_pass_however_the_hook_is_batched(tmp_path, monkeypatch, configured):
    """`gridsmith validate content` is clean; so is the hook over every file in pre-commit's batches
    and over one changed file (`--files`): the content tree is the project's, not the batch's (no R609)."""
    repo, log = _cross_folder_repo(tmp_path, configured)
    monkeypatch.setenv("GRIDSMITH_HOOK_LOG", str(log))
    whole = subprocess.run([sys.executable, "-m", "gridsmith", "validate", "content"], cwd=repo,
                           capture_output=True, text=True)
    assert whole.returncode == 0, whole.stdout + whole.stderr
    everything = _pre_commit(repo, "--all-files")
    out = everything.stdout + everything.stderr
    assert everything.returncode == 0 and "R609" not in out, out
    batches = [int(n) for n in log.read_text().split()]
    assert sum(batches) == len(list(repo.rglob("*.yaml"))), batches  # every YAML file, each once
    if (os.cpu_count() or 1) > 1:  # pre-commit splits into one batch per core
        assert len(batches) > 1, batches
    log.unlink()
    one = _pre_commit(repo, "--files", "content/pendulous/custom.scn.yaml")
    out = one.stdout + one.stderr
    assert one.returncode == 0 and "R609" not in out, out
    assert log.read_text().split() == ["1"]


def test_each_file_gets_the_answer_it_gets_in_the_whole_tree(tmp_path):
    """Without pre-commit: every file alone, and the files in two arbitrary batches, give exactly
    the diagnostics the whole run gives, also for a file with problems."""
    repo, _ = _cross_folder_repo(tmp_path, configured=True)
    broken = repo / "content" / "pendulous" / "map05.scn.yaml"
    broken.write_text(broken.read_text("utf-8").replace("name: Two Fords", "nmae: Two Fords"), encoding="utf-8")

    def report(*files: str) -> list[dict]:
        proc = subprocess.run([sys.executable, "-m", "gridsmith", "validate", "--format", "json", *files],
                              cwd=repo, capture_output=True, text=True)
        return [d for d in __import__("json").loads(proc.stdout)["diagnostics"]]

    files = sorted(str(p.relative_to(repo)) for p in (repo / "content").rglob("*.scn.yaml") if "drafts" not in str(p))
    whole = report("content")
    assert whole and {d["code"] for d in whole} == {"S301", "S302"}, whole
    assert report(*files[:5]) + report(*files[5:]) == whole
    assert [d for f in files for d in report(f)] == whole


# --- the balance check hook (issue 33 item 5) -------------------------------------------------------
BALANCE = next(h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text("utf-8"))
               if h["id"] == "gridsmith-balance")


def test_the_balance_hook_fails_a_commit_that_moves_a_recorded_balance(tmp_path):
    """pre-commit runs `gridsmith-balance` on a content repository whose duel has a baseline: the
    unchanged duel passes, a duel edited so that gray always wins fails with what moved."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "balance-repo"
    (repo / "pendulous").mkdir(parents=True)
    duel = repo / "pendulous" / "duel.scn.yaml"
    shutil.copy(REPO / "content" / "pendulous" / "duel.scn.yaml", duel)
    (repo / "gridsmith.toml").write_text('content-roots = ["."]\n')
    subprocess.run([sys.executable, "-m", "gridsmith", "simulate", str(duel), "--games", "40", "--jobs", "1",
                    "--agent-seed", "2", "--no-progress", "--write-baseline",
                    str(repo / "pendulous" / "duel.scn.balance.json")], check=True, capture_output=True)
    entry = BALANCE["entry"].split()
    local = {key: value for key, value in BALANCE.items() if key not in ("language", "entry")}
    local.update(language="system", entry=" ".join([sys.executable, "-m", "gridsmith", *entry[1:], "--jobs", "1"]))
    (repo / ".pre-commit-config.yaml").write_text(
        yaml.safe_dump({"repos": [{"repo": "local", "hooks": [local]}]}), encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    proc = _pre_commit(repo, "--all-files")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    text = duel.read_text("utf-8")
    i = text.index("start_victory_points", text.index("start_victory_points") + 1)
    duel.write_text(text[:i] + "start_victory_points: 5000" + text[text.index("\n", i):], encoding="utf-8")
    _git(repo, "add", ".")
    proc = _pre_commit(repo, "--files", "pendulous/duel.scn.yaml")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "seat Gray Army" in out and "points, p = " in out and "Traceback" not in out
