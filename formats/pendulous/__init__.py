"""Pendulous file formats: scenario, ruleset and saved game."""
from . import ruleset, save, scenario  # noqa: F401  (each registers its kind)
