"""Undo/redo for every edit: any sequence of edits, undone, gives back the document exactly; redone,
gives the same end state. Runs on the document and its commands, without widgets."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridsmith.editor.core import commands
from gridsmith.editor.core.commands import new_stroke_id
from gridsmith.editor.pendulous.document import PendulousDocument
from gridsmith.formats.document import FileDocument
from editor_helpers import CONTENT

BASE = FileDocument.open(CONTENT / "duel.scn.yaml").model
CHARS = "~12AB"

edit = st.one_of(
    st.tuples(st.just("stroke"), st.lists(st.tuples(st.integers(0, 13), st.integers(0, 11), st.sampled_from(CHARS)),
                                          min_size=1, max_size=8)),
    st.tuples(st.just("resize"), st.tuples(st.integers(1, 16), st.integers(1, 14))),
    st.tuples(st.just("add"), st.none()),
    st.tuples(st.just("remove"), st.tuples(st.integers(1, 4), st.integers(1, 4))),
    st.tuples(st.just("value"), st.tuples(st.sampled_from(["max_forces", "army_effectiveness", "resource_rate"]),
                                          st.integers(1, 300))),
    st.tuples(st.just("turns"), st.integers(1, 60)),
)


def _apply(doc: PendulousDocument, op) -> None:
    kind, arg = op
    if kind == "stroke":
        stroke = new_stroke_id()
        for x, y, ch in arg:
            commands.paint(doc, {(x, y): ch}, "stroke", stroke)
    elif kind == "resize":
        doc.resize(*arg)
    elif kind == "add":
        doc.add_player()
    elif kind == "remove":
        doc.remove_player(*arg)
    elif kind == "value":
        key, v = arg
        commands.set_value(doc, ("players", len(doc.model.players) - 1, key), v, merge=True)
    else:
        commands.set_value(doc, ("settings", "turns"), arg, merge=True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(edit, min_size=1, max_size=12))
def test_any_edits_undo_to_the_original_and_redo_to_the_end(ops):
    doc = PendulousDocument(BASE.model_copy(deep=True))
    for op in ops:
        _apply(doc, op)
    assert doc.undo_stack.count() <= len(ops)  # a stroke of many squares is one step (a no-op edit, none)
    undo_all_then_redo_all(doc, BASE)


def undo_all_then_redo_all(doc, base) -> None:
    """Undone, the document is `base` again; redone, it is where it ended."""
    end = doc.snapshot()
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.model == base
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert doc.model == end


# ---- the same on the other geometries: strokes of hexes and of lattice edges ----------------------
def _geometry_docs():
    from canvas_models import HexDocument, LatticeDocument, hex_model, lattice_model

    return {"hex": lambda: HexDocument(hex_model(9, 7)), "lattice": lambda: LatticeDocument(lattice_model(19, 12))}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["hex", "lattice"]),
       st.lists(st.lists(st.tuples(st.integers(0, 20), st.integers(0, 12), st.integers(0, 1), st.sampled_from("ab.")),
                         min_size=1, max_size=6), min_size=1, max_size=8))
def test_strokes_on_hex_and_lattice_undo_and_redo(kind, strokes):
    doc = _geometry_docs()[kind]()
    base = doc.snapshot()
    for s in strokes:
        stroke = new_stroke_id()
        for x, y, d, v in s:
            commands.paint(doc, {(x, y, d) if kind == "lattice" else (x, y): v}, "stroke", stroke)
    assert doc.undo_stack.count() <= len(strokes)
    undo_all_then_redo_all(doc, base)
