"""Pendulum in the one play window (editor.core.playwindow), in its clock mode: test-play a scenario
against computer seats or hotseat, in real time or on the time track, save, load and replay.

What is Pendulum's own: the board of the scenario's side (purple, green and black areas, each with its
top and bottom row of action spaces, a space's gold frame above its reward box), the three sandglasses
beside their rows running down with the engine's clock (purple with its markers on the golden
circles), the workers on their spaces and at home; a worker is dragged from space to space (or home),
a click on a worker in a row with a sandglass acts, a click on an expired glass flips it (a running
one says how long it still runs); the other actions of a human seat in a list; Done per seat in an
untimed round (the time track, "ohne aktive Sanduhren"); the council as a guided dialog, one step per
decision a human seat makes; privilege rulings marked in the log. Every rule is the engine's: a move
it refuses shows the engine's reason in the status line. The Game menu adds two switches: automatic
flips of expired glasses (on with a computer seat, off when every seat is human: nobody must flip) and
playing the next round untimed (decided at any time before the council's last step).
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (QComboBox, QDialog, QGroupBox, QHBoxLayout, QLabel, QListWidget, QListWidgetItem,
                               QPushButton, QVBoxLayout, QWidget)

from gridsmith.engine.pendulum.actions import (Act, Action, Claim, Done, Fame, Flip, Home, Pass, Place, Play,
                                               Reward, Trim)
from gridsmith.engine.pendulum.events import PRIVILEGE_EVENTS, Refused
from gridsmith.formats.pendulum.effects import AREAS, TRACKS, card_text, effect_text

from ..core.playwindow import PlayProvider

AREA_COLOURS = {"purple": QColor("#7b4ea3"), "green": QColor("#3f8f4f"), "black": QColor("#3a3a3a")}
SEAT_COLOURS = {"white": "#dcdcdc", "black": "#222222", "orange": "#ef7d22", "teal": "#1c9a9a", "violet": "#8e44ad"}
GOLD = QColor("#c9a227")
COUNCIL_STEPS = {2: "choose a council reward", 3: "trim your province columns", 5: "move or place workers"}


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


class PendulumBoard(QWidget):
    """The areas, rows, spaces, glasses and workers, painted from the engine's state; drag and click."""

    dropped = Signal(int, str, object)  # seat, worker id, space id (None: home)
    clicked_worker = Signal(int, str)
    clicked_glass = Signal(str)

    def __init__(self, provider: "PendulumProvider") -> None:
        super().__init__()
        self.provider = provider
        self.setMinimumSize(620, 420)
        self.setMouseTracking(True)
        self.state = None  # the PendulumState shown
        self.painted_ms: int | None = None  # the clock the last paint showed
        self.space_rects: dict[str, tuple[QRectF, QRectF]] = {}
        self.glass_rects: dict[str, QRectF] = {}
        self.home_rects: dict[int, QRectF] = {}
        self.worker_spots: list[tuple[QRectF, int, str]] = []
        self.drag: tuple[int, str, QPointF, QPointF] | None = None  # seat, worker, press point, now

    # ---- layout ----------------------------------------------------------------------------------
    def _layout(self) -> None:
        st = self.state
        self.space_rects.clear()
        self.glass_rects.clear()
        self.home_rects.clear()
        w, h = self.width(), self.height()
        homes_h = 34 * max(1, st.n)
        col_w = (w - 16) / 3
        area_h = h - homes_h - 16
        row_h = (area_h - 26) / 2
        for i, a in enumerate(AREAS):
            x0 = 8 + i * col_w
            for r, row in enumerate(st.res.side.areas[a].rows):
                y0 = 8 + 22 + r * row_h
                glass_w = 34
                n = max(1, len(row.spaces))
                sw = (col_w - glass_w - 14) / n
                for k, sp in enumerate(row.spaces):
                    box = QRectF(x0 + glass_w + 6 + k * sw, y0 + 4, sw - 4, row_h - 10)
                    top = QRectF(box.left(), box.top(), box.width(), box.height() * 0.55)
                    bottom = QRectF(box.left(), top.bottom(), box.width(), box.height() * 0.45)
                    self.space_rects[sp.id] = (top, bottom)
                g = st.glasses[a]
                if g.row == r:
                    self.glass_rects[a] = QRectF(x0 + 4, y0 + row_h / 2 - 30, glass_w - 6, 56)
        for q in range(st.n):
            self.home_rects[q] = QRectF(8, h - homes_h - 4 + q * 34, w - 16, 30)

    # ---- painting ----------------------------------------------------------------------------------
    def paintEvent(self, _e) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#efe6d2"))
        st = self.state
        if st is None:
            return
        self._layout()
        self.painted_ms = st.now
        self.worker_spots = []
        f = QFont()
        col_w = (self.width() - 16) / 3
        for i, a in enumerate(AREAS):
            x0 = 8 + i * col_w
            area_rect = QRectF(x0, 8, col_w - 6, self.height() - 34 * max(1, st.n) - 20)
            p.setPen(QPen(AREA_COLOURS[a], 2))
            p.setBrush(AREA_COLOURS[a].lighter(185))
            p.drawRoundedRect(area_rect, 8, 8)
            f.setBold(True)
            f.setPixelSize(13)
            p.setFont(f)
            p.setPen(AREA_COLOURS[a].darker(130))
            g = st.glasses[a]
            left = max(0, g.expires - st.now)
            untimed = st.phase == "untimed"
            head = f"{a.capitalize()} — " + ("time track" if untimed else f"runs {_secs(left)}" if left else "expired")
            if a == "purple":
                head += f" · markers {st.markers[0]}/{st.markers[1]}"
            p.drawText(QRectF(x0 + 8, 10, col_w - 20, 18), Qt.AlignmentFlag.AlignLeft, head)
            rows = st.res.side.areas[a].rows
            for r, row in enumerate(rows):
                self._paint_row_marks(p, st, a, r)
                for sp in row.spaces:
                    self._paint_space(p, st, sp, a, r)
            if a in self.glass_rects:
                self._paint_glass(p, st, a, self.glass_rects[a])
        self._paint_homes(p, st)
        if self.drag is not None:
            q, wid, _start, now = self.drag
            w = st.worker(q, wid)
            self._paint_worker(p, q, w.size, QPointF(now), drag=True)

    def _paint_row_marks(self, p: QPainter, st, a: str, r: int) -> None:
        """The golden circles beside a row (purple: markers on the empty ones)."""
        if a != "purple":
            return
        top, _b = self.space_rects[st.res.side.areas[a].rows[r].spaces[0].id] if st.res.side.areas[a].rows[r].spaces \
            else (None, None)
        if top is None:
            return
        x = top.left() - 30
        for k in range(st.markers[r]):
            c = QPointF(x + 6 + k * 9, top.top() + 4)
            p.setPen(QPen(GOLD.darker(140), 1))
            p.setBrush(QColor("#b388d9"))
            p.drawEllipse(c, 4, 4)

    def _paint_space(self, p: QPainter, st, sp, a: str, r: int) -> None:
        top, bottom = self.space_rects[sp.id]
        glass_here = st.glasses[a].row == r
        p.setPen(QPen(GOLD, 2.5 if glass_here else 1.2))
        p.setBrush(QColor("#fff8e1") if glass_here else QColor("#f7f1e3"))
        p.drawRect(top)
        p.setPen(QPen(QColor("#8d7b5a"), 1))
        p.setBrush(QColor("#e9dfc8"))
        p.drawRect(bottom)
        f = QFont()
        f.setPixelSize(max(8, min(11, int(top.width() / 9))))
        p.setFont(f)
        p.setPen(QColor("#333"))
        label = ("◆ " if sp.size == "small" else "") + effect_text(sp.reward)
        p.drawText(top.adjusted(3, 2, -3, -2), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                   | Qt.TextFlag.TextWordWrap, label)
        f.setPixelSize(8)
        p.setFont(f)
        p.setPen(QColor("#7a6a4a"))
        p.drawText(bottom.adjusted(3, 1, -3, -1), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom, sp.id)
        if sp.id in st.neutral:
            p.setPen(QPen(QColor("#555"), 1))
            p.setBrush(QColor("#9e9e9e"))
            p.drawRect(QRectF(top.right() - 14, top.bottom() - 14, 10, 10))
        for part, rect in (("top", top), ("bottom", bottom)):
            here = [(q, w) for q, s in enumerate(st.seats) for w in s.workers if w.space == sp.id and w.part == part]
            for k, (q, w) in enumerate(here):
                if self.drag is not None and (q, w.wid) == self.drag[:2]:
                    continue
                c = QPointF(rect.left() + 12 + k * 18, rect.bottom() - 11)
                self._paint_worker(p, q, w.size, c)
                self.worker_spots.append((QRectF(c.x() - 9, c.y() - 9, 18, 18), q, w.wid))

    def _paint_worker(self, p: QPainter, q: int, size: str, c: QPointF, drag: bool = False) -> None:
        colour = self.provider.seat_colour(q)
        radius = 8 if size == "large" else 5.5
        p.setPen(QPen(QColor("#000") if colour.lightness() > 120 else QColor("#ddd"), 1.5 if drag else 1))
        colour = QColor(colour)
        if drag:
            colour.setAlpha(200)
        p.setBrush(colour)
        p.drawEllipse(c, radius, radius)

    def _paint_glass(self, p: QPainter, st, a: str, r: QRectF) -> None:
        """A sandglass whose sand runs from the upper bulb to the lower one with the clock."""
        g = st.glasses[a]
        total = st.rules.sandglasses.duration(a)
        left = max(0, g.expires - st.now)
        frac = 0.0 if st.phase == "untimed" else min(1.0, left / total)
        cx, top, bot, mid = r.center().x(), r.top() + 4, r.bottom() - 4, r.center().y()
        half = r.width() / 2 - 2
        frame = QPainterPath()
        frame.moveTo(cx - half, top)
        frame.lineTo(cx + half, top)
        frame.lineTo(cx + 2, mid)
        frame.lineTo(cx + half, bot)
        frame.lineTo(cx - half, bot)
        frame.lineTo(cx - 2, mid)
        frame.closeSubpath()
        p.setPen(QPen(AREA_COLOURS[a].darker(150), 1.5))
        p.setBrush(QColor(255, 255, 255, 170))
        p.drawPath(frame)
        untimed = st.phase == "untimed"  # the glasses lie still: the time track says when they move
        sand = QColor("#e0b049") if left or untimed else QColor("#c62828")
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(sand)
        # upper bulb: what is left; lower bulb: what has run
        h_up = (mid - top) * frac
        if h_up > 0.5:
            w_up = half * (h_up / (mid - top))
            up = QPainterPath()
            up.moveTo(cx - w_up, mid - h_up)
            up.lineTo(cx + w_up, mid - h_up)
            up.lineTo(cx + 1, mid)
            up.lineTo(cx - 1, mid)
            up.closeSubpath()
            p.drawPath(up)
        h_down = (bot - mid) * (1 - frac)
        if h_down > 0.5:
            w_top = half * (1 - h_down / (bot - mid))
            down = QPainterPath()
            down.moveTo(cx - w_top, bot - h_down)
            down.lineTo(cx + w_top, bot - h_down)
            down.lineTo(cx + half, bot)
            down.lineTo(cx - half, bot)
            down.closeSubpath()
            p.drawPath(down)
        if left and frac < 1:
            p.setPen(QPen(sand, 1))
            p.drawLine(QPointF(cx, mid), QPointF(cx, bot - h_down))
        f = QFont()
        f.setPixelSize(9)
        f.setBold(True)
        p.setFont(f)
        p.setPen(QColor("#222") if left or untimed else QColor("#c62828"))
        p.drawText(QRectF(r.left() - 6, r.bottom(), r.width() + 12, 12), Qt.AlignmentFlag.AlignCenter,
                   "" if untimed else _secs(left) if left else "flip!")

    def _paint_homes(self, p: QPainter, st) -> None:
        f = QFont()
        f.setPixelSize(11)
        for q, rect in self.home_rects.items():
            p.setPen(QPen(self.provider.seat_colour(q).darker(130), 1))
            p.setBrush(QColor("#f9f5ea"))
            p.drawRoundedRect(rect, 5, 5)
            p.setFont(f)
            p.setPen(QColor("#333"))
            name = self.provider.window.names[q]
            p.drawText(rect.adjusted(8, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, f"{name} — home")
            home = [w for w in st.seats[q].workers if w.space is None]
            for k, w in enumerate(home):
                if self.drag is not None and (q, w.wid) == self.drag[:2]:
                    continue
                c = QPointF(rect.left() + 190 + k * 22, rect.center().y())
                self._paint_worker(p, q, w.size, c)
                self.worker_spots.append((QRectF(c.x() - 9, c.y() - 9, 18, 18), q, w.wid))

    # ---- input ------------------------------------------------------------------------------------
    def worker_at(self, pos: QPointF) -> tuple[int, str] | None:
        for rect, q, wid in reversed(self.worker_spots):
            if rect.contains(pos):
                return q, wid
        return None

    def space_at(self, pos: QPointF) -> str | None:
        for sid, (top, bottom) in self.space_rects.items():
            if top.contains(pos) or bottom.contains(pos):
                return sid
        return None

    def home_at(self, pos: QPointF) -> int | None:
        return next((q for q, r in self.home_rects.items() if r.contains(pos)), None)

    def glass_at(self, pos: QPointF) -> str | None:
        return next((a for a, r in self.glass_rects.items() if r.adjusted(-4, -4, 4, 16).contains(pos)), None)

    def mousePressEvent(self, e) -> None:
        if self.state is None or e.button() != Qt.MouseButton.LeftButton:
            return
        pos = e.position()
        hit = self.worker_at(pos)
        if hit is not None:
            self.drag = (hit[0], hit[1], QPointF(pos), QPointF(pos))
            return
        area = self.glass_at(pos)
        if area is not None:
            self.clicked_glass.emit(area)

    def mouseMoveEvent(self, e) -> None:
        if self.drag is not None:
            q, wid, start, _now = self.drag
            self.drag = (q, wid, start, QPointF(e.position()))
            self.update()

    def mouseReleaseEvent(self, e) -> None:
        if self.drag is None:
            return
        q, wid, start, _now = self.drag
        self.drag = None
        pos = e.position()
        self.update()
        if (pos - start).manhattanLength() < 6:
            self.clicked_worker.emit(q, wid)
            return
        sid = self.space_at(pos)
        if sid is not None:
            self.dropped.emit(q, wid, sid)
        elif self.home_at(pos) is not None:
            self.dropped.emit(q, wid, None)


def _secs(ms: int) -> str:
    s = (ms + 999) // 1000
    return f"{s // 60}:{s % 60:02d}"


class CouncilDialog(QDialog):
    """The council as a guided dialog: the step, the privilege order, and the one decision of the
    human seat to act (a reward and how to take it; the provinces to keep; pass once workers moved)."""

    def __init__(self, provider: "PendulumProvider") -> None:
        super().__init__(provider.window)
        self.provider = provider
        self.setWindowTitle("Council (Ratsphase)")
        self.setModal(False)
        self.setMinimumWidth(460)
        lay = QVBoxLayout(self)
        self.head = QLabel()
        self.head.setWordWrap(True)
        lay.addWidget(self.head)
        self.cards = QListWidget()
        self.cards.currentRowChanged.connect(self._card_chosen)
        lay.addWidget(self.cards)
        self.how_label = QLabel("How:")
        lay.addWidget(self.how_label)
        self.choices = QListWidget()
        self.choices.itemDoubleClicked.connect(lambda _i: self.confirm())
        lay.addWidget(self.choices)
        row = QHBoxLayout()
        self.ok = QPushButton("Confirm")
        self.ok.clicked.connect(self.confirm)
        self.pass_button = QPushButton("Pass")
        self.pass_button.clicked.connect(lambda: self.provider.act(Pass()))
        row.addStretch(1)
        row.addWidget(self.pass_button)
        row.addWidget(self.ok)
        lay.addLayout(row)
        self.seat: int | None = None
        self.groups: dict[str, list[Action]] = {}

    def show_step(self, st, q: int) -> None:
        """Show the decision seat `q` makes now."""
        self.seat = q
        names = self.provider.window.names
        order = " › ".join("neutral" if s < 0 else names[s] for s in st.privilege)
        step = st.council_step
        text = (f"<b>Council {st.round} — step {step} of 6: {COUNCIL_STEPS.get(step, '')}</b><br>"
                f"{names[q]} decides now. Privilege order: {order}.")
        if step == 2:
            text += "<br>Pick a reward, then how to take it (with your privilege bonus, if any), and Confirm."
        elif step == 3:
            text += "<br>A column holds at most 2 provinces (3 with the province-limit card): keep which?"
        elif step == 5:
            text += "<br>Drag workers on the board under the normal rules, then Pass."
        self.head.setText(text)
        legal = [a for a in st.legal_actions(q) if not isinstance(a, Pass)]
        self.groups = {}
        for a in legal:
            self.groups.setdefault(a.reward if isinstance(a, Reward) else a.verb, []).append(a)
        self.cards.blockSignals(True)
        self.cards.clear()
        for key in self.groups:
            self.cards.addItem(self.provider.card_label(st, key))
        self.cards.blockSignals(False)
        passing = step == 5
        for w in (self.cards, self.choices, self.how_label, self.ok):
            w.setVisible(not passing)
        self.pass_button.setVisible(passing)
        if self.groups:
            self.cards.setCurrentRow(0)
            self._card_chosen(0)

    def _card_chosen(self, row: int) -> None:
        self.choices.clear()
        if row < 0 or row >= len(self.groups):
            return
        for a in list(self.groups.values())[row]:
            item = QListWidgetItem(self.provider.choice_text(a))
            item.setData(Qt.ItemDataRole.UserRole, a)
            self.choices.addItem(item)
        self.choices.setCurrentRow(0)

    def confirm(self) -> None:
        item = self.choices.currentItem()
        if item is not None and self.seat is not None:
            self.provider.window.human_act(item.data(Qt.ItemDataRole.UserRole), self.seat)


class PendulumProvider(PlayProvider):
    game_name = "pendulum"

    @classmethod
    def player_names(cls, scenario) -> list[str]:
        return [f"{s.colour} ({s.leader})" for s in _scenario(scenario).seats]

    @classmethod
    def seat_colour(cls, seat: int) -> QColor:
        """The default colour order (the seat dialog); a window's provider uses the scenario's colours."""
        from gridsmith.engine.pendulum.api import GAME

        return _seat_colour(GAME.colours[seat % len(GAME.colours)])

    def __init__(self, window) -> None:
        super().__init__(window)
        self.seat_colour = self._scenario_colour  # this window's seats: the colours the scenario gives them
        self.view: PendulumBoard | None = None
        self.dialog: CouncilDialog | None = None
        self.shown = None
        self.ways: list[Action] | None = None  # the ways to take one action the human is choosing among

    def _scenario_colour(self, seat: int) -> QColor:
        seats = _scenario(self.window.scenario).seats if hasattr(self.window, "scenario") else []
        return _seat_colour(seats[seat].colour) if seat < len(seats) else type(self).seat_colour(seat)

    # ---- board ---------------------------------------------------------------------------------------
    def board(self) -> QWidget:
        if self.view is None:
            self.view = PendulumBoard(self)
            self.view.dropped.connect(self.drop)
            self.view.clicked_worker.connect(self.click_worker)
            self.view.clicked_glass.connect(self.flip)
        return self.view

    def show_state(self, state, viewer, full: bool = False) -> None:
        if full and state is self.window.state:
            self._apply_auto_flip()  # a new or loaded game: before anything happens in it
        self.shown = state
        self.view.state = state.state
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
        from gridsmith.engine.pendulum.runner import DEFAULT_AUTO_FLIP_MS

        ms = self.window.state.state.res.ruleset.timing.auto_flip_ms  # the designer's, if the ruleset sets one
        return DEFAULT_AUTO_FLIP_MS if ms is None else ms

    def auto_flip_on(self) -> bool:
        return self.window.settings.get("auto_flip", len(self.window.humans()) < len(self.window.seats))

    def menus(self, menubar) -> None:
        from PySide6.QtGui import QAction

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
        self.act_untimed.setToolTip("\"Entscheidet einfach am Ende jeder Ratsphase, wie ihr die nächste Runde "
                                    "spielen möchtet\": the next round follows the time track, step by step")
        self.act_untimed.triggered.connect(self.set_next_round_untimed)
        game.addAction(self.act_untimed)

    def set_next_round_untimed(self, on: bool) -> None:
        from gridsmith.engine.pendulum.actions import IllegalAction
        from gridsmith.engine.pendulum.council import set_untimed

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
        from gridsmith.engine.pendulum.council import next_round_to_decide

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
            rows.append(f"<b style='color:{self.seat_colour(q).darker(110).name()}'>■</b> <b>{self.window.names[q]}</b>"
                        f" (privilege {place})<br>&nbsp;mil {r['military']} · cul {r['culture']} · gold {r['gold']} · "
                        f"votes {r['votes']}<br>&nbsp;{vp} · provinces {sum(len(c) for c in s.columns.values())}"
                        f" · hand {len(s.hand)}")
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

    def drop(self, q: int, wid: str, sid: str | None) -> bool:
        """A worker dragged onto a space (or home): the engine says yes, or why not."""
        if self.window.seats[q] != "human":
            self.window.refuse(f"{self.window.names[q]}'s workers belong to a computer player.")
            return False
        action = Place(wid, sid) if sid is not None else Home(wid)
        return self.window.human_act(action, q)

    def click_worker(self, q: int, wid: str) -> bool:
        """A click on a worker in a row with a sandglass: its action (one way: done; several: listed)."""
        w = self.window
        if w.seats[q] != "human":
            w.refuse(f"{w.names[q]}'s workers belong to a computer player.")
            return False
        st = w.state.state
        options = [a for a in st.legal_actions(q) if isinstance(a, Act) and a.worker == wid] if q in st.actors() else []
        if len(options) == 1:
            return w.human_act(options[0], q)
        if not options:
            w.refuse("Not possible: " + st.why_illegal(q, Act(wid)))
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
        from gridsmith.engine.pendulum.runner import PolledGame
        from gridsmith.engine.pendulum.saves import from_save

        return PolledGame(from_save(save, 0), auto_flip=False)

    def action_texts(self, state) -> list[tuple[int, int, str]]:
        """A clocked history: (ms, seat, action) of every request."""
        return [(ms, q, a.to_text()) for ms, q, a in state.state.requests]

    def shutdown(self) -> None:
        if self.dialog is not None:
            self.dialog.close()


PROVIDER = PendulumProvider
