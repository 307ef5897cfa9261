"""The Pyramids game state: the board, who knows what, and the rules of a turn.

Seat 0 is the player (bottom of the board, moving up), seat 1 Cheops (top). Pieces have ids given by
their starting square in reading order, which any observer can follow, so an id reveals nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

from gridsmith.engine.core.errors import IllegalActionError
from gridsmith.engine.core.protocol import Result, ResultState, Termination
from gridsmith.engine.core.rng import CounterRng
from gridsmith.formats.pyramids.scenario import Options

from .actions import Move
from .events import Attacked, GameOver, Moved
from .geometry import Geometry
from .movegen import CROSS, FLY, LONG, POWER, SQ_MASK, forbidden_by_repetition, gen_moves
from .pieces import CHAR, COBRA, CODE_OF_NAME, MOBILE, NTYPES, PYRAMID, SPHINX, WINS_BY_OPTION

#: moves only one rank can make reveal that rank (manual "Pieces": identities become known "by moves
#: which are unique to specific ranks")
REVEALING = (LONG, FLY, CROSS)
CHEOPS = 1


@dataclass(frozen=True)
class View:
    """What one side may know. Enemy types it has not seen are 0; nothing else is withheld, because
    positions, moves, and the piece sets are public (the manual's board shows them)."""

    me: int
    board: tuple[str, ...]
    slide: int
    to_move: int | None
    ply: int
    #: per square: None, or (side, piece id, type or 0 when unknown to me, has moved, whether the
    #: other side knows its type): for my pieces, what the opponent has seen; for the opponent's, type != 0
    squares: tuple
    #: per side, the number of pieces of each type code it started with (public piece sets)
    counts: tuple[tuple[int, ...], tuple[int, ...]]
    #: per side, the type codes of its captured pieces
    lost: tuple[tuple[int, ...], tuple[int, ...]]
    #: per side, its last two moves as (from, to) or None (for the repetition rule)
    hist: tuple
    #: enemy piece ids that won an attack while staying concealed ("powerful enough to win")
    concealed_winners: frozenset
    #: the events of the last move, as this side saw them
    last: tuple
    hide_attacks: bool
    hide_cheops_pieces: bool
    #: moves since the last capture (public: everyone sees captures)
    since_capture: int
    #: the scenario's skill level for Cheops (an option, public)
    level: int
    winner: int | None
    over: bool
    #: scenario option: who wins a lion attacking a lion ("defender" or "attacker"; public)
    lion_vs_lion: str = "defender"
    #: per side, whether its layout was drawn at random (public: the scenario says so, as the manual's
    #: players choose "random or strategic" setups for both sides). A random layout has its pyramid
    #: "in one of the two back rows" and nothing else placed with intent
    random_setup: tuple[bool, bool] = (False, False)
    #: per piece id, the turns of its owner during which it stood unmoved with a neighbouring square
    #: open to it (empty or the enemy's), 0 for pieces this side cannot see. Public: anyone watching
    #: the board can count them, and a piece that could move and never does is likelier to be one
    #: that cannot (pyramid or sphinx) — see beliefs.IDLE_RATE
    idle: tuple[int, ...] = ()


class PyramidsState(ResultState):
    def __init__(self, geo: Geometry, counts: tuple[tuple[int, ...], tuple[int, ...]],
                 placements: tuple[list[tuple[int, int]], list[tuple[int, int]]], options: Options,
                 rng: CounterRng, first: int) -> None:
        self.geo = geo
        self.counts = counts
        self.options = options
        self.slide = int(options.slide)
        #: who wins a lion attacking a lion (docs/rules/pyramids.md): the attack table of this game
        self.lion_vs_lion = getattr(options, "lion_vs_lion", "defender")
        self.wins = WINS_BY_OPTION[self.lion_vs_lion]
        self.rng = rng
        self.first = first
        n = geo.n
        self.side_at = [-1] * n
        self.type_at = [0] * n
        self.pid_at = [-1] * n
        squares = sorted((sq, side, t) for side in (0, 1) for sq, t in placements[side])
        self.piece_side: list[int] = []
        self.piece_type: list[int] = []
        self.piece_sq: list[int] = []
        for pid, (sq, side, t) in enumerate(squares):
            self.side_at[sq], self.type_at[sq], self.pid_at[sq] = side, t, pid
            self.piece_side.append(side)
            self.piece_type.append(t)
            self.piece_sq.append(sq)
        np_ = len(squares)
        self.known = [[self.piece_side[p] == v for p in range(np_)] for v in (0, 1)]
        self.moved = [False] * np_
        #: View.idle, kept by apply()
        self.idle = [0] * np_
        #: per side, the ids of its pieces that may still be unmoved (_count_idle looks only at them)
        self._unmoved: tuple[list[int], list[int]] = ([p for p in range(np_) if self.piece_side[p] == 0],
                                                      [p for p in range(np_) if self.piece_side[p] == 1])
        self.concealed = [False] * np_
        self.lost: tuple[list[int], list[int]] = ([], [])
        self.mobile = [sum(1 for p in range(np_) if self.piece_side[p] == v and MOBILE[self.piece_type[p]])
                       for v in (0, 1)]
        self.hist = [(None, None), (None, None)]
        self._to_move: int | None = first
        self.ply = 0
        self.last_capture = 0
        self._result: Result | None = None
        self.log: list[Move] = []
        #: set by engine.pyramids.game.new_game: the layouts both sides started from (back row
        #: first) and the resolved scenario, which a saved game embeds
        self.setups: tuple[list[str], list[str]] | None = None
        self.resolved = None
        #: set by new_game: which sides' layouts were drawn at random (View.random_setup)
        self.random_setups: tuple[bool, bool] = (False, False)
        self.last_events: list = []
        self._legal: list[Move] | None = None
        #: the side to move's moves as found by _check_stuck after the last move (legal_actions
        #: builds on them rather than generating them again)
        self._raw: list[int] | None = None
        self._check_stuck()

    # --- protocol -------------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return self._to_move

    def legal_moves_raw(self) -> list[int]:
        side = self._to_move
        if side is None:
            return []
        return gen_moves(self.geo, self.side_at, self.type_at, side, self.slide,
                         forbidden_by_repetition(self.hist[side]))

    def legal_actions(self) -> list[Move]:
        if self._legal is None:
            seen: dict[tuple[int, int], Move] = {}
            for m in self._raw if self._raw is not None else self.legal_moves_raw():
                frm, to, how = m & SQ_MASK, (m >> 9) & SQ_MASK, m >> 18
                if (frm, to) not in seen or how == POWER:  # a power move reveals nothing: prefer it
                    seen[(frm, to)] = Move(frm, to, self.geo.h, how)
            self._legal = list(seen.values())
        return list(self._legal)

    def apply(self, action: Move) -> list:
        if self._result is not None:
            raise IllegalActionError("the game is over")
        legal = {(m.frm, m.to): m for m in self.legal_actions()}
        move = legal.get((action.frm, action.to))
        if move is None:
            raise IllegalActionError(f"illegal move {action.to_text()}")
        side, frm, to, how = self._to_move, move.frm, move.to, move.how
        enemy = 1 - side
        self._count_idle(side)
        pid = self.pid_at[frm]
        t = self.type_at[frm]
        prev, last = self.hist[side]
        self.hist[side] = (last, (frm, to))
        self.moved[pid] = True
        events: list = []
        h = self.geo.h
        if self.side_at[to] < 0:
            revealed = how in REVEALING
            if revealed:
                self.known[enemy][pid] = True
            self._relocate(frm, to)
            events.append(Moved(side, frm, to, how, t, revealed, h))
        else:
            dpid = self.pid_at[to]
            d = self.type_at[to]
            won = self.wins[t][d]
            winner_pid, winner_side, winner_t = (pid, side, t) if won else (dpid, enemy, d)
            loser_pid = dpid if won else pid
            shown = not (self.options.hide_attacks and winner_side == CHEOPS
                         and winner_t not in (SPHINX, COBRA) and not (won and how == FLY))
            if shown:
                self.known[1 - winner_side][winner_pid] = True
            else:
                self.concealed[winner_pid] = True
            if how == FLY:
                self.known[enemy][pid] = True  # only a hawk flies, whatever the outcome
            self.known[winner_side][loser_pid] = True  # the captured piece is shown as it is removed
            self._capture(to if won else frm)
            self.last_capture = self.ply + 1
            if won:
                self._relocate(frm, to)
            events.append(Attacked(side, frm, to, how, t, d, won, shown, h))
            if d == PYRAMID:
                self._finish(events, side, Termination.OBJECTIVE, "found the pyramid")
        self.log.append(Move(frm, to, h, how))
        self.ply += 1
        self._legal = self._raw = None
        if self._result is None:
            if self.mobile[enemy] == 0:
                self._finish(events, side, Termination.ELIMINATION, "eliminated every mobile piece")
            elif self.mobile[side] == 0:
                self._finish(events, enemy, Termination.ELIMINATION, "eliminated every mobile piece")
            elif self.ply >= self.options.max_moves:
                self._finish(events, None, Termination.MOVE_LIMIT, f"move limit of {self.options.max_moves} reached")
            else:
                self._to_move = enemy
                self._check_stuck(events)
        self.last_events = events
        return events

    def _count_idle(self, side: int) -> None:
        """Count a turn of `side` for each of its unmoved pieces that had a neighbouring square open
        (empty and not desert, or the enemy's) before this move: what anyone can see of its choice."""
        side_at, desert, adj, idle = self.side_at, self.geo.desert, self.geo.adj, self.idle
        piece_sq, moved, enemy = self.piece_sq, self.moved, 1 - side
        still: list[int] = []  # the side's pieces that have neither moved nor been taken, for next time
        for pid in self._unmoved[side]:
            sq = piece_sq[pid]
            if sq < 0 or moved[pid]:
                continue
            still.append(pid)
            for x in adj[sq]:
                if (side_at[x] < 0 and not desert[x]) or side_at[x] == enemy:
                    idle[pid] += 1
                    break
        # a new pair, never a list changed in place: a clone shares the pair until it moves
        self._unmoved = (still, self._unmoved[1]) if side == 0 else (self._unmoved[0], still)

    def _check_stuck(self, events: list | None = None) -> None:
        # where the manual is silent: a side that cannot move loses (docs/rules/pyramids.md)
        if self._result is None:
            self._raw = self.legal_moves_raw()
            if not self._raw:
                self._finish(events if events is not None else [], 1 - self._to_move, Termination.NO_LEGAL_ACTION,
                             "no legal move left")

    def _relocate(self, frm: int, to: int) -> None:
        pid = self.pid_at[frm]
        self.side_at[to], self.type_at[to], self.pid_at[to] = self.side_at[frm], self.type_at[frm], pid
        self.side_at[frm], self.type_at[frm], self.pid_at[frm] = -1, 0, -1
        self.piece_sq[pid] = to

    def _capture(self, sq: int) -> None:
        pid = self.pid_at[sq]
        side = self.piece_side[pid]
        self.lost[side].append(self.piece_type[pid])
        if MOBILE[self.piece_type[pid]]:
            self.mobile[side] -= 1
        self.piece_sq[pid] = -1
        self.side_at[sq], self.type_at[sq], self.pid_at[sq] = -1, 0, -1

    def _finish(self, events: list, winner: int | None, how: Termination, reason: str) -> None:
        scores = (0.5, 0.5) if winner is None else tuple(1.0 if s == winner else 0.0 for s in (0, 1))
        self._result = Result(() if winner is None else (winner,), scores, how, reason)
        self._to_move = None
        self._legal = []
        events.append(GameOver(winner, reason))

    # --- information ----------------------------------------------------------------------------

    def view(self, player: int) -> View:
        enemy = 1 - player
        invisible = self.options.hide_cheops_pieces and player != CHEOPS
        last_moved = self.log[-1].to if self.log else -1
        sq_list = []
        known = self.known[player]
        for sq in range(self.geo.n):
            s = self.side_at[sq]
            if s < 0:
                sq_list.append(None)
                continue
            pid = self.pid_at[sq]
            if s == enemy and invisible and sq != last_moved:
                sq_list.append(None)  # "displayed only while they are moving"
                continue
            # (side, id, type or 0, has moved, whether the other side knows this piece's type)
            other_knows = self.known[1 - s][pid]
            sq_list.append((s, pid, self.type_at[sq] if known[pid] else 0, self.moved[pid], other_knows))
        return View(
            me=player,
            board=self.geo.rows,
            slide=self.slide,
            to_move=self._to_move,
            ply=self.ply,
            squares=tuple(sq_list),
            counts=self.counts,
            lost=(tuple(self.lost[0]), tuple(self.lost[1])),
            hist=(tuple(self.hist[0]), tuple(self.hist[1])),
            concealed_winners=frozenset(p for p in range(len(self.concealed))
                                        if self.concealed[p] and self.piece_side[p] == enemy),
            last=tuple(e.redacted(player) for e in self.last_events),
            hide_attacks=self.options.hide_attacks,
            hide_cheops_pieces=self.options.hide_cheops_pieces,
            since_capture=self.ply - self.last_capture,
            level=int(self.options.level),
            winner=self._result.winners[0] if self._result and self._result.winners else None,
            over=self._result is not None,
            lion_vs_lion=self.lion_vs_lion,
            random_setup=self.random_setups,
            idle=tuple(0 if invisible and self.piece_side[p] == enemy else n for p, n in enumerate(self.idle)),
        )

    def clone(self) -> "PyramidsState":
        c = object.__new__(PyramidsState)
        c.__dict__.update(self.__dict__)
        for k in ("side_at", "type_at", "pid_at", "piece_side", "piece_type", "piece_sq", "moved",
                  "idle", "concealed", "mobile", "hist", "log", "last_events"):
            setattr(c, k, list(getattr(self, k)))
        c.known = [list(k) for k in self.known]
        c.lost = (list(self.lost[0]), list(self.lost[1]))
        c.rng = self.rng.clone()
        c._legal = None
        return c

    # --- helpers for saves and the editor --------------------------------------------------------

    def grid(self, side: int) -> list[str]:
        """The side's pieces on the board as rows of piece characters, `.` elsewhere."""
        w = self.geo.w
        cells = [CHAR[self.type_at[i]] if self.side_at[i] == side else "." for i in range(self.geo.n)]
        return ["".join(cells[r * w:(r + 1) * w]) for r in range(self.geo.h)]


def type_counts(counts_by_name: dict[str, int]) -> tuple[int, ...]:
    out = [0] * NTYPES
    for name, n in counts_by_name.items():
        out[CODE_OF_NAME[name]] = n
    return tuple(out)
