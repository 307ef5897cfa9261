"""The live card preview: a card drawn as the deck editor's form has it now — the border by the
card's type, its name, the cost before the black arrow ("Kosten auf Karten werden vor einem
schwarzen Pfeil angezeigt"), the reward's icons, and the card text from the formats' renderer
(`formats.pendulum.effects.card_text`, the same words the play window and `gridsmith` print)."""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from gridsmith.formats.pendulum.deck import Achievement, CouncilReward, Province, Stratagem
from gridsmith.formats.pendulum.effects import COLOURS, Cost, amounts_text, card_text, effect_text

from .art import BORDER, BORDER_NAME, COLOUR, INK, PARCHMENT, draw_arrow, draw_icons, item_keys

ICON = 26


def card_type(card) -> str:
    if isinstance(card, CouncilReward):
        return card.type
    return {Stratagem: "stratagem", Province: "province", Achievement: "achievement"}.get(type(card), "stratagem")


def cost_icons(cost: Cost | None) -> list:
    return [(k, v) for k, v in cost.items()] if cost is not None else []


def effect_icons(effect: list) -> list:
    return [i for item in effect for i in item_keys(item)]


def preview_text(card) -> str:
    """The card's words, from the one renderer (cost ➜ reward; a province's banners; an
    achievement's requirement and banner)."""
    if isinstance(card, Province):
        return "\n".join(f"{c} banner: {amounts_text(card.productions[c]) or 'nothing'}"
                         for c in COLOURS if c in card.productions)
    if isinstance(card, Achievement):
        held = ", ".join(f"{v} {k}" for k, v in card.requires.model_dump().items() if v) or "nothing"
        return f"Hold {held} (not paid)\nor the Legendary marker, else: {effect_text(card.banner)}"
    text = card_text(card.cost, card.effect)
    if getattr(card, "timing", "anytime") == "with_action":
        text += "\n(played with a worker action)"
    return text


class CardPreview(QWidget):
    """Paints one card (None: an empty frame saying so)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.card = None
        self.setMinimumSize(250, 340)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(250, 340)

    def set_card(self, card) -> None:
        self.card = card
        self.update()

    def paintEvent(self, _e) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(4, 4, -4, -4)
        card = self.card
        if card is None:
            p.setPen(QPen(QColor("#9e9e9e"), 1, Qt.PenStyle.DashLine))
            p.drawRoundedRect(r, 10, 10)
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, "no card selected")
            return
        kind = card_type(card)
        border = BORDER[kind]
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(border)
        p.drawRoundedRect(r, 12, 12)
        inner = r.adjusted(9, 9, -9, -9)
        p.setBrush(QColor("#fffdf5") if kind != "province" else QColor("#f1f8e9"))
        p.drawRoundedRect(inner, 6, 6)
        # the type and the name
        f = QFont(self.font())
        f.setPixelSize(11)
        p.setFont(f)
        p.setPen(border)
        p.drawText(inner.adjusted(8, 4, -8, 0), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                   BORDER_NAME[kind])
        f.setPixelSize(16)
        f.setBold(True)
        p.setFont(f)
        p.setPen(INK)
        title = QRectF(inner.left() + 8, inner.top() + 20, inner.width() - 16, 44)
        p.drawText(title, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap),
                   card.name)
        y = inner.top() + 70
        x0 = inner.left() + 10
        if isinstance(card, Province):
            y = self._province(p, card, inner, y)
        elif isinstance(card, Achievement):
            y = self._achievement(p, card, inner, y)
        else:
            x = x0
            cost = cost_icons(card.cost)
            if cost:
                x = draw_icons(p, x, y, ICON, cost)
                x = draw_arrow(p, x, y, ICON)
            x = self._wrap_icons(p, x, x0, y, effect_icons(card.effect), inner)
            y = self._last_y + ICON + 12
        # the words, from the formats' renderer
        f.setPixelSize(12)
        f.setBold(False)
        p.setFont(f)
        p.setPen(INK)
        box = QRectF(inner.left() + 8, y, inner.width() - 16, inner.bottom() - y - 22)
        p.fillRect(box, PARCHMENT.lighter(112))
        p.drawText(box.adjusted(6, 4, -6, -4), int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap),
                   preview_text(card))
        f.setPixelSize(10)
        p.setFont(f)
        p.setPen(QColor("#757575"))
        p.drawText(QRectF(inner.left() + 8, inner.bottom() - 18, inner.width() - 16, 16),
                   Qt.AlignmentFlag.AlignRight, card.id)

    def _wrap_icons(self, p: QPainter, x: float, x0: float, y: float, icons: list, inner: QRectF) -> float:
        self._last_y = y
        for ic in icons:
            if x + ICON > inner.right() - 6:
                x, y = x0, y + ICON + 4
                self._last_y = y
            x = draw_icons(p, x, y, ICON, [ic])
        return x

    def _province(self, p: QPainter, card: Province, inner: QRectF, y: float) -> float:
        """Three production banners, one per column colour (only the colour counts)."""
        h = ICON + 8
        for c in COLOURS:
            band = QRectF(inner.left() + 8, y, inner.width() - 16, h)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(COLOUR[c] if c in card.productions else QColor("#e0e0e0"))
            p.drawRoundedRect(band, 4, 4)
            if c in card.productions:
                icons = [(k, v) for k, v in card.productions[c].items()]
                p.setBrush(QColor(255, 255, 255, 200))
                p.drawRoundedRect(band.adjusted(28, 3, -4, -3), 3, 3)
                draw_icons(p, band.left() + 32, y + 4, ICON, icons)
            else:
                p.setPen(INK)
                p.drawText(band, Qt.AlignmentFlag.AlignCenter, f"no {c} banner")
            y += h + 4
        if card.card_colour != "mixed":
            p.setPen(COLOUR[card.card_colour])
            p.drawText(QRectF(inner.left() + 8, y, inner.width() - 16, 16), Qt.AlignmentFlag.AlignLeft,
                       f"mono-coloured: {card.card_colour}")
            y += 18
        return y + 4

    def _achievement(self, p: QPainter, card: Achievement, inner: QRectF, y: float) -> float:
        """The top half: what must be held; then the slots; the bottom: the banner reward."""
        held = [(k, v) for k, v in card.requires.model_dump().items() if v]
        draw_icons(p, inner.left() + 10, y, ICON, held)
        y += ICON + 6
        p.setPen(INK)
        f = QFont(self.font())
        f.setPixelSize(12)
        p.setFont(f)
        slots = card.slots
        p.drawText(QRectF(inner.left() + 10, y, inner.width() - 20, 16), Qt.AlignmentFlag.AlignLeft,
                   f"{slots} marker spot{'s' * (slots != 1)}" if slots else "a marker spot per player")
        y += 20
        self._wrap_icons(p, inner.left() + 10, inner.left() + 10, y, effect_icons(card.banner), inner)
        return self._last_y + ICON + 12
