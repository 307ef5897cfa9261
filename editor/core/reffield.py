"""References are picked, not typed: one field for every file that names another file.

`RefField` is an editable combo for a reference field (formats/<game>/refs.py declares them: a
ruleset, a board, a piece set, an arena, a deck...). Its list, made each time it opens, holds

- the bundled names of the reference's kind (`default`, `classic-diamond`: formats.content),
- the files with the kind's suffix in the project's content tree (formats.config's content roots:
  the project's or repository's folder), as paths relative to the file being edited,
- "Browse…", a file dialog that starts beside the file being edited.

Beside the combo (on the same line, cut with "…" when narrow, whole in its tooltip), the referenced file's problems: "ok", or how many errors it has and the first
one's message (or why the reference cannot be followed: formats.references). Ctrl+click in the
field, or the Open button, opens the referenced file in its own editor tab (the main window's
`open_file`).

For the forms it replaces a field in, it speaks their dialects: `text()`, `setText()` and
`editingFinished` (a QLineEdit's), `currentText()`, `setCurrentText()` and `lineEdit()` (an
editable QComboBox's), `set_value()` and `changed(str)` (the Pendulum forms'), so that switching a
field is a line or two. Both signals fire only when the person commits a new value
(Return, leaving the field, a pick from the list or the file dialog), never on `setText`.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPoint, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtWidgets import (QComboBox, QFileDialog, QHBoxLayout, QLabel, QSizePolicy, QToolButton, QVBoxLayout,
                               QWidget)

from gridsmith.formats import config, loader
from gridsmith.formats.content import bundled_names, bundled_path, content_root, is_bundled_name
from gridsmith.formats.references import Reference, follow
from gridsmith.formats.registry import CheckContext

BROWSE = "Browse…"
#: at most this many project files in the list (the nearest first): a list, not a file manager
MAX_FILES = 60
#: folders never searched for content (tools' caches, virtual environments, version control)
_SKIP_DIRS = {"__pycache__", "node_modules", "site-packages", "build", "dist"}


def resolve(value: str | None, ref: Reference, referrer: Path | None) -> Path | None:
    """The file a reference names (a bundled name, else a path relative to the referring file);
    None for an absent reference without a default."""
    value = (value or "").strip() or ref.default
    if not value:
        return None
    if is_bundled_name(value):
        return bundled_path(ref.game, value, ref.suffix)
    path = Path(value)
    if not path.is_absolute():
        path = (referrer.parent if referrer is not None else Path.cwd()) / path
    return path


_KIND = re.compile(rb"^kind[ \t]*:[ \t]*[\"']?([A-Za-z][\w.-]*)", re.MULTILINE)


def _of_kind(path: Path, kind: str) -> bool:
    """A file with the suffix is of `kind` unless its `kind:` line says another (suffixes are shared:
    a Pyramids board and a Pendulum board are both *.board.yaml)."""
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    m = _KIND.search(head)
    return m is None or m.group(1).decode() == kind


def project_files(ref: Reference, referrer: Path | None) -> list[str]:
    """The files of the reference's kind in the project's content tree, as the field would write
    them (relative to the referring file's folder), nearest first; bundled files are left out
    (they are listed by name)."""
    here = referrer.parent if referrer is not None else Path.cwd()
    cfg = config.for_path(here)
    roots = cfg.content_roots or (here,)
    bundled = (content_root() / ref.game).resolve()
    found: set[Path] = set()
    for root in roots:
        for folder, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in _SKIP_DIRS
                             and not cfg.excluded(os.path.join(folder, d)))
            for name in names:
                if name.endswith(ref.suffix):
                    path = Path(folder, name).resolve()
                    if path.parent != bundled and path != (referrer.resolve() if referrer else None) \
                            and _of_kind(path, ref.kind):
                        found.add(path)
            if len(found) > 20 * MAX_FILES:  # a huge tree: enough to choose from
                break
    shown = [Path(os.path.relpath(p, here)).as_posix() for p in found]
    shown.sort(key=lambda s: (s.count("../"), s.count("/"), s))
    return shown[:MAX_FILES]


def status_of(value: str | None, ref: Reference, referrer: Path | None) -> tuple[str, bool]:
    """("ok", True), or (what is wrong with the referenced file, False): its error count and first
    message, or why the reference cannot be followed."""
    value = (value or "").strip() or None
    if value is None and ref.default is None:
        return "", True
    target = resolve(value, ref, referrer)
    if target is not None and target.is_file():
        errors = [d for d in loader.load_file(target).diagnostics if d.is_error]
        if errors:
            first = min(errors, key=lambda d: (d.line, d.col))
            n = len(errors)
            return f"{n} error{'s' * (n != 1)}: line {first.line}: {first.message}", False
    followed = follow(value, ref, CheckContext(file=referrer))
    if followed.code is not None:
        return followed.message, False
    return "ok", True


def _stamp(path: Path | None) -> tuple[int, int] | None:
    try:
        st = path.stat() if path is not None else None
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size) if st is not None else None


#: statuses already worked out, by (reference, value, referrer, the referenced file's mtime and size)
_STATUS: dict[tuple, tuple[str, bool]] = {}


class _Relay(QObject):
    """Carries a worked-out status from the pool's thread to the fields (on the GUI thread); one for
    the program, never deleted, so a job never reports through a deleted object."""

    done = Signal(object, str, bool)


_RELAY: _Relay | None = None


def _relay() -> _Relay:
    global _RELAY
    if _RELAY is None:
        _RELAY = _Relay()
    return _RELAY


class _StatusJob(QRunnable):
    def __init__(self, key: tuple, value: str, ref: Reference, referrer: Path | None):
        super().__init__()
        self.key, self.value, self.ref, self.referrer = key, value, ref, referrer
        _relay()  # made on the GUI thread, before the job runs

    def run(self) -> None:
        try:
            text, ok = status_of(self.value, self.ref, self.referrer)
        except Exception as e:  # a check that crashes must show, not kill the editor
            text, ok = f"cannot be checked: {e!r}", False
        if len(_STATUS) > 512:
            _STATUS.clear()
        _STATUS[self.key] = (text, ok)
        try:
            _relay().done.emit(self.key, text, ok)
        except RuntimeError:  # the program is ending: Python has let go of the relay already
            pass


class _Combo(QComboBox):
    """Fills its list when it opens (the files on disk now), and opens the file on Ctrl+click."""

    def __init__(self, field: "RefField"):
        super().__init__()
        self.field = field
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(12)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def showPopup(self) -> None:  # noqa: N802 - Qt's name
        self.field.fill()
        super().showPopup()


class _Elided(QLabel):
    """One line, cut with "…" when narrow; the whole text in its tooltip."""

    def __init__(self):
        super().__init__()
        self.full = ""
        self.setMinimumWidth(40)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self.full = text
        self.setToolTip(text)
        self._elide()

    def text(self) -> str:
        return self.full

    def _elide(self) -> None:
        super().setText(self.fontMetrics().elidedText(self.full, Qt.TextElideMode.ElideRight, max(0, self.width())))

    def resizeEvent(self, e) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(e)
        self._elide()


class CtrlClick(QObject):
    """An event filter for Ctrl+click (a left press with Ctrl) on the widget it is installed on:
    `on_click(position)` opens what is there and says whether it did (then the press goes no further).
    The reference field's own text and, e.g., a list of entries whose references it shows use it."""

    def __init__(self, parent: QObject, on_click: Callable[[QPoint], bool]):
        super().__init__(parent)
        self.on_click = on_click

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if (event.type() == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton
                and event.modifiers() & Qt.KeyboardModifier.ControlModifier):
            return self.on_click(event.position().toPoint())
        return False


class RefField(QWidget):
    """An editable combo for one reference field, the referenced file's problems beside it, and
    Open (also Ctrl+click). `referrer()` is the file being edited (None: not saved yet)."""

    #: the person committed a new value ("" = the reference's default)
    changed = Signal(str)
    #: the same, in a line edit's words (for forms that listen to `editingFinished`)
    editingFinished = Signal()

    def __init__(self, reference: Reference, referrer: Callable[[], Path | None], parent=None):
        super().__init__(parent)
        self.reference, self.referrer = reference, referrer
        self._value = ""
        self._status_for: tuple | None = None
        self._shown_for: tuple | None = None
        self.combo = _Combo(self)
        if reference.default:
            self.combo.lineEdit().setPlaceholderText(f"{reference.default} (default)")
        self.combo.lineEdit().editingFinished.connect(self._typed)
        self.combo.activated.connect(self._picked)
        self.combo.lineEdit().installEventFilter(CtrlClick(self, self._ctrl_clicked))
        self.open_button = QToolButton()
        self.open_button.setText("Open")
        self.open_button.setToolTip(f"Open the {reference.label} file in its own tab (also Ctrl+click in the field)")
        self.open_button.clicked.connect(self.open_target)
        self.status = _Elided()
        _relay().done.connect(self._put_status)  # this field's method: dropped by Qt when the field is gone
        lay = QHBoxLayout(self)  # one line: a form keeps its row height (no line under the field to squash)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.combo, 3)
        lay.addWidget(self.open_button)
        lay.addWidget(self.status, 2)
        self.setFocusProxy(self.combo)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)  # never squashed by a full form
        self.setToolTip(f"The {reference.label}: a bundled name or a path to a *{reference.suffix} file. Pick one "
                        "from the list (or Browse…); Ctrl+click or Open shows it in its own tab")
        self._show_status()

    # ---- the line edit's and the Pendulum forms' dialects ---------------------------------------
    def text(self) -> str:
        return self.combo.currentText()

    def setText(self, text: str | None) -> None:  # noqa: N802 - QLineEdit's name
        """Show `text` (from the document): no signal."""
        text = text or ""
        self._value = text
        if self.combo.currentText() != text:
            self.combo.setEditText(text)
        self._show_status()

    set_value = setText

    # ... and an editable combo's (the field a person types in; its editingFinished commits)
    def currentText(self) -> str:  # noqa: N802 - QComboBox's name
        return self.combo.currentText()

    def setCurrentText(self, text: str) -> None:  # noqa: N802 - QComboBox's name
        """Put `text` in the field as if typed: committed when the editing is finished."""
        self.combo.setEditText(text)

    def lineEdit(self):  # noqa: N802 - QComboBox's name
        return self.combo.lineEdit()

    def setPlaceholderText(self, text: str) -> None:  # noqa: N802 - QLineEdit's name
        self.combo.lineEdit().setPlaceholderText(text)

    def setCursorPosition(self, pos: int) -> None:  # noqa: N802 - QLineEdit's name
        self.combo.lineEdit().setCursorPosition(pos)

    # ---- the list ------------------------------------------------------------------------------
    def fill(self) -> None:
        """The list as the files are now: bundled names, the project's files, Browse…."""
        text = self.combo.currentText()
        self.combo.blockSignals(True)
        try:
            self.combo.clear()
            names = bundled_names(self.reference.game, self.reference.suffix)
            self.combo.addItems(names)
            files = project_files(self.reference, self.referrer())
            if files:
                if names:
                    self.combo.insertSeparator(self.combo.count())
                self.combo.addItems(files)
            self.combo.insertSeparator(self.combo.count())
            self.combo.addItem(BROWSE)
            self.combo.setEditText(text)
        finally:
            self.combo.blockSignals(False)

    def _picked(self, index: int) -> None:
        if self.combo.itemText(index) == BROWSE:
            self.browse()
            return
        self._commit(self.combo.itemText(index))

    def _typed(self) -> None:
        if self.combo.currentText() != BROWSE:
            self._commit(self.combo.currentText())

    def browse(self) -> bool:
        """Browse…: a file dialog beside the file being edited; the choice is written relative to it."""
        referrer = self.referrer()
        start = str(referrer.parent) if referrer is not None else str(Path.cwd())
        path, _ = QFileDialog.getOpenFileName(self, f"Choose the {self.reference.label}", start,
                                              f"{self.reference.label.capitalize()} files (*{self.reference.suffix});;"
                                              "All files (*)")
        if not path:
            self.combo.setEditText(self._value)
            return False
        here = referrer.parent if referrer is not None else Path.cwd()
        self._commit(Path(os.path.relpath(path, here)).as_posix())  # outside the content tree: the status says so
        return True

    def _commit(self, text: str) -> None:
        text = text.strip()
        self.combo.setEditText(text)
        if text == self._value:
            return
        self._value = text
        self._show_status()
        self.changed.emit(text)
        self.editingFinished.emit()

    # ---- the referenced file -------------------------------------------------------------------------
    def target(self) -> Path | None:
        return resolve(self.combo.currentText(), self.reference, self.referrer())

    def _show_status(self) -> None:
        """The referenced file's status: from the cache while the file is unchanged on disk, else
        checked on a worker thread (a Pendulum deck takes seconds to read and check) and shown
        when done."""
        referrer = self.referrer()
        target = resolve(self._value, self.reference, referrer)
        key = (self.reference, self._value, referrer, _stamp(target))
        if key == self._status_for:
            return
        self._status_for = key
        self.open_button.setEnabled(target is not None and target.is_file())
        known = _STATUS.get(key)
        if known is not None:
            self._put_status(key, *known)
            return
        self.status.setText("checking…")
        self.status.setStyleSheet("color: gray")
        QThreadPool.globalInstance().start(_StatusJob(key, self._value, self.reference, referrer))

    def _put_status(self, key: tuple, text: str, ok: bool) -> None:
        if key != self._status_for:
            return  # the answer about a value this field no longer shows
        self._shown_for = key
        self.status.setText(("✔ " if ok else "✖ ") + text if text else "")
        self.status.setStyleSheet("" if ok else "color: #d32f2f")

    def status_ready(self) -> bool:
        """True once the status shown is the referenced file's (not "checking…": tests)."""
        return self._shown_for == self._status_for

    def refresh_status(self) -> None:
        """Check the referenced file again (it may have changed on disk)."""
        self._status_for = None
        self._show_status()

    def showEvent(self, e) -> None:  # noqa: N802 - Qt's name
        # back on this tab: the referenced file may have been edited and saved in another tab meanwhile
        super().showEvent(e)
        if not e.spontaneous():
            self.refresh_status()

    def _ctrl_clicked(self, _pos: QPoint) -> bool:
        self.open_target()
        return True  # the press is taken whether or not the file opened: Ctrl+click never moves the caret

    def open_target(self) -> bool:
        """Open the referenced file in its own editor tab (the main window's `open_file`)."""
        target = self.target()
        opener = getattr(self.window(), "open_file", None)
        if target is None or not target.is_file() or opener is None:
            return False
        return opener(target) is not None


