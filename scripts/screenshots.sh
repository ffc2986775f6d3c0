#!/usr/bin/env bash
# Takes the screenshots to look at after changing how the game looks: the
# menu over the board, every theme, the replay viewer and the key list, at
# a few window sizes, under a virtual X server (software Vulkan).
#   scripts/screenshots.sh OUT_DIR [BINARY]
#   ONLY='Light|menu' scripts/screenshots.sh OUT_DIR   (only the names that match)
# BINARY defaults to the debug build (cargo build first). Needs xvfb-run
# (scripts/deps.sh test installs it).
set -euo pipefail
out=${1:?usage: scripts/screenshots.sh OUT_DIR [BINARY]}
bin=${2:-${CARGO_TARGET_DIR:-target}/debug/gomoku}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A finished game to replay: Black's five on the diagonal.
printf 'h8h9i9i10j10j11k11k12l12\n' > "$work/five.txt"
# A game to review: White's blunder a1 (move 12), Black's missed double
# four at l8 (move 13), as in tests/review.rs.
printf 'h8g8i8i7j8j9l10k9l11l12l9a1o1l8\n' > "$work/missed.txt"

shot() { # name size theme args...
    local name=$1 size=$2 theme=$3
    shift 3
    [[ -z ${ONLY:-} || $name =~ $ONLY ]] || return 0
    mkdir -p "$work/$name/config"
    printf '(theme: %s)\n' "$theme" > "$work/$name/config/settings.ron"
    GOMOKU_CONFIG_DIR="$work/$name/config" GOMOKU_DATA_DIR="$work/$name/data" \
        timeout 300 xvfb-run -a -s "-screen 0 2000x1400x24" "$bin" \
        --window "$size" --screenshot "$out/$name.png" --frames 40 "$@" >/dev/null 2>&1 \
        && echo "$out/$name.png" || echo "FAILED: $name" >&2
}

position=(--mode pvp --moves h8i9j10i8g7k11)
shot menu-1280x800 1280x800 Wood "${position[@]}" --screen menu
shot menu-700x1000 700x1000 Wood "${position[@]}" --screen menu
# The menus and the HUD follow the theme too.
shot menu-Light-1280x800 1280x800 Light "${position[@]}" --screen menu
shot menu-Dark-1280x800 1280x800 Dark "${position[@]}" --screen menu
for theme in Wood Light Dark; do
    shot "board-$theme-1280x800" 1280x800 "$theme" "${position[@]}"
done
shot board-Dark-1920x1080 1920x1080 Dark "${position[@]}"
shot replay-1280x800 1280x800 Wood "$work/five.txt"
shot replay-Light-900x700 900x700 Light "$work/five.txt"
# Analysis: evaluation bar, candidates and the best one's line; the threat
# overlay with a forbidden point (H8: double three) and White's threats.
shot analysis-1280x800 1280x800 Wood "${position[@]}" --analysis --hover best --frames 120
shot analysis-zh-900x700 900x700 Dark "${position[@]}" --analysis --hover best --lang zh --frames 120
# A narrow window: the analysis panel goes below the board.
shot analysis-zh-700x560 700x560 Dark "${position[@]}" --analysis --hover best --lang zh --frames 120
shot replay-700x560 700x560 Wood "$work/five.txt"
shot threats-renju-1280x800 1280x800 Wood --mode pvp --rule renju --moves f8j4g8k4h6l4h7a1 --threats
shot keys-1280x800 1280x800 Wood --screen keys
shot settings-1280x800 1280x800 Light --screen settings
# The review waits for its result before the picture is taken; its missed
# win becomes a puzzle, so the puzzles screen starts from its data folder.
shot review-1280x800 1280x800 Wood "$work/missed.txt" --review
shot review-zh-1000x760 1000x760 Dark "$work/missed.txt" --review --lang zh
shot review-Light-1280x800 1280x800 Light "$work/missed.txt" --review
mkdir -p "$work/puzzles-1280x800"
[ ! -d "$work/review-1280x800/data" ] || cp -r "$work/review-1280x800/data" "$work/puzzles-1280x800/data"
shot puzzles-1280x800 1280x800 Wood --screen puzzles
# Opening rules: each phase's words, buttons, region and offers, in both
# languages, side panel and the compact (scrolling) bottom panel.
swap2=(--mode pve --color white --opening swap2 --opening-steps 'h8 h9 g9')
shot opening-swap2-choice-1280x800 1280x800 Wood "${swap2[@]}"
shot opening-swap2-choice-zh-800x600 800x600 Wood "${swap2[@]}" --lang zh
soosorv=(--mode pvp --rule renju --opening soosorv8)
shot opening-soosorv-n-zh-600x800 600x800 Wood "${soosorv[@]}" --opening-steps 'h8 h9 i9 keep a15' --lang zh
shot opening-soosorv-offers-1280x800 1280x800 Wood "${soosorv[@]}" --opening-steps 'h8 h9 i9 keep a15 3 keep j10'
shot opening-soosorv-pick-zh-800x600 800x600 Dark "${soosorv[@]}" --opening-steps 'h8 h9 i9 keep a15 3 keep j10 g7 k11' --lang zh
taraguchi=(--mode pvp --rule renju --opening taraguchi10)
shot opening-taraguchi-5x5-zh-1280x800 1280x800 Wood "${taraguchi[@]}" --opening-steps 'h8 keep g9 keep' --lang zh
shot opening-taraguchi-choice-800x600 800x600 Light "${taraguchi[@]}" --opening-steps 'h8 keep g9 keep f10 keep i7'
shot opening-taraguchi-ten-zh-800x600 800x600 Wood "${taraguchi[@]}" --opening-steps 'h8 keep g9 keep f10 keep i7 ten j7 k8' --lang zh
# Small windows in the side-panel layout: whether the phase's text and the
# controls fit (the panel scrolls when they do not: 560x480, the smallest).
shot opening-soosorv-offers-zh-700x560 700x560 Wood "${soosorv[@]}" --opening-steps 'h8 h9 i9 keep a15 3 keep j10' --lang zh
shot opening-taraguchi-ten-700x560 700x560 Dark "${taraguchi[@]}" --opening-steps 'h8 keep g9 keep f10 keep i7 ten j7 k8'
shot opening-taraguchi-choice-560x480 560x480 Dark "${taraguchi[@]}" --opening-steps 'h8 keep g9 keep f10 keep i7'
