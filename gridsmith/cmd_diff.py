"""`gridsmith diff OLD NEW [--png OUT.png]`: what changed between two files of one kind, in a
designer's terms (formats.diff): squares by coordinate with their old and new value, records (cards,
spaces, players, teams) by name, settings by key. OLD or NEW may be `REV:path`, read from git
(`git show REV:path`). With seven arguments it is git's external diff driver (`git config
diff.gridsmith.command 'gridsmith diff'`; docs/commands.md).

Exit codes as `git diff --exit-code`: 0 the same, 1 different, 2 usage (a file that cannot be read,
is not a Gridsmith file, or is of another kind). As a git driver it exits 0 when it could compare:
git stops the whole `git diff` at a driver that exits otherwise.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from gridsmith.engine.core.heatmap import BACKGROUND, png_bytes, render
from gridsmith.formats.atomic import atomic_write_bytes
from gridsmith.formats.diagnostics import safe_text
from gridsmith.formats.diff import FileDiff, GridPair, Side, diff, read_bytes, read_file

from .paths import CommandFailed, check_input, check_output

#: git's external diff driver passes: path old-file old-hex old-mode new-file new-hex new-mode
GIT_DRIVER_ARGS = 7
#: pixels per character of a grid in the picture, and between the pictures
CELL, GAP = 12, 16


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="OLD NEW: two files of one kind; either may be REV:path, read from git "
                        "(e.g. HEAD~1:content/duel.scn.yaml). Seven arguments: git's external diff driver")
    p.add_argument("--png", metavar="OUT.png",
                   help="draw both maps side by side (old left, new right) with the changed cells marked")


def run(args: argparse.Namespace) -> int:
    if len(args.files) == GIT_DRIVER_ARGS:
        return _git_driver(args)
    if len(args.files) != 2:
        print(f"gridsmith diff: give OLD and NEW (two files), got {len(args.files)}", file=sys.stderr)
        return 2
    if args.png:
        check_output("diff", args.png, "--png")
    old_name, new_name = args.files
    old, new = _read(old_name), _read(new_name)
    result = _compare(old, new, old_name, new_name)
    _print(result, old_name, new_name)
    if args.png:
        _draw(result, args.png)
    return 0 if result.same else 1


def _git_driver(args: argparse.Namespace) -> int:
    """`path old-file old-hex old-mode new-file new-hex new-mode`: a file added or deleted has
    /dev/null on one side; anything git may hand over that is not a Gridsmith file is shown as a
    plain line diff, so `*.yaml diff=gridsmith` is safe."""
    path, old_file, _, _, new_file, _, _ = args.files
    print(f"gridsmith diff {safe_text(path)}")
    if old_file == os.devnull or new_file == os.devnull:
        print("  new file" if old_file == os.devnull else "  deleted")
        return 0
    old, new = read_file(old_file, path), read_file(new_file, path)
    if old.spec is None or new.spec is None or old.spec != new.spec:
        _plain(old_file, new_file)
        return 0
    result = diff(old.spec, old.data, new.data)
    for line in result.lines() or ["no change in content (comments or layout only)"]:
        print(f"  {line}")
    return 0


def _read(name: str) -> Side:
    """A file, or `REV:path` from git; CommandFailed(2) after saying why it cannot be compared."""
    if ":" in name and not os.path.lexists(name):
        rev, _, path = name.partition(":")
        if rev.startswith("-"):  # never an option of git's (`--output=...` would write a file)
            print(f"gridsmith diff: {safe_text(name)}: a revision cannot start with '-'", file=sys.stderr)
            raise CommandFailed(2)
        try:
            shown = subprocess.run(["git", "show", f"{rev}:{path}"], capture_output=True, check=False)
        except OSError as e:  # no git at all
            print(f"gridsmith diff: cannot run git for {safe_text(name)}: {e.strerror or e}", file=sys.stderr)
            raise CommandFailed(2) from None
        if shown.returncode != 0:
            said = shown.stderr.decode("utf-8", "replace").strip().splitlines()
            why = safe_text(said[-1] if said else "git failed", 300)
            print(f"gridsmith diff: {safe_text(name)}: {why}", file=sys.stderr)
            raise CommandFailed(2)
        return read_bytes(shown.stdout, name)
    check_input("diff", name)
    return read_file(name)


def _compare(old: Side, new: Side, old_name: str, new_name: str) -> FileDiff:
    for side, name in ((old, old_name), (new, new_name)):
        if side.spec is None:  # not YAML, or no known kind: say why
            for d in side.problems[:5]:
                print(d.format_text(), file=sys.stderr)
            print(f"gridsmith diff: {safe_text(name)} is not a Gridsmith file that can be compared", file=sys.stderr)
            raise CommandFailed(2)
    assert old.spec is not None and new.spec is not None  # checked just above
    if old.spec.kind != new.spec.kind:
        print(f"gridsmith diff: {safe_text(old_name)} is a {old.spec.kind}, {safe_text(new_name)} a "
              f"{new.spec.kind}: only files of one kind compare", file=sys.stderr)
        raise CommandFailed(2)
    return diff(old.spec, old.data, new.data)


def _print(result: FileDiff, old_name: str, new_name: str) -> None:
    if result.same:
        return
    print(f"--- {safe_text(old_name)}\n+++ {safe_text(new_name)}  ({result.kind})")
    for line in result.lines():
        print(line)


def _plain(old_file: str, new_file: str) -> None:
    import difflib  # only for files that are not Gridsmith's, handed over by git

    def lines(f: str) -> list[str]:
        try:
            return Path(f).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return []

    for line in difflib.unified_diff(lines(old_file), lines(new_file), "old", "new", lineterm=""):
        print(f"  {safe_text(line)}")


# ---- the picture ----------------------------------------------------------------------------------
def _draw(result: FileDiff, out: str) -> None:
    """Each grid of the kind, old left and new right, one grid under the other; changed cells in the
    heat map's strongest colour (engine.core.heatmap), the rest in the greys of what they are."""
    if not result.grids:
        print(f"gridsmith diff: a {result.kind} has no map to draw; {out} not written", file=sys.stderr)
        return
    blocks = [_side_by_side(pair) for pair in result.grids]
    width = max(w for w, _, _ in blocks)
    rows: list[bytes] = []
    for i, (w, _, block) in enumerate(blocks):
        if i:
            rows.extend(bytes(BACKGROUND) * width for _ in range(GAP))
        rows.extend(r + bytes(BACKGROUND) * (width - w) for r in block)
    atomic_write_bytes(out, png_bytes(width, len(rows), rows))
    changed = sum(len(p.changed) for p in result.grids)
    print(f"gridsmith diff: {changed} changed cells drawn: {out}", file=sys.stderr)


def _side_by_side(pair: GridPair) -> tuple[int, int, list[bytes]]:
    # a lattice is drawn in its doubled text grid (points and the edges between them), as its heat map is
    geometry = "hex" if pair.grid.geometry == "hex" else "square"
    pictures = []
    for rows in (pair.old, pair.new):
        w, h = max((len(r) for r in rows), default=0), len(rows)
        kinds = [[pair.grid.kinds.get(r[x], "open") if x < len(r) else "" for x in range(w)] for r in rows]
        marked = {c: 1 for c in pair.changed if c[0] < w and c[1] < h}
        pictures.append(render((w, h), marked, CELL, kinds, geometry) if w and h else (1, 1, [bytes(BACKGROUND)]))
    (lw, lh, left), (rw, rh, right) = pictures
    height = max(lh, rh)
    blank_l, blank_r = bytes(BACKGROUND) * lw, bytes(BACKGROUND) * rw
    rows = [(left[y] if y < lh else blank_l) + bytes(BACKGROUND) * GAP + (right[y] if y < rh else blank_r)
            for y in range(height)]
    return lw + GAP + rw, height, rows
