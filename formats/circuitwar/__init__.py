"""Circuit War file formats: ruleset, scenario (a point lattice in doubled coordinates) and saved game.
The lattice alphabet is documented in formats.circuitwar.lattice and docs/formats.md."""
from . import ruleset, save, scenario  # noqa: F401  (each registers its kind)
