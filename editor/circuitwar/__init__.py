"""The Circuit War circuit painter and its test-play; registers itself with the editor shell."""
from ..core import plugins
from .document import KIND, CircuitWarDocument
from .scenario_editor import CircuitWarEditor

plugins.register(plugins.EditorPlugin(
    kind=KIND,
    title="Circuit War scenario",
    document_class=CircuitWarDocument,
    editor_class=CircuitWarEditor,
    limits=frozenset({"CW401"}),  # the grid's shape: 2 to 26 points each way
))
