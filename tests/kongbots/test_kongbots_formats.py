"""Kongbots files: the bundled content is valid, every KB code fires with its message at its place,
templates are valid, and a saved battle replays (or says why not)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from gridsmith.cli import main
from gridsmith.formats import registry, templates
from gridsmith.formats.document import FileDocument
from gridsmith.formats.loader import load_text, validate_file

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content" / "kongbots"
KINDS = ["kongbots.ruleset", "kongbots.bot", "kongbots.arena", "kongbots.scenario", "kongbots.save"]


def _diags(text: str, tmp_path: Path, name: str = "x.bot.yaml"):
    from gridsmith.engine.kongbots.api import GAME

    GAME.register_checks()  # engine-backed lints, as `validate` adds them

    f = tmp_path / name
    f.write_text(text)
    return validate_file(f)


def test_bundled_content_is_valid():
    from gridsmith.engine.kongbots.api import GAME

    GAME.register_checks()

    files = sorted(CONTENT.glob("*.yaml"))
    assert len(files) >= 15
    for f in files:
        assert validate_file(f) == [], f


@pytest.mark.parametrize("kind", KINDS[:4])
def test_templates_are_valid(kind, tmp_path):
    model = templates.new_model(registry.get(kind))
    suffix = registry.get(kind).suffix
    (tmp_path / f"t{suffix}").write_text(FileDocument.new(model).to_text())
    assert [d for d in validate_file(tmp_path / f"t{suffix}") if d.is_error] == []


BOT = """kind: kongbots.bot
version: 1
name: x
chassis: scout
tenders:
  - [ML, ML, Ro, Ro, Lr, Ls]
"""


def test_over_the_limit_names_module_class_limit_and_count(tmp_path):
    (d,) = _diags(BOT, tmp_path)
    assert (d.code, d.line, d.col) == ("KB404", 6, 10)  # the second launcher's interface
    assert d.message == "scout: 2 missile launchers, limit 1"


@pytest.mark.parametrize("tenders,code,message", [
    ("  - [Lr, Ro, Ro, Ls, LA, Ls]\n  - [Lr, Ro, Ro, Ls, LA, Ls]\n", "KB401", "a scout has 1 equipment tender, this build lists 2"),
    ("  - [Lr, Ro, Ro]\n", "KB402", "tender 1 has 3 interfaces; every tender has 6 (write `--` for an empty one)"),
    ("  - [Lr, Xx, Ro, --, --, --]\n", "KB403", "unknown module 'Xx'"),
    ("  - [Lr, EL, Ro, --, --, --]\n", "KB405", "EL is what a missile launcher becomes"),
    ("  - [Ro, Ro, Ls, --, --, --]\n", "KB501", "no lasers, claws or missile launchers"),
    ("  - [Cl, Ls, --, --, --, --]\n", "KB502", "only claws and no retros"),
    ("  - [LA, Cl, Ro, --, --, --]\n", "KB503", "laser aimers without a laser"),
])
def test_build_codes(tmp_path, tenders, code, message):
    text = BOT.split("tenders:")[0] + "tenders:\n" + tenders
    codes = {d.code: d.message for d in _diags(text, tmp_path)}
    assert code in codes and message in codes[code]


ARENA = "kind: kongbots.arena\nversion: 1\nname: a\nrows:\n"


@pytest.mark.parametrize("rows,code", [
    (['"A.."', '"..B."'], "KB410"), (['"A.x"', '"..B"'], "KB411"), (['"A.."', '"..."'], "KB412"),
    (['"A#."', '"#.B"'], "KB511"), (['"A#."', '"##."', '"..B"'], "KB510"),
])
def test_arena_codes(tmp_path, rows, code):
    text = ARENA + "".join(f"  - {r}\n" for r in rows)
    assert code in {d.code for d in _diags(text, tmp_path, "a.arena.yaml")}


SCN = """kind: kongbots.scenario
version: 1
name: s
arena: {arena}
teams:
  - name: Red
    bots: [{{build: scout-brawler}}, {{build: {second}}}]
  - name: {blue}
    bots: [{{build: scout-sniper}}]
