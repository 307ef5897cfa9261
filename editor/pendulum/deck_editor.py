"""The Pendulum deck editor: the deck view (one tab per card type with every card's words, and the
counts per type beside the rulebook's — 40 stratagems, 56 provinces, 10 achievements, 25 council
rewards + 5 finals + 1 great worker — with the formats' own warning where they differ), the card
form of the selected card and its live preview (`card_preview.CardPreview`).

Nothing here checks a card: the problems panel shows `formats.pendulum.deck.check_deck`'s findings
(the validator `gridsmith validate` runs), and a click on one selects its card."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QResizeEvent
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton,
                               QScrollArea, QSpinBox, QSplitter, QTableWidget, QTableWidgetItem, QTabWidget,
                               QVBoxLayout, QWidget)

from gridsmith.formats.diagnostics import Severity
from gridsmith.formats.pendulum.deck import (BOOK_COUNCIL, BOOK_COUNTS, KIND, Achievement, CouncilReward, Deck,
                                             Province, Requirement, Stratagem)
from gridsmith.formats.pendulum.effects import COLOURS, Amounts, Cost

from ..core.editorwidget import ValidatedEditor
from ..core.forms import guard_wheel
from .card_preview import CardPreview, preview_text
from .document import PendulumDocument, path_text
from .widgets import AmountsEditor, EffectEditor, Pages, TextEdit

LISTS = ("stratagems", "provinces", "achievements", "council_rewards")
TITLE = {"stratagems": "Stratagems", "provinces": "Provinces", "achievements": "Achievements",
         "council_rewards": "Council rewards"}
CARD_CLASS = {"stratagems": Stratagem, "provinces": Province, "achievements": Achievement,
              "council_rewards": CouncilReward}
REWARD_TYPES = ("immediate", "permanent_stratagem", "final", "great_worker", "kept")
WARN = QColor("#fff3cd")
#: below this width the preview goes under the card form (in its scroll area), so the card table keeps
#: the room its id and name columns need (a 1024 screen: issue 30 item 6)
PREVIEW_BESIDE_FROM = 1280


def new_card(key: str, taken: set[str]):
    """A fresh card of list `key` with an unused id."""
    stem = {"stratagems": "stratagem", "provinces": "province", "achievements": "achievement",
            "council_rewards": "reward"}[key]
    n = 1
    while f"{stem}-{n}" in taken:
        n += 1
    cid, name = f"{stem}-{n}", f"New {stem} {n}"
    if key == "stratagems":
        return Stratagem.model_validate({"id": cid, "name": name, "effect": [{"gain": {"gold": 1}}]}, strict=False)
    if key == "provinces":
        return Province.model_validate({"id": cid, "name": name, "productions": {
            "red": {"military": 1}, "blue": {"culture": 1}, "yellow": {"gold": 1}}}, strict=False)
    if key == "achievements":
        return Achievement.model_validate({"id": cid, "name": name, "requires": {"military": 3},
                                           "banner": [{"any_vp": 1}]}, strict=False)
    return CouncilReward.model_validate({"id": cid, "name": name, "type": "immediate",
                                         "effect": [{"any": 2}]}, strict=False)


#: the words of the formats' PNM540 message for each count (to show that warning beside it)
MESSAGE_WORDS = {"Stratagems": " stratagems;", "Provinces": " provinces;", "Achievements": " achievements;",
                 "Council rewards": " normal council rewards;", "Final rewards": " final council rewards;",
                 "Great worker": " great worker council rewards;"}


def deck_counts(deck: Deck) -> list[tuple[str, int, int]]:
    """(label, count, the rulebook's count) per card type in the deck; council rewards by kind."""
    out = []
    for key in ("stratagems", "provinces", "achievements"):
        cards = getattr(deck, key)
        if cards is not None:
            out.append((TITLE[key], len(cards), BOOK_COUNTS[key]))
    if deck.council_rewards is not None:
        got = {"normal": 0, "final": 0, "great_worker": 0}
        for r in deck.council_rewards:
            got["final" if r.type == "final" else "great_worker" if r.type == "great_worker" else "normal"] += 1
        for k, label in (("normal", "Council rewards"), ("final", "Final rewards"), ("great_worker", "Great worker")):
            out.append((label, got[k], BOOK_COUNCIL[k]))
    return out


class DeckDocument(PendulumDocument):
    kind = KIND

    def cards(self, key: str) -> list:
        return getattr(self.model, key) or []

    def all_ids(self) -> set[str]:
        return {c.id for k in LISTS for c in self.cards(k)}

    def add_card(self, key: str, after: int | None = None, copy_of: int | None = None) -> int:
        """Undoable: a new card (or a copy of card `copy_of`) after `after`; returns its index."""
        cards = self.cards(key)
        at = len(cards) if after is None else after + 1
        if copy_of is not None:
            card = cards[copy_of].model_copy(deep=True)
            card.id = new_card(key, self.all_ids()).id
            card.name = (card.name + " (copy)")[:64]
        else:
            card = new_card(key, self.all_ids())

        def mutate(m: Deck) -> None:
            lst = list(getattr(m, key) or [])
            lst.insert(at, card)
            setattr(m, key, lst)
        self.restructure(f"Add {TITLE[key].lower()[:-1]}", mutate)
        return at

    def remove_card(self, key: str, i: int) -> None:
        def mutate(m: Deck) -> None:
            lst = list(getattr(m, key))
            del lst[i]
            setattr(m, key, lst)
        self.restructure(f"Remove {self.cards(key)[i].id}", mutate)


class CardForm(QWidget):
    """The fields of one card type; `bind(i)` shows card i; every edit is one undo step."""

    def __init__(self, doc: DeckDocument, key: str, parent=None):
        super().__init__(parent)
        self.doc, self.key, self.index = doc, key, -1
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)  # labels above: the fields get the width
        self.id = TextEdit("Unique in the decks of a game: lower case, digits, - and _")
        self.id.changed.connect(lambda t: self._set("id", t, "Card id"))
        form.addRow("Id", self.id)
        self.name = TextEdit()
        self.name.changed.connect(lambda t: self._set("name", t, "Card name"))
        form.addRow("Name", self.name)
        self.fields: dict[str, QWidget] = {}
        cls = CARD_CLASS[key]
        if key == "council_rewards":
            self.type = QComboBox()
            self.type.addItems(REWARD_TYPES)
            self.type.setToolTip(cls.model_fields["type"].description)
            self.type.activated.connect(lambda i: self._set("type", REWARD_TYPES[i], "Reward type"))
            form.addRow("Type (border)", self.type)
        if key == "provinces":
            self.colour = QComboBox()
            self.colour.addItems(["mixed", "red", "blue", "yellow", "purple"])
            self.colour.setToolTip(cls.model_fields["card_colour"].description)
            self.colour.activated.connect(lambda _i: self._set("card_colour", self.colour.currentText(), "Card colour"))
            form.addRow("Card colour", self.colour)
            self.banners: dict[str, AmountsEditor] = {}
            for c in COLOURS:
                ed = AmountsEditor(Amounts)
                ed.changed.connect(lambda a, c=c: self._set_banner(c, a))
                self.banners[c] = ed
                box = QGroupBox(f"{c} banner (tucked under the {c} column)")
                QVBoxLayout(box).addWidget(ed)
                form.addRow(box)
        if key == "achievements":
            self.requires = AmountsEditor(Requirement)
            self.requires.changed.connect(lambda a: self._set("requires", a, "Requirement", merge=True))
            form.addRow("Held to claim", self.requires)
            self.slots = QSpinBox()
            self.slots.setRange(0, 5)
            self.slots.setSpecialValueText("one per player")
            self.slots.valueChanged.connect(lambda v: self._set("slots", v or None, "Marker spots", merge=True))
            form.addRow("Marker spots", self.slots)
            self.banner = EffectEditor()
            self.banner.changed.connect(lambda e: self._set("banner", e, "Banner reward"))
            form.addRow("Banner reward", self.banner)
        if key in ("stratagems", "council_rewards"):
            self.cost = AmountsEditor(Cost)
            self.cost.changed.connect(lambda a: self._set("cost", a, "Cost", merge=True))
            form.addRow("Cost (before the arrow)", self.cost)
            self.effect = EffectEditor()
            self.effect.changed.connect(lambda e: self._set("effect", e, "Effect"))
            form.addRow("Effect", self.effect)
            self.timing = QComboBox()
            self.timing.addItems(["anytime", "with_action"])
            self.timing.setToolTip(cls.model_fields["timing"].description or "")
            self.timing.activated.connect(lambda _i: self._set("timing", self.timing.currentText(), "Timing"))
            form.addRow("Played", self.timing)
        guard_wheel(self)

    def card(self):
        cards = self.doc.cards(self.key)
        return cards[self.index] if 0 <= self.index < len(cards) else None

    def _set(self, field: str, value, text: str, merge: bool = False) -> None:
        if self.card() is not None:
            self.doc.edit((self.key, self.index, field), value, text, merge=merge)

    def _set_banner(self, colour: str, amounts: Amounts) -> None:
        card = self.card()
        if card is None:
            return
        prods = {c: card.productions[c] for c in COLOURS if c in card.productions}
        prods[colour] = amounts
        self.doc.edit((self.key, self.index, "productions"), prods, f"{colour} banner", merge=True)

    def bind(self, i: int) -> None:
        self.index = i
        card = self.card()
        self.setEnabled(card is not None)
        if card is None:
            return
        self.id.set_value(card.id)
        self.name.set_value(card.name)
        if self.key == "council_rewards":
            self.type.setCurrentText(card.type)
        if self.key == "provinces":
            self.colour.setCurrentText(card.card_colour)
            for c, ed in self.banners.items():
                ed.set_value(card.productions.get(c, Amounts()))
        if self.key == "achievements":
            self.requires.set_value(card.requires)
            self.slots.blockSignals(True)
            self.slots.setValue(card.slots or 0)
            self.slots.blockSignals(False)
            self.banner.set_value(card.banner)
        if self.key in ("stratagems", "council_rewards"):
            self.cost.set_value(card.cost)
            self.effect.set_value(card.effect)
            self.timing.setCurrentText(card.timing)


