"""Help > Keyboard shortcuts: a table generated from the window's actions, never kept by hand.

`collect(window)` walks the menu bar (each menu's actions with their shortcuts, sub-menus included)
and then every other action with a shortcut that lives in the window (the current tab's tools, its
panels' actions), so what the dialog lists is exactly what the keys do.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (QDialogButtonBox, QHeaderView, QLabel, QMainWindow, QMenu,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)
from .screenfit import FittedDialog


@dataclass(frozen=True)
class Entry:
    group: str  # the menu it is in ("File", "View › Panels"), or "Current editor"
    name: str  # the action's text without "&" and "…"
    keys: str  # the shortcuts, native text, "  or  " between alternatives
    tip: str = ""


def _clean(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").removesuffix("…").strip()


def _keys(shortcuts: list[QKeySequence]) -> str:
    seen: list[str] = []
    for seq in shortcuts:
        text = seq.toString(QKeySequence.SequenceFormat.NativeText)
        if text and text not in seen:
            seen.append(text)
    return "  or  ".join(seen)


def _walk(menu: QMenu, group: str, out: list[Entry], seen: set[int]) -> None:
    for a in menu.actions():
        if a.menu() is not None:
            _walk(a.menu(), f"{group} › {_clean(a.menu().title())}", out, seen)
            continue
        if a.isSeparator():
            continue
        keys = _keys(a.shortcuts())
        seen.add(id(a))
        if keys:
            out.append(Entry(group, _clean(a.text()), keys, a.statusTip() or a.toolTip()))


def _in_view(obj) -> bool:
    """Whether the widget an action belongs to is shown (not the tool of a tab in the background)."""
    while obj is not None and not isinstance(obj, QWidget):
        obj = obj.parent()
    return obj is None or obj.isVisible()


def collect(window: QMainWindow) -> list[Entry]:
    """Every shortcut of the window, grouped by the menu that holds it."""
    out: list[Entry] = []
    seen: set[int] = set()
    for a in window.menuBar().actions():
        if a.menu() is not None:
            _walk(a.menu(), _clean(a.menu().title()), out, seen)
    for a in window.findChildren(QAction):
        if id(a) in seen or not _in_view(a):
            continue
        keys = _keys(a.shortcuts())
        if keys and a.text():
            seen.add(id(a))
            out.append(Entry("Current editor", _clean(a.text()), keys, a.statusTip() or a.toolTip()))
    for s in window.findChildren(QShortcut):
        keys = _keys([s.key()])
        if keys and s.isEnabled() and _in_view(s):
            out.append(Entry("Current editor", s.whatsThis() or s.objectName() or keys, keys))
    return out


class ShortcutsDialog(FittedDialog):  # never bigger than the screen (screenfit)
    def __init__(self, window: QMainWindow):
        super().__init__(window)
        self.setWindowTitle("Keyboard shortcuts")
        self.entries = collect(window)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Action", "Keys"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        groups: dict[str, QTreeWidgetItem] = {}
        for e in self.entries:
            head = groups.get(e.group)
            if head is None:
                head = groups[e.group] = QTreeWidgetItem([e.group, ""])
                font = head.font(0)
                font.setBold(True)
                head.setFont(0, font)
                self.tree.addTopLevelItem(head)
            item = QTreeWidgetItem([e.name, e.keys])
            item.setToolTip(0, e.tip)
            head.addChild(item)
        self.tree.expandAll()
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(False)
        note = QLabel("Generated from the menus and the current tab's actions: this is what the keys do "
                      "now. docs/editor.md describes the mouse.")
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.tree)
        lay.addWidget(note)
        lay.addWidget(buttons)
        self.resize(480, 560)

    def names(self) -> dict[str, str]:
        """{action name: keys} of every entry (for tests and the docs)."""
        return {e.name: e.keys for e in self.entries}
