"""New Pendulous files: what `gridsmith new pendulous.KIND` writes and the editor's File > New
opens (formats.templates finds `TEMPLATES` here by the kind's package; the scenario's template, with
its size and player parameters, is `scenario.template`). Saved games are made by the engine (a new
game of the scenario template), not here."""
from __future__ import annotations

from .ruleset import KIND as RULESET, VERSION as RULESET_VERSION, Ruleset
from .scenario import Scenario, template


def new_scenario() -> Scenario:
    """File > New's scenario with its default parameters (the editor's starting model)."""
    return template()


def new_ruleset() -> Ruleset:
    """Every number as the manual gives it (the model's defaults), to be changed by the designer."""
    return Ruleset(kind=RULESET, version=RULESET_VERSION, name="New ruleset")


TEMPLATES = {RULESET: new_ruleset}
