"""References between Pendulous files, declared once for the shared resolver (formats.references): a
scenario names the ruleset it plays under. A bundled name (`default`) is content/pendulous/NAME.SUFFIX,
anything else a path relative to the scenario."""
from __future__ import annotations

from ..references import Reference, declare

RULESET = Reference("pendulous.ruleset", "ruleset", ".rules.yaml", default="default")
declare("pendulous.scenario", {"ruleset": RULESET})
