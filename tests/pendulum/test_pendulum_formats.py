"""Pendulum file formats: models, semantic checks (PNM4xx errors, PNM5xx warnings) located at
file:line:col, the effect language rendered as card text, templates, bundled content."""
from __future__ import annotations

import pytest
import yaml

from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.loader import load_file, load_text
from gridsmith.formats.pendulum.board import Board, check_board, purple_markers
from gridsmith.formats.pendulum.deck import Deck, check_deck
from gridsmith.formats.pendulum.effects import Cost, card_text, effect_text
from gridsmith.formats.pendulum.leader import Leader, check_leader
from gridsmith.formats.pendulum.ruleset import Ruleset, check_ruleset
from gridsmith.formats.pendulum.scenario import Scenario, resolve
from gridsmith.formats.registry import CheckContext, get

from pendulum_helpers import CONTENT, codes, plain

CTX = CheckContext(file=CONTENT / "x.yaml")


def located(data: dict, name: str = "t.yaml"):
    """Validate `data` as a file: the diagnostics with their line:col."""
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    return load_text(text, name, CONTENT / name).diagnostics


def test_every_kind_is_registered_with_checks():
    for kind in ("ruleset", "board", "leader", "deck", "scenario", "save"):
        spec = get(f"pendulum.{kind}")
        assert spec is not None and spec.checks, kind


@pytest.mark.parametrize("path", sorted(CONTENT.glob("*.yaml")), ids=lambda p: p.name)
def test_bundled_content_is_valid_and_clean(path):
    loaded = load_file(path)
    assert loaded.ok and loaded.diagnostics == [], [d.format_text() for d in loaded.diagnostics]


def test_bundled_content_is_marked_original_sample_content():
    for path in CONTENT.glob("*.yaml"):
        if not path.name.endswith(".rules.yaml"):
            assert "Original sample content" in path.read_text("utf-8"), path.name


def test_default_ruleset_has_the_rulebook_numbers():
    r = load_file(CONTENT / "default.rules.yaml").model
    # "1 lila: 3 Minuten, 1 grün: 2 Minuten, 1 schwarz: 45 Sekunden"
    assert (r.sandglasses.purple_ms, r.sandglasses.green_ms, r.sandglasses.black_ms) == (180_000, 120_000, 45_000)
    assert r.limits.rounds == 4 and r.limits.resource_cap == 10 and r.limits.max_workers == 4
    assert (r.limits.start_small, r.limits.start_large) == (1, 1)
    assert (r.costs.worker_action_gold, r.costs.conquer_military, r.costs.retrieve_culture) == (2, 4, 5)
    assert r.council.privilege_bonus_vp == [2, 1, 1] and r.council.column_limit == 2
    assert (r.provinces.display, r.council.rewards_shown, r.council.rewards_removed) == (4, 5, 10)
    assert r.privilege.grace_ms == 1000  # "ca. 1 Sekunde"
    assert r == Ruleset(kind="pendulum.ruleset", version=1, name="default", description=r.description)


def test_grace_window_may_be_waived():
    # "Natürlich könnt ihr als Gruppe auf diese Regel verzichten"
    data = plain("default.rules.yaml")
    data["privilege"]["grace_ms"] = 0
    assert located(data) == []


def test_ruleset_checks_are_located():
    data = plain("default.rules.yaml")
    data["limits"]["min_players"] = 1
    data["limits"]["start_small"] = 4
    ds = located(data)
    assert [(d.code, d.line) for d in ds] == [("PNM402", 18), ("PNM403", 14), ("PNM403", 14)]  # min_players; start_small twice (over max_workers, over small_workers)


def test_board_side_structure_checks():
    data = plain("default.board.yaml")
    side = data["sides"]["1-3"]
    side["areas"]["green"]["rows"].pop()
    side["areas"]["black"]["rows"][0]["spaces"][1]["id"] = "b-top-1"
    side["areas"]["black"]["rows"][0]["spaces"][2]["neutral_2p"] = True
    side["areas"]["purple"]["rows"][0]["spaces"][0]["adjacent"] = ["nowhere"]
    side["areas"]["purple"]["rows"][0]["spaces"][1]["reward"] = ["legendary_vp"]
    b = Board.model_validate(data)
    ps = list(check_board(b, CTX))
    # renaming b-top-2 leaves its neighbours pointing at a space that no longer exists
    assert codes(ps) == ["PNM411", "PNM413", "PNM415", "PNM416"] + ["PNM418"] * 4
    ds = located(data)
    assert all(d.line > 1 for d in ds) and {d.code for d in ds} >= {"PNM411", "PNM418"}


