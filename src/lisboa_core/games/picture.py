"""What every game's board picture (``svg.board``) shares: the pen that collects the SVG
elements, the checks of what is drawn, and the standalone document around the drawing.
Private to the package: each game's ``svg`` module is the public surface."""

from __future__ import annotations

from typing import TypeVar
from xml.sax.saxutils import escape, quoteattr

from lisboa_core._args import expect, expect_int
from lisboa_core.views import View

__all__ = ["MIN_TEXT", "WIDTH", "Canvas", "Chip", "subject", "text_width"]

WIDTH = 1180
"""The drawing's width in SVG units; a picture scales it to the size asked for."""

MIN_TEXT = 11
"""The smallest text of a picture, in drawing units: shown 1280 pixels wide, a drawing of
:data:`WIDTH` units draws it 11.9 pixels high (a label under 11 pixels is hard to read)."""

_FONT = "font-family:sans-serif"

S = TypeVar("S")


def subject(position: View | S, state_type: type[S], size: int) -> tuple[int | None, S]:
    """The seat that looks (``None`` for a whole state) and the state of ``position`` (a
    state of ``state_type`` or a seat's view of one), checked with ``size`` as
    ``board(position, size=size)`` takes them.

    :raises TypeError: for anything but such a state or view, or a size that is not an int.
    :raises ValueError: for a size below 100.
    """
    expect(position, (View, state_type), "board", "position")
    if isinstance(position, View):
        expect(position.state, state_type, "board", "position.state")
    expect_int(size, "board", "size")
    if size < 100:
        raise ValueError(f"board(): size must be 100 or more, got {size}")
    if isinstance(position, View):
        state: S = position.state
        return position.seat, state
    return None, position


def text_width(content: str, size: float, weight: str = "normal") -> float:
    """About how wide ``content`` is drawn in a sans-serif font of ``size`` units (a little
    wider than most fonts, so a box sized by it holds its label)."""
    return len(content) * size * (0.64 if weight == "bold" else 0.58)


class Chip:
    """A labelled box for :meth:`Canvas.chips`: its label (a component's short printed
    name), fill, tooltip and ``data-*`` attributes."""

    __slots__ = ("data", "fill", "label", "stroke", "title")

    def __init__(self, label: str, *, fill: str = "#fdfefe", title: str = "",
                 data: dict[str, object] | None = None, stroke: str = "#aab7b8") -> None:
        self.label, self.fill, self.title, self.data, self.stroke = (
            label, fill, title, data, stroke)


class Canvas:
    """SVG elements collected in drawing order: the shared pen of the games' pictures
    (each game's ``svg.board``). A shape with a ``title`` gets a
    ``<title>`` child (a browser's tooltip); ``data`` becomes ``data-*`` attributes."""

    stroke_widths = True
    """Whether a rectangle names its stroke width (Lisboa's picture, older than this pen,
    leaves it out: the SVG default, 1)."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def rect(self, x: float, y: float, w: float, h: float, fill: str, *, title: str = "",
             stroke: str = "#333", width: float = 1, rx: float = 2,
             data: dict[str, object] | None = None) -> None:
        stroke_width = f' stroke-width="{width:g}"' if self.stroke_widths else ""
        self._shape(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" '
                    f'fill="{fill}" stroke="{stroke}"{stroke_width}', title, data)

    def circle(self, x: float, y: float, r: float, fill: str, *, title: str = "",
               stroke: str = "#222", data: dict[str, object] | None = None) -> None:
        self._shape(f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}" '
                    f'stroke="{stroke}"', title, data)

    def text(self, x: float, y: float, content: str, *, size: float = 11,
             anchor: str = "start", weight: str = "normal", fill: str = "#111") -> None:
        """A label; never smaller than :data:`MIN_TEXT`."""
        size = max(size, MIN_TEXT)
        self.parts.append(
            f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}">{escape(content)}</text>'
        )

    def chips(self, x: float, y: float, right: float, chips: list[Chip], *,
              height: float = 18, gap: float = 4, size: float = MIN_TEXT) -> tuple[float, float]:
        """``chips`` as boxes sized to their labels, left to right from ``(x, y)``, on to a
        new row where one would pass ``right``; the point after the last one (its right
        edge and its row's top)."""
        left = x
        for chip in chips:
            wide = text_width(chip.label, size) + 8
            if x > left and x + wide > right:
                x, y = left, y + height + gap
            self.rect(x, y, wide, height, chip.fill, stroke=chip.stroke, title=chip.title,
                      data=chip.data)
            self.text(x + 4, y + height / 2 + size * 0.36, chip.label, size=size)
            x += wide + gap
        return x, y

    def _shape(self, opening: str, title: str, data: dict[str, object] | None) -> None:
        attributes = "".join(f" data-{k}={quoteattr(str(v))}" for k, v in (data or {}).items())
        if title:
            tag = opening.split(" ", 1)[0][1:]
            self.parts.append(f"{opening}{attributes}><title>{escape(title)}</title></{tag}>")
        else:
            self.parts.append(f"{opening}{attributes}/>")

    def document(self, height: float, size: int) -> str:
        """The drawing as a standalone SVG document ``size`` pixels wide, on white, the
        drawing :data:`WIDTH` units wide and ``height`` high."""
        tall = int(height)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" '
            f'height="{round(tall * size / WIDTH)}" viewBox="0 0 {WIDTH} {tall}" '
            f'style="{_FONT}"><rect width="{WIDTH}" height="{tall}" fill="#ffffff"/>'
            + "".join(self.parts) + "</svg>"
        )
