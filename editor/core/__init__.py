"""The editor shell shared by every game: document base, undo commands, tools, the square-grid
scene/view, panels (problems, world view), autosave/recovery and the main window.

A game's editor is a sub-package `editor/<game>/` that calls `editor.core.plugins.register(...)`
when imported; the shell discovers such sub-packages by itself (see docs/editor.md).
"""
