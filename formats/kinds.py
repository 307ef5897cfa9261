"""Imports every game's formats package so that their kinds are registered (one line per game)."""
from . import pendulous  # noqa: F401
from . import pyramids  # noqa: F401
from .pendulous import save as _pendulous_save  # noqa: F401  (pendulous.save registers itself)
from . import circuitwar  # noqa: F401
