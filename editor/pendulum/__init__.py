"""Pendulum editors, one plug-in per kind: the deck (card forms, live card preview, deck view with
counts), the board (both sides: areas, rows, circles, spaces; the council board and the time track),
the leader (both sides), the scenario (test-play) and the ruleset; each registers itself with the
editor shell. Test-play's provider is `play.PendulumProvider`."""
from ..core import plugins
from .deck_editor import KIND as DECK_KIND, DeckDocument, DeckEditor, new_deck

plugins.register(plugins.EditorPlugin(kind=DECK_KIND, title="Pendulum deck", new_model=new_deck,
                                      document_class=DeckDocument, editor_class=DeckEditor))
from .board_editor import KIND as BOARD_KIND, BoardDocument, BoardEditor, new_board

plugins.register(plugins.EditorPlugin(kind=BOARD_KIND, title="Pendulum board", new_model=new_board,
                                      document_class=BoardDocument, editor_class=BoardEditor))
from .leader_editor import KIND as LEADER_KIND, LeaderDocument, LeaderEditor, new_leader

plugins.register(plugins.EditorPlugin(kind=LEADER_KIND, title="Pendulum leader", new_model=new_leader,
                                      document_class=LeaderDocument, editor_class=LeaderEditor))
from .scenario_editor import KIND as SCENARIO_KIND, ScenarioDocument, ScenarioEditor, new_scenario

plugins.register(plugins.EditorPlugin(kind=SCENARIO_KIND, title="Pendulum scenario", new_model=new_scenario,
                                      document_class=ScenarioDocument, editor_class=ScenarioEditor))
from .ruleset_editor import KIND as RULESET_KIND, RulesetDocument, RulesetEditor, new_ruleset

plugins.register(plugins.EditorPlugin(kind=RULESET_KIND, title="Pendulum ruleset", new_model=new_ruleset,
                                      document_class=RulesetDocument, editor_class=RulesetEditor))
