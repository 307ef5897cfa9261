"""Every command refuses the wrong input cleanly (issue 10, item 5): `validate`, `play`, `replay`,
`simulate`, `edit`, `new` and `schema` given a broken file (the whole bad-input corpus:
tests/formats/bad and tests/cli/bad_commands), a file of the wrong kind, a missing or unwritable output
folder, a named pipe, a device, a folder, a dangling or looping symbolic link, or a closed output
pipe, each answer with the documented exit code (0 ok, 1 problems, 2 usage; docs/commands.md) and
messages of one line each, and no command ever prints a traceback.

Most cases run `gridsmith.cli.main` in-process (fast; an escaping exception fails the test, and the
last-resort "internal error" line is asserted absent); the pipe and the no-display cases need a real
process."""
from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from gridsmith.cli import main
from gridsmith.cmd_new import new_text
from gridsmith.formats import registry

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"
CORPUS = sorted([*(REPO / "tests" / "formats" / "bad").iterdir(), *(REPO / "tests" / "cli" / "bad_commands").iterdir()])
CORPUS = [p for p in CORPUS if p.is_file() and p.suffix != ".py"]

#: a diagnostic (`file:line:col: error CODE: message`, or `file: error CODE: message` when it has no
#: position) or a command's own message (`gridsmith CMD: ...`)
DIAGNOSTIC = re.compile(r"^.+?(:\d+:\d+)?: (error|warning) [A-Z]+\d*: \S.*$")
COMMAND_LINE = re.compile(r"^gridsmith( [a-z]+)?: \S.*$")

#: commands that read one content file, with the options that make them quick
FILE_COMMANDS = {
    "validate": [],
    "play": ["--seats", "random", "--agent-seed", "1", "--seed", "1"],
    "replay": ["--quiet"],
    "simulate": ["--games", "1", "--jobs", "1", "--no-progress"],
}


def clean_refusal(err: str, out: str = "") -> None:
    """Each line of stderr is one diagnostic or one command message; nothing is a traceback."""
    assert "Traceback" not in err + out
    assert "internal error" not in err
    lines = [x for x in err.splitlines() if x.strip()]
    assert lines, "a refusal says why"
    for line in lines:
        if line.startswith("checked "):  # validate's summary line goes to stdout; never here
            continue
        assert DIAGNOSTIC.match(line) or COMMAND_LINE.match(line), f"not a one-line message: {line!r}"
        assert len(line) < 2000


@pytest.fixture(autouse=True)
def no_keyboard(monkeypatch):
    """A human seat (Pyramids' default) reading the keyboard gets end of input: it quits."""
    def eof(prompt=""):
        raise EOFError

    monkeypatch.setattr("builtins.input", eof)


@pytest.mark.parametrize("command", sorted(FILE_COMMANDS))
@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_every_command_over_the_bad_input_corpus(command, path, capsys):
    code = main([command, str(path), *FILE_COMMANDS[command]])
    out, err = capsys.readouterr()
    assert code in (1, 2), f"{command} {path.name} exited {code}\n{out}\n{err}"
    if command == "validate":  # its report is its output: diagnostics, then the summary line
        assert out.splitlines()[-1].startswith("checked 1 file(s): ") and "0 error(s)" not in out
        clean_refusal(err + out)
    else:
        clean_refusal(err, out)


# --- a file of the wrong kind ---------------------------------------------------------------------------------------


def _saves(tmp_path: Path) -> list[Path]:
    out = []
    for kind in ("pendulous.save", "pyramids.save"):
        f = tmp_path / f"{kind.split('.')[0]}.sav.yaml"
        f.write_text(new_text(registry.get(kind)))
        out.append(f)
    return out


WRONG_FOR_SIMULATE = ["pyramids/default.setups.yaml", "pyramids/default.board.yaml", "pyramids/default.pieceset.yaml",
                      "pendulous/default.rules.yaml"]


@pytest.mark.parametrize("name", WRONG_FOR_SIMULATE)
@pytest.mark.parametrize("command", ["play", "replay", "simulate"])
def test_a_file_of_another_kind_is_a_usage_error(command, name, capsys):
    path = CONTENT / name
    assert main([command, str(path), *FILE_COMMANDS[command]]) == 2
    err = capsys.readouterr().err
    clean_refusal(err)
    assert len(err.splitlines()) == 1
    assert "is a " in err and ("not a" in err)


