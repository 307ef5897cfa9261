"""Autosave and crash recovery: a crash loses at most one autosave interval of work.

Every running editor owns a *session file* `session-<pid>.json` in the recovery folder, listing its
modified documents; each one's current text is written next to it (atomically) every interval.
A clean exit deletes the session. At start-up, a session whose process is gone is an orphan: the
editor offers its documents for recovery.

The folder is $GRIDSMITH_RECOVERY_DIR, else the platform's app-data folder + /recovery;
$GRIDSMITH_AUTOSAVE_MS overrides the interval (default 30 s).
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QTimer

from gridsmith.formats.atomic import atomic_write_text

DEFAULT_INTERVAL_MS = 30_000


def recovery_dir() -> Path:
    env = os.environ.get("GRIDSMITH_RECOVERY_DIR")
    if env:
        return Path(env)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppLocalDataLocation)
    return Path(base or Path.home() / ".gridsmith") / "recovery"


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    # a zombie (killed, not yet reaped by its parent) is dead for our purposes
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][:1] != "Z"
    except (OSError, IndexError):
        return True


@dataclass
class Recoverable:
    session: Path
    text_file: Path
    kind: str
    original: str | None  # the file the document was opened from, if any
    title: str
    saved_at: float


class Autosaver(QObject):
    def __init__(self, documents, folder: Path | None = None, interval_ms: int | None = None, parent=None):
        """`documents` is a callable returning the open EditorDocuments."""
        super().__init__(parent)
        self.documents = documents
        self.folder = Path(folder) if folder else recovery_dir()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.session = self.folder / f"session-{os.getpid()}.json"
        self._ids: dict[int, str] = {}
        self._written: dict[str, int] = {}  # doc id -> undo index at the last autosave
        interval = interval_ms or int(os.environ.get("GRIDSMITH_AUTOSAVE_MS", DEFAULT_INTERVAL_MS))
        self.timer = QTimer(self, interval=interval)
        self.timer.timeout.connect(self.tick)
        self.timer.start()

    def _id(self, doc) -> str:
        key = id(doc)
        if key not in self._ids:
            self._ids[key] = f"{os.getpid()}-{len(self._ids) + 1}"
        return self._ids[key]

    def tick(self) -> None:
        """Write every modified document that changed since its last autosave; forget saved ones."""
        entries = []
        live = set()
        for doc in self.documents():
            if not doc.modified:
                continue
            did = self._id(doc)
            live.add(did)
            text_file = self.folder / f"{did}.yaml"
            stamp = doc.undo_stack.index() if not doc.dirty_without_undo else -1 - doc.undo_stack.index()
            stamp = (stamp, getattr(doc, "revision", 0))  # a text view's edits are not on its undo stack
            if self._written.get(did) != stamp or not text_file.exists():
                try:
                    atomic_write_text(text_file, doc.to_text())
                except Exception:  # an autosave must never take the editor down
                    continue
                self._written[did] = stamp
            entries.append({"id": did, "kind": doc.kind, "original": str(doc.path) if doc.path else None,
                            "title": doc.display_name, "saved_at": time.time()})
        for did in set(self._written) - live:
            (self.folder / f"{did}.yaml").unlink(missing_ok=True)
            del self._written[did]
        if entries:
            atomic_write_text(self.session, json.dumps({"pid": os.getpid(), "documents": entries}, indent=1))
        else:
            self.session.unlink(missing_ok=True)

    def shutdown(self) -> None:
        """Clean exit: nothing to recover."""
        self.timer.stop()
        for did in self._written:
            (self.folder / f"{did}.yaml").unlink(missing_ok=True)
        self._written.clear()
        self.session.unlink(missing_ok=True)

    # ---- recovery ---------------------------------------------------------------------------
    def orphans(self) -> list[Recoverable]:
        found = []
        for session in sorted(self.folder.glob("session-*.json")):
            try:
                data = json.loads(session.read_text())
                pid = int(data["pid"])
            except (OSError, ValueError, KeyError, TypeError):
                continue
            if _alive(pid):
                continue
            for e in data.get("documents", []):
                text_file = self.folder / f"{e['id']}.yaml"
                if text_file.exists():
                    found.append(Recoverable(session, text_file, e.get("kind", ""), e.get("original"),
                                             e.get("title", text_file.name), float(e.get("saved_at", 0))))
        return found

    def discard(self, items: list[Recoverable]) -> None:
        for it in items:
            it.text_file.unlink(missing_ok=True)
        for session in {it.session for it in items}:
            session.unlink(missing_ok=True)
