"""References between Circuit War files, declared once for the shared resolver (formats.references): a
scenario names the ruleset it plays under. A bundled name (`default`) is content/circuitwar/NAME.SUFFIX,
anything else a path relative to the scenario. `load_ruleset` is the engine's and the editor's way to
the model (formats.rulesets)."""
from __future__ import annotations

from .. import rulesets
from ..references import Reference, declare
from .ruleset import default

RULESET = Reference("circuitwar.ruleset", "ruleset", ".rules.yaml", default="default")
declare("circuitwar.scenario", {"ruleset": RULESET})

#: the Ruleset named by a scenario's `ruleset` (None: the bundled default); RulesetError says why not
load_ruleset = rulesets.loader(RULESET, default)
