"""Pendulum in the one play window (editor.core.playwindow), in its clock mode: test-play a scenario
against computer seats or hotseat, in real time or on the time track, save, load and replay. This is
the play provider; the board widget is editor.pendulum.play_board, the council dialog
editor.pendulum.council_dialog.

What is Pendulum's own: the board of the scenario's side (purple, green and black areas, each with its
top and bottom row of action spaces, a space's gold frame above its reward box), the three sandglasses
beside their rows running down with the engine's clock (purple with its markers on the golden
circles), the workers on their spaces and at home; a worker is dragged from space to space (or home),
or clicked (it is ringed and the top parts it may go to are highlighted) and then its space clicked;
a click on a worker that can only act (on a top part in a row with a sandglass) acts, a click on an
expired glass flips it (a running one says how long it still runs); the other actions of a human seat in a list; Done per seat in an
untimed round (the time track, "ohne aktive Sanduhren"); the council as a guided dialog, one step per
decision a human seat makes; privilege rulings marked in the log. Every rule is the engine's: a move
it refuses shows the engine's reason in the status line. The Game menu adds two switches: automatic
flips of expired glasses (on with a computer seat, off when every seat is human: nobody must flip) and
playing the next round untimed (decided at any time before the council's last step).
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QColor
from PySide6.QtWidgets import (QComboBox, QGroupBox, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton,
                               QVBoxLayout, QWidget)

from gridsmith.engine.pendulum.actions import (Act, Action, Claim, Done, Fame, Flip, Home, IllegalAction, Pass,
                                               Place, Play, Reward, Trim)
from gridsmith.engine.pendulum.api import GAME
from gridsmith.engine.pendulum.council import next_round_to_decide, set_untimed
from gridsmith.engine.pendulum.events import PRIVILEGE_EVENTS, Refused
from gridsmith.engine.pendulum.runner import DEFAULT_AUTO_FLIP_MS, PolledGame
from gridsmith.engine.pendulum.saves import from_save
from gridsmith.formats.pendulum.effects import TRACKS, card_text, effect_text

from ..core.play_provider import PlayProvider, seat_mark
from .council_dialog import COUNCIL_STEPS, CouncilDialog
from .play_board import PendulumBoard

SEAT_COLOURS = {"white": "#dcdcdc", "black": "#222222", "orange": "#ef7d22", "teal": "#1c9a9a", "violet": "#8e44ad"}


def _scenario(scenario: Any) -> Any:
    """The scenario model of a scenario or a resolved one (what the scenario editor passes)."""
    return getattr(scenario, "scenario", scenario)


def _seat_colour(name: str) -> QColor:
    return QColor(SEAT_COLOURS.get(name, "#888888"))


def _arguments(a: Action) -> tuple[str, ...]:
    """What follows the verb of an action without a card or a worker: the kind of a claim and its choices,
    a glass's area, a track, a card not in the game's deck."""
    if isinstance(a, Claim):
        return (a.kind, *a.choices)
    if isinstance(a, Play):
        return (a.card, *a.choices)
    if isinstance(a, Flip):
        return (a.area,)
    if isinstance(a, Fame):
        return (a.track,)
    return ()


class PendulumProvider(PlayProvider):
    game_name = "pendulum"

    @classmethod
    def player_names(cls, scenario) -> list[str]:
        return [f"{s.colour} ({s.leader})" for s in _scenario(scenario).seats]

    @classmethod
    def seat_colour(cls, seat: int) -> QColor:
        """The default colour order (the seat dialog); a window's provider uses the scenario's colours."""
        return _seat_colour(GAME.colours[seat % len(GAME.colours)])

    def __init__(self, window) -> None:
        super().__init__(window)
        self.seat_colour = self._scenario_colour  # this window's seats: the colours the scenario gives them
        self.view: PendulumBoard | None = None
        self.dialog: CouncilDialog | None = None
        self.shown = None
        self.ways: list[Action] | None = None  # the ways to take one action the human is choosing among
        self.selection: tuple[int, str] | None = None  # the worker clicked, waiting for a click on its space

    def _scenario_colour(self, seat: int) -> QColor:
        seats = _scenario(self.window.scenario).seats if hasattr(self.window, "scenario") else []
        return _seat_colour(seats[seat].colour) if seat < len(seats) else type(self).seat_colour(seat)

    # ---- board ---------------------------------------------------------------------------------------
    def board(self) -> QWidget:
        if self.view is None:
            self.view = PendulumBoard(self)
            self.view.dropped.connect(self.drop)
            self.view.pressed_worker.connect(self.press_worker)
            self.view.clicked_worker.connect(self.click_worker)
            self.view.clicked_target.connect(self.click_target)
            self.view.clicked_glass.connect(self.flip)
            self.view.let_go.connect(lambda: self.select(None))
        return self.view

    def show_state(self, state, viewer, full: bool = False) -> None:
        if full and state is self.window.state:
            self._apply_auto_flip()  # a new or loaded game: before anything happens in it
        self.shown = state
        self.view.state = state.state
        self._show_selection()  # where the selected worker may go changes with the game
        self.view.update()
        self._update_panel()

    def show_clock(self, state) -> None:
        self.view.update()
        if self.shown is not None:
            self.status.setText(self._status_text(self.shown.state))

    # ---- automatic flips ------------------------------------------------------------------------------
    # "Es gibt keine Regel, dass Sanduhren umgedreht werden müssen": the engine flips an expired glass by
    # itself only with timing.auto_flip_ms. Headless games always have one (someone must flip); in the
    # window it is a switch, on by default when a computer seat plays, off when every seat is human.
    def auto_flip_ms(self) -> int:
        """How long after running out an unflipped glass turns by itself when the switch is on."""
        ms = self.window.state.state.res.ruleset.timing.auto_flip_ms  # the designer's, if the ruleset sets one
        return DEFAULT_AUTO_FLIP_MS if ms is None else ms

    def auto_flip_on(self) -> bool:
        return self.window.settings.get("auto_flip", len(self.window.humans()) < len(self.window.seats))

    def menus(self, menubar) -> None:
        game = next((a.menu() for a in menubar.actions() if a.menu() is not None and a.text() == "&Game"), None)
        game = game or menubar.addMenu("&Game")
        game.addSeparator()
        secs = self.auto_flip_ms() / 1000
        self.act_auto_flip = QAction(f"&Flip Expired Glasses Automatically after {secs:g} s", self.window,
                                     checkable=True, checked=self.auto_flip_on())
        self.act_auto_flip.setToolTip("On: a sandglass nobody flipped turns by itself; off: only the seats flip "
                                      "(the rulebook never makes anyone flip). Applies from the game's start.")
        self.act_auto_flip.toggled.connect(self.set_auto_flip)
        game.addAction(self.act_auto_flip)
        self.act_untimed = QAction("Play the Next Round &Untimed (no active sandglasses)", self.window,
                                   checkable=True)
        self.act_untimed.setToolTip("At the end of each council phase the players may decide to play the next "
                                    "round untimed: it follows the time track, step by step (rulebook, variant)")
        self.act_untimed.triggered.connect(self.set_next_round_untimed)
        game.addAction(self.act_untimed)

    def set_next_round_untimed(self, on: bool) -> None:
        w = self.window
        try:
            r = set_untimed(w.state.state, on)
        except IllegalAction as e:
            w.statusBar().showMessage(str(e), 8000)
        else:
            w.initial.state.res = w.state.state.res  # the replay from the start sees the same decisions
            w.statusBar().showMessage(f"Round {r} will be played {'untimed' if on else 'with running sandglasses'}",
                                      8000)
        self._update_untimed()

    def _update_untimed(self) -> None:
        if not hasattr(self, "act_untimed"):
            return
        st = self.window.state.state
        r = None if self.window.replaying else next_round_to_decide(st)
        self.act_untimed.setEnabled(r is not None)
        self.act_untimed.setChecked(r is not None and r in st.res.scenario.untimed_rounds)
        self.act_untimed.setText(f"Play Round {r} &Untimed (no active sandglasses)" if r is not None
                                 else "Play the Next Round &Untimed (decided)")

    def set_auto_flip(self, on: bool) -> None:
        self.window.settings["auto_flip"] = on
        if self._apply_auto_flip():
            self.window.statusBar().showMessage(f"Automatic flips {'on' if on else 'off'}", 5000)
        else:
            self.window.statusBar().showMessage(
                f"Automatic flips {'on' if on else 'off'} from the next game (File ▸ New Game): this game keeps "
                "the setting it started with, so its save replays", 10000)

    def _apply_auto_flip(self) -> bool:
        """Set the switch in the window's game if nothing has been requested in it yet (the save embeds
        the ruleset, so a game keeps one setting from its start); True when it was set."""
        w = self.window
        games = [g for g in (getattr(w, "state", None), getattr(w, "initial", None)) if g is not None]
        if any(g.state.requests for g in games):
            return False
        ms = self.auto_flip_ms() if self.auto_flip_on() else None
        for g in games:
            rules = g.state.rules
            g.state.rules = rules.model_copy(update={"timing": rules.timing.model_copy(update={"auto_flip_ms": ms})})
        return True

    # ---- panel -----------------------------------------------------------------------------------------
    def panel(self) -> QWidget:
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(0, 0, 0, 0)
        self.status = QLabel()
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        self.seat_box = QComboBox()
        self.seat_box.setToolTip("The human seat that flips glasses and uses the action list")
        for q in self.window.humans():
            self.seat_box.addItem(self.window.names[q], q)
        self.seat_box.currentIndexChanged.connect(lambda _i: self._update_panel())
        self.seat_box.setVisible(len(self.window.humans()) > 1)
        lay.addWidget(self.seat_box)
        self.done_box = QGroupBox("Untimed round: done with this step")
        dl = QHBoxLayout(self.done_box)
        self.done_buttons: dict[int, QPushButton] = {}
        for q in self.window.humans():
            b = QPushButton(f"Done: {self.window.names[q].split(' ')[0]}")
            b.setToolTip(f"{self.window.names[q]} has nothing more to do on this step of the time track")
            b.clicked.connect(lambda _c=False, q=q: self.window.human_act(Done(), q))
            dl.addWidget(b)
            self.done_buttons[q] = b
        lay.addWidget(self.done_box)
        self.pass_button = QPushButton("Pass")
        self.pass_button.setToolTip("Nothing more to do before the council (the wrap-up after the call)")
        self.pass_button.clicked.connect(lambda: self.act(Pass()))
        lay.addWidget(self.pass_button)
        self.seats_label = QLabel()
        self.seats_label.setWordWrap(True)
        self.seats_label.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.seats_label)
        lay.addWidget(QLabel("Other actions (double-click):"))
        self.actions = QListWidget()
        self.actions.setMinimumHeight(120)
        # a card's text reads whole in the narrow side panel (1024x700): wrapped, never cut at the edge
        self.actions.setWordWrap(True)
        self.actions.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.actions.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.actions.itemDoubleClicked.connect(self._do_item)
        lay.addWidget(self.actions)
        return box

    def human_seat(self) -> int | None:
        humans = self.window.humans()
        if not humans:
            return None
        q = self.seat_box.currentData() if hasattr(self, "seat_box") else None
        return q if q is not None else humans[0]

    def _status_text(self, st) -> str:
        track = ""
        if st.phase == "untimed" and st.res.side.time_track:
            track = f" · time track step {st.time_step + 1} of {len(st.res.side.time_track)}"
        phase = {"start": "placing the first workers", "timed": "real time", "untimed": "untimed (time track)",
                 "wrapup": "the council is called: last actions", "council": f"council step {st.council_step}",
                 "council_wait": "council: waiting for the glasses", "over": "game over"}.get(st.phase, st.phase)
        pending = "".join(f"<br>requested: {self.window.names[p.seat]} {p.action.to_text()}" for p in st.pending)
        return f"<b>Round {st.round}</b> — {phase}{track}<br>clock {self.window.clock_text(st.now)}{pending}"

    def _update_panel(self) -> None:
        if self.shown is None or not hasattr(self, "status"):
            return
        st = self.shown.state
        self.status.setText(self._status_text(st))
        rows = []
        for q in range(st.n):
            s = st.seats[q]
            r = s.res
            vp = " ".join(f"{t[:3].capitalize()} {s.vp[t]}" for t in TRACKS) + (" +Legendary" if s.legendary else "")
            place = st.privilege.index(q) + 1
            rows.append(f"{seat_mark(self.seat_colour(q))} <b>{self.window.names[q]}</b>"
                        f" (privilege {place})<br>&nbsp;mil {r['military']} · cul {r['culture']} · gold {r['gold']} · "
                        f"votes {r['votes']}<br>&nbsp;{vp.replace(' ', '&nbsp;')} · "
                        f"provinces&nbsp;{sum(len(c) for c in s.columns.values())} · hand&nbsp;{len(s.hand)}")
        ach = st.achievements.get(st.achievement) if st.achievement else None
        if ach is not None:
            rows.append(f"<i>Achievement:</i> {ach.name}" + (" (Legendary marker on it)" if st.legendary_on_card else ""))
        shown = [st.provinces[p].name for p in st.display if p]
        rows.append(f"<i>Display:</i> {', '.join(shown) or 'empty'} · deck {len(st.province_deck)}")
        self.seats_label.setText("<br>".join(rows))
        self.refresh()

    def refresh(self) -> None:
        self._update_untimed()
        if self.shown is None or not hasattr(self, "actions"):
            return
        w = self.window
        st = w.state.state if not w.replaying else self.shown.state
        live = not w.replaying and not st.is_over
        untimed = live and st.phase == "untimed"
        self.done_box.setVisible(untimed and bool(self.done_buttons))
        for q, b in self.done_buttons.items():
            b.setEnabled(untimed and q in st.actors())
        q = self.human_seat()
        self.pass_button.setVisible(live and st.phase == "wrapup" and q in st.actors())
        self.actions.clear()
        if live and q is not None and q in st.actors():
            legal = st.legal_actions(q)
            if self.ways and all(a in legal for a in self.ways):  # still choosing how to take one
                self._list_ways(self.ways)
                self._council()
                return
            self.ways = None
            groups: dict[tuple, list[Action]] = {}
            for a in legal:
                if isinstance(a, (Place, Home, Act, Pass, Done, Reward, Trim)):
                    continue  # on the board (drag, click a worker), the buttons and the council dialog
                groups.setdefault((type(a), a.subject), []).append(a)
            for options in groups.values():
                self._list_item(options)
        self._council()

    def _list_item(self, options: list[Action]) -> None:
        """One line per card or action; several ways to pay or take it are chosen after a double-click."""
        a = options[0]
        text = self.choice_text(a) if len(options) == 1 else \
            self.choice_text(a.bare()) + f" — {len(options)} ways"
        item = QListWidgetItem(text)
        item.setToolTip(text)
        item.setData(Qt.ItemDataRole.UserRole, options)
        self.actions.addItem(item)

    def _council(self) -> None:
        w = self.window
        st = w.state.state
        q = w.state.to_move
        wanted = (not w.replaying and st.phase == "council" and q is not None and w.seats[q] == "human"
                  and st.council_step in COUNCIL_STEPS)
        if not wanted:
            if self.dialog is not None and self.dialog.isVisible():
                self.dialog.hide()
            return
        if self.dialog is None:
            self.dialog = CouncilDialog(self)
        self.dialog.show_step(st, q)
        if not self.dialog.isVisible():
            self.dialog.show()

    # ---- texts -----------------------------------------------------------------------------------------
    def card_label(self, st, key: str) -> str:
        if key == "default":
            return f"Council board: {effect_text(st.res.side.council.default_reward)} (always open)"
        r = st.rewards.get(key)
        if r is not None:
            return f"{r.name}: {card_text(r.cost if r.type == 'final' else None, r.effect)} [{r.type.replace('_', ' ')}]"
        return {"trim": "Trim a column", "place": "Move a worker", "home": "Take a worker home"}.get(key, key)

    def choice_text(self, a: Action) -> str:
        """An action in words: its card's name and the choices inside it."""
        st = self.window.state.state
        parts = []
        if isinstance(a, Reward):
            head = "take it" + (f" ({', '.join(a.choices)})" if a.choices else "")
            return head + (f"; privilege bonus: {a.bonus.replace('+', ', ')}" if a.bonus else "")
        if isinstance(a, Trim):
            return f"keep under {a.colour}: " + ", ".join(st.provinces[p].name if p in st.provinces else p
                                                          for p in a.keep)
        args: tuple[str, ...]
        if isinstance(a, Play) and a.card in st.stratagems:
            c = st.stratagems[a.card]
            parts.append(f"play {getattr(c, 'name', a.card)} ({card_text(c.cost, c.effect)})")
            args = a.choices
        elif isinstance(a, Act):
            w = st.worker(self.human_seat() or 0, a.worker) if self.human_seat() is not None else None
            where = f" at {w.space}" if w is not None and w.space else ""
            parts.append(f"act with {a.worker}{where}")
            args = (*(f"with={m}" for m in a.modifiers), *a.choices)
        else:
            parts.append(a.verb)
            args = _arguments(a)
        if args:
            parts.append("(" + ", ".join(args) + ")")
        return " ".join(parts)

    def describe(self, event, viewer) -> str:
        text = event.to_text()
        if event.seat is not None:
            text = text.replace(f"seat {event.seat + 1}:", f"{self.window.names[event.seat]}:", 1)
        if isinstance(event, PRIVILEGE_EVENTS) or isinstance(event, Refused) and event.outranked:
            text = "⚖ " + text
        return text

    # ---- input -------------------------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """`action` for the human seat on turn (else the chosen human seat)."""
        q = self.window.state.to_move
        q = q if q is not None and self.window.seats[q] == "human" else self.human_seat()
        if q is None:
            self.window.refuse("No human seat plays here.")
            return False
        return self.window.human_act(action, q)

    # A worker is moved by a drag onto a space (or home), or by a click on it (it is selected: ringed,
    # the top parts it may go to and its home highlighted) and a click on the space. A worker that can
    # only act (a top part in a row with a sandglass) acts at the click. Every refusal says the rule.
    def moves(self, q: int, wid: str) -> list[Action]:
        """The places and home-goings the engine allows worker `wid` of seat `q` now."""
        w = self.window
        st = w.state.state
        if w.replaying or st.is_over or w.seats[q] != "human" or q not in st.actors():
            return []
        return [a for a in st.legal_actions(q) if isinstance(a, (Place, Home)) and a.worker == wid]

    def select(self, sel: tuple[int, str] | None) -> None:
        if sel is None and self.selection is not None and self.window is not None \
                and f"{self.selection[1]} selected:" in self.window.statusBar().currentMessage():
            self.window.statusBar().clearMessage()  # the worker moved or was let go: no longer "selected"
        self.selection = sel
        self._show_selection()
        if self.view is not None:
            self.view.update()

    def _show_selection(self, sel: tuple[int, str] | None = None) -> None:
        """Highlight `sel` (default: the selection) and where it may go; a selected worker that can no
        longer move (its row got a sandglass, the game moved on) is let go."""
        if self.view is None:
            return
        sel = sel or self.selection
        moves = self.moves(*sel) if sel is not None and self.window.state is not None else []
        if sel is not None and not moves and sel == self.selection:
            self.selection = sel = None
        self.view.selected = sel
        self.view.targets = {a.space for a in moves if isinstance(a, Place)}
        self.view.home_target = any(isinstance(a, Home) for a in moves)

    def press_worker(self, q: int, wid: str) -> None:
        """A press on a worker, before a drag: show where it may go while it is held."""
        if self.moves(q, wid):
            self._show_selection((q, wid))
            self.view.update()

    def why_not(self, q: int, action: Action) -> str:
        """Why the engine refuses `action` of seat `q`, in the rule's words. The opening (rulebook,
        Start) has rules of its own that the engine's general reason does not name."""
        w = self.window
        st = w.state.state
        if st.phase == "start" and isinstance(action, (Place, Home)):
            if q not in st.actors():
                first = st.actors()
                who = w.names[first[0]] if first else "nobody"
                return f"in the opening the seats place in privilege order: {who} places now"
            size = st.queue[0][1]
            if st.worker(q, action.worker).size != size:
                return (f"in the opening each seat places its large worker first, then its small one: now the "
                        f"{size} one")
            if isinstance(action, Home):
                return "in the opening every worker goes onto the board"
            why = st.why_illegal(q, action)
            if action.space in st.spaces and st.row_of(action.space)[1] == 0:
                return f"{why}; in the opening workers go onto a top part (gold frame) in a bottom row"
            return why
        return st.why_illegal(q, action)

    def _move(self, q: int, wid: str, sid: str | None) -> bool:
        w = self.window
        if w.seats[q] != "human":
            w.refuse(f"Not possible: {w.names[q]}'s workers belong to a computer player.")
            return False
        action = Place(wid, sid) if sid is not None else Home(wid)
        st = w.state.state
        w.catch_up()
        if not w.replaying and not st.is_over and q in st.actors() and action not in st.legal_actions(q):
            w.refuse(f"Not possible: {self.why_not(q, action)}")
            self.select((q, wid) if self.moves(q, wid) else None)  # keep it selected: try another space
            return False
        if st.phase == "start" and q not in st.actors() and not st.is_over and not w.replaying:
            w.refuse(f"Not now: {self.why_not(q, action)}")
            return False
        self.select(None)
        return w.human_act(action, q)

    def drop(self, q: int, wid: str, sid: str | None) -> bool:
        """A worker dragged onto a space (or home): the engine says yes, or why not."""
        return self._move(q, wid, sid)

    def click_target(self, sid: str | None) -> bool:
        """A click on a space (its top part or reward box) or on home while a worker is selected."""
        if self.selection is None:
            self.window.statusBar().showMessage("Click one of your workers first, then a highlighted space (or drag "
                                                "the worker onto it)", 8000)
            return False
        q, wid = self.selection
        return self._move(q, wid, sid)

    def click_worker(self, q: int, wid: str) -> bool:
        """A click on a worker: one that may move is selected (a click on the selected one lets it go,
        or acts when it may act too); one that can only act acts (one way: done; several: listed);
        any other says why it can do nothing now."""
        w = self.window
        if w.seats[q] != "human":
            w.refuse(f"Not possible: {w.names[q]}'s workers belong to a computer player.")
            return False
        st = w.state.state
        w.catch_up()
        was = self.selection
        moves = self.moves(q, wid)
        options = [a for a in st.legal_actions(q) if isinstance(a, Act) and a.worker == wid] if q in st.actors() else []
        if moves and was != (q, wid):
            self.select((q, wid))
            where = "a highlighted top part (gold frame)" + (" or home" if self.view.home_target else "")
            act = "; click it again to act" if options else ""
            w.statusBar().showMessage(f"{wid} selected: click {where}, or drag it there{act}. Esc lets go.", 10000)
            return False
        self.select(None)
        if was == (q, wid) and not options:
            w.statusBar().showMessage(f"{wid} let go", 4000)
            return False
        if len(options) == 1:
            return w.human_act(options[0], q)
        if not options:
            wk = st.worker(q, wid)
            if st.phase == "start":
                why = self.why_not(q, Home(wid))
            elif q not in st.actors():
                why = f"{w.names[q]} cannot act at this moment ({st.phase})"
            elif wk.space is None:
                why = f"{wid} is at home: nowhere it may go now"
            else:
                why = st.can_leave(wk, q) or st.why_illegal(q, Act(wid))
            w.refuse(f"Not possible: {why}")
            return False
        if self.seat_box.findData(q) >= 0:
            self.seat_box.setCurrentIndex(self.seat_box.findData(q))
        self._list_ways(options)
        w.statusBar().showMessage(f"{wid}: {len(options)} ways to take this reward — double-click one in the list",
                                  8000)
        return False

    def flip(self, area: str) -> bool:
        """A click on a glass: flip it if it has run out; a running one says how long it still runs."""
        w = self.window
        q = self.human_seat()
        st = w.state.state
        if q is None:
            w.refuse("Only a human seat flips glasses here.")
            return False
        w.catch_up()
        left = st.glasses[area].expires - st.now
        if st.phase == "start":
            w.refuse("Not possible: the glasses are flipped all at once when the opening placements are done "
                     "(rulebook, Start: \"Then all glasses are flipped onto the bottom rows\")")
            return False
        if st.phase == "timed" and left > 0:
            w.refuse(f"Not possible: the {area} sandglass still runs ({left / 1000:.1f} s); only an expired "
                     "sandglass may be flipped.")
            return False
        return w.human_act(Flip(area), q)

    def _list_ways(self, options: list[Action]) -> None:
        self.ways = options
        self.actions.clear()
        for a in options:
            self._list_item([a])

    def _do_item(self, item: QListWidgetItem) -> None:
        """Double-click: the action, or the list of its ways when there are several."""
        q = self.human_seat()
        options = item.data(Qt.ItemDataRole.UserRole)
        if q is None:
            return
        if len(options) > 1:
            self._list_ways(options)
            self.window.statusBar().showMessage(f"{len(options)} ways: double-click one", 8000)
            return
        self.ways = None
        self.window.human_act(options[0], q)

    # ---- saved games ------------------------------------------------------------------------------------
    def start_of(self, save):
        return PolledGame(from_save(save, 0), auto_flip=False)

    def action_texts(self, state) -> list[tuple[int, int, str]]:
        """A clocked history: (ms, seat, action) of every request."""
        return [(ms, q, a.to_text()) for ms, q, a in state.state.requests]

    def shutdown(self) -> None:
        if self.dialog is not None:
            self.dialog.close()


PROVIDER = PendulumProvider
