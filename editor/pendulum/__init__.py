"""Pendulum editors, one plug-in per kind: the deck (card forms, live card preview, deck view with
counts), the board (both sides: areas, rows, circles, spaces; the council board and the time track),
the leader (both sides), the scenario (test-play) and the ruleset; each registers itself with the
editor shell. Test-play's provider is `play.PendulumProvider`."""
from ..core import plugins
from .board_editor import KIND as BOARD_KIND, BoardDocument, BoardEditor
from .deck_editor import KIND as DECK_KIND, DeckDocument, DeckEditor
from .leader_editor import KIND as LEADER_KIND, LeaderDocument, LeaderEditor
from .ruleset_editor import KIND as RULESET_KIND, RulesetDocument, RulesetEditor
from .scenario_editor import KIND as SCENARIO_KIND, ScenarioDocument, ScenarioEditor

for _kind, _title, _doc, _ed in (
    (DECK_KIND, "Pendulum deck", DeckDocument, DeckEditor),
    (BOARD_KIND, "Pendulum board", BoardDocument, BoardEditor),
    (LEADER_KIND, "Pendulum leader", LeaderDocument, LeaderEditor),
    (SCENARIO_KIND, "Pendulum scenario", ScenarioDocument, ScenarioEditor),
    (RULESET_KIND, "Pendulum ruleset", RulesetDocument, RulesetEditor),
):
    plugins.register(plugins.EditorPlugin(kind=_kind, title=_title, document_class=_doc, editor_class=_ed))
