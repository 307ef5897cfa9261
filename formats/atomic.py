"""Atomic saving: the file on disk is always either the old version or the new one, never half.

Write a temporary file in the same folder (same filesystem, so the rename is atomic), fsync it,
rename it over the target, fsync the folder so the rename itself survives a power cut.
"""
from __future__ import annotations

import os
import shutil
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
    """Several text files written all or none. Each goes to a temporary file next to its target first
    (a folder that cannot be written, a full disk: OSError, every temporary file removed, no target
    touched); each existing target is kept under a second name (a hard link, no copy); then the
    temporary files are renamed over their targets. When a rename fails (or Ctrl+C comes between
    two), the targets already replaced get their kept versions back, new ones are removed, and every
    temporary file and kept name is removed: the files are as they were, and the error is raised."""
    temps: list[tuple[Path, str]] = []
    kept: dict[Path, str | None] = {}  # target -> the name its old version is kept under (None: new file)

    def discard() -> None:  # every temporary file and kept name
        for name in [tmp for _, tmp in temps] + [old for old in kept.values() if old is not None]:
            _remove(name)

    try:
        for path, text in files.items():
            temps.append(_temp_copy(path, text.encode("utf-8")))
        for target, _ in temps:
            kept[target] = _keep(target)
    except BaseException:
        discard()
        raise
    done: list[Path] = []
    try:
        for target, tmp in temps:
            os.replace(tmp, target)
            done.append(target)
    except BaseException:
        for target in reversed(done):  # back to the old versions
            old = kept[target]
            if old is not None:
                os.replace(old, target)
            else:
                _remove(str(target))
        discard()
        raise
    discard()
    for folder in dict.fromkeys(target.parent for target, _ in temps):
        _fsync_dir(folder)


def _keep(target: Path) -> str | None:
    """A second name for the file at `target` (a hard link next to it), or None when there is none."""
    if not target.exists():
        return None
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent)
    os.close(fd)
    os.unlink(name)
    try:
        os.link(target, name)
    except OSError:  # a filesystem without hard links: a copy
        shutil.copy2(target, name)
    return name


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
