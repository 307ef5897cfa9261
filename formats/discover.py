"""Which files `validate` checks: a named file always; in folders (recursively) every file with a
Gridsmith suffix, and other YAML only when it declares a Gridsmith `kind: GAME.KIND` (the rest —
other tools' YAML, a Kubernetes manifest's `kind: Deployment` — is skipped and counted)."""
from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import registry

#: a top-level `kind: GAME.KIND` (also with the key or value quoted, or after a UTF-8 BOM); a
#: misspelt Gridsmith kind still has this shape and gets checked, other tools' kinds do not
_KIND_LINE = re.compile(
    rb"^(?:\xef\xbb\xbf)?(?:kind|\"kind\"|'kind')[ \t]*:[ \t]*[\"']?([A-Za-z][\w-]*\.[A-Za-z][\w-]*)[\"']?[ \t\r]*(?:#|$)",
    re.MULTILINE,
)
_YAML = (".yaml", ".yml")


@dataclass
class Selection:
    files: list[Path] = field(default_factory=list)
    skipped: list[Path] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    #: files and folders left out by the project configuration's `exclude`
    excluded: list[Path] = field(default_factory=list)
    #: the kinds the chosen files' `kind:` lines declare (registered or not)
    kinds: set[str] = field(default_factory=set)


def select(paths: list[str], content_only: bool = False,
           excluded: Callable[[Path], bool] | None = None) -> Selection:
    """The files to check under `paths`. A file named is checked whatever its name, unless
    `content_only`: then it is chosen as a file found in a folder is (what a pre-commit hook wants,
    which passes every YAML file of a commit). Files and folders for which `excluded` is true (the
    configuration's `exclude`) are left out, named or found: a hook's answer is a folder walk's."""
    out = Selection()
    for raw in paths:
        p = Path(raw)
        if excluded is not None and p.exists() and excluded(p):
            out.excluded.append(p)
        elif p.is_file() and content_only:
            (out.files if _is_content(p, out.kinds) else out.skipped).append(p)
        elif p.is_file():
            out.files.append(p)
        elif p.is_dir():
            for root, dirs, names in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in ("node_modules", "__pycache__"))
                if excluded is not None:
                    out.excluded += [Path(root) / d for d in dirs if excluded(Path(root) / d)]
                    dirs[:] = [d for d in dirs if not excluded(Path(root) / d)]
                for name in sorted(names):
                    f = Path(root) / name
                    if not f.is_file():  # a named pipe or device would block the reader forever
                        continue
                    if excluded is not None and excluded(f):
                        out.excluded.append(f)
                        continue
                    if name.endswith(_YAML):
                        (out.files if _is_content(f, out.kinds) else out.skipped).append(f)
        else:
            out.missing.append(raw)
    out.files = _unique(out.files)  # `validate content content/x.scn.yaml` checks x once
    out.skipped = _unique(out.skipped)
    return out


def _unique(paths: list[Path]) -> list[Path]:
    seen: set[str] = set()
    out: list[Path] = []
    for p in paths:
        real = os.path.realpath(p)
        if real not in seen:
            seen.add(real)
            out.append(p)
    return out


def _is_content(path: Path, kinds: set[str]) -> bool:
    """A YAML file that declares a Gridsmith kind (added to `kinds`), or has the suffix of one (every
    suffix is a YAML one, formats.registry). The `kind:` line first: the suffixes need every game's
    kinds loaded, which a tree of one game's files (all declaring their kinds) then never pays for."""
    return path.name.endswith(_YAML) and (_declares_kind(path, kinds) or path.name.endswith(registry.known_suffixes()))


def _declares_kind(path: Path, kinds: set[str] | None = None) -> bool:
    try:
        with open(path, "rb") as f:
            head = f.read(64 * 1024)
    except OSError:
        return True  # let validation report why it cannot be read
    m = _KIND_LINE.search(head)
    if m is not None and kinds is not None:
        kinds.add(m.group(1).decode("ascii"))
    return m is not None
