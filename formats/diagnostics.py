"""Diagnostics: what validation reports, in the compiler style `file:line:col: severity CODE: message`.

Checks that know nothing about positions (semantic checks, playability lints) report a `Problem`
with a *path* into the document (keys and indices, e.g. ``("map", 3, 7)`` = row 3, character 7).
The loader turns paths into line and column using the YAML tree; the editor turns the same paths
into a map square or a settings field. Codes are stable: they are documented in docs/formats.md and
never reused for another meaning.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Union

PathItem = Union[str, int]
Path = tuple[PathItem, ...]


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """A position-free finding of a check: the loader locates it."""

    code: str
    message: str
    path: Path = ()
    severity: Severity = Severity.ERROR
    #: for a problem on a key itself (an unknown key), not on its value
    on_key: bool = False


@dataclass(frozen=True, order=True)
class Diagnostic:
    file: str
    line: int  # 1-based
    col: int  # 1-based
    severity: Severity = field(compare=False)
    code: str
    message: str = field(compare=False)
    path: Path = field(default=(), compare=False)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def format_text(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.severity.value} {self.code}: {self.message}"

    def format_github(self) -> str:
        # GitHub workflow command: the message escapes %, CR and LF; properties also `:` and `,`
        level = "error" if self.is_error else "warning"
        return (f"::{level} file={_gh_property(self.file)},line={self.line},col={self.col},"
                f"title={_gh_property(self.code)}::{_gh_data(self.message)}")

    def to_json(self) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "col": self.col,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "path": list(self.path),
        }


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def has_errors(diagnostics: list[Diagnostic]) -> bool:
    return any(d.is_error for d in diagnostics)
