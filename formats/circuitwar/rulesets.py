"""The ruleset a Circuit War scenario plays under: a bundled name or a path relative to the scenario.

(To be replaced by the shared reference resolver once it lands.)
"""
from __future__ import annotations

from pathlib import Path

from ..content import content_root
from .ruleset import Ruleset, default

DEFAULT = "default"


class RulesetError(Exception):
    pass


def ruleset_path(ref: str | None, scenario_file: Path | None = None) -> Path:
    ref = ref or DEFAULT
    if "/" not in ref and "\\" not in ref and not ref.endswith((".yaml", ".yml")):
        return content_root() / "circuitwar" / f"{ref}.rules.yaml"
    p = Path(ref)
    if not p.is_absolute() and scenario_file is not None:
        p = scenario_file.parent / p
    return p


_cache: dict[tuple[str, int], Ruleset] = {}


def load_ruleset(ref: str | None, scenario_file: Path | None = None) -> Ruleset:
    """The Ruleset named by `ref` (None = the bundled default); RulesetError says why not."""
    from ..loader import load_file  # late: the loader imports the registry

    path = ruleset_path(ref, scenario_file)
    try:
        key = (str(path.resolve()), path.stat().st_mtime_ns)
    except OSError:
        if (ref or DEFAULT) == DEFAULT:
            return default()  # an installed package without content/: the model's defaults are the manual's
        raise RulesetError(f"ruleset {ref!r} not found ({path})") from None
    if key not in _cache:
        loaded = load_file(path)
        if not isinstance(loaded.model, Ruleset) or not loaded.ok:
            first = next((d for d in loaded.diagnostics if d.is_error), None)
            why = first.format_text() if first else f"{path} is not a circuitwar.ruleset"
            raise RulesetError(f"ruleset {ref or DEFAULT!r} is not valid: {why}")
        _cache[key] = loaded.model
    return _cache[key]
