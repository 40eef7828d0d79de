"""Text renderings of positions, score sheets and catalogues.

The implementation lives in ``lisboa_core.games.lisboa.render``;
this module is its public face.
"""

from lisboa_core.games.lisboa.render import (
    render_catalogue,
    render_score_sheet,
    render_text,
)

__all__ = [
    "render_catalogue",
    "render_score_sheet",
    "render_text",
]
