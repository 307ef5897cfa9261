"""The Gridsmith editor (PySide6): the shell in editor.core, one sub-package per game's editor."""
