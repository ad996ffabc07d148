"""Prints the SVG path of the logo's "তাল" from Noto Sans Bengali ExtraBold (SIL OFL 1.1).

The result is pasted into frontends/shell/src/components/icons.tsx (BrandMark): the logo then
renders without any Bengali font, and English pages download no Bengali web font for it.
Needs fontTools (pip install fonttools); run from the repository root:
    python3 tools/logo/brand-mark.py
"""
import sys

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

FONT = "node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-800-normal.woff"
TEXT = "তাল"  # no conjuncts or reordering: the glyphs of the cmap, one after the other

font = TTFont(sys.argv[1] if len(sys.argv) > 1 else FONT)
cmap, glyphs, hmtx = font.getBestCmap(), font.getGlyphSet(), font["hmtx"]
pen = SVGPathPen(glyphs, ntos=lambda v: str(int(round(v))))
bounds = BoundsPen(glyphs)
x = 0
for ch in TEXT:
    name = cmap[ord(ch)]
    # Baseline at y = 0, y pointing down (SVG); 1000 units = 1 em.
    glyphs[name].draw(TransformPen(pen, (1, 0, 0, -1, x, 0)))
    glyphs[name].draw(TransformPen(bounds, (1, 0, 0, -1, x, 0)))
    x += hmtx[name][0]
print(f"advance {x}, bounds {bounds.bounds}", file=sys.stderr)
print(pen.getCommands())
