"""Pyramids rules engine (manual 003): movement, combat, hidden information, Cheops.

    from gridsmith.engine.core.games import get
    game = get("pyramids")                      # engine.pyramids.api.GAME
    state = game.new_game(scenario_model, seed=1, base="content/pyramids")
    state = game.new_game("content/pyramids/sample.scn.yaml", seed=1)   # or a scenario file
"""
