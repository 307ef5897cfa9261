"""Pyramids file formats: models, semantic checks (PYR4xx errors, PYR5xx warnings), bundled content."""
from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.pyramids.board import Board, board_problems, check_board
from gridsmith.formats.pyramids.pieces import DEFAULT_COUNTS
from gridsmith.formats.pyramids.pieceset import Counts, PieceSet, check_pieceset
from gridsmith.formats.pyramids.scenario import Scenario, check_scenario, resolve
from gridsmith.formats.pyramids.setups import SetupLibrary, check_library, setup_problems
from gridsmith.formats.registry import CheckContext, get

CONTENT = Path(__file__).resolve().parents[2] / "content" / "pyramids"
CTX = CheckContext(file=CONTENT / "x.yaml")
DEFAULT_ROWS = ["..........."] * 4 + ["..DDD.DDD..", "P.DDDPDDD.P", "..DDD.DDD.."] + ["..........."] * 4
SETUP = ["PS876857654", "SS3C2S8768S", "57654S3876S", "28576438841"]


def codes(problems):
    return sorted(p.code for p in problems)


def board(rows):
    return Board.model_validate({"kind": "pyramids.board", "version": 1, "name": "b", "rows": rows})


def test_all_kinds_registered():
    for kind in ("board", "pieceset", "setups", "scenario", "save"):
        spec = get(f"pyramids.{kind}")
        assert spec is not None and spec.checks


def test_default_board_is_11_by_11_with_two_deserts_and_power_squares():
    # Manual: "Pyramids is played on an 11 x 11 board with two deserts in the middle."
    b = board(DEFAULT_ROWS)
    assert list(check_board(b, CTX)) == []
    assert b.height == 11 and all(len(r) == 11 for r in b.rows)


def test_board_alphabet_width_height_and_home_zone_errors():
    rows = list(DEFAULT_ROWS)
    rows[5] = "P.DDDXDDD.P"
    rows[7] = "....."
    rows[1] = "....D......"
    ps = board_problems(rows)
    assert ("PYR401", ("rows", 5, 5)) in [(p.code, p.path) for p in ps]
    assert ("PYR402", ("rows", 7)) in [(p.code, p.path) for p in ps]
    assert ("PYR404", ("rows", 1, 4)) in [(p.code, p.path) for p in ps]
    assert codes(board_problems(["..........."] * 8)) == ["PYR403"]


def test_board_warnings_single_power_square_and_blocked_homes():
    rows = list(DEFAULT_ROWS)
    rows[5] = "..DDDPDDD.."
    ps = board_problems(rows)
    assert codes(ps) == ["PYR501"] and ps[0].severity is Severity.WARNING
    walled = list(DEFAULT_ROWS)
    walled[5] = "DDDDDDDDDDD"
    assert codes(board_problems(walled)) == ["PYR502"]


def test_default_pieceset_counts_from_the_issue():
    c = Counts()
    assert c.as_dict() == DEFAULT_COUNTS and c.total == 44


def test_pieceset_surplus_must_be_zero_and_one_pyramid_one_cobra():
    # Manual: "making sure that you finish with a surplus of zero for each side. There must be one
    # pyramid and one cobra on each side."
    ps = PieceSet.model_validate({"kind": "pyramids.pieceset", "version": 1, "name": "x",
                                  "counts": {"pyramid": 2, "cobra": 0, "antelope": 9}})
    problems = list(check_pieceset(ps, CTX))
    assert codes(problems) == ["PYR405", "PYR406", "PYR406"]
    assert "surplus of -1" in problems[0].message


def test_pieceset_without_cats_warns():
    ps = PieceSet.model_validate({"kind": "pyramids.pieceset", "version": 1, "name": "x",
                                  "counts": {"cat": 0, "antelope": 14}})
    assert codes(check_pieceset(ps, CTX)) == ["PYR504"]


def test_pieceset_is_strict():
    with pytest.raises(ValidationError):
        PieceSet.model_validate({"kind": "pyramids.pieceset", "version": 1, "name": "x", "counts": {"lion": "1"}})
    with pytest.raises(ValidationError):
        PieceSet.model_validate({"kind": "pyramids.pieceset", "version": 1, "name": "x", "counts": {"tiger": 1}})


