"""The Pendulum deck editor: the deck view with its counts beside the rulebook's (40 stratagems, 56
provinces, 10 achievements, 25 + 5 + 1 council rewards; the formats' PNM540 warning shown where a
count differs), the card forms and the live card preview — the cost before the black arrow
("Kosten auf Karten werden vor einem schwarzen Pfeil angezeigt"), icons, the border by type — with
undo and a byte-stable save. Screenshots: pendulum-deck.png, pendulum-card-province.png,
pendulum-card-achievement.png, pendulum-card-council.png, pendulum-deck-count-warning.png."""
from __future__ import annotations

from tests.editor.canvas_models import shot
from tests.pendulum.pendulum_editors import CONTENT, assert_round_trip, open_editor, problems_now

from gridsmith.editor.pendulum.art import BORDER
from gridsmith.editor.pendulum.card_preview import card_type, preview_text
from gridsmith.formats.pendulum.effects import ARROW, AnyResources, Gain, card_text
from gridsmith.formats.loader import load_file


def deck(qtbot, tmp_path):
    return open_editor(qtbot, tmp_path, "default.deck.yaml")


def count_label(ed, label: str):
    return next(lbl for lbl in ed.count_labels if lbl.isVisible() and lbl.text().startswith(f"<b>{label}</b>"))


def test_the_deck_view_counts_every_card_type_against_the_book(qtbot, tmp_path):
    ed = deck(qtbot, tmp_path)
    assert not problems_now(qtbot, ed)
    for label, n in (("Stratagems", 40), ("Provinces", 56), ("Achievements", 10), ("Council rewards", 25),
                     ("Final rewards", 5), ("Great worker", 1)):
        lbl = count_label(ed, label)
        assert lbl.text() == f"<b>{label}</b>: {n} ({n}) ✓" and not lbl.property("differs")
    assert [ed.tabs.tabText(i) for i in range(4)] == ["Stratagems (40)", "Provinces (56)", "Achievements (10)",
                                                      "Council rewards (31)"]
    assert ed.tables["stratagems"].rowCount() == 40 and ed.tables["provinces"].rowCount() == 56
    ed.close_editor()


def test_a_stratagem_edited_in_its_form_updates_preview_table_and_undoes(qtbot, tmp_path):
    ed = deck(qtbot, tmp_path)
    doc = ed.document
    ed.select("stratagems", 0)  # Gambal's Levy: 1 gold -> 3 gold
    form = ed.card_forms["stratagems"]
    card = doc.model.stratagems[0]
    assert card.name == "Gambal's Levy" and form.name.text() == "Gambal's Levy"
    assert ed.preview.card is card and preview_text(card) == f"1 gold {ARROW} 3 gold"
    # the cost: a second gold through the cost's spin box
    form.cost.spins["gold"].setValue(2)
    assert doc.model.stratagems[0].cost.gold == 2
    assert ed.preview.card.cost.gold == 2
    assert ed.tables["stratagems"].item(0, 2).text() == f"2 gold {ARROW} 3 gold"
    # the effect: add "conquer a province" from the Add menu, then a 2-any reward, then reorder
    form.effect.add_actions["conquer"].trigger()
    assert [str(i) if isinstance(i, str) else type(i).__name__ for i in doc.model.stratagems[0].effect] == \
        ["Gain", "conquer"]
    form.effect.add_actions["any"].trigger()
    form.effect.number.setValue(2)
    assert doc.model.stratagems[0].effect[2] == AnyResources(any=2)
    form.effect.list.setCurrentRow(2)
    form.effect.up_button.click()
    effect = doc.model.stratagems[0].effect
    assert effect[1] == AnyResources(any=2) and effect[2] == "conquer"
    text = card_text(doc.model.stratagems[0].cost, effect)  # the formats' renderer, not a second one
    assert text == f"2 gold {ARROW} 3 gold; 2 any resources; conquer a province"
    assert preview_text(ed.preview.card) == text and ed.tables["stratagems"].item(0, 2).text() == text
    form.name.setText("Gambal's Grand Levy")
    form.name.editingFinished.emit()
    assert doc.model.stratagems[0].name == "Gambal's Grand Levy"
    assert ed.tables["stratagems"].item(0, 1).text() == "Gambal's Grand Levy"
    shot(ed, "pendulum-deck.png")
    assert not problems_now(qtbot, ed)
    # edits of the gain's amounts in place
    form.effect.list.setCurrentRow(0)
    form.effect.amounts.spins["gold"].setValue(4)
    assert doc.model.stratagems[0].effect[0] == Gain(gain={"gold": 4})
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.model.stratagems[0].effect == [Gain(gain={"gold": 3})] and form.cost.spins["gold"].value() == 1
    assert preview_text(ed.preview.card) == f"1 gold {ARROW} 3 gold"
    assert_round_trip(ed, tmp_path, CONTENT / "default.deck.yaml")
    ed.close_editor()