def test_purple_has_two_circles_a_row_for_the_glass_and_three_markers():
    # "Der lila Aktionsbereich hat pro Aktionsreihe 2 goldene Kreise"; "Legt die 3 Sanduhrmarker (lila) auf die
    # 3 übrigen goldenen Kreise"
    b = load_file(CONTENT / "default.board.yaml").model
    for side in b.sides.values():
        assert [r.circles for r in side.areas["purple"].rows] == [2, 2]
        assert purple_markers(side) == 3


def test_time_track_uses_up_the_markers_with_the_last_on_its_last_step():
    data = plain("default.board.yaml")
    data["sides"]["4-5"]["time_track"][-1]["flip"] = ["black"]
    ps = list(check_board(Board.model_validate(data), CTX))
    assert codes(ps) == ["PNM420", "PNM420"]
    data["sides"]["4-5"]["time_track"] = []
    ps = list(check_board(Board.model_validate(data), CTX))
    assert codes(ps) == ["PNM419"] and ps[0].severity is Severity.WARNING


def test_two_player_side_needs_four_neutral_spaces():
    # "Stellt während des Aufbaus 1 neutralen Arbeiter auf jedes der 4 kleineren einfachen Aktionsfelder"
    data = plain("default.board.yaml")
    data["sides"]["1-3"]["areas"]["green"]["rows"][0]["spaces"][2]["neutral_2p"] = False
    ps = list(check_board(Board.model_validate(data), CTX))
    assert codes(ps) == ["PNM422"] and ps[0].severity is Severity.WARNING
    del data["sides"]["4-5"]
    assert "PNM421" in codes(check_board(Board.model_validate(data), CTX))


def test_leader_checks():
    data = plain("bolk.leader.yaml")
    adv = data["sides"]["advanced"]
    adv["tracks"]["power"]["parchment_from"] = 30
    del adv["tracks"]["prestige"]
    del adv["columns"]["blue"]
    adv["stratagems"] = adv["stratagems"][:3]
    del data["sides"]["basic"]
    ps = list(check_leader(Leader.model_validate(data), CTX))
    assert codes(ps) == ["PNM430", "PNM431", "PNM432", "PNM433", "PNM434"]


def test_leader_longest_tracks_follow_the_blurbs():
    # "Bolks längste Siegpunkteleiste ist Stärke"; "Dhrenkirs längste Siegpunkteleiste ist Beliebtheit (als Tyrann
    # Ansehen)"; "Licinia verfolgt alle drei Hauptsiegpunkteleisten gleich stark"
    def longest(name, side):
        tracks = load_file(CONTENT / f"{name}.leader.yaml").model.sides[side].tracks
        top = max(t.length for t in tracks.values())
        return sorted(k for k, t in tracks.items() if t.length == top)
    assert longest("bolk", "basic") == ["power"]
    assert longest("gambal", "basic") == ["popularity"]
    assert longest("mesoat", "basic") == ["prestige"]
    assert longest("dhrenkir", "basic") == ["popularity"] and longest("dhrenkir", "advanced") == ["prestige"]
    assert longest("licinia", "basic") == ["popularity", "power", "prestige"]


def test_deck_counts_of_the_book_and_card_checks():
    deck = load_file(CONTENT / "default.deck.yaml").model
    assert (len(deck.stratagems), len(deck.provinces), len(deck.achievements)) == (40, 56, 10)
    types = [r.type for r in deck.council_rewards]
    assert types.count("final") == 5 and types.count("great_worker") == 1 and len(types) == 31
    data = plain("default.deck.yaml")
    data["provinces"] = data["provinces"][:50]
    data["provinces"][0]["card_colour"] = "red"
    data["provinces"][0]["productions"]["blue"] = {"gold": 1}
    del data["provinces"][1]["productions"]["yellow"]
    data["stratagems"][1]["id"] = data["stratagems"][0]["id"]
    fin = next(r for r in data["council_rewards"] if r["type"] == "final")
    fin["type"] = "immediate"
    ps = list(check_deck(Deck.model_validate(data), CTX))
    assert codes(ps) == ["PNM440", "PNM441", "PNM442", "PNM443", "PNM444", "PNM540", "PNM540", "PNM540"]
    assert sum(p.severity is Severity.WARNING for p in ps) == 3


