"""References between Kongbots files, declared once for the shared resolver (formats.references): a
scenario names its arena, its ruleset and each bot's build; a build names the ruleset whose limits it
obeys. A bundled name (`classic-diamond`) is content/kongbots/NAME.SUFFIX, anything else a path
relative to the referring file. The loader's reference stage reports a reference that cannot be
followed (R6xx) at its key; the checks here use the models (`model_of`, None when broken)."""
from __future__ import annotations

from ..references import Reference, declare

ARENA = Reference("kongbots.arena", "arena", ".arena.yaml", default="classic-diamond")
RULESET = Reference("kongbots.ruleset", "ruleset", ".rules.yaml", default="default")
BUILD = Reference("kongbots.bot", "build", ".bot.yaml")

declare("kongbots.scenario", {"arena": ARENA, "ruleset": RULESET, "teams.*.bots.*.build": BUILD})
declare("kongbots.bot", {"ruleset": RULESET})
