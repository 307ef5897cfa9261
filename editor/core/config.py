"""Persistent editor settings (recent files, options) in QSettings.

$GRIDSMITH_CONFIG_DIR puts them in an INI file in that folder (tests, portable installs).
"""
from __future__ import annotations

import os

from PySide6.QtCore import QSettings

MAX_RECENT = 10


def settings() -> QSettings:
    folder = os.environ.get("GRIDSMITH_CONFIG_DIR")
    if folder:
        return QSettings(os.path.join(folder, "gridsmith.ini"), QSettings.Format.IniFormat)
    return QSettings("Gridsmith", "Gridsmith")


def recent_files() -> list[str]:
    value = settings().value("recent_files", [])
    if isinstance(value, str):
        value = [value]
    return [v for v in (value or []) if v]


def add_recent(path: str) -> list[str]:
    files = [path] + [p for p in recent_files() if p != path]
    files = files[:MAX_RECENT]
    s = settings()
    s.setValue("recent_files", files)
    s.sync()
    return files


def remove_recent(path: str) -> list[str]:
    files = [p for p in recent_files() if p != path]
    s = settings()
    s.setValue("recent_files", files)
    s.sync()
    return files
