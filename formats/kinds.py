"""Imports every game's formats package so that their kinds are registered."""
from .pendulous import ruleset as _pendulous_ruleset  # noqa: F401
from .pendulous import scenario as _pendulous_scenario  # noqa: F401
