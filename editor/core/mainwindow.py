"""The main window: documents in tabs, menus with the standard shortcuts, dock panels that follow
the current document, recent files, the unsaved-changes prompt, autosave and crash recovery."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabWidget,
)

from gridsmith.formats import registry
from gridsmith.formats.diagnostics import Severity

from . import config, files, plugins
from .about import CREDITS_HTML
from .autosave import Autosaver
from .document import EditorDocument
from .editorwidget import DocumentEditor


def _file_filter() -> str:
    suffixes = " ".join(f"*{s}" for s in registry.known_suffixes())
    return f"Gridsmith content ({suffixes});;YAML files (*.yaml *.yml);;All files (*)"


class MainWindow(QMainWindow):
    def __init__(self, autosave_dir: str | Path | None = None, autosave_ms: int | None = None):
        super().__init__()
        self.setWindowTitle("Gridsmith")
        self.resize(1280, 860)
        self.undo_group = QUndoGroup(self)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.tabCloseRequested.connect(lambda i: self.close_tab(self.tabs.widget(i)))
        self.tabs.currentChanged.connect(self._current_changed)
        self.setCentralWidget(self.tabs)
        self.setDockNestingEnabled(True)
        self.docks: dict[str, QDockWidget] = {}
        self.panel_visible: dict[str, bool] = {}
        self.panel_actions: dict[str, QAction] = {}
        self.play_windows: list = []

        self.cell_label = QLabel("")
        self.zoom_label = QLabel("")
        self.problem_label = QLabel("")
        self.statusBar().addWidget(self.cell_label, 1)
        self.statusBar().addPermanentWidget(self.problem_label)
        self.statusBar().addPermanentWidget(self.zoom_label)

        self._build_menus()
        self.autosaver = Autosaver(self.documents, autosave_dir, autosave_ms, parent=self)
        self._current_changed(-1)

    # ---- menus ------------------------------------------------------------------------------
    def _action(self, menu, text, slot, shortcut=None, tip="") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(shortcut)
        if tip:
            a.setStatusTip(tip)
            a.setToolTip(tip)
        a.triggered.connect(slot)
        menu.addAction(a)
        return a

    def _build_menus(self) -> None:
        mb = self.menuBar()
        f = mb.addMenu("&File")
        self.act_new = self._action(f, "&New…", lambda: self.new_document(), QKeySequence.StandardKey.New,
                                    "Create a new document: choose the game and the kind")
        self.act_open = self._action(f, "&Open…", lambda: self.open_file(), QKeySequence.StandardKey.Open)
        self.recent_menu = f.addMenu("Open &Recent")
        self._rebuild_recent()
        f.addSeparator()
        self.act_save = self._action(f, "&Save", lambda: self.save(), QKeySequence.StandardKey.Save)
        self.act_save_as = self._action(f, "Save &As…", lambda: self.save_as(), QKeySequence.StandardKey.SaveAs)
        self.act_export = self._action(f, "Export Map as &PNG…", lambda: self.export_png())
        self.act_close = self._action(f, "&Close", lambda: self.close_tab(self.current_editor()),
                                      QKeySequence.StandardKey.Close)
        f.addSeparator()
        self.act_play = self._action(f, "&Play Scenario…", lambda: self.play(), "F5",
                                     "Test-play the document as it is now, unsaved (manual 4.3)")
        f.addSeparator()
        self._action(f, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        e = mb.addMenu("&Edit")
        self.act_undo = self.undo_group.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(QKeySequence.StandardKey.Undo)
        self.act_redo = self.undo_group.createRedoAction(self, "&Redo")
        self.act_redo.setShortcuts([QKeySequence(QKeySequence.StandardKey.Redo), QKeySequence("Ctrl+Y")])
        e.addAction(self.act_undo)
        e.addAction(self.act_redo)

        v = mb.addMenu("&View")
        self._action(v, "Zoom &In", lambda: self._ed("zoom_in"), QKeySequence.StandardKey.ZoomIn)
        self._action(v, "Zoom &Out", lambda: self._ed("zoom_out"), QKeySequence.StandardKey.ZoomOut)
        self._action(v, "&Actual Size", lambda: self._ed("zoom_reset"), "Ctrl+0")
        self._action(v, "&Fit Map", lambda: self._ed("zoom_fit"), "Ctrl+9")
        v.addSeparator()
        self.panels_menu = v

        self.tools_menu = mb.addMenu("&Tools")
        h = mb.addMenu("&Help")
        self._action(h, "&About Gridsmith", self.about)

    def _ed(self, method: str) -> None:
        ed = self.current_editor()
        if ed is not None:
            getattr(ed, method)()

    def _rebuild_recent(self) -> None:
        self.recent_menu.clear()
        recent = config.recent_files()
        for i, path in enumerate(recent):
            a = self.recent_menu.addAction(f"&{i + 1} {path}" if i < 9 else path)
            a.triggered.connect(lambda _c=False, p=path: self.open_file(p))
        self.recent_menu.setEnabled(bool(recent))

    # ---- documents --------------------------------------------------------------------------
    def editors(self) -> list[DocumentEditor]:
        return [self.tabs.widget(i) for i in range(self.tabs.count())]

    def documents(self) -> list[EditorDocument]:
        return [ed.document for ed in self.editors()]

    def current_editor(self) -> DocumentEditor | None:
        return self.tabs.currentWidget()

    def add_document(self, doc: EditorDocument) -> DocumentEditor:
        plugin = plugins.get(doc.kind)
        ed = plugin.editor_class(doc)
        self.undo_group.addStack(doc.undo_stack)
        i = self.tabs.addTab(ed, doc.display_name)
        doc.modifiedChanged.connect(lambda _m, ed=ed: self._update_title(ed))
        doc.pathChanged.connect(lambda ed=ed: self._update_title(ed))
        ed.statusMessage.connect(lambda text, ed=ed: ed is self.current_editor() and self.cell_label.setText(text))
        ed.showPanel.connect(lambda pid, ed=ed: ed is self.current_editor() and self.raise_panel(pid))
        if hasattr(ed, "validator"):
            ed.validator.problemsChanged.connect(lambda _p, ed=ed: self._update_problem_label(ed))
        if hasattr(ed, "view"):
            ed.view.zoomChanged.connect(lambda z, ed=ed: ed is self.current_editor()
                                        and self.zoom_label.setText(f"{z * 100:.0f}%"))
        self.tabs.setCurrentIndex(i)
        self._update_title(ed)
        if "problems" in self.docks:
            self.resizeDocks([self.docks["problems"]], [150], Qt.Orientation.Vertical)
        return ed

    def new_document(self, kind: str | None = None) -> DocumentEditor | None:
        if kind is None:
            choices = {f"{p.title} ({p.kind})": p.kind for p in plugins.all_plugins()}
            label, ok = QInputDialog.getItem(self, "New document", "Game and kind:", list(choices), 0, False)
            if not ok:
                return None
            kind = choices[label]
        return self.add_document(files.new_document(kind))

    def open_file(self, path: str | Path | None = None) -> DocumentEditor | None:
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Open", "", _file_filter())
            if not path:
                return None
        path = Path(path).resolve()
        for ed in self.editors():  # already open: show it
            if ed.document.path == path:
                self.tabs.setCurrentWidget(ed)
                return ed
        try:
            doc = files.open_document(path)
        except files.DocumentError as e:
            if not path.exists():  # a recent file that is gone: forget it
                config.remove_recent(str(path))
                self._rebuild_recent()
            text = "\n".join(d.format_text() for d in e.diagnostics[:20])
            QMessageBox.critical(self, "Cannot open file", f"{path} cannot be opened for editing:\n\n{text}")
            return None
        except files.NoEditorError as e:
            QMessageBox.information(self, "No editor", str(e))
            return None
        config.add_recent(str(path))
        self._rebuild_recent()
        return self.add_document(doc)

    # ---- saving -----------------------------------------------------------------------------
    def save(self, ed: DocumentEditor | None = None) -> bool:
        ed = ed or self.current_editor()
        if ed is None:
            return False
        if ed.document.path is None:
            return self.save_as(ed)
        return self._write(ed, ed.document.path)

    def save_as(self, ed: DocumentEditor | None = None, path: str | Path | None = None) -> bool:
        ed = ed or self.current_editor()
        if ed is None:
            return False
        if path is None:
            spec = registry.get(ed.document.kind)
            suggested = str(ed.document.path or f"untitled{spec.suffix if spec else '.yaml'}")
            path, _ = QFileDialog.getSaveFileName(self, "Save As", suggested, _file_filter())
            if not path:
                return False
        return self._write(ed, Path(path))

    def _write(self, ed: DocumentEditor, path: Path) -> bool:
        problems = ed.validate_now()
        errors = [p for p in problems if p.severity is Severity.ERROR]
        if errors:
            listing = "\n".join(f"• {p.code}: {p.message}" for p in errors[:8])
            more = f"\n… and {len(errors) - 8} more" if len(errors) > 8 else ""
            answer = QMessageBox.warning(
                self, "Save with errors?",
                f"{ed.document.display_name} has {len(errors)} error(s); the file will not validate until "
                f"they are fixed:\n\n{listing}{more}\n\nSave it anyway (work in progress)?",
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Save:
                return False
        try:
            target = ed.document.save(path)
        except OSError as e:
            QMessageBox.critical(self, "Save failed", f"Could not save {path}: {e}")
            return False
        config.add_recent(str(target))
        self._rebuild_recent()
        note = f" with {len(errors)} error(s) — see the Problems panel" if errors else ""
        self.statusBar().showMessage(f"Saved {target}{note}", 8000)
        self.autosaver.tick()
        return True

    def export_png(self, path: str | None = None) -> bool:
        ed = self.current_editor()
        if ed is None:
            return False
        if path is None:
            base = ed.document.path.with_suffix("").with_suffix(".png") if ed.document.path else "map.png"
            path, _ = QFileDialog.getSaveFileName(self, "Export PNG", str(base), "PNG images (*.png)")
            if not path:
                return False
        return ed.export_png(path)

    # ---- closing ----------------------------------------------------------------------------
    def maybe_save(self, ed: DocumentEditor) -> bool:
        """True when the editor may close: saved, discarded, or unmodified."""
        if not ed.document.modified:
            return True
        self.tabs.setCurrentWidget(ed)
        answer = QMessageBox.question(
            self, "Unsaved changes", f"Save the changes to {ed.document.display_name} before closing?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save(ed)
        return answer == QMessageBox.StandardButton.Discard

    def close_tab(self, ed: DocumentEditor | None, ask: bool = True) -> bool:
        if ed is None:
            return False
        if ask and not self.maybe_save(ed):
            return False
        for pw in [w for w in self.play_windows if getattr(w, "source_editor", None) is ed]:
            pw.close()
        self._release_panels(ed)
        self.undo_group.removeStack(ed.document.undo_stack)
        ed.close_editor()
        self.tabs.removeTab(self.tabs.indexOf(ed))
        ed.deleteLater()
        self.autosaver.tick()
        return True

    def closeEvent(self, e) -> None:
        for ed in self.editors():
            if not self.maybe_save(ed):
                e.ignore()
                return
        for pw in list(self.play_windows):
            pw.close()
        for ed in self.editors():
            self.close_tab(ed, ask=False)
        self.autosaver.shutdown()
        e.accept()

    # ---- recovery ---------------------------------------------------------------------------
    def offer_recovery(self) -> list[DocumentEditor]:
        items = self.autosaver.orphans()
        if not items:
            return []
        names = "\n".join(f"• {it.title}" + (f" ({it.original})" if it.original else "") for it in items)
        answer = QMessageBox.question(
            self, "Recover unsaved work?",
            f"Gridsmith did not close properly last time. Recover these unsaved documents?\n\n{names}",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
        opened = []
        if answer == QMessageBox.StandardButton.Yes:
            for it in items:
                try:
                    doc = files.document_from_text(it.text_file.read_text(encoding="utf-8"), it.original)
                except (files.DocumentError, files.NoEditorError, OSError) as err:
                    QMessageBox.warning(self, "Recovery", f"{it.title} could not be recovered: {err}")
                    continue
                doc.dirty_without_undo = True
                ed = self.add_document(doc)
                self._update_title(ed)
                opened.append(ed)
        self.autosaver.discard(items)
        self.autosaver.tick()
        return opened

    # ---- play and help ----------------------------------------------------------------------
    def play(self) -> None:
        ed = self.current_editor()
        if ed is not None and ed.can_play():
            ed.play(self)

    def about(self) -> None:
        QMessageBox.about(self, "About Gridsmith", CREDITS_HTML)

    # ---- current-document plumbing ------------------------------------------------------------
    def _update_title(self, ed: DocumentEditor) -> None:
        i = self.tabs.indexOf(ed)
        if i < 0:
            return
        doc = ed.document
        self.tabs.setTabText(i, doc.display_name + (" *" if doc.modified else ""))
        self.tabs.setTabToolTip(i, str(doc.path) if doc.path else "not saved yet")
        if ed is self.current_editor():
            self.setWindowTitle(f"{doc.display_name}[*] — Gridsmith")
            self.setWindowModified(doc.modified)

    def _update_problem_label(self, ed: DocumentEditor) -> None:
        if ed is not self.current_editor():
            return
        problems = ed.problems()
        errors = sum(1 for p in problems if p.severity is Severity.ERROR)
        warnings = len(problems) - errors
        self.problem_label.setText(f"{errors} error(s), {warnings} warning(s)" if problems else "valid")

    def _release_panels(self, ed: DocumentEditor) -> None:
        for p in ed.panels():
            dock = self.docks.get(p.id)
            if dock is not None and dock.widget() is p.widget:
                p.widget.hide()
                p.widget.setParent(ed)
                dock.setWidget(None)

    def _current_changed(self, _index: int) -> None:
        ed = self.current_editor()
        has = ed is not None
        for a in (self.act_save, self.act_save_as, self.act_close, self.act_export):
            a.setEnabled(has)
        self.act_play.setEnabled(has and ed.can_play())
        if has:
            self.undo_group.setActiveStack(ed.document.undo_stack)
            self._update_title(ed)
            self._update_problem_label(ed)
            if hasattr(ed, "view"):
                self.zoom_label.setText(f"{ed.view.zoom * 100:.0f}%")
        else:
            self.setWindowTitle("Gridsmith")
            self.setWindowModified(False)
            self.problem_label.setText("")
            self.zoom_label.setText("")
        self.tools_menu.clear()
        if has:
            for a in ed.tool_actions():
                self.tools_menu.addAction(a)
        self.tools_menu.setEnabled(has and bool(ed.tool_actions()))
        self._canvas_menus(ed if has else None)
        wanted = {p.id: p for p in ed.panels()} if has else {}
        for pid, dock in self.docks.items():
            if pid not in wanted:
                w = dock.widget()
                if w is not None:
                    owner = next((e for e in self.editors() if any(pp.widget is w for pp in e.panels())), None)
                    w.hide()
                    w.setParent(owner)
                    dock.setWidget(None)
                dock.hide()
                self.panel_actions[pid].setEnabled(False)
        for pid, p in wanted.items():
            dock = self.docks.get(pid)
            if dock is None:
                dock = QDockWidget(p.title, self)
                dock.setObjectName(f"dock-{pid}")
                dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                                 | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
                self.addDockWidget(p.area, dock)
                self.docks[pid] = dock
                self.panel_visible[pid] = p.visible
                act = QAction(p.title, self, checkable=True)
                if p.shortcut:
                    act.setShortcut(p.shortcut)
                act.toggled.connect(lambda on, pid=pid: self.show_panel(pid, on))
                self.panels_menu.addAction(act)
                self.panel_actions[pid] = act
            old = dock.widget()
            if old is not p.widget:
                if old is not None:
                    owner = next((e for e in self.editors() if any(pp.widget is old for pp in e.panels())), None)
                    old.hide()
                    old.setParent(owner)
                dock.setWidget(p.widget)
                p.widget.show()
            dock.setWindowTitle(p.title)
            self.panel_actions[pid].setEnabled(True)
            self.panel_actions[pid].setChecked(self.panel_visible[pid])
            dock.setVisible(self.panel_visible[pid])

    # ---- the current editor's canvas actions (Edit: cut, copy, paste...; View: Show Grid) -------------
    def _canvas_menus(self, ed: DocumentEditor | None) -> None:
        menus = {a.text(): a.menu() for a in self.menuBar().actions() if a.menu() is not None}
        for menu, action in getattr(self, "_canvas_actions", []):
            menu.removeAction(action)
        self._canvas_actions: list = []
        if ed is None:
            return
        for title, actions in (("&Edit", ed.edit_actions()), ("&View", ed.view_actions())):
            menu = menus.get(title)
            if menu is not None and actions:
                self._canvas_actions.append((menu, menu.addSeparator()))
                for a in actions:
                    menu.addAction(a)
                    self._canvas_actions.append((menu, a))

    def raise_panel(self, pid: str) -> None:
        if pid in self.panel_actions:
            self.panel_actions[pid].setChecked(True)
            self.docks[pid].raise_()

    def show_panel(self, pid: str, on: bool) -> None:
        self.panel_visible[pid] = on
        dock = self.docks.get(pid)
        if dock is not None and dock.widget() is not None:
            dock.setVisible(on)
