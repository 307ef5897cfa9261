"""Pendulous file formats: scenario and ruleset (and the saved game, in save.py)."""
from ..registry import KindSpec, register
from . import ruleset, scenario
from .checks import check_ruleset, check_scenario
from .migrations import scenario_v0_to_v1

SCENARIO = register(KindSpec(
    kind=scenario.KIND,
    version=scenario.VERSION,
    model=scenario.Scenario,
    suffix=".scn.yaml",
    title="Pendulous scenario",
    description="A Pendulous scenario (the original's .scn): players, settings and the map. Manual sections 2 and 4.",
    migrations={0: scenario_v0_to_v1},
    checks=(check_scenario,),
))

RULESET = register(KindSpec(
    kind=ruleset.KIND,
    version=ruleset.VERSION,
    model=ruleset.Ruleset,
    suffix=".rules.yaml",
    title="Pendulous ruleset",
    description="Every number of the Pendulous rules (manual 2.x): combat points, costs and limits.",
    checks=(check_ruleset,),
))
