"""Saved games (`pyramids.save`): write a game, and load one by replaying its moves.

A saved game embeds the resolved scenario, the layouts both sides started from, the seed and who
moved first, so it replays without any other file. Loading replays every move and compares the
result with the snapshot; a mismatch is an error, never a silently different game (SAV410: a move
cannot be played, SAV411: the position differs from the snapshot, as for Pendulous).
"""
from __future__ import annotations


from gridsmith.engine.core.errors import ReplayError
from gridsmith.engine.core.saves import replay_check, snapshot_mismatch
from gridsmith.formats.pyramids.save import SavedGame, SavedSide, Snapshot
from gridsmith.formats.pyramids.scenario import ResolvedScenario

from .actions import SIDE_NAMES, Move
from .game import new_game
from .state import PyramidsState


def to_save(state: PyramidsState, seed: int, scenario_name: str = "") -> SavedGame:
    res: ResolvedScenario = state.resolved
    winner = None
    if state.result is not None:
        winner = "draw" if state.result.is_draw else SIDE_NAMES[state.result.winners[0]]
    return SavedGame(
        kind="pyramids.save",
        version=1,
        scenario=scenario_name,
        board=list(state.geo.rows),
        sides={name: SavedSide(counts=res.counts[i], setup=list(state.setups[i]), random=state.random_setups[i])
               for i, name in enumerate(SIDE_NAMES)},
        options=res.options,
        seed=seed,
        first=SIDE_NAMES[state.first],
        moves=[m.to_text() for m in state.log],
        snapshot=Snapshot(
            to_move=None if state.to_move is None else SIDE_NAMES[state.to_move],
            moves_played=state.ply,
            player=state.grid(0),
            cheops=state.grid(1),
            winner=winner,
            reason=state.result.reason if state.result else "",
        ),
    )


def from_save(save: SavedGame, upto: int | None = None) -> PyramidsState:
    """The game of a save, replayed move by move (to move `upto` when given, for a replay viewer)."""
    res = ResolvedScenario(list(save.board), (save.sides["player"].counts, save.sides["cheops"].counts),
                           (list(save.sides["player"].setup), list(save.sides["cheops"].setup)), save.options)
    state = new_game(res, save.seed, first=SIDE_NAMES.index(save.first),
                     setups=(res.setups[0], res.setups[1]),
                     random_setups=(save.sides["player"].random, save.sides["cheops"].random))
    moves = save.moves if upto is None else save.moves[:upto]
    for i, text in enumerate(moves):
        try:
            state.apply(Move.from_text(text, state.geo.h))
        except ValueError as e:
            raise ReplayError(f"move {i + 1} ({text}) cannot be played: {e}", ("moves", i)) from None
    if upto is None:
        snap = save.snapshot
        expect = {"to_move": snap.to_move, "moves_played": snap.moves_played, "player": snap.player,
                  "cheops": snap.cheops}  # in the file's order: the first difference is the one named
        got = {"to_move": None if state.to_move is None else SIDE_NAMES[state.to_move], "moves_played": state.ply,
               "player": state.grid(0), "cheops": state.grid(1)}
        differs = snapshot_mismatch(expect, got, "the moves")
        if differs:
            raise differs
    return state


#: the replay check of `gridsmith validate` (engine.pyramids.checks lists it)
check_replay = replay_check(from_save, "moves")
