"""The Pyramids piece alphabet and the default piece set (issue 5, the SETUP program's original set).

One character per piece so that a setup row reads like the board: `P` pyramid, `S` sphinx,
`C` cobra, `1`-`8` the numeric ranks (lower number = stronger).
"""
from __future__ import annotations

#: piece names in rank order, as the piece-set file spells them, with their setup character
PIECES: tuple[tuple[str, str], ...] = (
    ("pyramid", "P"),
    ("sphinx", "S"),
    ("cobra", "C"),
    ("lion", "1"),
    ("bull", "2"),
    ("ram", "3"),
    ("wolf", "4"),
    ("hawk", "5"),
    ("camel", "6"),
    ("cat", "7"),
    ("antelope", "8"),
)
NAME_OF_CHAR = {ch: name for name, ch in PIECES}
CHAR_OF_NAME = {name: ch for name, ch in PIECES}
PIECE_ALPHABET = "".join(ch for _, ch in PIECES)
EMPTY = "."

#: the default piece set (issue 5): 44 pieces
DEFAULT_COUNTS = {
    "pyramid": 1,
    "cobra": 1,
    "sphinx": 7,
    "lion": 1,
    "bull": 2,
    "ram": 3,
    "wolf": 4,
    "hawk": 5,
    "camel": 6,
    "cat": 6,
    "antelope": 8,
}

#: a side's home zone: its 4 nearest rows of 11 squares, one piece per square
HOME_ROWS = 4
BOARD_WIDTH = 11
PIECES_PER_SIDE = HOME_ROWS * BOARD_WIDTH  # 44

#: board alphabet
OPEN, DESERT, POWER = ".", "D", "P"
BOARD_ALPHABET = OPEN + DESERT + POWER