def test_waive_gold_is_played_with_an_action():
    data = plain("default.deck.yaml")
    s = next(s for s in data["stratagems"] if s["effect"] == ["waive_gold"])
    del s["timing"]
    assert "PNM446" in codes(check_deck(Deck.model_validate(data), CTX))


def test_card_text_puts_the_cost_before_the_black_arrow():
    # "Kosten auf Karten werden vor einem schwarzen Pfeil angezeigt."
    deck = load_file(CONTENT / "default.deck.yaml").model
    s = {c.id: c for c in deck.stratagems}
    assert card_text(s["bolk-b1"].cost, s["bolk-b1"].effect) == "1 gold ➜ 3 military"
    assert card_text(s["bolk-b4"].cost, s["bolk-b4"].effect) == "4 any resources ➜ add a small worker"
    assert card_text(s["bolk-b3"].cost, s["bolk-b3"].effect) == "skip the gold of a purple or green action"
    final = next(r for r in deck.council_rewards if r.effect == ["legendary_vp"])
    assert card_text(final.cost, final.effect) == "10 any resources ➜ the Legendary Achievement"
    assert effect_text([{"produce": "red"}, "conquer"] and deck.achievements[8].banner) == "conquer a province; 1 vote"
    assert card_text(Cost(votes=2, power=1), []) == "2 votes, 1 Power ➜ nothing"


def _scenario(**changes) -> Scenario:
    data = plain("duel.scn.yaml")
    data.update(changes)
    return Scenario.model_validate(data)


def test_bundled_scenarios_resolve():
    for path in CONTENT.glob("*.scn.yaml"):
        res, problems = resolve(load_file(path).model, CheckContext(file=path))
        assert res is not None and problems == [], (path.name, problems)
        n = len(res.scenario.seats)
        assert res.side is res.board.sides["1-3" if n <= 3 else "4-5"]


def test_one_seat_is_an_error_no_solo_rules():
    s = _scenario(seats=[{"leader": "gambal", "colour": "white"}])
    res, ps = resolve(s, CTX)
    assert res is None and codes(ps) == ["PNM450"] and "no solo rules" in ps[0].message


def test_scenario_seat_and_reference_checks():
    seats = [{"leader": "gambal", "colour": "white"}, {"leader": "gambal", "colour": "white"},
             {"leader": "nobody", "colour": "black"}]
    res, ps = resolve(_scenario(seats=seats, untimed_rounds=[5], board="missing.board.yaml"), CTX)
    assert res is None
    assert codes(ps) == ["PNM452", "PNM452", "PNM453", "R601", "R601"]  # the shared resolver: missing files


def test_a_leader_without_a_worker_stratagem_is_warned(tmp_path):
    # "Ihr könnt sie über eine eurer Kriegslisten erhalten." (the 2 small workers not yet in play)
    deck = plain("default.deck.yaml")
    for s in deck["stratagems"]:
        if s["id"] == "gambal-b4":
            s["effect"] = [{"gain": {"gold": 1}}]
    (tmp_path / "d.deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False, allow_unicode=True))
    res, ps = resolve(_scenario(decks=["d.deck.yaml"]), CheckContext(file=tmp_path / "s.scn.yaml"))
    assert res is not None and codes(ps) == ["PNM541"] and ps[0].severity is Severity.WARNING


def test_scenario_needs_enough_cards():
    res, ps = resolve(_scenario(decks=[]), CTX)
    assert res is None and "PNM456" in codes(ps)


def test_scenario_problems_are_located(tmp_path):
    data = plain("duel.scn.yaml")
    data["seats"][1]["colour"] = "white"
    ds = located(data, "duel2.scn.yaml")
    assert [(d.code, d.line, d.col) for d in ds] == [("PNM452", 11, 11)]  # seat 2's colour


def test_ruleset_default_matches_model_defaults():
    assert list(check_ruleset(Ruleset(kind="pendulum.ruleset", version=1, name="x"), CTX)) == []
