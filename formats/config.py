"""The project configuration, found the way ruff and pytest find theirs: from a checked file's folder
upwards, the first `gridsmith.toml`, or `pyproject.toml` with a `[tool.gridsmith]` table (a
`pyproject.toml` without one is passed over). Every command reads it (validate, play, replay,
simulate, edit), so a file means the same thing to each of them::

    [tool.gridsmith]
    content-roots = ["content"]            # where references may lead (default: this folder)
    exclude = ["content/drafts/**"]        # never checked, named or found in a folder
    allow-outside-references = ["../shared/**"]   # or true: every reference may leave the roots
    [tool.gridsmith.severity]              # per code: "error", "warning" or "off"
    PND410 = "error"
    [tool.gridsmith.per-file-severity]     # per path glob, then per code
    "content/tutorial/**" = { PND409 = "off" }

Paths and globs are relative to the configuration's folder; `**` spans folders, `*` and `?` stay
within one name, a glob without `/` matches a name at any depth, and a glob matching a folder
covers everything in it.

A file's configuration depends only on where the file is, never on which other files are checked
with it: the hook gives the same answer however pre-commit splits a commit into batches. Without a
configuration the content root is the repository's root (the folder holding `.git`); outside any
repository, the folders named on the command line (`Config.root` is None).
"""
from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from .diagnostics import Diagnostic, Problem, Severity, safe_text
from .errors import FormatError

CONFIG_NAMES = ("gridsmith.toml", "pyproject.toml")  # in one folder, gridsmith.toml wins
SEVERITIES = ("error", "warning", "off")
_KEYS = ("content-roots", "exclude", "allow-outside-references", "severity", "per-file-severity")
_CODE = re.compile(r"^[A-Z]{1,3}\d{3}$")
#: what a configuration's severities apply to: located diagnostics and the editor's problems
Finding = TypeVar("Finding", Diagnostic, Problem)


class ConfigError(FormatError):
    """A configuration file that cannot be used; the message names the file and the key."""


def _glob_regex(glob: str) -> str:
    out, i = [], 0
    while i < len(glob):
        if glob.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif glob.startswith("**", i):
            out.append(".*")
            i += 2
        elif glob[i] == "*":
            out.append("[^/]*")
            i += 1
        elif glob[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(glob[i]))
            i += 1
    return "".join(out)


@dataclass(frozen=True)
class Globs:
    """Path globs relative to `base` (see the module docstring for their rules)."""

    base: Path
    patterns: tuple[str, ...] = ()

    def match(self, path: str | os.PathLike[str]) -> bool:
        """True when `path` (or a folder holding it) matches one of the globs."""
        if not self.patterns:
            return False
        pathed, bare = _compiled(self.patterns)
        parts = os.path.relpath(os.path.abspath(path), self.base).replace(os.sep, "/").split("/")
        if pathed is not None and any(pathed.fullmatch("/".join(parts[:n])) for n in range(1, len(parts) + 1)):
            return True
        return bare is not None and any(bare.fullmatch(part) for part in parts)


@lru_cache(maxsize=256)
def _compiled(patterns: tuple[str, ...]) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    """(the globs with a `/`, matched from the base; those without, matched against each name)."""
    cleaned = [p.removeprefix("./").rstrip("/") or "." for p in patterns]
    pathed = [_glob_regex(p) for p in cleaned if "/" in p or p.startswith("**")]
    bare = [_glob_regex(p) for p in cleaned if not ("/" in p or p.startswith("**"))]

    def one(regexes: list[str]) -> re.Pattern[str] | None:
        return re.compile("|".join(f"(?:{r})" for r in regexes)) if regexes else None

    return one(pathed), one(bare)


