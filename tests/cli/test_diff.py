"""`gridsmith diff`: what changed between two files of one kind, in the game's terms, for every kind
of every game; exit codes as `git diff --exit-code`; `--png` in each geometry; `REV:path` and the
git diff driver wired as docs/commands.md says, with real git (issue 29, item 7)."""
from __future__ import annotations

import copy
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from gridsmith.cli import main
from gridsmith.engine.core import games
from gridsmith.engine.core.heatmap import RAMP
from gridsmith.formats import registry, yaml_fast
from gridsmith.formats.diff import kind_diff

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
DOCS = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
#: a scenario per game, for making saved games
SCENARIOS = {"pendulous": "pendulous/duel.scn.yaml", "pyramids": "pyramids/sample.scn.yaml",
             "circuitwar": "circuitwar/duel.scn.yaml", "pendulum": "pendulum/duel.scn.yaml",
             "kongbots": "kongbots/scout-duel.scn.yaml"}


def _sample(kind: str, saves: dict[str, Path]) -> Path:
    """A file of `kind`: bundled content, or a saved game played for the test."""
    spec = registry.get(kind)
    if kind == games.get(spec.game).save_kind:
        return saves[spec.game]
    for p in sorted((CONTENT / spec.game).glob(f"*{spec.suffix}")):
        if re.search(rf"^kind: *{re.escape(kind)}\s*$", p.read_text(encoding="utf-8"), re.M):
            return p
    raise AssertionError(f"no sample of {kind}")


@pytest.fixture(scope="module")
def saves(tmp_path_factory) -> dict[str, Path]:
    out = {}
    folder = tmp_path_factory.mktemp("saves")
    for game, scn in SCENARIOS.items():
        path = folder / f"{game}.sav.yaml"
        assert main(["play", str(CONTENT / scn), "--seats", "random", "--seed", "1", "--agent-seed", "1",
                     "--save", str(path)]) == 0
        out[game] = path
    return out