def test_simulate_refuses_saved_games_and_replay_refuses_scenarios(tmp_path, capsys):
    for save in _saves(tmp_path):
        assert main(["simulate", str(save), "--games", "1", "--jobs", "1"]) == 2
        err = capsys.readouterr().err
        clean_refusal(err)
        assert "save, not a" in err
    for scenario in ("pendulous/duel.scn.yaml", "pyramids/sample.scn.yaml"):
        assert main(["replay", str(CONTENT / scenario)]) == 2
        err = capsys.readouterr().err
        clean_refusal(err)
        assert "not a saved game" in err


# --- paths that are not files ---------------------------------------------------------------------------------------


@pytest.fixture
def specials(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """name -> (path, what the message must call it)."""
    fifo = tmp_path / "pipe.scn.yaml"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.scn.yaml"
    folder.mkdir()
    dangling = tmp_path / "dangling.scn.yaml"
    dangling.symlink_to(tmp_path / "gone.scn.yaml")
    loop = tmp_path / "loop.scn.yaml"
    loop.symlink_to(loop)
    return {
        "fifo": (fifo, "named pipe (FIFO)"),
        "devnull": (Path(os.devnull), "character device"),
        "folder": (folder, "folder"),
        "missing": (tmp_path / "missing.scn.yaml", "no such file"),
        "dangling": (dangling, "symbolic link to nothing"),
        "loop": (loop, "symbolic link loop"),
        "long": (tmp_path / ("x" * 5000 + ".scn.yaml"), "too long a file name"),
    }


SPECIAL_NAMES = ["fifo", "devnull", "folder", "missing", "dangling", "loop", "long"]


@pytest.mark.parametrize("name", SPECIAL_NAMES)
@pytest.mark.parametrize("command", ["play", "replay", "simulate", "edit", "validate"])
def test_a_path_that_is_not_a_content_file_says_what_it_is(command, name, specials, capsys):
    path, what = specials[name]
    if command == "validate" and name == "folder":
        return  # validate checks folders (tests/cli/test_cli.py)
    assert main([command, str(path)]) == 2
    err = capsys.readouterr().err
    clean_refusal(err)
    assert len(err.splitlines()) == 1
    assert what in err, err


def test_a_nul_byte_in_a_path_is_refused(capsys):
    for command in ("play", "validate", "replay", "simulate", "edit"):
        assert main([command, "a\0b.scn.yaml"]) == 2
        err = capsys.readouterr().err
        clean_refusal(err)
        assert "NUL" in err and "\0" not in err


def test_an_unreadable_file_is_refused(tmp_path, monkeypatch, capsys):
    f = tmp_path / "secret.scn.yaml"
    f.write_text((CONTENT / "pendulous" / "duel.scn.yaml").read_text())
    f.chmod(0)
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # root reads every file: deny it as a user is denied
        real = os.access
        monkeypatch.setattr("gridsmith.paths.os.access",
                            lambda p, mode: False if Path(p) == f and mode & os.R_OK else real(p, mode))
    for command in ("play", "validate", "replay", "simulate", "edit"):
        assert main([command, str(f)]) == 2
        err = capsys.readouterr().err
        clean_refusal(err)
        assert "permission denied" in err


# --- output paths -----------------------------------------------------------------------------------------------------


def _outputs(tmp_path: Path, specials) -> dict[str, tuple[str, str]]:
    ro = tmp_path / "readonly"
    ro.mkdir()
    ro.chmod(stat.S_IRUSR | stat.S_IXUSR)
    return {
        "missing folder": (str(tmp_path / "nowhere" / "out.yaml"), "does not exist"),
        "folder": (str(specials["folder"][0]), "is a folder"),
        "devnull": (os.devnull, "character device"),
        "fifo": (str(specials["fifo"][0]), "named pipe"),
        "parent is a file": (str(CONTENT / "pendulous" / "duel.scn.yaml" / "out.yaml"), "not a folder"),
        "trailing slash": (str(tmp_path) + "/", "needs a file name"),
        "unwritable folder": ("/proc/out.yaml", "cannot write in the folder"),
    }


def test_play_save_into_a_bad_place_fails_before_the_game_is_played(tmp_path, specials, capsys):
    for name, (out, says) in _outputs(tmp_path, specials).items():
        code = main(["play", str(CONTENT / "pendulous" / "duel.scn.yaml"), "--seats", "random", "--save", out])
        stdout, err = capsys.readouterr()
        assert code == 2, name
        clean_refusal(err)
        assert says in err, (name, err)
        assert stdout == "", f"{name}: the game was played before refusing: {stdout[:200]}"


def test_play_never_saves_over_the_scenario_it_plays(tmp_path, capsys):
    scenario = tmp_path / "duel.scn.yaml"
    scenario.write_text((CONTENT / "pendulous" / "duel.scn.yaml").read_text())
    before = scenario.read_text()
    assert main(["play", str(scenario), "--seats", "random", "--save", str(scenario)]) == 2
    out, err = capsys.readouterr()
    clean_refusal(err)
    assert "is the scenario being played" in err and out == "" and scenario.read_text() == before


def test_simulate_heatmap_into_a_bad_place_fails_before_the_games_are_played(tmp_path, specials, capsys):
    for name, (out, says) in _outputs(tmp_path, specials).items():
        code = main(["simulate", str(CONTENT / "pendulous" / "duel.scn.yaml"), "--games", "1", "--jobs", "1",
                     "--no-progress", "--heatmap", out])
        stdout, err = capsys.readouterr()
        assert code == 2, name
        clean_refusal(err)
        assert says in err, (name, err)
        assert stdout == "", name


def test_new_into_a_bad_place_is_refused(tmp_path, specials, capsys):
    for name, (out, says) in _outputs(tmp_path, specials).items():
        assert main(["new", "pendulous.scenario", "-o", out]) == 2, name
        err = capsys.readouterr().err
        clean_refusal(err)
        assert says in err, (name, err)
    assert main(["new", "pendulous.scenario", "--schemas", str(tmp_path / "nope"), "-o", str(tmp_path / "a.scn.yaml")]) == 2
    clean_refusal(capsys.readouterr().err)


def test_schema_write_into_a_bad_place_is_refused(tmp_path, specials, capsys):
    for out in (os.devnull, str(specials["fifo"][0]), str(CONTENT / "pendulous" / "duel.scn.yaml" / "x"), "/proc/x"):
        assert main(["schema", "--write", out]) == 2, out
        clean_refusal(capsys.readouterr().err)


def test_an_in_game_save_into_a_bad_place_says_so_and_play_goes_on(tmp_path, monkeypatch, capsys):
    typed = iter([f"save {tmp_path / 'nowhere' / 'x.sav.yaml'}", f"save {tmp_path / 'ok.sav.yaml'}", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    assert main(["play", str(CONTENT / "pendulous" / "duel.scn.yaml"), "--seats", "human,random", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert "does not exist" in out and "Traceback" not in out + err
    assert (tmp_path / "ok.sav.yaml").is_file()


# --- arguments ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["play", "content/pendulous/duel.scn.yaml", "--seats", ","],
    ["play", "content/pendulous/duel.scn.yaml", "--seats", "greedy,greedy,greedy"],
    ["play", "content/pendulous/duel.scn.yaml", "--seats", "nobody"],
    ["simulate", "content/pendulous/duel.scn.yaml", "--games", "0"],
    ["simulate", "content/pendulous/duel.scn.yaml", "--jobs", "-3"],
    ["simulate", "content/pendulous/duel.scn.yaml", "--seats", "human"],
    ["edit", "--new", "pendulous.scenery"],
    ["new", "pendulous.scenery"],
    ["play"],
    ["nosuchcommand"],
])
def test_bad_arguments_are_usage_errors(argv, monkeypatch, capsys):
    monkeypatch.chdir(REPO)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and err.strip()


# --- real processes: a closed pipe, no display --------------------------------------------------------------------------


def test_validate_into_a_pipe_closed_early_fails_without_a_traceback(tmp_path):
    """`set -o pipefail; gridsmith validate TREE | head -1` fails (exit 1: the output was cut, and
    the tree has errors) with one line and no traceback, also when the pipe breaks mid-report (a
    report larger than the pipe's buffer)."""
    bad = (REPO / "tests" / "formats" / "bad" / "wrong_type.scn.yaml").read_text()
    for i in range(800):
        (tmp_path / f"m{i:04}.scn.yaml").write_text(bad)
    script = f"set -o pipefail; {sys.executable} -m gridsmith validate {tmp_path} | head -1"
    r = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=240, cwd=REPO)
    assert r.returncode == 1, r
    assert len(r.stdout.splitlines()) == 1
    assert "Traceback" not in r.stderr and "Exception ignored" not in r.stderr
    assert r.stderr.strip() == "gridsmith validate: output closed early (broken pipe); not everything was written"


def test_a_play_of_a_save_naming_an_unknown_player_is_refused(tmp_path, capsys):
    save = tmp_path / "s.sav.yaml"
    save.write_text(new_text(registry.get("pendulous.save")).replace('  - "greedy"\n  - "greedy"',
                                                                    '  - "greedy"\n  - "no-such-player"'))
    assert main(["play", str(save)]) == 2
    err = capsys.readouterr().err
    clean_refusal(err)
    assert "unknown player 'no-such-player'" in err


def test_edit_without_a_display_is_one_line_not_a_qt_abort(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    if sys.platform != "linux":
        pytest.skip("the display check is for Linux")
    r = subprocess.run([sys.executable, "-m", "gridsmith", "edit", str(CONTENT / "pendulous" / "duel.scn.yaml")],
                       capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 2
    assert len(r.stderr.splitlines()) == 1 and "no display" in r.stderr


def test_a_closed_stdout_is_not_a_traceback():
    r = subprocess.run(f"{sys.executable} -m gridsmith validate {CONTENT} >&-", shell=True, capture_output=True,
                       text=True, timeout=120)
    assert "Traceback" not in r.stderr


# --- issue 28: one hostile file per cause, per game where it applies ------------------------------------------------

#: file -> (the first diagnostic's code, line, column): every cause is refused where it is
HOSTILE = {
    "kongbots_missile_warheads_9e18.rules.yaml": ("S304", 27, 13),  # a bound: the engine never loops 9e18 times
    "pendulum_deck_named_150_times.scn.yaml": ("PNM458", 14, 5),  # repeated references: one line per name
    "kongbots_more_seats_than_scenario.sav.yaml": ("SAV405", 89, 5),  # saves that lie about their seats
    "pendulous_more_seats_than_scenario.sav.yaml": ("SAV405", 122, 5),
    "pendulum_more_seats_than_scenario.sav.yaml": ("SAV405", 1252, 5),
    "circuitwar_negative_seed.sav.yaml": ("S304", 41, 7),  # negative seeds
    "pyramids_negative_seed.sav.yaml": ("S304", 33, 7),
    "circuitwar_snapshot_edited.sav.yaml": ("SAV411", 81, 7),  # the first difference, named and located
    "kongbots_embedded_build_error.sav.yaml": ("KB403", 37, 19),  # an embedded build's error where it is
    "pendulous_look_alike_player_name.scn.yaml": ("PND410", 31, 11),  # look-alike ids: the same name, and S308
    "pyramids_look_alike_setup_library.scn.yaml": ("R601", 12, 16),  # a name that refers to a file, and S308
    "circuitwar_look_alike_ruleset.scn.yaml": ("R601", 6, 10),
    "pendulum_look_alike_space_id.board.yaml": ("S307", 20, 22),  # the id pattern, and S308
    "kongbots_look_alike_call_sign.scn.yaml": ("S308", 14, 37),  # a call sign
}
#: what one refused file may print: the per-file cap of problems at most (each line is bounded)
MAX_OUTPUT = 64 * 1024


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_each_hostile_file_is_refused_at_its_cause(name, capsys):
    path = REPO / "tests" / "cli" / "bad_commands" / name
    assert main(["validate", str(path)]) == 1
    out, err = capsys.readouterr()
    code, line, col = HOSTILE[name]
    first = (err + out).splitlines()[0]
    assert first.startswith(f"{path}:{line}:{col}: error {code}: ") or \
        f":{line}:{col}: error {code}: " in first, first
    assert len(out) + len(err) < MAX_OUTPUT
    if "look_alike" in name:  # every game's look-alike is refused by the one shared check, where it is
        assert f":{line}:{col}: error S308: " in err + out, err + out
