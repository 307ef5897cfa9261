"""New Pyramids files: what `gridsmith new pyramids.KIND` writes and the editor's File > New opens
(formats.templates finds `TEMPLATES` here by the kind's package). Saved games are made by the
engine (a new game of the scenario template), not here."""
from __future__ import annotations

from importlib.resources import files

from ruamel.yaml import YAML

from .board import KIND as BOARD, Board
from .pieceset import KIND as PIECESET, Counts, PieceSet
from .scenario import KIND as SCENARIO, Scenario
from .setups import KIND as SETUPS, Setup, SetupLibrary


def _bundled(name: str) -> dict:
    return YAML(typ="safe").load(files("gridsmith.content").joinpath("pyramids").joinpath(name).read_text("utf-8"))


def new_board() -> Board:
    """The bundled default board (11x11, its deserts and power squares), renamed."""
    return Board.model_validate({**_bundled("default.board.yaml"), "name": "New board"})


def new_pieceset() -> PieceSet:
    return PieceSet(kind=PIECESET, version=1, name="New piece set", counts=Counts())


def new_library() -> SetupLibrary:
    """One complete layout to rearrange (the first of the bundled library): a setup with empty
    squares is not valid, every square of the home zone holds a piece."""
    first = SetupLibrary.model_validate(_bundled("default.setups.yaml")).setups[0]
    return SetupLibrary(kind=SETUPS, version=1, name="New setups", setups=[Setup(name="Setup 1", rows=list(first.rows))])


def new_scenario() -> Scenario:
    return Scenario(kind=SCENARIO, version=1, name="New scenario")


TEMPLATES = {BOARD: new_board, PIECESET: new_pieceset, SETUPS: new_library, SCENARIO: new_scenario}
