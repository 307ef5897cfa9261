"""Checking the paths named on the command line before any work is done: a file to read must be a
regular, readable file; a file to write must have an existing, writable folder and must not be a
folder or a special file. Each problem is one line on stderr and `CommandFailed(2)` (a usage error,
docs/commands.md): a named pipe or /dev/null is called what it is, never "no such file"."""
from __future__ import annotations

import errno
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import NoReturn

from gridsmith.formats.diagnostics import safe_text


class CommandFailed(Exception):
    """A command stops: `code` is its exit status (1 problems, 2 usage); what went wrong is printed."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


#: what a non-regular file is, by its stat type
_SPECIAL = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


def _stat_problem(path: str) -> tuple[os.stat_result | None, str | None]:
    """(stat, None) of an existing path, or (None, why it cannot be used)."""
    try:
        return os.stat(path), None
    except ValueError:  # an embedded NUL byte
        return None, "contains a NUL byte"
    except OSError as e:
        if e.errno == errno.ENOENT:
            return None, "no such file" if not os.path.islink(path) else "is a symbolic link to nothing"
        if e.errno == errno.ELOOP:
            return None, "is a symbolic link loop"
        if e.errno == errno.ENAMETOOLONG:
            return None, "is too long a file name"
        if e.errno == errno.ENOTDIR:
            return None, "has a file where a folder should be"
        return None, e.strerror or str(e)


def kind_of(st: os.stat_result) -> str | None:
    """What a non-regular file is ("a named pipe (FIFO)", "a folder", ...), None for a regular file."""
    return next((name for test, name in _SPECIAL if test(st.st_mode)), None)


def shown(path: str | os.PathLike[str]) -> str:
    """A path as a message prints it: control and bidi characters escaped (formats.diagnostics'
    one escaping function), bounded in length (its end kept: the file name)."""
    text = safe_text(os.fspath(path))
    return text if len(text) <= 200 else text[:120] + "..." + text[-40:]


def fail(command: str, message: str, code: int = 2) -> NoReturn:
    print(f"gridsmith {command}: {message}", file=sys.stderr)
    raise CommandFailed(code)


def check_input(command: str, path: str, folders: bool = False) -> Path:
    """`path` as a file this command can read (or a folder, with `folders`), else CommandFailed(2)."""
    st, why = _stat_problem(path)
    if st is None:
        if why == "no such file":
            fail(command, f"no such file{' or folder' if folders else ''}: {shown(path)}")
        fail(command, f"{shown(path)} {why}")
    what = kind_of(st)
    if what == "a folder" and folders:
        if not os.access(path, os.R_OK | os.X_OK):
            fail(command, f"cannot read the folder {shown(path)}: permission denied")
        return Path(path)
    if what is not None:
        fail(command, f"{shown(path)} is {what}, not a content file")
    if not os.access(path, os.R_OK):
        fail(command, f"cannot read {shown(path)}: permission denied")
    return Path(path)


def check_inputs(command: str, paths: list[str], folders: bool = False) -> None:
    """Every path checked (each refusal says why), then CommandFailed(2) if any was refused: nothing
    is worked on, so a CI run given a wrong path never looks clean."""
    refused = 0
    for path in paths:
        try:
            check_input(command, path, folders)
        except CommandFailed:
            refused += 1
    if refused:
        raise CommandFailed(2)


def check_output(command: str, path: str, option: str, overwrite: bool = True) -> Path:
    """`path` as a file this command can write later (its folder exists and is writable; it is not a
    folder or a special file; with `overwrite` False, it does not exist), else CommandFailed(2).
    Called before the work, so nothing is lost: `play --save` checks before the game is played."""
    out = Path(path)
    if not path or path.endswith(("/", os.sep)):
        fail(command, f"{option} needs a file name, not a folder: {shown(path)}")
    folder = out.parent if str(out.parent) else Path(".")
    st, why = _stat_problem(str(folder))
    if st is None:
        fail(command, f"{option} {shown(path)}: the folder {shown(folder)} "
                      + ("does not exist" if why == "no such file" else why))
    if kind_of(st) != "a folder":
        fail(command, f"{option} {shown(path)}: {shown(folder)} is not a folder")
    _probe_write(command, folder, f"{option} {shown(path)}")
    target, why = _stat_problem(path)
    if target is not None:
        what = kind_of(target)
        if what is not None:
            fail(command, f"{option} {shown(path)} is {what}; give a file name")
        if not overwrite:
            fail(command, f"{shown(path)} exists; not overwriting it")
        if not os.access(path, os.W_OK):
            fail(command, f"{option} {shown(path)}: the file is read-only")
    elif why != "no such file":
        fail(command, f"{option} {shown(path)} {why}")
    return out


def check_folder(command: str, path: str, option: str) -> Path:
    """`path` as a folder this command may write into (it may not exist yet; what exists of it is a
    writable folder), else CommandFailed(2)."""
    p = Path(path)
    existing = next((q for q in [p, *p.parents] if os.path.lexists(q)), Path("."))
    st, why = _stat_problem(str(existing))
    if st is None:
        fail(command, f"{option} {shown(path)}: {shown(existing)} {why}")
    if kind_of(st) != "a folder":
        fail(command, f"{option} {shown(path)}: {shown(existing)} is not a folder")
    _probe_write(command, existing, f"{option} {shown(path)}")
    return p


def _probe_write(command: str, folder: Path, what: str) -> None:
    """Create and remove a file in `folder`: the one sure test that a file can be written there
    (permissions, a read-only mount, /proc, and root, whom os.access always lets through)."""
    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".gridsmith-probe-"):
            pass
    except OSError as e:
        fail(command, f"{what}: cannot write in the folder {shown(folder)} ({(e.strerror or str(e)).lower()})")
