"""What every game's board picture (``svg.board``) shares: the pen that collects the SVG
elements, the checks of what is drawn, and the standalone document around the drawing.
Private to the package: each game's ``svg`` module is the public surface."""

from __future__ import annotations

from typing import TypeVar
from xml.sax.saxutils import escape, quoteattr

from lisboa_core._args import expect, expect_int
from lisboa_core.views import View

__all__ = ["WIDTH", "Canvas", "subject"]

WIDTH = 1180
"""The drawing's width in SVG units; a picture scales it to the size asked for."""

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

    def text(self, x: float, y: float, content: str, *, size: int = 11, anchor: str = "start",
             weight: str = "normal", fill: str = "#111") -> None:
        self.parts.append(
            f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}">{escape(content)}</text>'
        )

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
