"""Pyramids file formats: board, piece set, strategic-setup library, scenario and saved game.

Alphabets are fixed by DESIGN.md: boards use `.` open, `D` desert, `P` power square; pieces use
`P` pyramid, `S` sphinx, `C` cobra and `1`-`8` lion, bull, ram, wolf, hawk, camel, cat, antelope.
"""
from . import board, pieceset, save, scenario, setups  # noqa: F401,E402  (each registers its kind)