class DeckEditor(ValidatedEditor):
    def __init__(self, document: DeckDocument, parent=None):
        super().__init__(document, parent)
        doc = document
        lay = QHBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        lay.addWidget(self.splitter)
        left_pane = QWidget()
        left = QVBoxLayout(left_pane)
        left.setContentsMargins(0, 0, 0, 0)
        head = QFormLayout()
        self.name = TextEdit()
        self.name.changed.connect(lambda t: doc.edit(("name",), t, "Deck name"))
        head.addRow("Deck", self.name)
        self.description = TextEdit()
        self.description.changed.connect(lambda t: doc.edit(("description",), t, "Deck description"))
        head.addRow("Description", self.description)
        left.addLayout(head)
        self.counts_box = QGroupBox("Counts (the rulebook's in brackets)")
        self.counts_layout = QVBoxLayout(self.counts_box)
        self.count_labels: list[QLabel] = []
        left.addWidget(self.counts_box)
        self.tabs = QTabWidget()
        self.tables: dict[str, QTableWidget] = {}
        self.add_buttons: dict[str, QPushButton] = {}
        for key in LISTS:
            page = QWidget()
            pl = QVBoxLayout(page)
            table = QTableWidget(0, 3)
            table.setHorizontalHeaderLabels(["id", "name", "card text"])
            table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
            table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
            table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
            table.verticalHeader().setVisible(False)
            table.setWordWrap(False)  # one line a card, elided (the whole text is the tooltip)
            table.horizontalHeader().setStretchLastSection(True)
            table.currentCellChanged.connect(lambda r, _c, _pr, _pc, k=key: self._select(k, r))
            pl.addWidget(table)
            row = QHBoxLayout()
            add, dup, rem = QPushButton("Add card"), QPushButton("Duplicate"), QPushButton("Remove")
            add.clicked.connect(lambda _c=False, k=key: self.select(k, doc.add_card(k, self._row(k))))
            dup.clicked.connect(lambda _c=False, k=key: self._row(k) is not None and self.select(
                k, doc.add_card(k, self._row(k), copy_of=self._row(k))))
            rem.clicked.connect(lambda _c=False, k=key: self._remove(k))
            for b in (add, dup, rem):
                row.addWidget(b)
            row.addStretch(1)
            pl.addLayout(row)
            self.tabs.addTab(page, TITLE[key])
            self.tables[key] = table
            self.add_buttons[key] = add
        self.tabs.currentChanged.connect(lambda _i: self._select(self.current_key(), self._row(self.current_key())))
        left.addWidget(self.tabs, 1)
        self.splitter.addWidget(left_pane)

        right_pane = QWidget()
        self.right = QHBoxLayout(right_pane)
        self.right.setContentsMargins(0, 0, 0, 0)
        self.forms = Pages()
        self.card_forms = {k: CardForm(doc, k) for k in LISTS}
        for k in LISTS:
            self.forms.add(self.card_forms[k])
        holder = QWidget()
        self.form_column = QVBoxLayout(holder)
        self.form_column.addWidget(self.forms)
        self.form_column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(holder)
        scroll.setMinimumWidth(440)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.right.addWidget(scroll, 1)
        self.preview_box = QWidget()  # beside the form when the editor is wide, under it when not
        prev = QVBoxLayout(self.preview_box)
        prev.setContentsMargins(0, 0, 0, 0)
        prev.addWidget(QLabel("Preview"))
        self.preview = CardPreview()
        prev.addWidget(self.preview)
        prev.addStretch(1)
        self.right.addWidget(self.preview_box)
        self.splitter.addWidget(right_pane)
        self.splitter.setStretchFactor(0, 1)  # the card table takes what the form and preview leave
        self.splitter.setStretchFactor(1, 0)

        self.start_validation(self.describe_path)
        self.problems_panel.set_subject("Pendulum deck file")
        self.problems_panel.problemActivated.connect(self.go_to_problem)
        self.validator.problemsChanged.connect(self._refresh_counts)
        doc.valueChanged.connect(self.refresh)
        guard_wheel(self)
        self.refresh()
        for k in LISTS:
            if doc.cards(k):
                self.tabs.setCurrentIndex(LISTS.index(k))
                self.select(k, 0)
                break

    # ---- selection -------------------------------------------------------------------------
    def current_key(self) -> str:
        return LISTS[self.tabs.currentIndex()]

    def _row(self, key: str) -> int | None:
        r = self.tables[key].currentRow()
        return r if 0 <= r < len(self.document.cards(key)) else None

    def select(self, key: str, i: int) -> None:
        self.tabs.setCurrentIndex(LISTS.index(key))
        self.tables[key].setCurrentCell(i, 0)
        self._select(key, i)

    def _select(self, key: str, r) -> None:
        if key != self.current_key():
            return
        self.forms.show_page(LISTS.index(key))
        self.card_forms[key].bind(-1 if r is None else r)
        self.preview.set_card(self.card_forms[key].card())

    def _remove(self, key: str) -> None:
        r = self._row(key)
        if r is not None:
            self.document.remove_card(key, r)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        self._place_preview(event.size().width() >= PREVIEW_BESIDE_FROM)
        super().resizeEvent(event)

    def _place_preview(self, beside: bool) -> None:
        if beside and self.right.indexOf(self.preview_box) < 0:
            self.form_column.removeWidget(self.preview_box)
            self.right.addWidget(self.preview_box)
        elif not beside and self.form_column.indexOf(self.preview_box) < 0:
            self.right.removeWidget(self.preview_box)
            self.form_column.insertWidget(1, self.preview_box, 0, Qt.AlignmentFlag.AlignHCenter)

    def describe_path(self, path: tuple) -> str:
        if len(path) >= 2 and path[0] in LISTS and isinstance(path[1], int):
            cards = self.document.cards(path[0])
            cid = cards[path[1]].id if path[1] < len(cards) else path[1] + 1
            return " › ".join([TITLE[path[0]], str(cid), *(path_text(path[2:]) and [path_text(path[2:])])])
        return path_text(path) or "the deck"

    def go_to_problem(self, path) -> None:
        path = tuple(path or ())
        if path and path[0] in LISTS:
            if len(path) >= 2 and isinstance(path[1], int):
                self.select(path[0], path[1])
            else:
                self.tabs.setCurrentIndex(LISTS.index(path[0]))

    # ---- the view of the model -------------------------------------------------------------
    def refresh(self, _path=()) -> None:
        doc = self.document
        self.name.set_value(doc.model.name)
        self.description.set_value(doc.model.description)
        for key, table in self.tables.items():
            cards = doc.cards(key)
            keep = table.currentRow()
            table.blockSignals(True)
            table.setRowCount(len(cards))
            for i, c in enumerate(cards):
                for j, text in enumerate((c.id, c.name, preview_text(c).replace("\n", "; "))):
                    item = table.item(i, j)
                    if item is None:
                        item = QTableWidgetItem(text)
                        table.setItem(i, j, item)
                    elif item.text() != text:
                        item.setText(text)
                    item.setToolTip(text)  # the card text column is elided: the whole words on hover
            table.resizeColumnToContents(0)
            table.setColumnWidth(1, min(240, table.sizeHintForColumn(1)))  # a 64-letter name is elided
            if cards:
                table.setCurrentCell(min(max(keep, 0), len(cards) - 1), 0)
            table.blockSignals(False)
            self.tabs.setTabText(LISTS.index(key), f"{TITLE[key]} ({len(cards)})")
        self._select(self.current_key(), self._row(self.current_key()))
        self._refresh_counts(self.validator.problems if hasattr(self, "validator") else [])

    def _refresh_counts(self, problems) -> None:
        """Counts per card type beside the book's; the formats' PNM540 warning where they differ."""
        warnings = [p for p in problems if p.code == "PNM540" and p.severity is Severity.WARNING]
        rows = deck_counts(self.document.model)
        while len(self.count_labels) < len(rows):
            lbl = QLabel()
            lbl.setWordWrap(True)
            self.counts_layout.addWidget(lbl)
            self.count_labels.append(lbl)
        for lbl in self.count_labels[len(rows):]:
            lbl.hide()
        for lbl, (label, n, book) in zip(self.count_labels, rows):
            differs = n != book
            warning = next((p.message for p in warnings if p.message.startswith(f"{n}{MESSAGE_WORDS[label]}")),
                           "") if differs else ""
            lbl.setText(f"<b>{label}</b>: {n} ({book})" + (f" — ⚠ {warning}" if differs else " ✓"))
            lbl.setToolTip(warning or "as in the rulebook")
            lbl.setStyleSheet(f"background: {WARN.name()}" if differs else "")
            lbl.setProperty("differs", differs)
            lbl.show()
