"""Finding the ruleset a scenario plays under: a bundled name or a path relative to the scenario,
followed by the shared reference resolver (formats.references)."""
from __future__ import annotations

from pathlib import Path

from ..content import bundled_path, is_bundled_name
from ..references import follow
from ..registry import CheckContext
from .refs import RULESET
from .ruleset import KIND, Ruleset

DEFAULT = "default"


class RulesetError(Exception):
    pass


def ruleset_path(ref: str | None, scenario_file: Path | None = None) -> Path:
    """Where `ref` points (for showing it; reading goes through the resolver)."""
    ref = ref or DEFAULT
    if is_bundled_name(ref):
        return bundled_path("pendulous", ref, RULESET.suffix)
    p = Path(ref)
    if not p.is_absolute() and scenario_file is not None:
        p = scenario_file.parent / p
    return p


def load_ruleset(ref: str | None, scenario_file: Path | None = None) -> Ruleset:
    """The Ruleset named by `ref` (None = the bundled default); RulesetError says why not."""
    result = follow(ref, RULESET, CheckContext(file=scenario_file))
    if result.model is not None:
        return result.model
    if (ref or DEFAULT) == DEFAULT and result.code == "R601":
        # an installed package without the content folder: the model's defaults are the manual's numbers
        return Ruleset(kind=KIND, version=1, name=DEFAULT)
    raise RulesetError(result.message)


def default_ruleset() -> Ruleset:
    return load_ruleset(None)
