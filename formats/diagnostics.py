"""Diagnostics: what validation reports, in the compiler style `file:line:col: severity CODE: message`.

Checks that know nothing about positions (semantic checks, playability lints) report a `Problem`
with a *path* into the document (keys and indices, e.g. ``("map", 3, 7)`` = row 3, character 7).
The loader turns paths into line and column using the YAML tree; the editor turns the same paths
into a map square or a settings field. Codes are stable: they are documented in docs/formats.md and
never reused for another meaning.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Any, Union

PathItem = Union[str, int]
Path = tuple[PathItem, ...]


#: messages longer than this are cut (a message quotes at most short pieces of the file)
MAX_MESSAGE_CHARS = 400

#: characters that must never reach a terminal, a CI log or a widget as they are: C0 and C1
#: controls (terminal escape sequences, carriage returns that overwrite the line), DEL, line and
#: paragraph separators, bidirectional formatting (Trojan Source: text that displays in another
#: order than it reads), and lone surrogates (not encodable as UTF-8)
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def safe_text(text: Any, limit: int | None = None) -> str:
    """`text` fit to print anywhere: unsafe characters shown as `\\x1b` / `\\u202e` escapes,
    cut to `limit` characters with `...`. The one escaping function of every output (text, JSON,
    GitHub annotations) and of the editor's problems panel."""
    out = _UNSAFE.sub(_escape, str(text))
    if limit is not None and len(out) > limit:
        out = out[: max(0, limit - 3)] + "..."
    return out


def shown(value: Any, quote: bool = True, limit: int = 60) -> str:
    """A value from a file quoted for a message: escaped and cut short (a hostile file may put a
    megabyte there)."""
    text = safe_text(value, limit)
    return f"'{text}'" if quote else text


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

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", safe_text(self.message, MAX_MESSAGE_CHARS))


@dataclass(frozen=True, order=True)
class Diagnostic:
    file: str
    line: int  # 1-based
    col: int  # 1-based
    severity: Severity = field(compare=False)
    code: str
    message: str = field(compare=False)
    path: Path = field(default=(), compare=False)
    #: where the located part ends (1-based, the column after its last character), when known
    end_line: int | None = field(default=None, compare=False)
    end_col: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", safe_text(self.message, MAX_MESSAGE_CHARS))

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def format_text(self) -> str:
        return f"{safe_text(self.file)}:{self.line}:{self.col}: {self.severity.value} {self.code}: {self.message}"

    def format_github(self) -> str:
        # GitHub workflow command: the message escapes %, CR and LF; properties also `:` and `,`
        level = "error" if self.is_error else "warning"
        end = f"endLine={self.end_line},endColumn={self.end_col}," if self.end_line is not None else ""
        return (f"::{level} file={_gh_property(safe_text(self.file))},line={self.line},col={self.col},{end}"
                f"title={_gh_property(f'gridsmith ({self.code})')}::{_gh_data(self.message)}")

    def to_json(self) -> dict[str, Any]:
        """The diagnostic as JSON data: the file name and the path exactly as they are (JSON can
        carry any text; the message is already safe)."""
        out: dict[str, Any] = {"file": self.file, "line": self.line, "col": self.col}
        if self.end_line is not None:
            out.update(end_line=self.end_line, end_col=self.end_col)
        out.update(severity=self.severity.value, code=self.code, message=self.message, path=list(self.path))
        return out


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def has_errors(diagnostics: list[Diagnostic]) -> bool:
    return any(d.is_error for d in diagnostics)
