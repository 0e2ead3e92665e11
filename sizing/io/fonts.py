"""The font every PDF report is set in (DejaVu Sans, shipped with matplotlib) and the characters it prints.

The field parsers refuse a character the font cannot print (:func:`sizing.io.fields.text`), so that a PDF never
drops one silently; the font files are found without importing matplotlib.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

#: The four faces, by fpdf2 style.
FACES = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf", "I": "DejaVuSans-Oblique.ttf",
         "BI": "DejaVuSans-BoldOblique.ttf"}


@lru_cache(maxsize=1)
def font_files() -> dict[str, Path]:
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - matplotlib is a dependency
        raise ModuleNotFoundError("matplotlib (its DejaVu fonts set the PDF reports)")
    folder = Path(list(spec.submodule_search_locations)[0]) / "mpl-data" / "fonts" / "ttf"
    return {style: folder / name for style, name in FACES.items()}


@lru_cache(maxsize=1)
def printable_code_points() -> frozenset[int]:
    """The code points every face of the report font has a glyph for (read once, about 50 ms)."""
    from fontTools.ttLib import TTFont

    points: set[int] | None = None
    for path in font_files().values():
        font = TTFont(str(path), lazy=True)
        try:
            cmap = set(font.getBestCmap())
        finally:
            font.close()
        points = cmap if points is None else points & cmap
    return frozenset(points or ())
