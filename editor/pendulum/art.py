"""How Pendulum things look in the editor: the colours of resources, tracks, areas and card types,
and the icons of the effect language drawn with QPainter (a military cube, a vote, a VP laurel, a
production banner, the conquer flag...). The words on a card come from the formats' one renderer
(`formats.pendulum.effects.card_text`); these are only its pictures."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from gridsmith.formats.pendulum.effects import AnyResources, AnyVp, Gain, Produce, item_name

RED, BLUE, YELLOW = QColor("#c62828"), QColor("#1565c0"), QColor("#f9a825")
COLOUR = {"red": RED, "blue": BLUE, "yellow": YELLOW, "purple": QColor("#6a1b9a"), "mixed": QColor("#6d4c41")}
#: resources are cubes in their colour; votes a purple disc; VP a laurel in the track's colour
KEY_COLOUR = {"military": RED, "culture": BLUE, "gold": YELLOW, "votes": QColor("#6a1b9a"), "power": RED,
              "prestige": BLUE, "popularity": YELLOW, "any": QColor("#757575")}
AREA_COLOUR = {"purple": QColor("#7b1fa2"), "green": QColor("#2e7d32"), "black": QColor("#212121")}
AREA_TINT = {"purple": QColor("#f3e5f5"), "green": QColor("#e8f5e9"), "black": QColor("#eceff1")}
#: a card's border by its type (rulebook: red-bordered council rewards are removed, blue ones are
#: permanent stratagems)
BORDER = {"stratagem": QColor("#4e342e"), "province": QColor("#2e7d32"), "achievement": QColor("#b8860b"),
          "immediate": RED, "permanent_stratagem": BLUE, "final": QColor("#37474f"),
          "great_worker": QColor("#6a1b9a"), "kept": QColor("#00838f")}
BORDER_NAME = {"stratagem": "stratagem", "province": "province", "achievement": "achievement",
               "immediate": "council reward, red border", "permanent_stratagem": "permanent stratagem, blue border",
               "final": "final council reward", "great_worker": "great worker", "kept": "council reward, kept"}
INK = QColor("#212121")
PARCHMENT = QColor("#efdcae")
GOLD_FRAME = QColor("#c9a227")
SYMBOL = {"conquer": "⚑", "retrieve": "↺", "recall": "↶", "add_small_worker": "+", "swap_vp": "⇄",
          "waive_gold": "∅", "great_worker": "G", "column_limit_plus": "+1", "legendary_vp": "★",
          "adjacent_action": "↔"}


def _text_colour(bg: QColor) -> QColor:
    return INK if bg.lightness() > 150 else QColor("white")


def draw_key(p: QPainter, r: QRectF, key: str, n: int | None = None) -> None:
    """One amount: a resource cube, a vote disc, a VP laurel (by track colour) or `any`, with its number."""
    c = KEY_COLOUR.get(key, INK)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(INK, 1))
    if key in ("military", "culture", "gold"):
        p.setBrush(c)
        p.drawRoundedRect(r.adjusted(2, 2, -2, -2), 2, 2)
    elif key == "votes":
        p.setBrush(c)
        p.drawEllipse(r.adjusted(2, 2, -2, -2))
    elif key == "any":
        inner = r.adjusted(2, 2, -2, -2)
        w = inner.width() / 3
        for i, col in enumerate((RED, BLUE, YELLOW)):
            p.fillRect(QRectF(inner.left() + i * w, inner.top(), w, inner.height()), col)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(inner)
    else:  # a VP: a shield in the track's colour
        s = r.adjusted(2, 1, -2, -1)
        path = QPainterPath(QPointF(s.left(), s.top()))
        path.lineTo(s.right(), s.top())
        path.lineTo(s.right(), s.center().y())
        path.quadTo(s.right(), s.bottom(), s.center().x(), s.bottom())
        path.quadTo(s.left(), s.bottom(), s.left(), s.center().y())
        path.closeSubpath()
        p.setBrush(c)
        p.drawPath(path)
    if n is not None:
        f = QFont(p.font())
        f.setBold(True)
        f.setPixelSize(max(8, int(r.height() * 0.55)))
        p.setFont(f)
        p.setPen(_text_colour(c) if key != "any" else INK)
        label = str(n) if key not in ("power", "prestige", "popularity") else f"{n}"
        if key == "any":  # the number on a white disc, readable over the three colours
            p.setBrush(QColor(255, 255, 255, 220))
            p.setPen(Qt.PenStyle.NoPen)
            p.drawEllipse(r.center(), r.width() * 0.28, r.height() * 0.28)
            p.setPen(INK)
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, label)
    p.restore()


def draw_symbol(p: QPainter, r: QRectF, name: str, colour: QColor | None = None) -> None:
    """A bare effect or a production: a disc with its symbol (a production: its colour, `P`)."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    bg = colour or (QColor("#9e9e9e") if name == "legendary_vp" else QColor("#fafafa"))
    p.setBrush(bg)
    p.setPen(QPen(INK, 1.2))
    p.drawEllipse(r.adjusted(1.5, 1.5, -1.5, -1.5))
    f = QFont(p.font())
    f.setBold(True)
    f.setPixelSize(max(8, int(r.height() * 0.55)))
    p.setFont(f)
    p.setPen(_text_colour(bg))
    p.drawText(r, Qt.AlignmentFlag.AlignCenter, "P" if colour is not None and name == "produce" else SYMBOL.get(name, "?"))
    p.restore()


