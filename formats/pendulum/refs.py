"""References between Pendulum files, declared once for the shared resolver (formats.references): a
scenario names its ruleset, its board, each seat's leader and its decks. A bundled name (`default`,
`gambal`) is content/pendulum/NAME.SUFFIX, anything else a path relative to the referring file."""
from __future__ import annotations

from ..references import Reference, declare

RULESET = Reference("pendulum.ruleset", "ruleset", ".rules.yaml", default="default")
BOARD = Reference("pendulum.board", "board", ".board.yaml", default="default")
LEADER = Reference("pendulum.leader", "leader", ".leader.yaml")
DECK = Reference("pendulum.deck", "deck", ".deck.yaml")

declare("pendulum.scenario", {"ruleset": RULESET, "board": BOARD, "seats.*.leader": LEADER, "decks.*": DECK})
