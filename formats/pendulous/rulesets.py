"""Finding the ruleset a scenario plays under: a bundled name or a path relative to the scenario."""
from __future__ import annotations

from pathlib import Path

from ..content import content_root
from .ruleset import Ruleset

DEFAULT = "default"


class RulesetError(Exception):
    pass


def ruleset_path(ref: str | None, scenario_file: Path | None = None) -> Path:
    ref = ref or DEFAULT
    if "/" not in ref and "\\" not in ref and not ref.endswith((".yaml", ".yml")):
        return content_root() / "pendulous" / f"{ref}.rules.yaml"
    p = Path(ref)
    if not p.is_absolute() and scenario_file is not None:
        p = scenario_file.parent / p
    return p


_cache: dict[tuple[str, float], Ruleset] = {}


def load_ruleset(ref: str | None, scenario_file: Path | None = None) -> Ruleset:
    """The Ruleset named by `ref` (None = the bundled default); RulesetError says why not."""
    from ..loader import load_file  # late: the loader imports the registry, which imports us

    path = ruleset_path(ref, scenario_file)
    try:
        key = (str(path.resolve()), path.stat().st_mtime)
    except OSError:
        if (ref or DEFAULT) == DEFAULT:
            # an installed package without the content folder: the model's defaults are the manual's numbers
            return Ruleset(kind="pendulous.ruleset", version=1, name=DEFAULT)
        raise RulesetError(f"ruleset {ref or DEFAULT!r} not found ({path})") from None
    if key not in _cache:
        loaded = load_file(path)
        if not isinstance(loaded.model, Ruleset) or not loaded.ok:
            first = next((d for d in loaded.diagnostics if d.is_error), None)
            why = first.format_text() if first else f"{path} is not a pendulous.ruleset"
            raise RulesetError(f"ruleset {ref or DEFAULT!r} is not valid: {why}")
        _cache[key] = loaded.model
    return _cache[key]


def default_ruleset() -> Ruleset:
    return load_ruleset(None)
