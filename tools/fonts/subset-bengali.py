"""Writes the Bengali web font the shell serves: frontends/shell/src/fonts/*.woff2.

Noto Sans Bengali (SIL Open Font License 1.1) from @fontsource/noto-sans-bengali 5.3.0, weights
400 and 700, cut down to what Bengali text needs: the Bengali block (U+0980-09FF), the dandas
(U+0964-0965), ZWNJ and ZWJ (U+200C-200D) and the dotted circle the shaper draws under a lone
vowel sign (U+25CC), with every OpenType feature of those characters (so every conjunct any
course title may hold still forms). Dropped: the Vedic signs and tone marks (U+0951-0952,
U+1CD0-1CF7, U+A8F1) and the rupee sign that fontsource's Bengali file also carries, and the
glyph names (post table format 3). 44.4 + 47.8 KB become 39.3 + 42.9 KB on a Bengali first
visit (issue 28: a slow link). The name table is kept whole (the copyright and the licence).

The output is committed, so a build needs no Python; run it again only to change the subset.
Needs fontTools 4.68.0 and brotli 1.2.1 (pip install fonttools==4.68.0 brotli==1.2.1); from the repository root:
    python3 tools/fonts/subset-bengali.py
Its output is the same bytes each time for the same fontTools and brotli versions.
"""
import os
import sys

from fontTools import subset

SOURCE = "node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-{w}-normal.woff2"
TARGET = "frontends/shell/src/fonts/noto-sans-bengali-bengali-{w}-normal.woff2"
# Keep frontends/shell/src/fonts.css's unicode-range the same as this.
UNICODES = "U+0964-0965,U+0980-09FF,U+200C-200D,U+25CC"

for weight in ("400", "700"):
    source, target = SOURCE.format(w=weight), TARGET.format(w=weight)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    subset.main(
        [
            source,
            f"--unicodes={UNICODES}",
            "--layout-features=*",
            "--name-IDs=*",
            "--name-languages=*",
            "--no-glyph-names",
            "--flavor=woff2",
            f"--output-file={target}",
        ]
    )
    print(f"{target}: {os.path.getsize(source)} -> {os.path.getsize(target)} bytes", file=sys.stderr)
