"""What a finding suggests, read from its text: the "did you mean 'x'?" of an unknown key or kind
(formats.structure, formats.loader), the span of the YAML scalar a diagnostic points at, and the text
with that scalar replaced. Headless, so the language server (gridsmith lsp) offers the same one-click
fixes as the editor's text view without Qt; and the fixes a game declares for its own findings
(`declare_fix`), as edits of the file's scalars.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from . import registry
from .diagnostics import Path

_DID_YOU_MEAN = re.compile(r"did you mean (['\"])(.+?)\1\?")


def did_you_mean(message: str) -> str | None:
    """The name a "(did you mean 'x'?)" message suggests, or None."""
    m = _DID_YOU_MEAN.search(message)
    return m.group(2) if m else None


def token_span(line_text: str, col: int) -> tuple[int, int]:
    """[start, end) of the YAML scalar that starts at 0-based `col`: a quoted string with its quotes,
    or a plain scalar up to `: `, ` #`, a flow indicator or the end of the line."""
    if col >= len(line_text):
        return col, col
    q = line_text[col]
    if q in "'\"":
        end = line_text.find(q, col + 1)
        return col, (end + 1 if end >= 0 else len(line_text))
    end = col
    while end < len(line_text):
        ch = line_text[end]
        if ch in ",]}" or (ch == ":" and (end + 1 == len(line_text) or line_text[end + 1] in " \t")):
            break
        if ch == "#" and end > col and line_text[end - 1] in " \t":
            break
        end += 1
    return col, len(line_text[col:end].rstrip()) + col


def apply_fix(text: str, line: int, col: int, replacement: str) -> str:
    """`text` with the scalar at 1-based `line`, `col` replaced."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return text
    src = lines[line - 1]
    start, end = token_span(src, col - 1)
    lines[line - 1] = src[:start] + replacement + src[end:]
    return "\n".join(lines)


# --- fixes a game knows ----------------------------------------------------------------------------

#: an edit of a file: the document path of a scalar (formats.diagnostics.Path) and its new text
Edit = tuple[Path, str]
#: (the file's plain data, the finding's path) -> the edits that fix it (none: no fix this time)
TextFix = Callable[[Any, Path], list[Edit]]

_FIXES: dict[str, tuple[str, TextFix]] = {}


def declare_fix(code: str, title: str, fix: TextFix) -> None:
    """A game's one-click fix for its finding `code`, as edits of scalars (the language server's quick
    fix); `title` says what it does."""
    _FIXES[code] = (title, fix)


def fix_for(code: str) -> tuple[str, TextFix] | None:
    """(title, fix) declared for `code`, if any (the games' formats modules declare them when they load)."""
    registry.all_kinds()
    return _FIXES.get(code)
