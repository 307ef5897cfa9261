"""Engine-backed checks of Pendulous files, imported by `gridsmith validate` (ENGINE_CHECKS):
a saved game must replay to its snapshot (registered by engine.pendulous.saves on import)."""
from . import saves  # noqa: F401  (registers check_replay for pendulous.save)
