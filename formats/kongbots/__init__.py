"""Kongbots file formats: ruleset, build, arena, scenario and saved game (manual 004)."""
from . import arena, bot, ruleset, save, scenario  # noqa: F401  (each registers its kind)
