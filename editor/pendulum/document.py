"""The document behind every Pendulum editor: a model without a grid, edited by value (one undo
step per field edit; typing or spinning in the same field merges) or by snapshot (add, remove,
reorder). Problems come from `editor.core.validation.check`: the kind's own checks, the same as
`gridsmith validate` runs on the file (references followed relative to the file)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gridsmith.formats.registry import CheckContext

from ..core import commands
from ..core.commands import ModelSnapshot
from ..core.document import EditorDocument


def get_in(obj: Any, path: tuple) -> Any:
    """The value at `path`: attributes of models, items of lists and of dicts (board sides, areas,
    leader tracks are keyed by name)."""
    for key in path:
        obj = obj[key] if isinstance(obj, (list, dict)) else getattr(obj, key)
    return obj


def set_in(obj: Any, path: tuple, value: Any) -> None:
    """Set the value at `path`; a dict entry is set by assigning the dict anew to its owner, so that
    pydantic validates it."""
    parent = get_in(obj, path[:-1])
    key = path[-1]
    if isinstance(parent, dict):
        set_in(obj, path[:-1], {**parent, key: value})
    elif isinstance(parent, list):
        parent[key] = value
    else:
        setattr(parent, key, value)


class PendulumDocument(EditorDocument):
    def grid_size(self) -> tuple[int, int]:
        return (0, 0)

    def get_value(self, path: tuple) -> Any:
        return get_in(self.model, path)

    def set_value_raw(self, path: tuple, value: Any) -> None:
        set_in(self.model, path, value)
        self.valueChanged.emit(tuple(path))
        self.edited.emit()

    def context(self) -> CheckContext:
        return CheckContext(file=self.path)

    def edit(self, path: tuple, value: Any, text: str, merge: bool = False) -> bool:
        """Undoable: the value at `path` (False when it is already that)."""
        return commands.set_value(self, tuple(path), value, text, merge=merge)

    def restructure(self, text: str, mutate: Callable[[Any], None]) -> None:
        """Undoable: a structural edit (add, remove, reorder) as one step."""
        self.undo_stack.push(ModelSnapshot(self, text, mutate))


def path_text(path: tuple, names: dict[str, str] | None = None) -> str:
    """A problem's place in words: `stratagems › 3 › effect` with list indexes 1-based."""
    out = []
    for p in path:
        out.append(str(p + 1) if isinstance(p, int) else (names or {}).get(p, str(p).replace("_", " ")))
    return " › ".join(out)
