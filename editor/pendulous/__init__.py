"""The Pendulous scenario editor and play view; registers itself with the editor shell."""
from ..core import plugins
from .document import KIND, PendulousDocument
from .scenario_editor import PendulousEditor

plugins.register(plugins.EditorPlugin(
    kind=KIND,
    title="Pendulous scenario",
    document_class=PendulousDocument,
    editor_class=PendulousEditor,
    limits=frozenset({"PND402"}),  # the map's size: 1 x 1 to 50 x 50
))
