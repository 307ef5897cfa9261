"""Terminal play a newcomer can use (issue 12, item 5), driven with scripted input: the first screen
says how to get help; columns and rows are labelled in the shared notation (column,row from 1);
`odds` offers only attacks the engine's legal actions allow; a bare square with nothing to do says
why; armies show as counts in their owner's colour (only where colour is wanted; NO_COLOR); line
editing and history (a real pseudo-terminal, arrow keys); `reports` fits 100 columns with no Python
literals; `quit` ends with a summary and exit code 0. The same for Pyramids."""
from __future__ import annotations

import io
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gridsmith.cli import main
from gridsmith.engine.core.terminal import Palette, colour_wanted
from gridsmith.engine.pendulous import reports
from gridsmith.engine.pendulous.actions import Attack, Place
from gridsmith.engine.pendulous.terminal import (HumanSeat, board_with_axes, parse_square, shared_text,
                                                 why_nothing)
from tests.pendulous.helpers import player, start, through_setup

REPO = Path(__file__).resolve().parents[2]
DUEL = str(REPO / "content" / "pendulous" / "duel.scn.yaml")
ARCHIPELAGO = str(REPO / "content" / "pendulous" / "archipelago.scn.yaml")
PYRAMIDS = str(REPO / "content" / "pyramids" / "sample.scn.yaml")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def scripted(monkeypatch, *lines: str) -> list[str]:
    """Type `lines` at the prompts; the prompts are recorded."""
    typed, prompts = iter(lines), []

    def inp(prompt=""):
        prompts.append(prompt)
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", inp)
    return prompts


def choose(state, *lines: str) -> tuple[object, str]:
    """A human seat's choice on `state` after typing `lines`: (action or None, what it printed)."""
    typed = iter(lines)
    out = io.StringIO()

    def inp(prompt):
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    seat = HumanSeat(inp, out)
    return seat.choose(state, state.legal_actions(), None), out.getvalue()


# --- Pendulous ----------------------------------------------------------------------------------------------------