def test_setup_checked_against_the_piece_set():
    counts = Counts()
    assert setup_problems(SETUP, counts, ("rows",)) == []
    wrong = [SETUP[0].replace("8", "7", 1), *SETUP[1:]]
    ps = setup_problems(wrong, counts, ("rows",))
    assert codes(ps) == ["PYR410"] and "antelope 7 instead of 8" in ps[0].message
    assert codes(setup_problems(SETUP[:3], counts, ("rows",))) == ["PYR408"]
    ps = setup_problems([SETUP[0][:-1] + "X", *SETUP[1:]], counts, ("rows",))
    assert [(p.code, p.path) for p in ps] == [("PYR409", ("rows", 0, 10))]


def test_pyramid_in_front_row_warns():
    rows = [SETUP[3], SETUP[1], SETUP[2], SETUP[0]]
    ps = setup_problems(rows, Counts(), ("rows",))
    assert codes(ps) == ["PYR505"] and ps[0].severity is Severity.WARNING


def test_library_cap_duplicates_and_pieceset_reference():
    data = {"kind": "pyramids.setups", "version": 1, "name": "l", "pieceset": "nope",
            "setups": [{"name": "a", "rows": SETUP}] * 256}
    from gridsmith.formats.references import check as reference_problems

    lib = SetupLibrary.model_validate(data)
    ps = codes(check_library(lib, CTX))
    assert "PYR407" in ps and ps.count("PYR411") == 255
    assert codes(reference_problems("pyramids.setups", lib, CTX)) == ["R601"]  # the loader's reference stage


def scenario(**over):
    data = {"kind": "pyramids.scenario", "version": 1, "name": "s"}
    data.update(over)
    return Scenario.model_validate(data)


def test_scenario_defaults_resolve_to_random_setups():
    res, problems = resolve(scenario(), CTX)
    assert problems == [] and res.setups == (None, None) and len(res.board) == 11
    assert res.options.first == "random" and res.options.slide in (1, 2, 3)


def test_scenario_setup_forms_and_references():
    s = scenario(sides={
        "player": {"setup": {"random": True, "rows": SETUP}},
        "cheops": {"setup": {"library": "default", "entry": "No such setup"}},
    })
    assert codes(check_scenario(s, CTX)) == ["PYR413", "PYR414"]
    s = scenario(sides={"player": {"setup": {"rows": SETUP}},
                        "cheops": {"setup": {"library": "default", "entry": "Central tomb"}}})
    res, problems = resolve(s, CTX)
    assert problems == [] and res.setups[0] == SETUP and res.setups[1][0] == "87SSPSS6543"
    assert codes(resolve(scenario(board="missing"), CTX)[1]) == ["R601"]


def test_scenario_options_ranges():
    # Manual: "The slide can be set from one to three squares"; "Cheops can play at four skill levels".
    for bad in ({"slide": 4}, {"slide": 0}, {"level": 5}, {"first": "me"}):
        with pytest.raises(ValidationError):
            scenario(options=bad)


@pytest.mark.parametrize("path", sorted(CONTENT.glob("*.yaml")), ids=lambda p: p.name)
def test_bundled_content_is_valid_and_starts_with_schema_line(path):
    from gridsmith.formats.loader import load_file

    assert path.read_text().startswith("# yaml-language-server: $schema=../../formats/schemas/pyramids.")
    loaded = load_file(path)
    assert loaded.model is not None
    assert [d.format_text() for d in loaded.diagnostics] == []


def test_bundled_library_has_ten_varied_setups():
    from gridsmith.formats.loader import load_file

    lib = load_file(CONTENT / "default.setups.yaml").model
    assert len(lib.setups) >= 10
    assert len({tuple(s.rows) for s in lib.setups}) == len(lib.setups)
    # some fortify the pyramid with sphinxes (manual: "Strategic setups usually fortify the pyramid")
    def fortified(rows):
        r = next(i for i, row in enumerate(rows) if "P" in row)
        c = rows[r].index("P")
        nb = [(r + dr, c + dc) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))]
        return sum(1 for rr, cc in nb if 0 <= rr < 4 and 0 <= cc < 11 and rows[rr][cc] == "S") >= 2
    assert sum(fortified(s.rows) for s in lib.setups) >= 5