def test_removing_a_card_warns_with_the_formats_count_message(qtbot, tmp_path):
    ed = deck(qtbot, tmp_path)
    doc = ed.document
    ed.select("stratagems", 3)
    ed.tabs.currentWidget().findChildren(type(ed.add_buttons["stratagems"]))[2].click()  # Remove
    assert len(doc.model.stratagems) == 39 and ed.tabs.tabText(0) == "Stratagems (39)"
    problems = problems_now(qtbot, ed)
    warning = next(p for p in problems if p.code == "PNM540")
    assert warning.message == "39 stratagems; the rulebook has 40" and warning.severity.value == "warning"
    lbl = count_label(ed, "Stratagems")
    assert lbl.property("differs") and "39 (40)" in lbl.text() and warning.message in lbl.text()
    shot(ed, "pendulum-deck-count-warning.png")
    # add two: 41, still warned; a new card has an unused id and is valid
    ed.add_buttons["stratagems"].click()
    ed.add_buttons["stratagems"].click()
    assert len(doc.model.stratagems) == 41
    problems = problems_now(qtbot, ed)
    assert [p.message for p in problems] == ["41 stratagems; the rulebook has 40"]
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert len(doc.model.stratagems) == 40 and not problems_now(qtbot, ed)
    assert not count_label(ed, "Stratagems").property("differs")
    ed.close_editor()


def test_province_banners_and_a_located_problem(qtbot, tmp_path):
    ed = deck(qtbot, tmp_path)
    doc = ed.document
    i = next(i for i, p in enumerate(doc.model.provinces) if p.card_colour == "mixed")
    ed.select("provinces", i)
    form = ed.card_forms["provinces"]
    assert ed.forms.current_page() is form and card_type(ed.preview.card) == "province"
    shot(ed, "pendulum-card-province.png")
    # a red (military-only) card whose banners still show other things: PNM442, located on the card
    form.colour.setCurrentText("red")
    form.colour.activated.emit(form.colour.currentIndex())
    assert doc.model.provinces[i].card_colour == "red"
    problem = next(p for p in problems_now(qtbot, ed) if p.code == "PNM442")
    assert problem.path[:2] == ("provinces", i)
    ed.select("stratagems", 0)
    ed.go_to_problem(problem.path)  # a click in the problems panel
    assert ed.current_key() == "provinces" and ed.tables["provinces"].currentRow() == i
    where = ed.describe_path(problem.path)
    assert where.startswith(f"Provinces › {doc.model.provinces[i].id} › productions")
    # a banner edited through its amounts
    form.banners["blue"].spins["votes"].setValue(2)
    assert doc.model.provinces[i].productions["blue"].votes == 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.model.provinces[i].card_colour == "mixed" and not problems_now(qtbot, ed)
    ed.close_editor()


def test_council_reward_border_follows_its_type_and_achievement_preview(qtbot, tmp_path):
    ed = deck(qtbot, tmp_path)
    doc = ed.document
    i = next(i for i, r in enumerate(doc.model.council_rewards) if r.type == "immediate")
    ed.select("council_rewards", i)
    form = ed.card_forms["council_rewards"]
    assert BORDER[card_type(ed.preview.card)] == BORDER["immediate"]
    form.type.setCurrentText("permanent_stratagem")
    form.type.activated.emit(form.type.currentIndex())
    assert doc.model.council_rewards[i].type == "permanent_stratagem"
    assert card_type(ed.preview.card) == "permanent_stratagem"  # the blue border
    shot(ed, "pendulum-card-council.png")
    j = next(j for j, r in enumerate(doc.model.council_rewards) if r.type == "final")
    ed.select("council_rewards", j)
    assert ARROW in preview_text(ed.preview.card)  # a final's cost before the arrow
    # an achievement: the requirement held (not paid), the banner reward
    ed.select("achievements", 0)
    a = doc.model.achievements[0]
    assert preview_text(ed.preview.card).startswith("Hold ") and "(not paid)" in preview_text(ed.preview.card)
    ed.card_forms["achievements"].banner.add_actions["legendary_vp"].trigger()
    problem = next(p for p in problems_now(qtbot, ed) if p.code == "PNM443")
    assert problem.path == ("achievements", 0, "banner") and a.id in problem.message
    doc.undo_stack.undo()
    shot(ed, "pendulum-card-achievement.png")
    doc.undo_stack.undo()
    assert not problems_now(qtbot, ed)
    # saved after an edit, the file reloads with the edit and without errors
    ed.card_forms["achievements"].slots.setValue(3)
    doc.save(tmp_path / "edited.deck.yaml")
    loaded = load_file(tmp_path / "edited.deck.yaml")
    assert loaded.model.achievements[0].slots == 3 and not [d for d in loaded.diagnostics if d.is_error]
    ed.close_editor()
