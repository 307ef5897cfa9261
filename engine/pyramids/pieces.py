"""Piece codes and the resolution of attacks (manual "Resolution of Attacks").

Codes are small ints so that boards are flat int lists: 1-8 are the numeric ranks (lion .. antelope,
lower number = stronger), then sphinx, cobra, pyramid. 0 means "empty" on a board and "unknown" in a
view.
"""
from __future__ import annotations

from gridsmith.formats.pyramids.pieces import PIECES

UNKNOWN = 0
LION, BULL, RAM, WOLF, HAWK, CAMEL, CAT, ANTELOPE = range(1, 9)
SPHINX, COBRA, PYRAMID = 9, 10, 11
NTYPES = 12

CHAR = {0: "?", SPHINX: "S", COBRA: "C", PYRAMID: "P", **{r: str(r) for r in range(1, 9)}}
CODE_OF_CHAR = {ch: code for code, ch in CHAR.items() if code}
NAME = {CODE_OF_CHAR[ch]: name for name, ch in PIECES}
NAME[UNKNOWN] = "unknown"
CODE_OF_NAME = {name: code for code, name in NAME.items()}

#: rule 1 of Movement: "The pyramid and the sphinxes cannot move."
MOBILE = tuple(t not in (UNKNOWN, SPHINX, PYRAMID) for t in range(NTYPES))


def attacker_wins(attacker: int, defender: int, lion_beats_lion: bool = False) -> bool:
    """Manual, Resolution of Attacks:
    1) Any piece can capture the pyramid.
    2) An attacking piece can defeat any numeric piece of greater or equal number.
    3) A cat (rank 7) can overpower a sphinx.
    4) The cobra can defeat the lion (rank 1) if it attacks; any piece, including the lion, can
       defeat the cobra by attacking it.
    A sphinx "will defeat anything which attacks it, except a sacred cat"; the cobra attacking any
    other numeric piece loses (only "the cobra can defeat the lion" is granted to it).

    A lion attacking a lion: rule 2 ("greater or equal number") says it wins, the Theme's "Only the
    cobra can defeat the lion" says it cannot. The specific statement (about the lion) wins over the
    general one (about every numeric piece): the attacking lion loses, unless `lion_beats_lion`
    (scenario option `lion_vs_lion: attacker`) chooses rule 2.
    """
    if defender == PYRAMID or defender == COBRA:
        return True
    if defender == SPHINX:
        return attacker == CAT
    if attacker == COBRA:
        return defender == LION
    if attacker == LION and defender == LION:
        return lion_beats_lion
    return attacker <= defender


def wins_table(lion_beats_lion: bool = False) -> tuple[tuple[bool, ...], ...]:
    """WINS[a][d]: `attacker_wins` as a table, for move generation and search."""
    return tuple(tuple(attacker_wins(a, d, lion_beats_lion) if a and d else False for d in range(NTYPES))
                 for a in range(NTYPES))


#: the table of the default rules (the attacking lion loses to a lion)
WINS = wins_table(False)
WINS_BY_OPTION = {"defender": WINS, "attacker": wins_table(True)}