def item_keys(item) -> list[tuple[str, object]]:
    """The icons of one effect item: ("key", n) amounts or ("symbol", name) / ("produce", colour)."""
    if isinstance(item, str):
        return [("symbol", item)]
    if isinstance(item, Gain):
        return [(k, v) for k, v in item.gain.items()]
    if isinstance(item, AnyResources):
        return [("any", item.any)]
    if isinstance(item, AnyVp):
        return [("any_vp", item.any_vp)]
    if isinstance(item, Produce):
        return [("produce", item.produce)]
    return [("symbol", item_name(item))]


def draw_icons(p: QPainter, x: float, y: float, size: float, icons: list[tuple[str, object]]) -> float:
    """Draw a row of icons from (x, y); returns the x after the last."""
    for key, v in icons:
        r = QRectF(x, y, size, size)
        if key == "symbol":
            draw_symbol(p, r, str(v))
        elif key == "produce":
            draw_symbol(p, r, "produce", COLOUR[str(v)])
        elif key == "any_vp":
            draw_key(p, r, "popularity", None)
            p.save()
            p.setPen(INK)
            f = QFont(p.font())
            f.setBold(True)
            f.setPixelSize(max(8, int(size * 0.5)))
            p.setFont(f)
            p.fillRect(r.adjusted(size * 0.3, size * 0.25, -size * 0.3, -size * 0.3), QColor("#bdbdbd"))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, str(v))
            p.restore()
        else:
            draw_key(p, r, key, int(v))
        x += size + 3
    return x


def draw_arrow(p: QPainter, x: float, y: float, size: float) -> float:
    """The black arrow costs are printed before (rulebook: "vor einem schwarzen Pfeil")."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(INK)
    p.setPen(Qt.PenStyle.NoPen)
    m = y + size / 2
    p.drawPolygon(QPolygonF([QPointF(x, m - size * 0.12), QPointF(x + size * 0.55, m - size * 0.12),
                             QPointF(x + size * 0.55, m - size * 0.32), QPointF(x + size, m),
                             QPointF(x + size * 0.55, m + size * 0.32), QPointF(x + size * 0.55, m + size * 0.12),
                             QPointF(x, m + size * 0.12)]))
    p.restore()
    return x + size + 4


def icon_of(item, size: int = 20) -> QIcon:
    """A list entry's icon: the item's first picture."""
    pm = QPixmap(size, size)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    draw_icons(p, 0, 0, size, item_keys(item)[:1])
    p.end()
    return QIcon(pm)


def key_icon(key: str, size: int = 18) -> QPixmap:
    pm = QPixmap(size, size)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    draw_key(p, QRectF(0, 0, size, size), key)
    p.end()
    return pm
