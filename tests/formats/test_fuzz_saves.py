"""A fuzz test of saved games for every game (issue 28): a save whose log, seed, seats or snapshot was
changed is refused with a located diagnostic, never accepted as a different game. Work is bounded by
the validator's own limits (no wall-clock assertions: hypothesis runs without a deadline)."""
from __future__ import annotations

import copy
import io
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from gridsmith.formats.limits import MAX_PROBLEMS_PER_FILE
from gridsmith.formats.loader import load_text

from gridsmith.engine.core import games
from gridsmith.engine.core.errors import GameError
from gridsmith.engine.core.loop import Match

from savekit import GAMES, Chooser, save_text, seats_key

LOG_KEY = {"pendulous": "actions", "circuitwar": "actions", "kongbots": "orders", "pyramids": "moves",
           "pendulum": "log"}
MUTATIONS = ["drop", "swap", "repeat", "seed", "negative_seed", "seat", "snapshot"]


def _plain(name: str) -> dict:
    return json.loads(json.dumps(YAML(typ="safe").load(save_text(name))))


def _text(data: dict) -> str:
    out = io.StringIO()
    y = YAML(typ="safe")
    y.default_flow_style = False
    y.dump(data, out)
    return out.getvalue()


def _numbers(node, path=()):
    """(path, value) of every integer under `node`."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _numbers(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _numbers(v, (*path, i))
    elif isinstance(node, int) and not isinstance(node, bool):
        yield path, node


def _set(data, path, value):
    for p in path[:-1]:
        data = data[p]
    data[path[-1]] = value


def _mutate(name: str, save: dict, original: dict, how: str, data) -> None:
    log = save[LOG_KEY[name]]
    if how == "drop":
        del log[data.draw(st.integers(0, len(log) - 1), label="index")]
    elif how == "swap":
        i = data.draw(st.integers(0, len(log) - 2), label="index")
        log[i], log[i + 1] = log[i + 1], log[i]
    elif how == "repeat":
        i = data.draw(st.integers(0, len(log) - 1), label="index")
        log.insert(i, log[i])
    elif how == "seed":
        save["seed"] = data.draw(st.integers(0, 2**63 - 1).filter(lambda s: s != original["seed"]), label="seed")
    elif how == "negative_seed":
        save["seed"] = data.draw(st.integers(-2**63, -1), label="seed")
    elif how == "seat":
        if seats_key(name) in save:
            save[seats_key(name)] = save[seats_key(name)] + ["random"]
    else:
        # Pendulum's clock is the moment the game was saved: any moment after the last request before the
        # next event is the same game saved a little earlier or later (a later event would show)
        numbers = [n for n in _numbers(save["snapshot"], ("snapshot",)) if n[0] != ("snapshot", "now_ms")]
        path, value = data.draw(st.sampled_from(numbers), label="number")
        _set(save, path, value + data.draw(st.sampled_from([-1, 1, 1000]), label="by"))


@pytest.mark.parametrize("name", GAMES)
# `make test` replays a fixed set of examples (a CI run never fails on a new draw); `make fuzz`
# (GRIDSMITH_FUZZ_EXAMPLES) explores afresh with a larger budget, as the pipeline's fuzz tests do
@settings(max_examples=int(os.environ.get("GRIDSMITH_FUZZ_EXAMPLES", "15")), deadline=None,
          derandomize="GRIDSMITH_FUZZ_EXAMPLES" not in os.environ,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_changed_save_is_refused_with_a_located_diagnostic(name, data):
    original = _plain(name)
    save = copy.deepcopy(original)
    how = data.draw(st.sampled_from(MUTATIONS), label="mutation")
    _mutate(name, save, original, how, data)
    if save == original:
        return
    loaded = load_text(_text(save), "x.sav.yaml")
    errors = [d for d in loaded.diagnostics if d.severity.value == "error"]
    assert len(loaded.diagnostics) <= MAX_PROBLEMS_PER_FILE + 1
    assert all(d.line >= 1 and d.col >= 1 for d in errors), [d.format_text() for d in errors]
    if not errors:  # accepted: then it is the same game (two commuting actions swapped, a seed nothing drew
        # from): the same position, and the same future under the same players
        same = load_text(_text(original), "x.sav.yaml").model
        assert _future(name, loaded.model) == _future(name, same), f"{name}: a save changed by {how} is " \
            "accepted as a different game"


def _future(name: str, model):
    game = games.get(name)
    state = game.replay(model).state
    m = Match(state, [Chooser()] * game.seat_count(state), 5, max_actions=25)
    try:
        m.run()
    except GameError:
        pass
    return [s.action.to_text() for s in m.steps], game.save(state, []).snapshot
