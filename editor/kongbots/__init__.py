"""Kongbots editors: the arena painter (hex canvas), the build designer and test-play; each
registers itself with the editor shell."""
from ..core import plugins
from .arena_editor import KIND as ARENA_KIND, ArenaDocument, ArenaEditor
from .bot_editor import KIND as BOT_KIND, BotDocument, BotEditor
from .scenario_editor import KIND as SCENARIO_KIND, ScenarioDocument, ScenarioEditor

for _kind, _title, _doc, _ed, _limits in (
    (ARENA_KIND, "Kongbots arena", ArenaDocument, ArenaEditor, {"KB413"}),  # 1 x 1 to 40 x 40
    (SCENARIO_KIND, "Kongbots scenario", ScenarioDocument, ScenarioEditor, set()),
    (BOT_KIND, "Kongbots build", BotDocument, BotEditor, set()),
):
    plugins.register(plugins.EditorPlugin(kind=_kind, title=_title, document_class=_doc, editor_class=_ed,
                                          limits=frozenset(_limits)))
