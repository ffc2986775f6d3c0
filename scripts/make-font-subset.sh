#!/usr/bin/env bash
# Builds assets/fonts/NotoSansSC-subset.otf: Noto Sans CJK SC (SIL OFL 1.1,
# from Debian's fonts-noto-cjk) cut down to printable ASCII plus the
# non-ASCII characters of the UI strings in src/i18n/*.rs, so the game can
# show its Chinese texts without shipping a 16 MB font.
#
# Run it again after adding or changing a Chinese string; the test
# `every_chinese_character_is_in_the_font` fails until then.
#
# Installs what it needs when missing (with sudo when not root):
# fonts-noto-cjk, python3-fonttools.
set -euo pipefail

cd "$(dirname "$0")/.."
out_dir=assets/fonts
out="$out_dir/NotoSansSC-subset.otf"
chars_file="$out_dir/NotoSansSC-subset.chars.txt"
source_ttc=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
# Debian's python3 has fontTools; a pyenv/venv python on PATH may not.
python=/usr/bin/python3

missing=()
[ -f "$source_ttc" ] || missing+=(fonts-noto-cjk)
"$python" -c 'import fontTools.subset' 2>/dev/null || missing+=(python3-fonttools)
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing ${missing[*]}" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

mkdir -p "$out_dir"
"$python" - "$source_ttc" "$out" "$chars_file" src/i18n/*.rs <<'PY'
import sys
from fontTools.ttLib import TTCollection
from fontTools import subset

source, out, chars_file, *i18n = sys.argv[1:]
text = "".join(open(f, encoding="utf-8").read() for f in i18n)
# Every non-ASCII character in the strings file (the Chinese texts, the
# arrows in key hints, full-width punctuation) plus printable ASCII.
wanted = sorted({c for c in text if ord(c) > 0x7E and not c.isspace()})
codepoints = list(range(0x20, 0x7F)) + [ord(c) for c in wanted]

collection = TTCollection(source)
index = next(
    i for i, f in enumerate(collection.fonts)
    if "SC" in f["name"].getDebugName(4)
)
font = collection.fonts[index]
cmap = font.getBestCmap()
missing = [c for c in wanted if ord(c) not in cmap]
if missing:
    sys.exit("the font has no glyph for: " + "".join(missing))

options = subset.Options()
options.layout_features = ["*"]
options.name_IDs = ["*"]
options.name_languages = ["*"]
options.notdef_outline = True
options.hinting = False
options.desubroutinize = True
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=codepoints)
subsetter.subset(font)
# Keep the source font's timestamp so the same strings give the same bytes
# (no spurious change in git after a rerun).
font.recalcTimestamp = False
font.save(out)
with open(chars_file, "w", encoding="utf-8") as f:
    f.write("".join(wanted) + "\n")
print(f"{out}: {len(wanted)} non-ASCII characters from {source} (font {index})")
PY

# The licence text: the SIL-1.1 paragraph of Debian's copyright file, in
# plain form (Debian indents it by one space and writes blank lines as ".").
{
    echo "Noto Sans CJK SC (subset in NotoSansSC-subset.otf)"
    echo "Font copyright notice: $("$python" -c 'import sys; from fontTools.ttLib import TTFont; print(TTFont(sys.argv[1])["name"].getDebugName(0))' "$out")"
    echo "Packaged by Debian as fonts-noto-cjk; licence as stated there:"
    echo
    awk '/^License: SIL-1.1$/ && seen++ {on=1; next} on && /^[^ ]/ {exit} on {sub(/^ /, ""); if ($0 == ".") $0 = ""; print}' \
        /usr/share/doc/fonts-noto-cjk/copyright
} > "$out_dir/OFL.txt"
ls -l "$out"