@dataclass(frozen=True)
class Config:
    """The configuration that applies to a file (`file` None: none was found, defaults apply)."""

    file: Path | None = None
    #: the project's folder: the configuration's, else the repository's; None outside both
    root: Path | None = None
    content_roots: tuple[Path, ...] = ()
    exclude: Globs | None = None
    #: True: any reference may leave the content roots; globs: these places may be named
    allow_outside: bool = False
    allowed: Globs | None = None
    severity: tuple[tuple[str, str], ...] = ()
    per_file: tuple[tuple[Globs, tuple[tuple[str, str], ...]], ...] = ()

    def excluded(self, path: str | os.PathLike[str]) -> bool:
        return self.exclude is not None and self.exclude.match(path)

    def severity_of(self, d: Diagnostic) -> str:
        """"error", "warning" or "off" for diagnostic `d` of a file this configuration covers."""
        return self._level(d.code, d.severity.value, d.file)

    def _level(self, code: str, level: str, file: str | os.PathLike[str] | None) -> str:
        for configured, value in self.severity:
            if configured == code:
                level = value
        for globs, rules in self.per_file:
            if file is not None and globs.match(file):
                for configured, value in rules:
                    if configured == code:
                        level = value
        return level

    def apply(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        """`diagnostics` with the configured severities: raised, lowered, or left out ("off")."""
        return self._applied(diagnostics, lambda d: d.file)

    def apply_problems(self, problems: Iterable[Problem], file: str | os.PathLike[str] | None) -> list[Problem]:
        """The same for the position-free problems of the file `file` (the editor's live validation)."""
        return self._applied(problems, lambda _: file)

    def _applied(self, found: Iterable[Finding], file_of: Callable[[Finding], str | os.PathLike[str] | None]
                 ) -> list[Finding]:
        if not (self.severity or self.per_file):
            return list(found)
        out = []
        for f in found:
            level = self._level(f.code, f.severity.value, file_of(f))
            if level != "off":
                out.append(f if level == f.severity.value else replace(f, severity=Severity(level)))
        return out


# --- finding the configuration --------------------------------------------------------------------


def for_path(path: str | os.PathLike[str]) -> Config:
    """The configuration of the file or folder at `path`: the nearest one above it."""
    p = Path(os.path.abspath(path))
    return _for_folder(p if p.is_dir() else p.parent)


def for_paths(paths: Iterable[str | os.PathLike[str]]) -> Config:
    """The one configuration of `paths` (a command's files): the first path's; ConfigError when they
    lie under different configurations (a command checks one project at a time)."""
    found = {for_path(p) for p in paths}
    if len(found) > 1:
        names = sorted(safe_text(c.file or c.root or "(none)") for c in found)
        raise ConfigError("the files belong to different projects: " + ", ".join(names))
    return found.pop() if found else Config()


_GENERATION = [0]


def clear_cache() -> None:
    """Forget the configurations read (a test or the editor changed one on disk)."""
    _GENERATION[0] += 1
    _for_folder.cache_clear()


def generation() -> int:
    """How many times the configurations were forgotten (`clear_cache`): what remembers an outcome
    that depended on a configuration (formats.references' reference followed outside a session)
    keys it by this."""
    return _GENERATION[0]


@lru_cache(maxsize=1024)
def _for_folder(folder: Path) -> Config:
    repo: Path | None = None
    for d in (folder, *folder.parents):
        for name in CONFIG_NAMES:
            candidate = d / name
            if candidate.is_file():
                table = _table(candidate)
                if table is not None:
                    return _parse(candidate, table)
        if repo is None and (d / ".git").exists():
            repo = d
    return Config(root=repo, content_roots=(repo,) if repo is not None else ())


def _table(file: Path) -> dict[str, Any] | None:
    try:
        with open(file, "rb") as f:
            data = tomllib.load(f)
    except OSError as e:
        raise ConfigError(f"{safe_text(file)}: cannot read: {e.strerror or e}") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{safe_text(file)}: not valid TOML: {e}") from None
    if file.name == "pyproject.toml":
        tool = data.get("tool")
        table = tool.get("gridsmith") if isinstance(tool, dict) else None
        return table if isinstance(table, dict) else None
    return data


def _parse(file: Path, table: dict[str, Any]) -> Config:
    where = f"{safe_text(file)}: " + ("[tool.gridsmith]" if file.name == "pyproject.toml" else "")

    def bad(message: str) -> ConfigError:
        return ConfigError(f"{where} {message}".replace(":  ", ": "))

    for key in table:
        if key not in _KEYS:
            raise bad(f"unknown key {key!r} (known: {', '.join(_KEYS)})")
    base = file.parent.resolve()

    def strings(key: str, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise bad(f"{key} must be a list of paths or globs")
        return tuple(value)

    def levels(key: str, value: Any) -> tuple[tuple[str, str], ...]:
        if not isinstance(value, dict):
            raise bad(f"{key} must be a table of CODE = \"error\" | \"warning\" | \"off\"")
        for code, level in value.items():
            if not _CODE.match(code):
                raise bad(f"{key}: {code!r} is not a diagnostic code (such as PND409)")
            if level not in SEVERITIES:
                raise bad(f"{key}.{code} must be one of {', '.join(map(repr, SEVERITIES))}, not {level!r}")
        return tuple(value.items())

    roots = strings("content-roots", table.get("content-roots", ["."]))
    outside = table.get("allow-outside-references", False)
    allowed: Globs | None = None
    if isinstance(outside, list):
        allowed = Globs(base, strings("allow-outside-references", outside))
        outside = False
    elif not isinstance(outside, bool):
        raise bad("allow-outside-references must be true, false or a list of paths or globs")
    per_file = table.get("per-file-severity", {})
    if not isinstance(per_file, dict):
        raise bad("per-file-severity must be a table of \"GLOB\" = { CODE = \"off\" }")
    return Config(
        file=file, root=base,
        content_roots=tuple(Path(os.path.normpath(base / r)) for r in roots),
        exclude=Globs(base, strings("exclude", table.get("exclude", []))),
        allow_outside=outside, allowed=allowed,
        severity=levels("severity", table.get("severity", {})),
        per_file=tuple((Globs(base, (glob,)), levels(f"per-file-severity.{glob!r}", rules))
                       for glob, rules in per_file.items()),
    )


__all__ = ["Config", "ConfigError", "Globs", "clear_cache", "for_path", "for_paths", "generation"]
