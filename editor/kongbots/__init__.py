"""Kongbots editors: the arena painter (hex canvas), the build designer and test-play; each
registers itself with the editor shell."""
from ..core import plugins
from .arena_editor import KIND as ARENA_KIND, ArenaDocument, ArenaEditor, new_arena

plugins.register(plugins.EditorPlugin(kind=ARENA_KIND, title="Kongbots arena", new_model=new_arena,
                                      document_class=ArenaDocument, editor_class=ArenaEditor))
from .scenario_editor import KIND as SCENARIO_KIND, ScenarioDocument, ScenarioEditor, new_scenario

plugins.register(plugins.EditorPlugin(kind=SCENARIO_KIND, title="Kongbots scenario", new_model=new_scenario,
                                      document_class=ScenarioDocument, editor_class=ScenarioEditor))
from .bot_editor import KIND as BOT_KIND, BotDocument, BotEditor, new_bot

plugins.register(plugins.EditorPlugin(kind=BOT_KIND, title="Kongbots build", new_model=new_bot,
                                      document_class=BotDocument, editor_class=BotEditor))
