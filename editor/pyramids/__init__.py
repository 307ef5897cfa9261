"""Pyramids editors: board painter, piece-set editor, setup library with the setup painter, scenario
form and the play view against Cheops; each registers itself with the editor shell."""
from ..core import plugins
from .board_editor import KIND as BOARD_KIND, BoardDocument, BoardEditor, new_board
from .pieceset_editor import KIND as PIECESET_KIND, PieceSetDocument, PieceSetEditor, new_pieceset
from .scenario_editor import KIND as SCENARIO_KIND, ScenarioDocument, ScenarioEditor, new_scenario
from .setups_editor import KIND as SETUPS_KIND, SetupsDocument, SetupsEditor, new_library

for _kind, _title, _new, _doc, _ed in (
    (BOARD_KIND, "Pyramids board", new_board, BoardDocument, BoardEditor),
    (PIECESET_KIND, "Pyramids piece set", new_pieceset, PieceSetDocument, PieceSetEditor),
    (SETUPS_KIND, "Pyramids strategic setups", new_library, SetupsDocument, SetupsEditor),
    (SCENARIO_KIND, "Pyramids scenario", new_scenario, ScenarioDocument, ScenarioEditor),
):
    plugins.register(plugins.EditorPlugin(kind=_kind, title=_title, new_model=_new, document_class=_doc,
                                          editor_class=_ed))
