"""Circuit War rules engine (manual 001): the four phases, objects, beams, collisions, and computer
players.

    from gridsmith.engine.circuitwar.api import GAME
    state = GAME.new_game("content/circuitwar/duel.scn.yaml", seed=1)
"""