def test_first_screen_says_how_to_get_help_and_quit_ends_with_a_summary_and_exit_0(monkeypatch, capsys):
    scripted(monkeypatch, "quit")
    assert main(["play", DUEL, "--seats", "human,greedy", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert "Type `help`" in first and "`quit`" in first
    assert re.search(r"^stopped in turn 0 of 12:\n  red +\d+ victory points, 0 armies on the map, \d+ in the pool\n  gray ", out, re.M)
    assert "Traceback" not in out


def test_columns_and_rows_are_labelled_from_1_without_wrapping_digits():
    """The column header counts 1..width (10, 11, 12: never `c % 10`), above and below the board;
    rows are 1..height; the caption says which is which."""
    s = start(["1" * 12 + "2" * 2, "A" + "1" * 11 + "2B"])
    text = board_with_axes(s, width=100)
    lines = text.splitlines()
    assert lines[0].split() == [str(c) for c in range(1, 15)] and lines[3] == lines[0]
    assert [ln.split()[0] for ln in lines[1:3]] == ["1", "2"]
    assert "columns 1-14 left to right, rows 1-2 top to bottom" in text
    # the header's numbers stand over their columns: column 12's number is where its square starts
    assert lines[0].index("12") == lines[1].index("a.", 4 + 11 * 3)


def test_a_board_wider_than_the_terminal_writes_column_numbers_downwards():
    s = start(["1" * 12 + "2" * 2, "A" + "1" * 11 + "2B"])
    s.apply(Place(0, 11))
    lines = board_with_axes(s, width=30).splitlines()
    tens, ones = lines[0], lines[1]
    assert len(lines[2]) <= 4 + 2 * 14
    for c in range(1, 15):  # column c's number, read downwards, stands over its square
        x = 4 + 2 * (c - 1)
        assert (tens[x:x + 1].strip() + ones[x]) == str(c)
    assert lines[2][4 + 2 * 11:4 + 2 * 12] == "a1"  # column 12, row 1: one red army
    assert "numbers read downwards" in "\n".join(lines)


def test_a_square_typed_as_column_row_acts_on_that_square():
    """`3,2` is column 3, row 2 (stored row 1, column 2); the event says it in the same notation."""
    s = start(["1111122222", "1A11122B22"])
    action, _ = choose(s, "3,2")
    assert action == Place(1, 2)
    assert parse_square("3,2") == (1, 2) and parse_square("column 3, row 2") == (1, 2)
    assert parse_square("0,1") is None and parse_square("3") is None
    events = s.apply(action)
    assert shared_text(events[0].to_text()) == "red places an army on 3,2"


def test_every_square_in_an_event_text_is_translated():
    assert shared_text("red attacks gray 3,7 with 45.0% (10 vs 12.5), captures it") == \
        "red attacks gray 8,4 with 45.0% (10 vs 12.5), captures it"
    assert shared_text("gray gains unsupplied squares 0,0 2,11") == "gray gains unsupplied squares 1,1 12,3"


def test_odds_never_offers_an_attack_the_rules_forbid():
    """A port facing an enemy coast: with naval invasions off, `odds` on that coast says why not
    (it used to print the odds of a naval invasion); with them on, it prints the invasion's odds."""
    rows = ["1~~22", "A~~2B", "1~~22"]
    off = start(rows, naval=False)
    through_setup(off)
    assert Attack(0, 3) not in off.legal_actions()
    action, text = choose(off, "odds 4,1")
    assert action is None
    assert "no attack on 4,1 now" in text and "chance" not in text

    on = start(rows, naval=True)
    through_setup(on)
    _, text = choose(on, "odds 4,1")
    assert "naval invasion of 4,1: attack " in text and "% chance" in text


def test_odds_on_a_legal_land_attack_and_on_water_and_off_the_map():
    s = start(["1122", "A12B"])
    through_setup(s, {0: ["place 0,1"]})
    _, text = choose(s, "odds 3,1", "odds 9,9", "odds x")
    assert "attack on 3,1: attack " in text and "% chance" in text
    assert "9,9 is off the map (columns 1-4, rows 1-2)" in text
    assert "odds C,R" in text


@pytest.mark.parametrize("typed, why", [
    ("2,1", "water"),                                # water
    ("9,9", "off the map"),                          # outside
    ("4,2", "attacks are not allowed in the setup turn"),  # an enemy square in the setup turn
    ("1,2", "city squares may not contain armies"),  # an own city
])
def test_a_bare_square_with_nothing_to_do_says_why(typed, why):
    s = start(["1~22", "A12B"])
    action, text = choose(s, typed)
    assert action is None
    line = next(x for x in text.splitlines() if x.startswith("> nothing to do on") or "nothing to do on" in x)
    assert why in line, text


def test_why_nothing_for_a_full_square_and_an_empty_pool():
    s = start(["1122", "A12B"], players=[player("A", initial_forces=1), player("B")])
    s.apply(Place(0, 0))
    assert "force pool is empty" in why_nothing(s, 0, 1)


def test_armies_are_counts_in_their_owners_colour_only_when_colour_is_wanted(monkeypatch):
    s = start(["1122", "A12B"])
    s.apply(Place(0, 1))
    plain = board_with_axes(s, Palette(False), width=100)
    assert "\x1b" not in plain
    assert plain.splitlines()[1].split()[:3] == ["1", "a.", "a1"]  # column 2, row 1: one red army
    coloured = board_with_axes(s, Palette(True), width=100)
    assert "\x1b[31;1ma1\x1b[0m" in coloured  # red (31), bold: the count
    assert "\x1b[90mb.\x1b[0m" in coloured  # gray land, no army: not bold
    assert ANSI.sub("", coloured) == plain

    class Tty(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert colour_wanted(Tty()) and not colour_wanted(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour_wanted(Tty())
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not colour_wanted(Tty())


@pytest.mark.parametrize("path", [DUEL, ARCHIPELAGO])
def test_reports_fit_100_columns_and_print_no_python_literals(path, monkeypatch, capsys):
    scripted(monkeypatch, "reports", "quit")
    assert main(["play", path, "--seats", "human,greedy,greedy,greedy" if path == ARCHIPELAGO else "human,greedy",
                 "--seed", "1"]) == 0
    out = capsys.readouterr().out
    text = out[out.index("player settings (3.1.1)"):out.index("stopped in turn")]
    for line in text.splitlines():
        line = line.removeprefix("> ")
        assert len(line) <= 100, line
        assert not re.search(r"\b(None|True|False)\b|[{}\[\]]|'", line), line
    assert "naval invasions: " in text and "out of the game" in text


def test_reports_of_a_game_with_attacks_show_percentages():
    s = start(["A1BB"])
    through_setup(s)
    s.apply(Attack(0, 2), forced_outcome=True)
    text = reports.combat_report_text(s)
    assert re.search(r"^attack success %\s+100%\s+-$", text, re.M), text


def test_an_illegal_typed_action_says_why_and_unknown_words_point_to_help():
    s = start(["1~22", "A12B"])
    action, text = choose(s, "attack 4,2", "place 9,9", "place", "dance", "end")
    assert action is not None and action.to_text() == "end"
    assert "not allowed: attacks are not allowed in the setup turn" in text
    assert "not allowed: 9,9 is off the map (columns 1-4, rows 1-2)" in text
    assert "place needs a square: place C,R" in text
    assert "unknown command 'dance'; type `help`" in text


# --- line editing and history in a real terminal ------------------------------------------------------------------


def _pty_session(argv: list[str], keys: list[bytes], env: dict | None = None) -> str:
    """Run `argv` on a pseudo-terminal, type `keys` (one item per line, waiting for output between),
    return everything it printed."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: the program, on the terminal
        os.execvpe(argv[0], argv, {**os.environ, **(env or {})})
    out = b""

    def drain(seconds: float) -> None:
        nonlocal out
        end = time.time() + seconds
        while time.time() < end:
            r, _, _ = select.select([fd], [], [], 0.2)
            if r:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                out += chunk
                end = max(end, time.time() + 0.5)

    try:
        drain(20)
        for k in keys:
            os.write(fd, k)
            drain(3)
    finally:
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(fd)
    return out.decode("utf-8", "replace")


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal needs POSIX")
def test_arrow_keys_recall_the_last_command_on_a_terminal():
    """Up-arrow then Enter repeats `help` (readline history), and colour is on on a terminal."""
    gridsmith = str(Path(sys.executable).parent / "gridsmith")
    text = _pty_session([gridsmith, "play", DUEL, "--seats", "human,greedy", "--seed", "1"],
                        [b"help\r", b"\x1b[A\r", b"quit\r"], env={"TERM": "xterm", "NO_COLOR": ""})
    assert text.count("odds C,R     the chance") == 2, text[-2000:]
    assert "\x1b[31" in text  # red, on a terminal
    assert "stopped in turn 0" in text


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal needs POSIX")
def test_no_color_turns_colour_off_on_a_terminal():
    gridsmith = str(Path(sys.executable).parent / "gridsmith")
    text = _pty_session([gridsmith, "play", DUEL, "--seats", "human,greedy", "--seed", "1"], [b"quit\r"],
                        env={"TERM": "xterm", "NO_COLOR": "1"})
    assert "columns 1-12" in text and "\x1b[31" not in text


# --- Pyramids ---------------------------------------------------------------------------------------------------------


def test_pyramids_first_screen_labels_and_quit(monkeypatch, capsys):
    scripted(monkeypatch, "help", "quit")
    assert main(["play", PYRAMIDS, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "Type `help`" in lines[0]
    assert "columns a-k left to right, rows 1-11 from the bottom" in out
    head = next(x for x in lines if x.split() == list("abcdefghijk"))
    board = lines[lines.index(head) + 1:lines.index(head) + 12]
    assert [(r.split()[0], r.split()[-1]) for r in board] == [(str(n), str(n)) for n in range(11, 0, -1)]
    assert "moves   the legal moves now" in out
    assert "game stopped after 0 moves; player was to move\n  player  lost 0 pieces: none\n  cheops  lost 0 pieces: none" in out


def test_pyramids_bare_square_says_what_it_can_do_or_why_not(monkeypatch, capsys):
    scripted(monkeypatch, "f4", "e2", "e1", "f5", "f11", "a1-a2", "quit")
    assert main(["play", PYRAMIDS, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "the lion on f4 can move: f4-f5 f4-f6" in out
    assert "the antelope on e2 has no legal move now" in out
    assert "the pyramid on e1 never moves" in out
    assert "f5 is empty" in out and "f11 holds an opponent's piece" in out
    assert "not a legal move: a1-a2 (`moves a1`" in out


def test_pyramids_save_at_the_prompt_then_resume(tmp_path, monkeypatch, capsys):
    save = tmp_path / "g.sav.yaml"
    scripted(monkeypatch, "f4-f5", f"save {tmp_path / 'nowhere' / 'x.sav.yaml'}", f"save {save}", "quit")
    assert main(["play", PYRAMIDS, "--seed", "3", "--agent-seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "not saved: the folder" in out and f"saved to {save}" in out
    assert "not saved (`save FILE`" not in out  # it was saved at the prompt
    assert main(["replay", str(save), "--quiet"]) == 0


def test_names_from_the_file_never_reach_the_terminal_raw(monkeypatch, capsys):
    """Player names holding escape sequences (issue 10: one erased a message) are shown escaped at
    the prompt and in `reports`. The formats refuse such names in files (formats' safe text), so
    the names are put into a game's model behind the validator's back: the terminal holds anyway."""
    s = start(["1122", "A12B"])
    object.__setattr__(s.scenario.players[0], "name", "Red\x1b[2K\x1b[1A")
    object.__setattr__(s.scenario.players[1], "name", "Gray\u202e")
    _, text = choose(s, "reports")
    assert "\x1b" not in text and "\u202e" not in text
    assert "Red\\x1b[2K\\x1b[1A" in text and "Gray\\u202e" in text