"""


@pytest.mark.parametrize("arena,second,blue,code", [
    ("classic-diamond", "warrior-sniper", "Blue", "KB421"),
    ("nowhere", "scout-raider", "Blue", "R601"),
    ("classic-diamond", "scout-raider", "red", "KB425"),
])
def test_scenario_codes(tmp_path, arena, second, blue, code):
    text = SCN.format(arena=arena, second=second, blue=blue)
    assert code in {d.code for d in _diags(text, tmp_path, "s.scn.yaml")}


def test_more_bots_than_entries_and_builds_checked_against_the_scenario_ruleset(tmp_path):
    (tmp_path / "one.arena.yaml").write_text(ARENA + '  - "A..."\n  - "...B"\n')
    (tmp_path / "strict.rules.yaml").write_text(
        "kind: kongbots.ruleset\nversion: 1\nname: strict\nmodules:\n"
        "  Cl: {name: claw, plural: claws, limits: {scout: 1, warrior: 4, marauder: 6}}\n")
    text = SCN.format(arena="one.arena.yaml", second="scout-raider", blue="Blue").replace(
        "name: s\n", "name: s\nruleset: strict.rules.yaml\n")
    diags = {d.code: d for d in _diags(text, tmp_path, "s.scn.yaml")}
    assert "KB422" in diags and "KB424" in diags
    assert "scout: 2 claws, limit 1" in diags["KB424"].message


def test_ruleset_codes(tmp_path):
    text = ("kind: kongbots.ruleset\nversion: 1\nname: r\nclasses:\n  scout: {tenders: 3}\n"
            "modules:\n  Ro: {name: retro, plural: retros, limits: {scout: 0, warrior: 5, marauder: 8}}\n")
    codes = {d.code for d in _diags(text, tmp_path, "r.rules.yaml")}
    assert {"KB430", "KB530"} <= codes


def test_save_round_trip_and_tampering(tmp_path, capsys):
    out = tmp_path / "g.sav.yaml"
    assert main(["play", str(CONTENT / "scout-duel.scn.yaml"), "--seats", "greedy,random", "--seed", "4",
                 "--save", str(out)]) == 0
    assert main(["replay", str(out), "-q"]) == 0
    assert validate_file(out) == []
    text = out.read_text()
    orders = re.findall(r"^\s*- \"?A1 \w+ [^\"\s]+\"?$", text, re.M)
    assert orders
    bad = tmp_path / "bad.sav.yaml"
    bad.write_text(text.replace("rng_draws: ", "rng_draws: 1", 1))
    assert {d.code for d in validate_file(bad)} == {"SAV411"}
    worse = tmp_path / "worse.sav.yaml"
    worse.write_text(text.replace(orders[0], "  - A1 claw B9", 1))
    codes = {d.code for d in validate_file(worse)}
    assert codes == {"SAV410"}
    nonsense = tmp_path / "n.sav.yaml"
    nonsense.write_text(text.replace(orders[0], "  - fly away", 1))
    assert "KB440" in {d.code for d in validate_file(nonsense)}


def test_new_writes_a_valid_file_for_every_kongbots_kind(tmp_path):
    for kind in KINDS[:4]:
        out = tmp_path / f"n{registry.get(kind).suffix}"
        assert main(["new", kind, "-o", str(out)]) == 0
        assert not [d for d in validate_file(out) if d.is_error]


CODE = re.compile(r"""["']((?:KB[45]|SAV4)\d\d)["']""")


def _codes() -> list[str]:
    srcs = list((ROOT / "formats" / "kongbots").glob("*.py")) + list((ROOT / "engine" / "kongbots").glob("*.py"))
    srcs.append(ROOT / "engine" / "core" / "saves.py")  # the shared replay check: the saves' SAV410
    return sorted({c for p in srcs for c in CODE.findall(p.read_text("utf-8"))})


@pytest.mark.parametrize("code", _codes())
def test_code_documented(code):
    doc = (ROOT / "docs" / "rules" / "kongbots.md").read_text("utf-8")
    assert re.search(rf"\| {code} \|", doc), f"{code} is not in docs/rules/kongbots.md"


def test_loading_from_text_never_raises():
    loaded = load_text("kind: kongbots.bot\nversion: 1\nname: x\nchassis: titan\ntenders: 3\n", "x.bot.yaml")
    assert {d.code[0] for d in loaded.diagnostics} == {"S"}
