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
