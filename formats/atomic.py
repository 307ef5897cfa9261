"""Atomic saving: the file on disk is always either the old version or the new one, never half.

Write a temporary file in the same folder (same filesystem, so the rename is atomic), fsync it,
rename it over the target, fsync the folder so the rename itself survives a power cut.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    target, tmp = _temp_copy(path, data)
    try:
        os.replace(tmp, target)
    except BaseException:
        _remove(tmp)
        raise
    _fsync_dir(target.parent)


def atomic_write_all(files: Mapping[str | os.PathLike[str], str]) -> None:
    """Several text files written all or none: each goes to a temporary file next to its target first
    (a folder that cannot be written, a full disk: OSError, every temporary file removed, no target
    touched), then each is renamed over its target (a rename within a folder does not fail half-way)."""
    temps: list[tuple[Path, str]] = []
    try:
        for path, text in files.items():
            temps.append(_temp_copy(path, text.encode("utf-8")))
    except BaseException:
        for _, tmp in temps:
            _remove(tmp)
        raise
    for target, tmp in temps:
        os.replace(tmp, target)
    for folder in dict.fromkeys(target.parent for target, _ in temps):
        _fsync_dir(folder)


def _temp_copy(path: str | os.PathLike[str], data: bytes) -> tuple[Path, str]:
    """(the real target, a temporary file next to it holding `data`, synced, with the target's mode)."""
    # through a symbolic link: replace the file it points to, not the link with a copy
    target = Path(os.path.realpath(path))
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            os.chmod(tmp, os.stat(target).st_mode & 0o7777)
        except FileNotFoundError:
            os.chmod(tmp, 0o666 & ~_umask())
    except BaseException:
        _remove(tmp)
        raise
    return target, tmp


def _remove(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
