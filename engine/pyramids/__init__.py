"""Pyramids rules engine (manual 003): movement, combat, hidden information, Cheops.

    from engine.pyramids.game import new_game
    state = new_game(resolved_scenario, seed=1)
"""
