"""The Gridsmith editor (PySide6): the shell in editor.core, one sub-package per game's editor."""
import sys

if sys.version_info < (3, 12):  # pragma: no branch
    # PySide6 6.12.0 returns None and True without a new reference on Python 3.11 (every
    # `painter.drawImage(...)`, `app.processEvents()`, `signal.emit(...)` drops a reference), so an
    # editor session dies with "none_dealloc"/"bool_dealloc" after a few thousand calls. Python 3.12
    # made these singletons immortal (PEP 683); on older Pythons we give them enough references
    # never to reach zero.
    import ctypes

    for _singleton in (None, True, False):
        ctypes.c_ssize_t.from_address(id(_singleton)).value += 1 << 48

# Import pydantic and every model before PySide6: shiboken's import hook inspects modules as they
# load and trips over pydantic's lazily imported submodules ("partially initialized module").
import pydantic.fields  # noqa: E402,F401

import formats.kinds  # noqa: E402,F401
