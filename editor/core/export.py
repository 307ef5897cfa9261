"""PNG export of a map: the grid item drawn into an image at any scale (vector tiles, so a 2x export
is as sharp as the canvas at 200 %), with the grid lines as shown on the canvas."""
from __future__ import annotations

import math

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter

from .gridview import GridItem


def map_image(item: GridItem, scale: float = 1.0, background: QColor | None = None) -> QImage:
    b = item.boundingRect()
    img = QImage(max(1, math.ceil(b.width() * scale)), max(1, math.ceil(b.height() * scale)),
                 QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(background if background is not None else Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.scale(scale, scale)
    p.translate(-b.topLeft())
    item.paint_map(p, b)
    p.end()
    return img


def export_png(item: GridItem, path: str, scale: float = 1.0) -> bool:
    """Write the map to `path` as PNG; False when the file cannot be written."""
    return map_image(item, scale).save(str(path), "PNG")
