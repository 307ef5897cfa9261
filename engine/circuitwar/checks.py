"""Engine-backed checks of Circuit War files, which `gridsmith validate` adds through the Game API
(`GAME.register_checks()`, engine.core.game): a saved game must replay to its snapshot."""
from __future__ import annotations

from gridsmith.engine.core.game import Checks

from .saves import check_replay

CHECKS: Checks = (("circuitwar.save", check_replay),)
