"""References between Pendulous files, declared once for the shared resolver (formats.references): a
scenario names the ruleset it plays under. A bundled name (`default`) is content/pendulous/NAME.SUFFIX,
anything else a path relative to the scenario. `load_ruleset` is the engine's and the editor's way to
the model (formats.rulesets)."""
from __future__ import annotations

from pathlib import Path

from .. import rulesets
from ..references import Reference, declare
from .ruleset import Ruleset, default

RULESET = Reference("pendulous.ruleset", "ruleset", ".rules.yaml", default="default")
declare("pendulous.scenario", {"ruleset": RULESET})


def load_ruleset(ref: str | None, scenario_file: Path | None = None) -> Ruleset:
    """The Ruleset named by `ref` (None: the bundled default); formats.rulesets.RulesetError says why not."""
    return rulesets.load(ref, RULESET, default, scenario_file)
