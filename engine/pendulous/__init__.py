"""The Pendulous rules engine (manual 000_0ffe945cf53f29c7, sections 1.2, 2.x, 3.1-3.3, 6.0).

API for the editor, the command line and computer players::

    from gridsmith.engine.pendulous.api import GAME
    from gridsmith.engine.pendulous import attack_odds, reports, saves

    state = GAME.new_game(scenario, seed=7)   # a model or a file; ruleset None: the one the scenario names
    GAME.opening(state)      # the events of its first moment
    state.to_move            # seat 0-3 (red, gray, green, blue) or None when over
    state.turn               # 0 = setup turn, then 1..scenario.settings.turns
    state.legal_actions()    # [Place|PickUp|Attack ..., EndTurn]   (engine.pendulous.actions)
    state.why_illegal(a)     # None or the reason, quoting the manual
    state.action_for_square(row, col)  # what a click on a square means (pick up/place/attack)
    events = state.apply(a)  # IllegalAction (a ValueError) when not legal; events have to_text()
    state.is_over, state.result        # engine.core.protocol.Result(winners, scores, reason)
    state.view(seat)         # a copy without the game's random generator
    state.clone()
    state.square(row, col)   # ('land'|'city'|'water', owner, armies, supplied)
    state.unsupplied_squares()          # the supply map: squares shown out of supply
    state.pool / resources / vp / out / onmap   # per seat
    state.board_text()       # the map as text (terminal, traces)
    attack_odds(state, (row, col))      # Odds: attack, defence, chance, itemized breakdown
    reports.player_settings(state), reports.game_settings(state), reports.combat_report(state)
    saves.write_save(path, state, seats) / saves.read_save(path) -> SaveFile
    saves.save_game(state) -> SaveFile;  saves.load_game(model) -> state (replayed and verified,
        SaveError with located problems otherwise);  saves.replay(model) -> (state, events)
    state.apply(action, forced_outcome=True/False)  # search agents only, on their own copies

Terminal play (used by `gridsmith play`): engine.pendulous.api.GAME.match(state, seats), then
`GAME.presentation.play_terminal(match, out)` (the human seat and what it prints: engine.pendulous.terminal).
Actions and events have stable text forms (`to_text()`, `actions.action_from_text`), used by saved
games and golden traces. Computer players: engine.pendulous.agents (RandomAgent, GreedyAgent,
SearchAgent), found through the `gridsmith.agents` entry-point group. Rule decisions the manual
leaves open: docs/rules/pendulous.md (each backed by a ruleset parameter).
"""
from __future__ import annotations

from .actions import END_TURN, Attack, EndTurn, PickUp, Place, action_from_text
from .combat import Odds, attack_odds
from .state import IllegalAction, PendulousState

__all__ = [
    "END_TURN", "Attack", "EndTurn", "PickUp", "Place", "action_from_text", "Odds", "attack_odds",
    "IllegalAction", "PendulousState",
]