def _first_setting(node, path=()):
    """The path of the first number or text that is not a grid row nor the file's kind or version."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in ("kind", "version") and not path:
                continue
            found = _first_setting(v, (*path, k))
            if found is not None:
                return found
    elif isinstance(node, list):
        if node and all(isinstance(r, str) for r in node) and len(node) > 1:
            return None
        for i, v in enumerate(node):
            found = _first_setting(v, (*path, i))
            if found is not None:
                return found
    elif isinstance(node, (int, str)) and not isinstance(node, bool):
        return path
    return None


def _first_grid(node, keys, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            if k in keys and isinstance(v, list) and v and all(isinstance(r, str) for r in v):
                return (*path, k)
            found = _first_grid(v, keys, (*path, k))
            if found:
                return found
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found = _first_grid(v, keys, (*path, i))
            if found:
                return found
    return None


def _get(node, path):
    for p in path:
        node = node[p]
    return node


@pytest.mark.parametrize("kind", sorted(s.kind for s in registry.all_kinds()))
def test_every_kind_says_what_changed(kind, saves, tmp_path, capsys):
    old = _sample(kind, saves)
    tree = yaml_fast.load(old.read_text(encoding="utf-8"))
    new_tree = copy.deepcopy(tree)
    setting = _first_setting(new_tree)
    assert setting is not None, kind
    parent, key = _get(new_tree, setting[:-1]), setting[-1]
    was = parent[key]
    parent[key] = was + 1 if isinstance(was, int) else f"{was} (changed)"
    how = kind_diff(registry.get(kind))
    grid_at = _first_grid(new_tree, set(how.grids))
    if grid_at is not None:  # one character of the grid's second row: a square, a hex, a lattice edge or point
        rows = _get(new_tree, grid_at)
        row = rows[1] if len(rows) > 1 else rows[0]
        y_ = 1 if len(rows) > 1 else 0
        x = next(i for i, ch in enumerate(row) if ch != " ") if how.grids[grid_at[-1]].geometry != "lattice" else 0
        ch = row[x]
        rows[y_] = row[:x] + ("Z" if ch != "Z" else "Y") + row[x + 1:]
    new = tmp_path / f"new{registry.get(kind).suffix}"
    new.write_text(json.dumps(new_tree, indent=1), encoding="utf-8")  # JSON is YAML: a file in another layout
    assert main(["diff", str(old), str(old)]) == 0
    assert capsys.readouterr().out == ""
    assert main(["diff", str(old), str(new)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1].endswith(f"({kind})")
    where = ".".join(str(p) for p in setting if not isinstance(p, int))
    assert any(line.split(":")[0].replace("[", ".").startswith(where.split(".")[0]) for line in out[2:]), out
    assert len(out) == 2 + 1 + (grid_at is not None), out
    if grid_at is not None:
        grid_line = out[-1]
        geometry = how.grids[grid_at[-1]].geometry
        if geometry == "lattice":  # row 2 of the doubled grid, character 1: the edge below point a1
            assert f"{grid_at[-1]} edge a1-a2: " in grid_line and "-> 'Z'" in grid_line, grid_line
        else:
            assert re.search(rf"{grid_at[-1]} {x + 1},{y_ + 1}: '.'.* -> 'Z'", grid_line), grid_line


def test_the_example_of_the_docs(tmp_path, capsys):
    old = CONTENT / "pendulous" / "duel.scn.yaml"
    text = old.read_text(encoding="utf-8")
    new = tmp_path / "duel.scn.yaml"
    new.write_text(text.replace("start_victory_points: 10", "start_victory_points: 12")
                   .replace("turns: 12", "turns: 14").replace('"~~111122222~"', '"~~~11122222~"')
                   .replace("# Design", "# Changed comments are no change. Design"), encoding="utf-8")
    assert main(["diff", str(old), str(new)]) == 1
    out = capsys.readouterr().out.splitlines()
    example = DOCS.split("## Content review")[1].split("```")[1].strip().splitlines()
    assert out[2:] == example[2:]
    assert out[1].endswith("(pendulous.scenario)")


def test_designer_terms_of_each_game(tmp_path, capsys):
    def diff_of(src: Path, *swaps: tuple[str, str]) -> list[str]:
        text = src.read_text(encoding="utf-8")
        for a, b in swaps:
            assert a in text, a
            text = text.replace(a, b, 1)
        new = tmp_path / src.name
        new.write_text(text, encoding="utf-8")
        assert main(["diff", str(src), str(new)]) == 1
        return capsys.readouterr().out.splitlines()[2:]

    assert diff_of(CONTENT / "kongbots" / "pit.arena.yaml", ('"--....#...."', '"--..#.#...."')) == [
        "rows 5,4: '.' floor -> '#' wall"]
    assert diff_of(CONTENT / "kongbots" / "scout-sniper.bot.yaml",
                   ("[Lr, Lr, LA, Ro, Ro, Ls]", "[Ms, Lr, LA, Ro, Ro, Ro, Ls]")) == [
        "tenders[1][1]: 'Lr' -> 'Ms'", "tenders[1][6]: added 'Ro'"]
    assert diff_of(CONTENT / "circuitwar" / "duel.scn.yaml",
                   ('"+ + + + + + + + + + + + + + + + + + B"', '"+1+ + + + + + + + + + + + + + + + + B"'),
                   ("A + +", "+ + +"), ("{name: Blue}", "{name: Azure}")) == [
        "players[Azure]: added {name: 'Azure'}", "players[Blue]: removed (was {name: 'Blue'})",
        "grid point a6: 'A' CPU of seat 1 -> '+' empty point",
        "grid edge a7-b7: ' ' no circuit -> '1' circuit of seat 1"]
    assert diff_of(CONTENT / "pyramids" / "default.board.yaml", ('"P.DDDPDDD.P"', '"P.DDD.DDD.P"')) == [
        "rows 6,6: 'P' power square -> '.' open"]
    assert diff_of(CONTENT / "pyramids" / "sample.scn.yaml", ("hide_attacks: false", "hide_attacks: true")) == [
        "options.hide_attacks: false -> true"]
    deck = diff_of(CONTENT / "pendulum" / "default.deck.yaml", ("cost: {gold: 1}", "cost: {gold: 2}"))
    assert deck == ["stratagems[gambal-b1].cost.gold: 1 -> 2"]


def test_a_grid_of_a_new_size_and_a_long_log(saves, tmp_path, capsys):
    src = CONTENT / "pendulous" / "duel.scn.yaml"
    new = tmp_path / "duel.scn.yaml"
    new.write_text(src.read_text(encoding="utf-8").replace('  - "~111112222~~"\n', ""), encoding="utf-8")
    assert main(["diff", str(src), str(new)]) == 1
    out = capsys.readouterr().out.splitlines()[2:]
    assert out[0] == "map size: 12 x 10 -> 12 x 9"
    assert "map 1,10: '~' water -> (off the map)" in out and len(out) == 1 + 12
    other = tmp_path / "other.sav.yaml"
    assert main(["play", str(src), "--seats", "random", "--seed", "2", "--agent-seed", "2", "--save", str(other)]) == 0
    capsys.readouterr()
    assert main(["diff", str(saves["pendulous"]), str(other)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert "seed: 1 -> 2" in out
    assert any(re.fullmatch(r"actions: \d+ items -> \d+ items \(\d+ kept in order\)", line) for line in out)
    assert any(line.startswith("snapshot.owners ") for line in out)


def test_usage_errors_exit_2(tmp_path, capsys):
    scn, arena = CONTENT / "pendulous" / "duel.scn.yaml", CONTENT / "kongbots" / "pit.arena.yaml"
    not_yaml = tmp_path / "x.scn.yaml"
    not_yaml.write_text("kind: [\n", encoding="utf-8")
    cases = [["diff", str(scn)], ["diff", str(scn), str(arena)], ["diff", str(scn), str(tmp_path / "gone.scn.yaml")],
             ["diff", str(scn), str(not_yaml)], ["diff", str(scn), str(scn), "--png", str(tmp_path / "no" / "x.png")]]
    for argv in cases:
        assert main(argv) == 2, argv
        out, err = capsys.readouterr()
        assert out == "" and "Traceback" not in err and err.strip(), argv
    assert main(["diff", str(scn), str(arena)]) == 2
    assert "only files of one kind compare" in capsys.readouterr().err


def _png(path: Path) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB bytes) of a PNG that engine.core.heatmap wrote (filter 0, one IDAT)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", data[16:24])
    idat = data.index(b"IDAT")
    size = struct.unpack(">I", data[idat - 4:idat])[0]
    raw = zlib.decompress(data[idat + 4:idat + 4 + size])
    stride = 1 + 3 * w
    return w, h, [raw[y * stride + 1:(y + 1) * stride] for y in range(h)]


@pytest.mark.parametrize("src,swap,cell", [
    ("pendulous/duel.scn.yaml", ('"~~111122222~"', '"~~~11122222~"'), (2, 0)),
    ("kongbots/pit.arena.yaml", ('"--....#...."', '"--..#.#...."'), (4, 3)),
    ("circuitwar/duel.scn.yaml", ('"+ + + + + + + + + + + + + + + + + + B"', '"+1+ + + + + + + + + + + + + + + + + B"'),
     (1, 12)),
])
def test_png_marks_the_changed_cells_in_both_maps(src, swap, cell, tmp_path, capsys):
    old = CONTENT / src
    new = tmp_path / old.name
    new.write_text(old.read_text(encoding="utf-8").replace(*swap, 1), encoding="utf-8")
    out = tmp_path / "d.png"
    assert main(["diff", str(old), str(new), "--png", str(out)]) == 1
    assert f"1 changed cells drawn: {out}" in capsys.readouterr().err
    w, h, rows = _png(out)
    mark = bytes(RAMP[-1])
    x, y = cell
    hexes = "arena" in src
    cell_px = 12
    for side in (0, 1):  # the mark's centre in the old (left) and the new (right) picture
        left = side * (w + 16) // 2
        px = left + x * cell_px + (y * cell_px // 2 if hexes else 0) + cell_px // 2
        py = y * cell_px + cell_px // 2
        assert rows[py][3 * px:3 * px + 3] == mark, (side, px, py)
    assert sum(r.count(mark) for r in rows) >= 2  # nothing else is marked
    marked = sum(1 for r in rows for i in range(0, len(r), 3) if r[i:i + 3] == mark)
    assert marked == 2 * (cell_px - 1) ** 2


def test_png_of_a_kind_without_a_map_is_not_written(tmp_path, capsys):
    old = CONTENT / "pendulum" / "default.deck.yaml"
    new = tmp_path / old.name
    new.write_text(old.read_text(encoding="utf-8").replace("cost: {gold: 1}", "cost: {gold: 2}", 1), encoding="utf-8")
    assert main(["diff", str(old), str(new), "--png", str(tmp_path / "d.png")]) == 1
    assert "has no map to draw" in capsys.readouterr().err and not (tmp_path / "d.png").exists()


# ---- git ------------------------------------------------------------------------------------------
GIT = shutil.which("git")


def _git(repo: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, env=env, check=False)


@pytest.fixture
def repo(tmp_path) -> Path:
    if GIT is None:
        pytest.skip("git is not installed")
    r = tmp_path / "repo"
    r.mkdir()
    for args in (["init", "-q"], ["config", "user.email", "t@example.org"], ["config", "user.name", "t"],
                 ["config", "commit.gpgsign", "false"]):
        assert _git(r, *args).returncode == 0
    shutil.copy(CONTENT / "kongbots" / "pit.arena.yaml", r / "pit.arena.yaml")
    shutil.copy(CONTENT / "pendulum" / "default.deck.yaml", r / "default.deck.yaml")
    (r / "notes.yaml").write_text("a: 1\n", encoding="utf-8")
    assert _git(r, "add", ".").returncode == 0
    assert _git(r, "commit", "-qm", "content").returncode == 0
    return r


def test_old_file_from_a_git_revision(repo, monkeypatch, capsys):
    arena = repo / "pit.arena.yaml"
    arena.write_text(arena.read_text(encoding="utf-8").replace('"--....#...."', '"--..#.#...."'), encoding="utf-8")
    monkeypatch.chdir(repo)
    assert main(["diff", "HEAD:pit.arena.yaml", "pit.arena.yaml"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == ["--- HEAD:pit.arena.yaml", "+++ pit.arena.yaml  (kongbots.arena)", "rows 5,4: '.' floor -> '#' wall"]
    assert main(["diff", "HEAD:./pit.arena.yaml", "HEAD:pit.arena.yaml"]) == 0
    assert main(["diff", "HEAD:nope.arena.yaml", "pit.arena.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nope.arena.yaml" in err
    assert main(["diff", "--output=x:pit.arena.yaml", "pit.arena.yaml"]) == 2  # argparse: not an option of ours
    assert main(["diff", "--", "-o=x:pit.arena.yaml", "pit.arena.yaml"]) == 2  # nor one of git's
    assert "cannot start with '-'" in capsys.readouterr().err and not (repo / "x").exists()


def test_the_git_diff_driver_as_the_docs_wire_it(repo):
    attributes = DOCS.split("```gitattributes")[1].split("```")[0].strip()
    suffixes = {s.suffix for s in registry.all_kinds()}
    assert {line.split()[0].lstrip("*") for line in attributes.splitlines()} == suffixes
    config = DOCS.split("```sh\ngit config diff.gridsmith.command")[1].split("```")[0].strip()
    assert config == "'gridsmith diff'"
    (repo / ".gitattributes").write_text(attributes + "\nnotes.yaml diff=gridsmith\n", encoding="utf-8")
    assert _git(repo, "config", "diff.gridsmith.command", "gridsmith diff").returncode == 0
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}

    arena, deck = repo / "pit.arena.yaml", repo / "default.deck.yaml"
    arena.write_text(arena.read_text(encoding="utf-8").replace('"--....#...."', '"--..#.#...."'), encoding="utf-8")
    deck.write_text(deck.read_text(encoding="utf-8").replace("cost: {gold: 1}", "cost: {gold: 2}", 1), encoding="utf-8")
    (repo / "notes.yaml").write_text("a: 2\n", encoding="utf-8")
    shutil.copy(CONTENT / "kongbots" / "pillars.arena.yaml", repo / "pillars.arena.yaml")
    assert _git(repo, "add", "-N", "pillars.arena.yaml").returncode == 0
    shown = _git(repo, "diff", env=env)
    assert shown.returncode == 0, shown.stderr
    out = shown.stdout
    assert "gridsmith diff pit.arena.yaml\n  rows 5,4: '.' floor -> '#' wall\n" in out
    assert "gridsmith diff default.deck.yaml\n  stratagems[gambal-b1].cost.gold: 1 -> 2\n" in out
    assert "gridsmith diff pillars.arena.yaml\n  new file\n" in out
    assert "gridsmith diff notes.yaml\n" in out and "  -a: 1\n  +a: 2\n" in out  # not Gridsmith's: plain lines
    assert "kind:" not in out  # no YAML of the content files
    assert _git(repo, "diff", "--exit-code", "--quiet", env=env).returncode == 1
    plain = _git(repo, "diff", "--no-ext-diff", env=env).stdout
    assert '+  - "--..#.#...."' in plain


def test_lists_of_values_small_and_huge():
    from gridsmith.formats.diff import diff

    spec = registry.get("pendulous.save")
    small = diff(spec, {"actions": ["a", "b", "c"]}, {"actions": ["a", "x", "c", "d"]})
    assert small.lines() == ["actions[2]: 'b' -> 'x'", "actions[4]: added 'd'"]
    log = [f"end {i}" for i in range(5000)]
    huge = diff(spec, {"actions": log}, {"actions": log[:2500] + ["pass"] + log[2500:]})
    assert huge.lines() == ["actions: 5000 items -> 5001 items (the first 2500 the same)"]
    assert diff(spec, {"actions": log}, {"actions": list(log)}).same
