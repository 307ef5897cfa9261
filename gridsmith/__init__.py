"""Gridsmith: author, validate and test-play content for five strategy games.

Installed, `gridsmith.formats`, `gridsmith.engine`, `gridsmith.editor` and `gridsmith.content` are
sub-folders of this package. In a source checkout they are the repository's fixed top-level folders,
siblings of this one; the checkout's root then joins this package's search path so that the same
names import from the source (an editable install maps them the same way)."""
from pathlib import Path as _Path

__version__ = "0.1.0"

_here = _Path(__file__).resolve().parent
if not (_here / "formats").is_dir() and (_here.parent / "formats" / "__init__.py").is_file():
    __path__.append(str(_here.parent))  # noqa: F821 (a package's __path__)
