"""Saved games (manual 3.2/3.3): save, reload by replaying, and reject tampered or truncated files."""
from __future__ import annotations

import pytest

from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.pendulous.api import GAME
from gridsmith.engine.pendulous.agents import GreedyAgent, RandomAgent
from gridsmith.engine.pendulous.saves import SaveError, check_replay, load_game, read_save, save_game, save_text, write_save
from gridsmith.formats.loader import load_text, validate_file
from gridsmith.formats.registry import CheckContext


def _midgame(duel, actions=70, seed=5):
    s = GAME.new_game(duel, seed=seed)
    agents, rng = [GreedyAgent(), RandomAgent()], CounterRng(1)
    for _ in range(actions):
        s.apply(agents[s.seat].choose(s.view(s.seat), s.legal_actions(), rng))
    return s


def test_save_and_reload_continue_the_same_game(duel, tmp_path):
    """3.3: a saved game can be reloaded and played on: the reloaded game is the same game, dice included."""
    s = _midgame(duel)
    path = write_save(tmp_path / "g.sav.yaml", s, ["greedy", "random"], "midgame")
    assert validate_file(path) == []
    model = read_save(path)
    assert model.seats == ["greedy", "random"] and model.seed == 5 and len(model.actions) == 70
    loaded = load_game(model)
    assert loaded.vp == s.vp and loaded.owner == s.owner and loaded.rng.state() == s.rng.state()
    # both continue identically
    agent, r1, r2 = GreedyAgent(), CounterRng(3), CounterRng(3)
    for _ in range(40):
        if s.is_over:
            break
        a = agent.choose(s.view(s.seat), s.legal_actions(), r1)
        assert agent.choose(loaded.view(loaded.seat), loaded.legal_actions(), r2) == a
        assert [e.to_text() for e in s.apply(a)] == [e.to_text() for e in loaded.apply(a)]


def test_save_text_round_trips(duel):
    text = save_text(save_game(_midgame(duel, 20)))
    loaded = load_text(text, "x.sav.yaml")
    assert loaded.model is not None and not [d for d in loaded.diagnostics if d.is_error]
    assert text.startswith("# yaml-language-server: $schema=")


def test_tampered_snapshot_is_an_error(duel):
    model = save_game(_midgame(duel))
    data = model.model_dump()
    data["snapshot"]["seats"][0]["victory_points"] += 100
    bad = type(model).model_validate(data)
    probs = list(check_replay(bad, CheckContext()))
    assert [p.code for p in probs] == ["SAV411"] and probs[0].path == ("snapshot", "seats", 0, "victory_points")
    with pytest.raises(SaveError, match="victory points"):
        load_game(bad)


def test_tampered_board_and_truncated_log_are_errors(duel):
    model = save_game(_midgame(duel))
    data = model.model_dump()
    row = data["snapshot"]["owners"][0]
    j = next(i for i, ch in enumerate(row) if ch in "12")
    data["snapshot"]["owners"][0] = row[:j] + ("2" if row[j] == "1" else "1") + row[j + 1:]
    probs = list(check_replay(type(model).model_validate(data), CheckContext()))
    assert any(p.code == "SAV411" and p.path == ("snapshot", "owners", 0, j) for p in probs)
    data = model.model_dump()
    data["actions"] = data["actions"][:-5]
    assert any(p.code == "SAV411" for p in check_replay(type(model).model_validate(data), CheckContext()))


def test_illegal_action_in_log_is_located(duel):
    data = save_game(_midgame(duel)).model_dump()
    data["actions"][3] = "attack 0,0"
    from gridsmith.formats.pendulous.save import SaveFile

    probs = list(check_replay(SaveFile.model_validate(data), CheckContext()))
    assert probs[0].code == "SAV410" and probs[0].path == ("actions", 3)


def test_validate_reports_a_tampered_file_with_its_line(duel, tmp_path):
    from gridsmith.engine.pendulous.api import GAME

    GAME.register_checks()  # what `gridsmith validate` does

    path = write_save(tmp_path / "g.sav.yaml", _midgame(duel), ["greedy", "random"])
    text = path.read_text()
    path.write_text(text.replace("rng_draws: ", "rng_draws: 1", 1))
    diags = validate_file(path)
    assert [d.code for d in diags] == ["SAV411"]
    assert text.splitlines()[diags[0].line - 1].strip().startswith("rng_draws")


def test_malformed_action_is_a_shape_error(duel):
    data = save_game(_midgame(duel, 10)).model_dump()
    data["actions"][0] = "move 1,2"
    from gridsmith.formats.pendulous.save import SaveFile, check_save

    assert [p.code for p in check_save(SaveFile.model_validate(data), CheckContext())] == ["SAV401"]


def test_a_save_with_an_invalid_embedded_map_is_refused_without_replaying(duel):
    """Hostile input: a save must not smuggle in a map the scenario checks refuse (here 60 wide)."""
    from gridsmith.formats.pendulous.save import SaveFile, check_save

    data = save_game(_midgame(duel, 10)).model_dump()
    data["scenario"]["map"] = ["A" + "1" * 59] + data["scenario"]["map"][1:]
    bad = SaveFile.model_validate(data)
    probs = list(check_save(bad, CheckContext()))
    assert probs and all(p.path[0] in ("scenario", "snapshot") for p in probs)
    assert any(p.path[0] == "scenario" for p in probs)
    assert list(check_replay(bad, CheckContext())) == []
