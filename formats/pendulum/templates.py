"""New Pendulum files: what `gridsmith new pendulum.KIND` writes and the editor's File > New opens
(formats.templates finds `TEMPLATES` here). Saved games are made by the engine (a new game of the
scenario template), not here."""
from __future__ import annotations

from . import board, deck, leader, ruleset, scenario
from .board import Board
from .deck import BOOK_COUNTS, Deck
from .effects import TRACKS
from .leader import Leader
from .ruleset import Ruleset
from .scenario import Scenario, Seat

def new_ruleset() -> Ruleset:
    return Ruleset(kind=ruleset.KIND, version=ruleset.VERSION, name="variant",
                   description="A variant of the Pendulum rules: change the numbers you want.")


def new_board() -> Board:
    def area(circles: int, rewards: list[list]) -> dict:
        return {"rows": [{"circles": circles, "spaces": [
            {"id": f"{row}-{i + 1}", "reward": rw} for i, rw in enumerate(rs)]} for row, rs in zip(("top", "bottom"), rewards)]}

    def side(prefix: str) -> dict:
        def a(name, circles, rewards):
            d = area(circles, rewards)
            for row in d["rows"]:
                for sp in row["spaces"]:
                    sp["id"] = f"{prefix}{name[0]}-{sp['id']}"
                if name != "black" and prefix == "s":  # a small space for the 2-player neutral in each row
                    row["spaces"].append({"id": f"{prefix}{name[0]}-{len(d['rows'])}-{row['spaces'][0]['id'][3:]}-n",
                                          "size": "small", "neutral_2p": True, "reward": [{"gain": {"votes": 1}}]})
            return d
        return {
            "areas": {"purple": a("purple", 2, [[[{"gain": {"popularity": 2}}]], [[{"produce": "red"}]]]),
                      "green": a("green", 1, [[[{"any": 3}]], [[{"produce": "blue"}]]]),
                      "black": a("black", 1, [[["conquer"]], [[{"gain": {"gold": 1}}]]])},
            "council": {"default_reward": [{"any_vp": 1}]},
            "time_track": [{"flip": ["purple", "green", "black"]}, {"flip": ["black"]}, {"flip": ["purple"]},
                           {"flip": ["green", "black"]}, {"flip": ["purple"]}],
        }
    return Board.model_validate({"kind": board.KIND, "version": board.VERSION, "name": "new board",
                                 "sides": {"1-3": side("s"), "4-5": side("l")}}, strict=False)


def new_leader() -> Leader:
    side = {"title": "the Newcomer",
            "tracks": {t: {"length": 12, "parchment_from": 9} for t in TRACKS},
            "columns": {"red": {"military": 2}, "blue": {"culture": 2}, "yellow": {"gold": 2}},
            "start": {"military": 2, "culture": 2, "gold": 4},
            "stratagems": ["new-1", "new-2", "new-3", "new-4"]}
    return Leader.model_validate({"kind": leader.KIND, "version": leader.VERSION, "id": "newcomer", "name": "Newcomer",
                                  "sides": {"basic": side, "advanced": {**side, "title": "the Veteran"}}},
                                 strict=False)


def new_deck() -> Deck:
    """A deck of the book's 10 achievements (a list of another count would be warned about)."""
    res = ("military", "culture", "gold")
    tracks = ("power", "prestige", "popularity")
    cards = [{"id": f"ach-{i + 1:02d}", "name": f"Achievement {i + 1}",
              "requires": {res[i % 3]: 4 + i // 3, res[(i + 1) % 3]: 2},
              "banner": [{"gain": {tracks[i % 3]: 2}}] if i % 2 == 0 else [{"any_vp": 1}, {"any": 2}]}
             for i in range(BOOK_COUNTS["achievements"])]
    return Deck.model_validate({"kind": deck.KIND, "version": deck.VERSION, "name": "new deck", "achievements": cards},
                               strict=False)


def new_scenario() -> Scenario:
    return Scenario(kind=scenario.KIND, version=scenario.VERSION, name="new game",
                    seats=[Seat(leader="gambal", colour="white"), Seat(leader="bolk", colour="black")])


TEMPLATES = {ruleset.KIND: new_ruleset, board.KIND: new_board, leader.KIND: new_leader, deck.KIND: new_deck,
             scenario.KIND: new_scenario}
