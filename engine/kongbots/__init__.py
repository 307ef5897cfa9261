"""Kongbots rules engine (manual 004): pulses and phases, lasers, missiles, claws, malfunctions.

    from gridsmith.engine.kongbots.api import GAME
    state = GAME.new_game("content/kongbots/scout-duel.scn.yaml", seed=1)
"""