class RefListField(QWidget):
    """A list of references of one kind (Pendulum's decks): a RefField per item with a remove button
    (×), and Add. Speaks the Pendulum forms' list dialect: `set_value(list)`, `changed(list)`."""

    changed = Signal(object)  # the new list of references

    def __init__(self, reference: Reference, referrer: Callable[[], Path | None], parent=None):
        super().__init__(parent)
        self.reference, self.referrer = reference, referrer
        self._value: list[str] = []
        self.rows: list[RefField] = []
        outer = QHBoxLayout(self)  # the rows, and Add beside the first: one line for one reference
        outer.setContentsMargins(0, 0, 0, 0)
        self._lay = QVBoxLayout()
        self._lay.setSpacing(2)
        outer.addLayout(self._lay, 1)
        self.add_button = QToolButton()
        self.add_button.setText(f"Add {reference.label}")
        self.add_button.setToolTip(f"Another {reference.label} file (its items are joined to the others)")
        self.add_button.clicked.connect(self._add)
        outer.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignTop)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_value(self, refs: list[str]) -> None:
        """Show `refs` (from the document): no signal."""
        self._value = list(refs)
        while len(self.rows) > len(refs):
            row = self.rows.pop()
            row.parentWidget().deleteLater()
        while len(self.rows) < len(refs):
            self._row()
        for row, ref in zip(self.rows, refs):
            row.set_value(ref)

    def value(self) -> list[str]:
        return list(self._value)

    def _row(self) -> RefField:
        holder = QWidget()
        line = QHBoxLayout(holder)
        line.setContentsMargins(0, 0, 0, 0)
        field = RefField(self.reference, self.referrer)
        remove = QToolButton()
        remove.setText("×")
        remove.setToolTip(f"Remove this {self.reference.label}")
        line.addWidget(field, 1)
        line.addWidget(remove)
        field.changed.connect(lambda _t, f=field: self._edited())
        remove.clicked.connect(lambda _c=False, f=field: self._remove(f))
        self._lay.addWidget(holder)
        self.rows.append(field)
        return field

    def _edited(self) -> None:
        refs = [r.text().strip() for r in self.rows if r.text().strip()]
        if refs != self._value:
            self._value = refs
            self.changed.emit(refs)

    def _add(self) -> None:
        field = self._row()
        field.setFocus()
        field.combo.showPopup()  # pick the new one from the list

    def _remove(self, field: RefField) -> None:
        i = self.rows.index(field)
        self.rows.pop(i)
        field.parentWidget().deleteLater()
        self._edited()
