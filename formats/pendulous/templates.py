"""New Pendulous files: what `gridsmith new pendulous.KIND` writes and the editor's File > New
opens (formats.templates finds `TEMPLATES` here by the kind's package). Saved games are made by
the engine (a new game of the scenario template), not here."""
from __future__ import annotations

from .mapgen import generate
from .ruleset import KIND as RULESET, VERSION as RULESET_VERSION, Ruleset
from .scenario import KIND as SCENARIO, Scenario


def new_scenario() -> Scenario:
    """A small valid two-player map to start from (manual 4.3 FILE|NEW SCENARIO)."""
    return generate(1, 20, 16, 2, name="New scenario", description="")


def new_ruleset() -> Ruleset:
    """Every number as the manual gives it (the model's defaults), to be changed by the designer."""
    return Ruleset(kind=RULESET, version=RULESET_VERSION, name="New ruleset")


TEMPLATES = {SCENARIO: new_scenario, RULESET: new_ruleset}
