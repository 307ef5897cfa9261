"""What one game gives the play window (editor.core.playwindow): the `PlayProvider` base class, and how
the window finds a game's provider (docs/editor.md, "A game's play provider")."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from gridsmith.engine.core import games
from gridsmith.engine.core.loop import Step

if TYPE_CHECKING:
    from .playwindow import PlayWindow

HUMAN = "human"
#: milliseconds between computer actions: "watchable" lets a person follow the game, "fast" does not wait
PACES = {"watchable": 250, "fast": 0}
#: seat colours when a game names none (a provider usually gives its own)
DEFAULT_COLOURS = ("#c62828", "#546e7a", "#2e7d32", "#1565c0", "#f9a825", "#6a1b9a")


def seat_mark(colour: QColor) -> str:
    """A seat's coloured square as rich text; a light colour (Pendulum's white) outlined in grey, as a
    filled square of it would not show on the window's grey."""
    if colour.lightness() > 200:
        return "<b style='color:#444444'>□</b>"
    return f"<b style='color:{colour.name()}'>■</b>"


class PlayProvider:
    """What one game gives the play window. Subclass it in `editor/<game>/play.py` and name the class
    `PROVIDER` there. The window calls these; `self.window` is the `PlayWindow`."""

    #: the game's name in the `gridsmith.games` registry
    game_name = ""
    #: whether player names can be changed for one game in the seat dialog (Pendulous 4.2.4)
    renames_players = False

    def __init__(self, window: "PlayWindow") -> None:
        self.window = window

    # ---- seats -------------------------------------------------------------------------------
    @classmethod
    def player_names(cls, scenario: Any) -> list[str]:
        """A name per seat, as the log and the seat list call them."""
        return list(games.get(cls.game_name).seats(scenario))

    @classmethod
    def rename(cls, scenario: Any, names: list[str]) -> Any:
        """A copy of the scenario with players renamed for this game (only if `renames_players`)."""
        return scenario

    @classmethod
    def seat_colour(cls, seat: int) -> QColor:
        return QColor(DEFAULT_COLOURS[seat % len(DEFAULT_COLOURS)])

    def agent(self, seat: int, name: str, options: dict) -> Any:
        """The computer player of a seat (a game may pass it more, e.g. the scenario's level)."""
        return games.get(self.game_name).agent(name, **options)

    # ---- board view ----------------------------------------------------------------------------
    def board(self) -> QWidget:
        """The board widget (built once; the window's central widget)."""
        raise NotImplementedError

    def show_state(self, state: Any, viewer: int | None, full: bool = False) -> None:
        """Draw `state` as seat `viewer` may see it (None: everything, e.g. a replay); `full`: the
        state was replaced (new game, load, a replay's seek), not just changed by one action."""
        raise NotImplementedError

    # a provider whose board() builds the shared canvas (editor.core.playboard.PlayBoard) keeps it
    # here, and gets the world view and the View menu's zoom from it
    canvas: Any = None

    def minimap(self) -> QWidget | None:
        """The world view of the board (a dock on the right), if the board has one."""
        return None if self.canvas is None else self.canvas.minimap

    def zoomable(self) -> Any:
        """An object with zoom_in/zoom_out/zoom_fit for the View menu, or None."""
        return None if self.canvas is None else self.canvas.view

    # ---- action input ----------------------------------------------------------------------------
    def panel(self) -> QWidget | None:
        """The game's part of the left panel (scores, buttons, what the square under the mouse is)."""
        return None

    def menus(self, menubar) -> None:
        """Add the game's own menus; every entry must do something in this window."""

    def refresh(self) -> None:
        """After every action and state change: enable what the seat to move may do."""

    def before_think(self) -> None:
        """A computer player is about to think (clear what showed its last search)."""

    def hurry(self) -> bool:
        """Ask a thinking computer player to answer now with what it has found (True if it can)."""
        return False

    def thought(self, info: Any) -> None:
        """What a thinking computer player reported (only when `reports_thinking`)."""

    reports_thinking = False

    # ---- reports -------------------------------------------------------------------------------
    def describe(self, event: Any, viewer: int | None) -> str:
        """One event for the log, as `viewer` may know it (None: everything)."""
        return event.to_text()

    def after_step(self, step: Step) -> None:
        """After an action was applied (a game's end-of-turn dialog, animations)."""

    def show_clock(self, state: Any) -> None:
        """Clock mode: the clock moved (every tick of the real-time timer); animate what runs on it."""

    def result_text(self, result: Any) -> str:
        names = self.window.names
        if result.is_draw or not result.winners:
            head = "A draw."
        elif len(result.winners) == 1:
            head = f"{names[result.winners[0]]} wins!"
        else:
            head = f"A tie between {', '.join(names[w] for w in result.winners)}."
        return f"{head} {result.reason[:1].upper()}{result.reason[1:]}."

    # ---- saved games ------------------------------------------------------------------------------
    def start_of(self, save: Any) -> Any:
        """The state of a saved game before its first action (for the log and the replay)."""
        raise NotImplementedError

    def action_texts(self, state: Any) -> list[str]:
        """The text of every action played so far in `state` (a loaded game's history)."""
        raise NotImplementedError

    def shutdown(self) -> None:
        """The window closes: stop anything the provider started."""


def provider_class(game_name: str) -> type[PlayProvider]:
    """The play provider of a game: `PROVIDER` in `gridsmith.editor.<game>.play`."""
    return importlib.import_module(f"gridsmith.editor.{game_name}.play").PROVIDER
