"""The one play window with Pyramids in it (the player against Cheops unless other seats are given)."""
from __future__ import annotations

from ..core import playwindow
from .play import PyramidsProvider


class PlayWindow(playwindow.PlayWindow):
    """The one play window with Pyramids in it: the player (bottom) against Cheops (top) unless other
    seats are given."""

    def __init__(self, scenario, seed: int | None = None, scenario_name: str = "", agent_seed: int | None = None,
                 seats: list[str] | None = None, **kw):
        super().__init__(PyramidsProvider, scenario, list(seats or ["human", "cheops"]), seed,
                         agent_seed=agent_seed, title=scenario_name or "Pyramids", **kw)
        self.scenario_name = scenario_name
