"""Layering (DESIGN.md): formats <- engine <- editor. Nothing under formats/ or engine/ imports PySide6
(or the editor). The import statements (inside functions too) are import-linter's contracts in
pyproject.toml, run by `make contracts`; this file checks what a static reading cannot see (a module
named in a string, a dependency that drags Qt in) by importing every module in a fresh interpreter and
looking at sys.modules, and that the shared cores name no game."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path


REPO = Path(__file__).resolve().parents[2]
HEADLESS = ("formats", "engine")
FORBIDDEN = ("PySide6", "PyQt5", "PyQt6", "shiboken6", "editor")


def _sources() -> list[Path]:
    return sorted(p for pkg in HEADLESS for p in (REPO / pkg).rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = ["gridsmith", *path.relative_to(REPO).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def test_there_is_something_to_check():
    assert len(_sources()) > 10


def test_importing_every_headless_module_loads_no_qt():
    modules = sorted({_module_name(p) for p in _sources()})
    code = f"""
import importlib, json, sys, traceback
failed = {{}}
for name in {modules!r}:
    try:
        importlib.import_module(name)
    except Exception:
        failed[name] = traceback.format_exc(limit=1)
qt = sorted(m for m in sys.modules if m.split('.')[0] in {list(FORBIDDEN)!r} or m.startswith('gridsmith.editor'))
print(json.dumps({{"qt": qt, "failed": failed}}))
"""
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["qt"] == []
    assert result["failed"] == {}


# ---- the shared cores name no game (issue 9: adding a game is a package per layer plus entry points)
GAME_NAMES = ("pendulous", "pyramids", "cheops", "kongbots", "circuit war", "circuitwar", "circuit_war", "pendulum")
SHARED = [*(REPO / "formats").glob("*.py"), *(REPO / "engine" / "core").glob("*.py"),
          *(REPO / "editor" / "core").glob("*.py"), *(REPO / "gridsmith").glob("*.py")]
#: presentation, not dispatch: the About box credits each game's authors by name
CREDITS = {REPO / "editor" / "core" / "about.py"}


def _code_words(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every identifier and string literal that is not a docstring."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            out.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            out.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            out.append((node.lineno, node.attr))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            out += [(node.lineno, f"{getattr(node, 'module', '') or ''}.{a.name}") for a in node.names]
    return out


def test_shared_modules_name_no_game():
    assert len(SHARED) > 20
    bad = [f"{p.relative_to(REPO)}:{line}: {text[:60]!r}" for p in SHARED if p not in CREDITS
           for line, text in _code_words(p) if any(g in text.lower() for g in GAME_NAMES)]
    assert bad == []


def test_the_game_name_scan_sees_strings_and_imports(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text('"""Docstrings may mention Pendulous."""\nimport gridsmith.engine.pyramids\nx = "kongbots.bot"\n')
    assert [t for _, t in _code_words(probe) if any(g in t.lower() for g in GAME_NAMES)] == [
        ".gridsmith.engine.pyramids", "kongbots.bot"]


def test_the_command_line_contract_names_every_command_line_module():
    """import-linter's "the layers never import the command line" lists gridsmith/'s modules (a
    wildcard would take in the layers too); a new module there must join it."""
    import tomllib

    contracts = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["importlinter"]["contracts"]
    [contract] = [c for c in contracts if c["name"] == "the layers never import the command line"]
    modules = {f"gridsmith.{p.stem}" for p in (REPO / "gridsmith").glob("*.py") if p.stem not in ("__init__", "__main__")}
    assert set(contract["forbidden_modules"]) == modules
