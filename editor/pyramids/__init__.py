"""Pyramids editors: board painter, piece-set editor, setup library with the setup painter, scenario
form and the play view against Cheops; each registers itself with the editor shell."""
from ..core import plugins
from .board_editor import KIND as BOARD_KIND, BoardDocument, BoardEditor
from .pieceset_editor import KIND as PIECESET_KIND, PieceSetDocument, PieceSetEditor
from .scenario_editor import KIND as SCENARIO_KIND, ScenarioDocument, ScenarioEditor
from .setups_editor import KIND as SETUPS_KIND, SetupsDocument, SetupsEditor

# limits: a board 11 wide and 9 to 25 rows; up to 255 setups of 4 rows of 11
for _kind, _title, _doc, _ed, _limits in (
    (BOARD_KIND, "Pyramids board", BoardDocument, BoardEditor, {"PYR402", "PYR403"}),
    (PIECESET_KIND, "Pyramids piece set", PieceSetDocument, PieceSetEditor, set()),
    (SETUPS_KIND, "Pyramids strategic setups", SetupsDocument, SetupsEditor, {"PYR407", "PYR408"}),
    (SCENARIO_KIND, "Pyramids scenario", ScenarioDocument, ScenarioEditor, {"PYR402", "PYR403", "PYR408"}),
):
    plugins.register(plugins.EditorPlugin(kind=_kind, title=_title, document_class=_doc, editor_class=_ed,
                                          limits=frozenset(_limits)))
