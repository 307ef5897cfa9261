"""What every game's terminal play shares: colour (only where the terminal has it; NO_COLOR
respected), line editing and history (readline, where the platform has it), and text fit for a
terminal. Each game draws its own board with these."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from gridsmith.formats.atomic import atomic_write_text

if TYPE_CHECKING:
    from .game import Game
    from .loop import Match

#: ANSI foreground colours by the colour words games use for their seats
_ANSI = {"red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36",
         "gray": "90", "grey": "90", "white": "37"}


def colour_wanted(stream: TextIO) -> bool:
    """Colour only on a terminal that shows it: never with NO_COLOR set (https://no-color.org) or
    TERM=dumb; always with FORCE_COLOR set; else when `stream` is a terminal."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (ValueError, OSError):  # a closed stream
        return False


class Palette:
    """Paints text in a colour word when colour is on, else returns it unchanged."""

    def __init__(self, on: bool) -> None:
        self.on = on

    @classmethod
    def for_stream(cls, stream: TextIO) -> "Palette":
        return cls(colour_wanted(stream))

    def __call__(self, text: str, colour: str | None, bold: bool = False, dim: bool = False) -> str:
        if not self.on or (colour is None and not bold and not dim):
            return text
        codes = [c for c in (_ANSI.get(colour or ""), "1" if bold else "", "2" if dim else "") if c]
        return f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes else text


_readline_ready = False


def line_input(prompt: str) -> str:
    """`input(prompt)` with line editing and history (arrow keys) when reading from a terminal and
    the platform has readline; plain `input` otherwise. EOFError at the end of input."""
    global _readline_ready
    if not _readline_ready:
        _readline_ready = True
        try:
            if sys.stdin is not None and sys.stdin.isatty():
                import readline  # noqa: F401  (importing it gives input() editing and history)
        except (ImportError, ValueError, OSError):
            pass
    return input(prompt)


def reader(inp: Callable[[str], str] | None) -> Callable[[str], str]:
    """The prompt function of a human seat: `inp` (tests, scripted play) or the editing one.
    Looked up when called, so tests that patch `input` reach it."""
    return inp or (lambda prompt: line_input(prompt))


def fit(text: str, width: int) -> str:
    """`text` cut to `width` characters with `...`."""
    return text if len(text) <= width else text[: max(0, width - 3)] + "..."


class TerminalSeat:
    """The base of a game's human seat at the terminal: where it reads (`inp`, with line editing)
    and writes (`out`), its palette, and whether it has greeted the player (the first screen says
    how to get help)."""

    name = "human"
    #: the file a `save FILE` at the prompt last wrote
    saved_to: str | None = None

    def __init__(self, inp: Callable[[str], str] | None, out: TextIO | None) -> None:
        self.inp = reader(inp)
        self.out = out or sys.stdout
        self.paint = Palette.for_stream(self.out)
        self.greeted = False

    def say(self, text: str) -> None:
        print(text, file=self.out)

    def ask(self, prompt: str) -> str | None:
        """The next line typed, stripped; None at the end of input (which quits)."""
        try:
            return self.inp(prompt).strip()
        except EOFError:
            self.say("")
            return None

    def save(self, arg: str, game: Game[Any, Any, Any], match: Match) -> None:
        """`save FILE` at the prompt: the match's real state (which holds the game's generator) in
        the game's saved-game format; a folder that is missing or a name that is a folder is said
        in one line and play goes on."""
        if not arg:
            self.say("save FILE: e.g. save mygame.sav.yaml")
            return
        folder = os.path.dirname(arg) or "."
        if not os.path.isdir(folder):
            self.say(f"not saved: the folder {folder} does not exist")
            return
        if os.path.isdir(arg):
            self.say(f"not saved: {arg} is a folder; give a file name")
            return
        try:
            name = getattr(match.state, "scenario_name", "") or getattr(getattr(match.state, "scenario", None), "name", "")
            atomic_write_text(arg, game.save_text(game.save(match.state, match.names, name)))
        except OSError as e:
            self.say(f"not saved: {e.strerror or e}")
            return
        self.saved_to = arg
        self.say(f"saved to {arg} (resume with: gridsmith play {arg})")
