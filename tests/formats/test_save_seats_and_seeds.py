"""Saves that lie about their seats or their seed (issue 28): every game refuses a save naming more
seats than its scenario has, at the first seat too many, and a negative seed, at the seed; the
published schema and the validator agree, and `gridsmith play --seed -1` is a usage error."""
from __future__ import annotations

import json

import jsonschema
import pytest
from ruamel.yaml import YAML

from gridsmith.cli import main
from gridsmith.formats import registry
from gridsmith.formats.loader import load_text
from gridsmith.formats.schema import render

from savekit import GAMES, save_text, scenario_file, seats_key


def _errors(text: str):
    return [d for d in load_text(text, "x.sav.yaml").diagnostics if d.severity.value == "error"]


def _line_of(text: str, start: str, after: int = 0) -> int:
    lines = text.splitlines()
    return next(i for i, line in enumerate(lines) if i >= after and line.startswith(start)) + 1


def with_extra_seat(text: str, key: str) -> tuple[str, int, int]:
    """`text` with one more seat at the end of its `key:` list: the text, the seats there were, and
    the line (1-based) of the new one."""
    lines = text.splitlines()
    start = lines.index(f"{key}:")
    end = start + 1
    while end < len(lines) and lines[end].startswith("  - "):
        end += 1
    lines.insert(end, '  - "random"')
    return "\n".join(lines) + "\n", end - start - 1, end + 1


@pytest.mark.parametrize("name", GAMES)
def test_a_save_with_more_seats_than_its_scenario_is_refused_at_the_extra_seat(name):
    key = seats_key(name)
    if f"\n{key}:\n" not in save_text(name):
        pytest.skip(f"a {name} save names no seats")
    bad, n, line = with_extra_seat(save_text(name), key)
    errors = _errors(bad)
    assert errors, f"{name}: a save with {n + 1} seats for {n} validates clean"
    if name == "circuitwar":  # its own code since issue 10, at the list
        assert errors[0].code == "CW430" and errors[0].path == ("seats",)
    else:
        assert (errors[0].code, errors[0].path, errors[0].line, errors[0].col) == ("SAV405", (key, n), line, 5)


@pytest.mark.parametrize("name", GAMES)
def test_a_negative_seed_is_refused_by_the_schema_and_the_validator_alike(name):
    text = save_text(name)
    bad = text.replace("\nseed: 7\n", "\nseed: -1\n")
    assert bad != text
    errors = _errors(bad)
    assert errors and errors[0].path == ("seed",) and errors[0].line == _line_of(bad, "seed:")
    schema = json.loads(render(registry.get(f"{name}.save")))
    document = json.loads(json.dumps(YAML(typ="safe").load(bad)))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, schema)
    jsonschema.validate(json.loads(json.dumps(YAML(typ="safe").load(text))), schema)  # the honest one passes


@pytest.mark.parametrize("value", ["-1", "9223372036854775808"])
def test_play_refuses_a_seed_no_save_could_hold(value, capsys):
    assert main(["play", str(scenario_file("pendulous")), "--seats", "random", "--seed", value]) == 2
    err = capsys.readouterr().err
    assert "argument --seed" in err and "is not a seed" in err
