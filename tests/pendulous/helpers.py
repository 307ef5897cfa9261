"""Small scenarios built in code, so each rule test shows the exact map it needs."""
from __future__ import annotations

from gridsmith.formats.pendulous.ruleset import Ruleset
from gridsmith.formats.pendulous.scenario import Scenario


def player(name: str = "P", **kw) -> dict:
    d = dict(
        name=name,
        reinforcement_rate=2,
        resource_rate=5,
        max_forces=20,
        initial_forces=5,
        start_resources=0,
        start_victory_points=0,
        army_effectiveness=100,
    )
    d.update(kw)
    return d


def scenario(rows: list[str], players: int | list[dict] = 2, turns: int = 5, land: int = 1, city: int = 5,
             naval: bool = False) -> Scenario:
    if isinstance(players, int):
        players = [player(f"P{i + 1}") for i in range(players)]
    return Scenario.model_validate(
        dict(
            kind="pendulous.scenario",
            version=1,
            name="test",
            players=players,
            settings=dict(turns=turns, victory_points=dict(land=land, city=city), naval_invasions=naval),
            map=rows,
        )
    )


def rules(**sections) -> Ruleset:
    """The default ruleset with some sections overridden, e.g. rules(combat={"naval_army": "add"})."""
    return Ruleset.model_validate(dict(kind="pendulous.ruleset", version=1, name="test", **sections))


def play(state, *texts: str) -> list:
    """Apply actions given in their text form; returns every event."""
    from gridsmith.engine.pendulous.actions import action_from_text

    out = []
    for t in texts:
        out.extend(state.apply(action_from_text(t)))
    return out


def start(rows, players=2, ruleset=None, seed=0, **kw):
    from gridsmith.engine.pendulous.api import GAME

    return GAME.new_game(scenario(rows, players, **kw), seed, ruleset or rules())


def through_setup(state, setups: dict[int, list[str]] | None = None) -> list:
    """Play the setup turn: each seat applies its listed actions then ends; returns the events."""
    setups = setups or {}
    out = []
    while state.turn == 0 and not state.is_over:
        out.extend(play(state, *setups.get(state.seat, []), "end"))
    return out


def texts(events) -> list[str]:
    return [e.to_text() for e in events]
