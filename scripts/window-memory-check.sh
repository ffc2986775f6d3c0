#!/usr/bin/env bash
# Checks in a real window that the game remembers its window: under a
# virtual X server the game starts, xdotool resizes and moves its window,
# the game ends, and a second start must open the window at that size and
# place; then F11 (fullscreen) likewise. The game is ended by a signal once
# its settings file was written (half a second after they stop changing):
# without a window manager there is no close button to press. (Saving on
# a normal quit is tested in tests/window_memory.rs.)
# Prints each step and exits non-zero on the first failure.
#   scripts/window-memory-check.sh [BINARY]
# BINARY defaults to the debug build. Needs Xvfb and xdotool
# (scripts/deps.sh test installs them) and a Vulkan driver (lavapipe).
set -euo pipefail
bin=${1:-${CARGO_TARGET_DIR:-target}/debug/gomoku}
work=$(mktemp -d)
display=:$((90 + RANDOM % 400))
Xvfb "$display" -screen 0 1600x1200x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
game=
cleanup() {
    [ -n "$game" ] && kill "$game" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
export DISPLAY=$display
settings=$work/config/settings.ron

fail() { echo "FAIL: $*" >&2; exit 1; }

# Starts the game and waits for its window (software rendering on a loaded
# machine: up to two minutes).
start() {
    GOMOKU_CONFIG_DIR=$work/config GOMOKU_DATA_DIR=$work/data \
        "$bin" --screen game >>"$work/game.log" 2>&1 &
    game=$!
    for _ in $(seq 240); do
        window=$(xdotool search --name '^Gomoku' 2>/dev/null | head -1 || true)
        [ -n "$window" ] && sleep 3 && return 0
        sleep 0.5
    done
    fail "no window after two minutes (see the game's log: $(tail -3 "$work/game.log"))"
}

quit() {
    sleep 2
    kill "$game"
    wait "$game" 2>/dev/null || true
    game=
}

geometry() { # WIDTHxHEIGHT+X+Y of the window, as the X server has it
    xwininfo -id "$window" | awk '/Absolute upper-left X/ {x=$NF} /Absolute upper-left Y/ {y=$NF}
        /Width:/ {w=$NF} /Height:/ {h=$NF} END {print w "x" h "+" x "+" y}'
}

setting() { # the value of a window field in the settings file
    grep -o "$1: *[^,)]*" "$settings" | head -1 | sed 's/.*: *//'
}

start
echo "first start: $(geometry)"
xdotool windowsize "$window" 900 650
sleep 3
quit
[ -f "$settings" ] || fail "no settings file after the resize"
[ "$(setting width)" = 900 ] && [ "$(setting height)" = 650 ] ||
    fail "size not saved: width $(setting width), height $(setting height)"
echo "saved: 900x650"
# winit reports a move only when a window manager sends it (Xvfb has none):
# put the position in the file as a move would have (the move itself is
# tested headless), and check the next start opens the window there.
sed -i 's/position: *None/position: Some((140, 90))/' "$settings"

start
got=$(geometry)
[ "$got" = "900x650+140+90" ] || fail "second start opened at $got, not 900x650+140+90"
echo "second start: $got"

xdotool windowfocus --sync "$window" key F11
sleep 3
echo "after F11: $(geometry)"
quit
[ "$(setting fullscreen)" = true ] || fail "fullscreen not saved"
# The windowed size stays the one to come back to.
[ "$(setting width)" = 900 ] || fail "fullscreen overwrote the windowed size: $(setting width)"
echo "saved: fullscreen, windowed size kept"

# Fullscreen needs a window manager to cover the screen; without one winit
# only puts the window at its monitor's corner, which is what shows here.
start
got=$(geometry)
case $got in *+0+0) ;; *) fail "third start not in fullscreen mode: $got" ;; esac
echo "third start: fullscreen mode ($got without a window manager)"
xdotool windowfocus --sync "$window" key F11
sleep 3
echo "after F11 again: $(geometry)"
quit
[ "$(setting fullscreen)" = false ] || fail "F11 did not leave fullscreen"
echo "PASS: size, position and fullscreen remembered across restarts"
