"""References between Circuit War files, declared once for the shared resolver (formats.references): a
scenario names the ruleset it plays under. A bundled name (`default`) is content/circuitwar/NAME.SUFFIX,
anything else a path relative to the scenario."""
from __future__ import annotations

from ..references import Reference, declare

RULESET = Reference("circuitwar.ruleset", "ruleset", ".rules.yaml", default="default")
declare("circuitwar.scenario", {"ruleset": RULESET})
