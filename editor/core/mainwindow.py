"""The main window: documents in tabs, menus with the standard shortcuts, dock panels that follow
the current document, recent files, the unsaved-changes prompt, autosave and crash recovery.

Window size and dock layout are saved in the settings (config.py) when the window closes and
restored at the next start; docks created later (they come with the first document of a kind) take
their saved place when they appear. The layout works from 1024x700 up: the canvas keeps a minimum,
the docks give way when the window shrinks and get their width back when it grows again.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabWidget,
)

from gridsmith.formats import registry
from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.loader import read_text

from . import config, files, opening, plugins
from .about import CREDITS_HTML
from .newdialog import NewDocumentDialog
from .problems import count_text
from .autosave import Autosaver
from .document import EditorDocument
from .editorwidget import DocumentEditor
from .screenfit import fit_size, fit_window
from .shortcuts import ShortcutsDialog
from .textview import TextDocument, TextEditor
from .undofocus import UndoRouter

#: the canvas never gets narrower or lower than this while docks can give way
CENTRAL_MIN = QSize(360, 240)
#: saved dock layouts of another version are ignored (bump when panel ids change)
STATE_VERSION = 1
DEFAULT_SIZE = QSize(1280, 860)
#: the share of the window's width the canvas keeps when the window narrows (docks give way)
CANVAS_SHARE = 0.45


def _file_filter() -> str:
    suffixes = " ".join(f"*{s}" for s in registry.known_suffixes())
    return f"Gridsmith content ({suffixes});;YAML files (*.yaml *.yml);;All files (*)"


class MainWindow(QMainWindow):
    def __init__(self, autosave_dir: str | Path | None = None, autosave_ms: int | None = None):
        super().__init__()
        self.setWindowTitle("Gridsmith")
        self.resize(fit_size(self, DEFAULT_SIZE))
        self.undo_group = QUndoGroup(self)
        self.tabs = QTabWidget()
        self.tabs.setMinimumSize(CENTRAL_MIN)
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.tabCloseRequested.connect(lambda i: self.close_tab(self.tabs.widget(i)))
        self.tabs.currentChanged.connect(self._current_changed)
        self.setCentralWidget(self.tabs)
        self.setDockNestingEnabled(True)
        # the side docks run the full height; the problems panel sits under the canvas only
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        #: the width (side docks) or height (bottom docks) the user last gave each dock
        self.dock_wanted: dict[str, int] = {}
        self._saved_visible: dict[str, bool] = {}
        self._last_size = QSize()
        self._giving_back = False
        self.docks: dict[str, QDockWidget] = {}
        self.panel_visible: dict[str, bool] = {}
        self.panel_actions: dict[str, QAction] = {}
        self.play_windows: list = []
        self._opening: Path | None = None  # the file being read (editor.core.opening)

        self.cell_label = QLabel("")
        self.zoom_label = QLabel("")
        self.problem_label = QLabel("")
        self.statusBar().addWidget(self.cell_label, 1)
        self.statusBar().addPermanentWidget(self.problem_label)
        self.statusBar().addPermanentWidget(self.zoom_label)

        self._build_menus()
        self.autosaver = Autosaver(self.documents, autosave_dir, autosave_ms, parent=self)
        self._current_changed(-1)
        self.restore_layout()

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
                                    "Create a new document: choose the kind, its size and players")
        self.act_open = self._action(f, "&Open…", lambda: self.open_file(), QKeySequence.StandardKey.Open)
        self.recent_menu = f.addMenu("Open &Recent")
        self._rebuild_recent()
        f.addSeparator()
        self.act_save = self._action(f, "&Save", lambda: self.save(), QKeySequence.StandardKey.Save)
        self.act_save_as = self._action(f, "Save &As…", lambda: self.save_as(), QKeySequence.StandardKey.SaveAs)
        self.act_export = self._action(f, "Export Map as &PNG…", lambda: self.export_png())
        self.act_close = self._action(f, "&Close", lambda: self.close_tab(self.current_editor()))
        self.act_close.setShortcuts(_with_platform("Ctrl+W", QKeySequence.StandardKey.Close))
        f.addSeparator()
        self.act_play = self._action(f, "&Play Scenario…", lambda: self.play(), "F5",
                                     "Test-play the document as it is now, unsaved (manual 4.3)")
        f.addSeparator()
        self.act_quit = self._action(f, "&Quit", self.close)
        self.act_quit.setShortcuts(_with_platform("Ctrl+Q", QKeySequence.StandardKey.Quit))

        e = mb.addMenu("&Edit")
        self.act_undo = self.undo_group.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(QKeySequence.StandardKey.Undo)
        self.act_redo = self.undo_group.createRedoAction(self, "&Redo")
        # the same two everywhere (the platform's standard redo is Ctrl+Y on some, Ctrl+Shift+Z on others)
        self.act_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        e.addAction(self.act_undo)
        e.addAction(self.act_redo)
        # from any focus in the window, a form field included (editor.core.undofocus)
        self.undo_router = UndoRouter(self, self.act_undo, self.act_redo)

        v = mb.addMenu("&View")
        self._action(v, "Zoom &In", lambda: self._ed("zoom_in"), QKeySequence.StandardKey.ZoomIn)
        self._action(v, "Zoom &Out", lambda: self._ed("zoom_out"), QKeySequence.StandardKey.ZoomOut)
        self._action(v, "&Actual Size", lambda: self._ed("zoom_reset"), "Ctrl+0")
        self._action(v, "&Fit Map", lambda: self._ed("zoom_fit"), "Ctrl+9")
        v.addSeparator()
        self.panels_menu = v

        self.tools_menu = mb.addMenu("&Tools")
        self.act_balance = QAction("&Balance…", self)
        self.act_balance.setStatusTip("Play the document many times, computer against computer, and show who wins "
                                      "and where (the balance lab)")
        self.act_balance.triggered.connect(lambda: self.balance())
        self.act_assistant = QAction("Balance &Assistant…", self)
        self.act_assistant.setStatusTip("Search for small edits that even out who wins, each confirmed on fresh "
                                        "games (the balance assistant)")
        self.act_assistant.triggered.connect(lambda: self.balance_assistant())
        h = mb.addMenu("&Help")
        self.act_shortcuts = self._action(h, "&Keyboard Shortcuts…", lambda: self.show_shortcuts(),
                                          QKeySequence.StandardKey.HelpContents,
                                          "Every shortcut of the window and of the current tab")
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

    def add_document(self, doc: EditorDocument, index: int = -1) -> DocumentEditor:
        plugin = plugins.get(doc.kind)
        ed = plugin.editor_class(doc)
        panel = getattr(ed, "problems_panel", None)
        if panel is not None:
            spec = registry.get(doc.kind)
            panel.set_subject(f"{spec.title if spec else plugin.title} file")
        return self.add_editor(ed, index)

    def add_editor(self, ed: DocumentEditor, index: int = -1) -> DocumentEditor:
        """A tab for an editor (a game's, or the text view), at `index` (-1: the end)."""
        doc = ed.document
        self.undo_group.addStack(doc.undo_stack)
        # the view's zoom is followed before the tab is inserted: inserting the first tab makes it current,
        # which builds and lays out its docks, and the view fits itself (zooms) during that layout
        if hasattr(ed, "view"):
            ed.view.zoomChanged.connect(lambda _z, ed=ed: ed is self.current_editor() and self._update_zoom_label())
        i = self.tabs.insertTab(index, ed, doc.display_name)
        doc.modifiedChanged.connect(lambda _m, ed=ed: self._update_title(ed))
        doc.pathChanged.connect(lambda ed=ed: self._update_titles())
        ed.statusMessage.connect(lambda text, ed=ed: ed is self.current_editor() and self.cell_label.setText(text))
        ed.showPanel.connect(lambda pid, ed=ed: ed is self.current_editor() and self.raise_panel(pid))
        if hasattr(ed, "validator"):
            ed.validator.problemsChanged.connect(lambda _p, ed=ed: self._update_problem_label(ed))
        self.tabs.setCurrentIndex(i)
        self._update_titles()
        if isinstance(ed, TextEditor):
            ed.switchRequested.connect(lambda ed=ed: self.switch_to_visual(ed))
        return ed

    def new_document(self, kind: str | None = None, **options) -> DocumentEditor | None:
        """File > New: without a kind, the New dialog asks for the kind, its size and players."""
        if kind is None:
            dlg = NewDocumentDialog(self)
            if dlg.exec() != QDialog.DialogCode.Accepted:
                return None
            return self.add_document(files.new_document(dlg.kind(), model=dlg.model))
        return self.add_document(files.new_document(kind, **options))

    def open_file(self, path: str | Path | None = None) -> DocumentEditor | None:
        """Open a file: read and checked off the GUI thread (editor.core.opening: the window keeps
        painting, a progress dialog offers Cancel), then the game's editor — or the text view with
        the diagnostics when its structure does not read or it breaks a size or value limit of
        `validate` (no widget is ever built to a refused file's size)."""
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Open", self.start_dir(), _file_filter())
            if not path:
                return None
        path = Path(path).resolve()
        for ed in self.editors():  # already open: show it
            if ed.document.path == path:
                self.tabs.setCurrentWidget(ed)
                return ed
        if self._opening:  # the progress dialog is modal; this is a second call from code
            self.statusBar().showMessage(f"Still opening {self._opening.name}", 4000)
            return None
        self._opening = path
        try:
            reading = opening.read_file(path, self)
        finally:
            self._opening = None
        if reading is None:  # cancelled
            self.statusBar().showMessage(f"Opening {path.name} cancelled", 4000)
            return None
        if reading.text is None:  # not text at all
            if not path.exists():  # a recent file that is gone: forget it
                config.remove_recent(str(path))
                self._rebuild_recent()
            text = "\n".join(d.format_text() for d in reading.loaded.diagnostics[:20])
            QMessageBox.critical(self, "Cannot open file", f"{path} cannot be opened for editing:\n\n{text}")
            return None
        if reading.loaded.model is None or reading.refused:
            return self.open_as_text(path, reading)
        try:
            doc = files.document_of(reading)
        except files.NoEditorError as e:
            QMessageBox.information(self, "No editor", str(e))
            return None
        config.add_recent(str(path))
        self._rebuild_recent()
        return self.add_document(doc)

    def open_as_text(self, path: Path, reading: files.Reading | None = None) -> TextEditor | None:
        """A file in the text view (its structure does not read, or it breaks a limit), with the
        diagnostics of `reading` when it was read already; None when it is not text at all."""
        if reading is None:
            text, _problem = read_text(path)
            loaded = None
        else:
            text, loaded = reading.text, reading.loaded
        if text is None:
            return None
        config.add_recent(str(path))
        self._rebuild_recent()
        return self.add_editor(TextEditor(TextDocument(text, path, saved_text=text), loaded=loaded))

    def switch_to_visual(self, ed: TextEditor) -> DocumentEditor | None:
        """Replace a text view whose text reads by the game's editor, in the same place."""
        loaded = ed.validator.loaded
        if loaded is None or loaded.model is None or loaded.text != ed.document.text:
            ed.validator.run_now()
            loaded = ed.validator.loaded
        try:
            doc = files.document_from_loaded(loaded, ed.document.path)
        except files.DocumentError:
            return None
        except files.NoEditorError as e:
            self.statusBar().showMessage(str(e), 8000)
            return None
        doc.dirty_without_undo = ed.document.modified
        index = self.tabs.indexOf(ed)
        self.close_tab(ed, ask=False)
        new = self.add_document(doc, index)
        self._update_title(new)
        self.statusBar().showMessage(f"{doc.display_name} reads now: opened in the visual editor", 8000)
        return new

    def start_dir(self) -> str:
        """Where Open and Save As start: beside the current file, else the last file used."""
        ed = self.current_editor()
        if ed is not None and ed.document.path is not None:
            return str(ed.document.path.parent)
        for ed in self.editors():
            if ed.document.path is not None:
                return str(ed.document.path.parent)
        for recent in config.recent_files():
            if Path(recent).parent.is_dir():
                return str(Path(recent).parent)
        return str(Path.cwd())

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
            name = ed.document.path.name if ed.document.path else f"untitled{spec.suffix if spec else '.yaml'}"
            suggested = str(Path(self.start_dir()) / name)
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
                f"{ed.document.display_name} has {count_text(len(errors), 0).split(',')[0]}; the file will "
                "not validate until "
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
        note = f" with {count_text(len(errors), 0).split(',')[0]} — see the Problems panel" if errors else ""
        self.statusBar().showMessage(f"Saved {target}{note}", 8000)
        self.autosaver.tick()
        return True

    def export_png(self, path: str | None = None) -> bool:
        ed = self.current_editor()
        if ed is None:
            return False
        if path is None:
            base = ed.document.path.with_suffix("").with_suffix(".png") if ed.document.path \
                else Path(self.start_dir()) / "map.png"
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
        playing = [w for w in self.play_windows if getattr(w, "source_editor", None) is ed]
        if ask and not (self.maybe_save(ed) and all(pw.confirm_close() for pw in playing)):
            return False
        for pw in playing:
            pw.close()
        self._release_panels(ed)
        self.undo_group.removeStack(ed.document.undo_stack)
        ed.close_editor()
        self.tabs.removeTab(self.tabs.indexOf(ed))
        ed.deleteLater()
        self._update_titles()  # a name that two tabs shared is plain again
        self.autosaver.tick()
        return True

    def closeEvent(self, e) -> None:
        for ed in self.editors():
            if not self.maybe_save(ed):
                e.ignore()
                return
        for pw in list(self.play_windows):  # a game in progress: save it, leave it, or stay
            if not pw.confirm_close():
                e.ignore()
                return
        for pw in list(self.play_windows):
            pw.close()
        self.save_layout()
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
                    text = it.text_file.read_text(encoding="utf-8")
                    doc = files.document_from_text(text, it.original)
                except files.DocumentError:  # work in progress that does not read yet: as text
                    original = Path(it.original) if it.original else None
                    on_disk = original.read_text(encoding="utf-8") if original and original.is_file() else None
                    opened.append(self.add_editor(TextEditor(TextDocument(text, original, saved_text=on_disk))))
                    continue
                except (files.NoEditorError, OSError, UnicodeDecodeError) as err:
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

    def _balance_menu(self, ed) -> None:
        """Tools > Balance… for a document that is a registered game's scenario (editor.core.balance)."""
        from .balance import game_of  # heavy (the batch runner, heat maps): loaded on first use, not at start-up

        if ed is not None and game_of(ed.document) is not None:
            if not self.tools_menu.isEmpty():
                self.tools_menu.addSeparator()
            self.tools_menu.addAction(self.act_balance)
            self.tools_menu.addAction(self.act_assistant)
            self.tools_menu.setEnabled(True)

    def balance(self):
        """Tools > Balance…: the balance lab of the current document (one dialog per document)."""
        from .balance import BalanceDialog, game_of  # heavy (the batch runner, heat maps): loaded on first use

        ed = self.current_editor()
        if ed is None or game_of(ed.document) is None:
            return None
        dlg = getattr(ed, "balance_dialog", None)
        if dlg is None:
            dlg = ed.balance_dialog = BalanceDialog(ed, self)
            ed.destroyed.connect(dlg.deleteLater)  # the lab goes with its document's tab
            fit_window(dlg)  # no taller than the screen (its heat map and results scale)
        dlg.show()
        dlg.raise_()
        return dlg

    def balance_assistant(self):
        """Tools > Balance Assistant…: edits that even out the current document (one dialog per document)."""
        from .balance import game_of  # heavy (the batch runner): loaded on first use
        from .balance_assistant import BalanceAssistantDialog

        ed = self.current_editor()
        game = game_of(ed.document) if ed is not None else None
        if game is None:
            return None
        dlg = getattr(ed, "assistant_dialog", None)
        if dlg is None:
            dlg = ed.assistant_dialog = BalanceAssistantDialog(ed, game, self)
            ed.destroyed.connect(dlg.deleteLater)
        dlg.show()
        dlg.raise_()
        return dlg

    def show_shortcuts(self) -> QDialog:
        dlg = ShortcutsDialog(self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        return dlg

    def about(self) -> None:
        QMessageBox.about(self, "About Gridsmith", CREDITS_HTML)

    # ---- current-document plumbing ------------------------------------------------------------
    def _update_titles(self) -> None:
        for ed in self.editors():
            self._update_title(ed)

    def _tab_name(self, ed: DocumentEditor) -> str:
        """The document's name, and its folder's when another open tab has the same name (two games'
        duel.scn.yaml), as editors with tabs tell files apart."""
        doc = ed.document
        editors = self.editors()
        twins = [o for o in editors if o is not ed and o.document.display_name == doc.display_name]
        if not twins:
            return doc.display_name
        if doc.path is None:  # two new files of one kind: numbered in tab order
            earlier = [o for o in twins if o.document.path is None and editors.index(o) < editors.index(ed)]
            return f"{doc.display_name} ({len(earlier) + 1})" if earlier else doc.display_name
        # as many folders as tell it apart: pendulum, or a/pendulum beside b/pendulum
        parts = doc.path.parent.parts
        others = [o.document.path.parent.parts for o in twins if o.document.path is not None]
        for k in range(1, len(parts) + 1):
            if all(tuple(p[-k:]) != tuple(parts[-k:]) for p in others):
                return f"{doc.display_name} ({'/'.join(parts[-k:])})"
        return f"{doc.display_name} ({doc.path.parent})"

    def _update_title(self, ed: DocumentEditor) -> None:
        i = self.tabs.indexOf(ed)
        if i < 0:
            return
        doc = ed.document
        self.tabs.setTabText(i, self._tab_name(ed) + (" *" if doc.modified else ""))
        self.tabs.setTabToolTip(i, str(doc.path) if doc.path else "not saved yet")
        if ed is self.current_editor():
            self.setWindowTitle(f"{self._tab_name(ed)}[*] — Gridsmith")
            self.setWindowModified(doc.modified)

    def _update_problem_label(self, ed: DocumentEditor) -> None:
        if ed is not self.current_editor():
            return
        problems = ed.problems()
        errors = sum(1 for p in problems if p.severity is Severity.ERROR)
        self.problem_label.setText(count_text(errors, len(problems) - errors) if problems else "valid")

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
        else:
            self.setWindowTitle("Gridsmith")
            self.setWindowModified(False)
            self.problem_label.setText("")
        self.tools_menu.clear()
        if has:
            for a in ed.tool_actions():
                self.tools_menu.addAction(a)
        self.tools_menu.setEnabled(has and bool(ed.tool_actions()))
        self._canvas_menus(ed if has else None)
        self._balance_menu(ed)
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
        fresh = []
        for pid, p in wanted.items():
            dock = self.docks.get(pid)
            if dock is None:
                dock = QDockWidget(p.title, self)
                dock.setObjectName(f"dock-{pid}")
                dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                                 | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
                if not self.restoreDockWidget(dock):  # where the saved layout had it, else its area
                    self.addDockWidget(p.area, dock)
                    fresh.append((pid, dock, p.widget))
                self.docks[pid] = dock
                self.panel_visible[pid] = self._saved_visible.get(pid, p.visible)
                dock.installEventFilter(self)
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
        if fresh:
            self._initial_dock_sizes(fresh)
        self._update_zoom_label()  # after the docks: laying them out may have fitted the view again

    def _update_zoom_label(self) -> None:
        """The current tab's zoom; nothing for a tab without a canvas (a form, the text view)."""
        view = getattr(self.current_editor(), "view", None)
        self.zoom_label.setText(f"{view.zoom * 100:.0f}%" if view is not None else "")

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

    # ---- layout: sizes, give-back, saved across runs --------------------------------------------
    def _initial_dock_sizes(self, fresh: list) -> None:
        """New docks' first sizes: what their panels ask for, within a share of the window (a side
        column at most 30 % of the width, the bottom at most 22 % of the height)."""
        side = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
        self._giving_back = True
        try:
            for area in side:
                docks = [(pid, d, w) for pid, d, w in fresh if self.dockWidgetArea(d) == area and d.isVisible()]
                if not docks:
                    continue
                width = min(max(max(w.sizeHint().width(), w.minimumSizeHint().width()) for _p, _d, w in docks),
                            int(self.width() * 0.3))
                self.resizeDocks([d for _p, d, _w in docks], [width] * len(docks), Qt.Orientation.Horizontal)
                if len(docks) > 1:  # stacked: share the height as the panels ask
                    hints = [max(80, w.sizeHint().height()) for _p, _d, w in docks]
                    self.resizeDocks([d for _p, d, _w in docks], hints, Qt.Orientation.Vertical)
                for pid, _d, _w in docks:
                    self.dock_wanted[pid] = width
            for pid, d, w in fresh:
                if self.dockWidgetArea(d) not in side and d.isVisible():
                    height = min(max(130, w.minimumSizeHint().height()), int(self.height() * 0.22))
                    self.resizeDocks([d], [height], Qt.Orientation.Vertical)
                    self.dock_wanted[pid] = height
        finally:
            self._giving_back = False

    def _dock_extent(self, dock: QDockWidget) -> tuple[int, Qt.Orientation]:
        area = self.dockWidgetArea(dock)
        if area in (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea):
            return dock.width(), Qt.Orientation.Horizontal
        return dock.height(), Qt.Orientation.Vertical

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        # a dock resized with a mouse button down while the window keeps its size: the user dragged a
        # separator (or moved a dock); that is the size to give back later. During a window resize
        # the window's size is already new while _last_size is not: those are the window's doing.
        if (event.type() == event.Type.Resize and isinstance(obj, QDockWidget) and not self._giving_back
                and QApplication.mouseButtons() != Qt.MouseButton.NoButton
                and self.size() == self._last_size and obj.isVisible() and not obj.isFloating()):
            pid = next((k for k, d in self.docks.items() if d is obj), None)
            if pid is not None:
                self.dock_wanted[pid] = self._dock_extent(obj)[0]
        return super().eventFilter(obj, event)

    def resizeEvent(self, e) -> None:
        super().resizeEvent(e)
        grew = e.oldSize().isValid() and (e.size().width() > e.oldSize().width()
                                          or e.size().height() > e.oldSize().height())
        self._last_size = QSize(e.size())
        if grew:
            self.give_back()
        elif e.oldSize().isValid() and e.size().width() < e.oldSize().width():
            self.share_width()

    def share_width(self) -> None:
        """When the window narrows, Qt takes everything from the canvas first; the side docks give
        way too (down to what their panels need), so that the canvas keeps 45 % of the width."""
        deficit = max(CENTRAL_MIN.width(), int(self.width() * CANVAS_SHARE)) - self.centralWidget().width()
        if deficit <= 0:
            return
        columns = []
        for area in (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea):
            docks = [d for d in self.docks.values()
                     if d.isVisible() and not d.isFloating() and self.dockWidgetArea(d) == area]
            if docks:
                floor = max(d.minimumSizeHint().width() for d in docks)
                columns.append((docks[0], docks[0].width(), max(0, docks[0].width() - floor)))
        slack = sum(c[2] for c in columns)
        if slack <= 0:
            return
        take = min(deficit, slack)
        self._giving_back = True
        try:
            self.resizeDocks([c[0] for c in columns], [w - take * room // slack for _d, w, room in columns],
                             Qt.Orientation.Horizontal)
        finally:
            self._giving_back = False

    def give_back(self) -> None:
        """Docks squeezed by a smaller window get the size the user gave them back, as far as the
        canvas can spare it."""
        central = self.centralWidget().size()
        spare = {Qt.Orientation.Horizontal: central.width() - CENTRAL_MIN.width() - 40,
                 Qt.Orientation.Vertical: central.height() - CENTRAL_MIN.height() - 40}
        todo: dict[Qt.Orientation, tuple[list, list]] = {}
        for pid, dock in self.docks.items():
            if not dock.isVisible() or dock.isFloating() or pid not in self.dock_wanted:
                continue
            have, orientation = self._dock_extent(dock)
            want = self.dock_wanted[pid]
            if have < want and spare[orientation] > 0:
                grant = min(want - have, spare[orientation])
                spare[orientation] -= grant
                docks, sizes = todo.setdefault(orientation, ([], []))
                docks.append(dock)
                sizes.append(have + grant)
        self._giving_back = True
        try:
            for orientation, (docks, sizes) in todo.items():
                self.resizeDocks(docks, sizes, orientation)
        finally:
            self._giving_back = False

    def save_layout(self) -> None:
        """Window geometry, dock layout, which panels are shown and the docks' wanted sizes."""
        s = config.settings()
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState(STATE_VERSION))
        s.setValue("window/panels_visible", {k: bool(v) for k, v in self.panel_visible.items()})
        s.setValue("window/dock_sizes", dict(self.dock_wanted))
        s.sync()

    def restore_layout(self) -> bool:
        """The layout saved by the last run, if any (docks not created yet take theirs later)."""
        s = config.settings()
        self._saved_visible = {str(k): v in (True, "true") for k, v in
                               dict(s.value("window/panels_visible", {}) or {}).items()}
        self.dock_wanted.update({str(k): int(v) for k, v in dict(s.value("window/dock_sizes", {}) or {}).items()})
        geometry, state = s.value("window/geometry"), s.value("window/state")
        ok = bool(geometry) and self.restoreGeometry(geometry)
        if ok:  # saved on a bigger screen (or another monitor): no bigger than this one, and on it
            fit_window(self, self.size())
        if state:
            self.restoreState(state, STATE_VERSION)
        return ok


def _with_platform(keys: str, standard: QKeySequence.StandardKey) -> list[QKeySequence]:
    """`keys` everywhere, then the platform's own binding when it has another (Ctrl+F4 for Close)."""
    out = [QKeySequence(keys)]
    return out + [k for k in QKeySequence.keyBindings(standard) if k not in out][:1]

