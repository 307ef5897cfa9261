"""The ruleset a Circuit War scenario plays under: a bundled name or a path relative to the scenario,
followed by the shared reference resolver (formats.references), which reports a bad one (R6xx)."""
from __future__ import annotations

from pathlib import Path

from ..references import follow
from ..registry import CheckContext
from .refs import RULESET
from .ruleset import Ruleset, default

DEFAULT = "default"


class RulesetError(Exception):
    pass


def load_ruleset(ref: str | None, scenario_file: Path | None = None) -> Ruleset:
    """The Ruleset named by `ref` (None = the bundled default); RulesetError says why not."""
    result = follow(ref, RULESET, CheckContext(file=scenario_file))
    if result.model is not None:
        return result.model
    if (ref or DEFAULT) == DEFAULT and result.code == "R601":
        return default()  # an installed package without content/: the model's defaults are the manual's
    raise RulesetError(result.message)
