"""Installs anywhere (issue 9 items 1, 5, 6): the wheel's only top-level import name is `gridsmith`;
installed non-editable into a fresh virtual environment (its dependencies only: no Qt, no dev
tools) and run from a folder outside the checkout, every command works on a copy of the bundled
content. CI runs this as part of the suite (.ci/run). It reuses pip's cache: the dependencies are
installed from the wheel's own metadata, the wheel itself with --no-deps."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _run(*cmd, cwd=None, ok=True) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "GRIDSMITH_CONTENT")}
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, timeout=600, env=env)
    if ok:
        assert proc.returncode == 0, f"{cmd}:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    return proc


@pytest.fixture(scope="module")
def install(tmp_path_factory):
    work = tmp_path_factory.mktemp("install")
    src = work / "src"  # a clean copy: no build/ or egg-info of the editable install leaks in
    shutil.copytree(REPO, src, ignore=shutil.ignore_patterns(".venv*", ".git", "build", "*.egg-info", "__pycache__",
                                                             ".pytest_cache", "dist"))
    # the build backend of this environment (the dev extra pins setuptools as pyproject's build-system)
    _run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", work / "dist", src)
    wheel = next((work / "dist").glob("gridsmith-*.whl"))
    _run(sys.executable, "-m", "venv", "--without-pip", work / "venv")  # this pip installs into it (--python)
    bindir = work / "venv" / ("Scripts" if os.name == "nt" else "bin")
    py = bindir / "python"
    with zipfile.ZipFile(wheel) as z:
        meta = Parser().parsestr(z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode())
    deps = [d for d in meta.get_all("Requires-Dist") or [] if "extra ==" not in d]
    pip = [sys.executable, "-m", "pip", "--python", py, "install", "--quiet", "--disable-pip-version-check"]
    _run(*pip, *deps)
    _run(*pip, "--no-deps", wheel)
    home = work / "elsewhere"  # a folder outside the checkout
    home.mkdir()
    shutil.copytree(REPO / "content", home / "content")
    return {"wheel": wheel, "py": py, "gridsmith": bindir / "gridsmith", "home": home}


def test_the_wheel_has_one_top_level_name(install):
    with zipfile.ZipFile(install["wheel"]) as z:
        top = {n.split("/", 1)[0] for n in z.namelist()}
    assert {t for t in top if not t.endswith(".dist-info")} == {"gridsmith"}
    with zipfile.ZipFile(install["wheel"]) as z:
        names = z.namelist()
    assert any(n.startswith("gridsmith/content/pyramids/") for n in names)
    assert any(n.startswith("gridsmith/formats/schemas/") and n.endswith(".json") for n in names)


def test_the_base_install_has_no_qt_and_edit_says_how_to_get_it(install):
    probe = _run(install["py"], "-c", "import importlib.util as u; print(u.find_spec('PySide6') is None)")
    assert probe.stdout.strip() == "True"
    proc = _run(install["gridsmith"], "edit", cwd=install["home"], ok=False)
    assert proc.returncode == 2 and "gridsmith[editor]" in proc.stderr and proc.stderr.count("\n") == 1


def test_validate_a_copy_of_the_content_and_check_the_schemas(install):
    proc = _run(install["gridsmith"], "validate", "content", cwd=install["home"])
    assert " 0 error(s), 0 warning(s)" in proc.stdout
    _run(install["gridsmith"], "schema", "--check", cwd=install["home"])


def test_new_writes_a_valid_file_of_every_kind(install):
    listing = _run(install["gridsmith"], "new", "--help", cwd=install["home"]).stdout.split("kinds:", 1)[1]
    kinds = [line.split()[0] for line in listing.splitlines() if line.strip()]
    out = install["home"] / "new"
    out.mkdir()
    _run(install["gridsmith"], "schema", "--write", install["home"] / "schemas", cwd=install["home"])
    for kind in kinds:
        _run(install["gridsmith"], "new", kind, "-o", out / f"new.{kind}.yaml", cwd=install["home"])
        first = (out / f"new.{kind}.yaml").read_text().splitlines()[0]
        assert first.endswith(f"=../schemas/{kind}.v1.json")
    assert len(kinds) >= 8
    assert " 0 error(s), 0 warning(s)" in _run(install["gridsmith"], "validate", out, cwd=install["home"]).stdout


def test_play_replay_and_simulate_from_another_folder(install):
    g, home = install["gridsmith"], install["home"]
    _run(g, "play", "content/pendulous/duel.scn.yaml", "--seats", "greedy", "--seed", "2", "--save", "d.sav.yaml", cwd=home)
    assert "position matches the snapshot" in _run(g, "replay", "d.sav.yaml", cwd=home).stdout
    _run(g, "play", "content/pyramids/sample.scn.yaml", "--seats", "random", "--save", "p.sav.yaml", cwd=home)
    assert "replay to the snapshot" in _run(g, "replay", "-q", "p.sav.yaml", cwd=home).stdout
    sub = home / "content" / "pyramids"  # references resolve against the file's folder, not the working one
    sim = _run(g, "simulate", sub / "sample.scn.yaml", "-n", "2", "--seats", "random", "--jobs", "1", "--no-progress",
               cwd=install["home"].parent)
    assert "2 games, 0 errors" in sim.stdout
