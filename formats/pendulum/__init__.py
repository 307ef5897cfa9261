"""Pendulum file formats (rulebook 002, Feuerland/Stonemaier 2020): ruleset, board, leader, deck,
scenario and saved game, with costs and rewards in one effect language (effects.py). Codes: PNM."""
from . import board, deck, leader, ruleset, save, scenario  # noqa: F401  (each registers its kind)
