"""Pendulum rules engine (rulebook 002): a discrete-event simulation on a millisecond clock.

    from gridsmith.engine.pendulum.api import GAME
    game = GAME.new_game("content/pendulum/duel.scn.yaml", seed=1)   # a runner.PolledGame
    state = game.state                                                # the clocked PendulumState

engine.pendulum.runner plays a game with computer seats on the clock.
"""
