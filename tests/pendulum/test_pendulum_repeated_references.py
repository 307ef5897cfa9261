"""A scenario that names one file thousands of times is checked in linear work (issue 28, "quadratic
work on repeated references"): each distinct reference is followed once, a deck named again is one
problem (not one per card of it), and the checks are lazy, so a reader that stops at the per-file cap
stops the work. Work is counted (references followed, problems built), never timed."""
from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest

from gridsmith.formats import references
from gridsmith.formats.limits import MAX_PROBLEMS_PER_FILE
from gridsmith.formats.loader import load_file, load_text
from gridsmith.formats.pendulum import scenario as pendulum_scenario

REPO = Path(__file__).resolve().parents[2]
DUEL = (REPO / "content" / "pendulum" / "duel.scn.yaml").read_text(encoding="utf-8")
NAME = str(REPO / "content" / "pendulum" / "x.scn.yaml")


def _naming(n: int) -> str:
    return DUEL + "decks:\n" + "".join("  - default\n" for _ in range(n))


@pytest.fixture
def follows(monkeypatch):
    """How often each reference value was followed."""
    counted: dict[str, int] = {}
    real = references.follow

    def counting(value, ref, ctx):
        counted[value] = counted.get(value, 0) + 1
        return real(value, ref, ctx)

    monkeypatch.setattr(references, "follow", counting)
    return counted


def test_a_deck_named_thousands_of_times_is_followed_once_and_said_once_per_name(follows):
    load_text(_naming(3), NAME)
    few = follows.pop("default")
    loaded = load_text(_naming(3000), NAME)
    assert follows["default"] == few  # as often for 3,000 names as for 3: once per reading of the file
    first = loaded.diagnostics[0]
    assert (first.code, first.line, first.path) == ("PNM458", 14, ("decks", 1))
    assert "named again (first as deck 1)" in first.message
    more = loaded.diagnostics[-1]  # the cap's summary counts what was left out: one problem per name
    assert more.code == "Y199" and more.message.startswith(f"{2999 - MAX_PROBLEMS_PER_FILE} more problems not shown")


def test_the_checks_are_linear_in_the_names(monkeypatch):
    built = []
    real = pendulum_scenario.Problem

    def counting(*a, **k):
        built.append(a[0])
        return real(*a, **k)

    monkeypatch.setattr(pendulum_scenario, "Problem", counting)
    model = load_text(_naming(1), NAME).model
    for n in (10, 1000):
        built.clear()
        many = model.model_copy(update={"decks": ["default"] * n})
        problems = list(pendulum_scenario.check_scenario(many, references_ctx()))
        assert len(problems) == len(built) == n - 1  # not n x the cards of the deck
        assert {p.code for p in problems} == {"PNM458"}


def test_a_reader_that_stops_at_the_cap_stops_the_work(monkeypatch):
    model = load_text(_naming(1), NAME).model.model_copy(update={"decks": ["default"] * 5000})
    built = []
    real = pendulum_scenario.Problem
    monkeypatch.setattr(pendulum_scenario, "Problem", lambda *a, **k: built.append(a[0]) or real(*a, **k))
    got = list(islice(pendulum_scenario.check_scenario(model, references_ctx()), MAX_PROBLEMS_PER_FILE + 1))
    assert len(got) == MAX_PROBLEMS_PER_FILE + 1 and len(built) == MAX_PROBLEMS_PER_FILE + 1


def test_a_card_in_two_decks_is_one_line_per_deck(tmp_path):
    deck = (REPO / "content" / "pendulum" / "default.deck.yaml").read_text(encoding="utf-8")
    (tmp_path / "copy.deck.yaml").write_text(deck.replace("name: ", "name: Copy of ", 1), encoding="utf-8")
    scn = tmp_path / "x.scn.yaml"
    scn.write_text(DUEL.replace("name: Duel", "name: Two decks") + "decks: [default, copy.deck.yaml]\n", encoding="utf-8")
    loaded = load_file(scn)
    same = [d for d in loaded.diagnostics if d.code == "PNM457"]
    assert len(same) == 1 and same[0].path == ("decks", 1) and "more in deck 2 also in deck 1" in same[0].message


def references_ctx():
    from gridsmith.formats.registry import CheckContext
    return CheckContext(file=Path(NAME))
