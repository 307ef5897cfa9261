"""Engine-backed checks of Pyramids files, imported by `gridsmith validate` (ENGINE_CHECKS): a saved
game must replay to its snapshot (registered by engine.pyramids.saves on import)."""
from . import saves  # noqa: F401  (registers check_replay for pyramids.save)
