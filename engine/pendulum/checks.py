"""Engine-backed checks of Pendulum files, imported by `gridsmith validate`: a saved game must replay
to its snapshot (registered by engine.pendulum.saves on import)."""
from . import saves  # noqa: F401  (registers check_replay for pendulum.save)
