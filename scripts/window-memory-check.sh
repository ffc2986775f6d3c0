#!/usr/bin/env bash
# Checks in a real window, under a real window manager, that the game
# remembers its window across restarts: under a virtual X server running
# openbox, xdotool resizes and moves the game's window, the window manager
# closes it (Alt+F4, as a player's close button would), and the next start
# must open the window at that size and place; then F11 (fullscreen) must
# cover the screen, be remembered, and give the windowed size back when
# pressed again. (The same paths without a window: tests/window_memory.rs.)
# Prints each step and exits non-zero on the first failure.
#   scripts/window-memory-check.sh [BINARY] [SCREENSHOT_DIR]
# BINARY defaults to the debug build. With SCREENSHOT_DIR, a screenshot of
# the whole screen (the window manager's frame included) is kept there
# after each start and each F11 (needs ImageMagick's `import`).
# Installs what it needs first (`scripts/deps.sh window`: Xvfb, openbox,
# xdotool, a software Vulkan driver).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh window
bin=${1:-${CARGO_TARGET_DIR:-target}/debug/gomoku}
shots=${2:-}
[ -n "$shots" ] && mkdir -p "$shots"
work=$(mktemp -d)
display=:$((90 + RANDOM % 400))
Xvfb "$display" -screen 0 1600x1200x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
wm=
game=
cleanup() {
    [ -n "$game" ] && kill "$game" 2>/dev/null || true
    [ -n "$wm" ] && kill "$wm" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
export DISPLAY=$display
settings=$work/config/settings.ron

fail() { echo "FAIL: $*" >&2; exit 1; }

for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.2; done
openbox --sm-disable >"$work/openbox.log" 2>&1 &
wm=$!
# A window manager announces itself on the root window.
for _ in $(seq 50); do
    xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id' && break
    sleep 0.2
done
xprop -root _NET_SUPPORTING_WM_CHECK | grep -q 'window id' || fail "openbox did not start"

# Starts the game and waits for its window (software rendering on a loaded
# machine: up to two minutes).
start() {
    GOMOKU_CONFIG_DIR=$work/config GOMOKU_DATA_DIR=$work/data \
        "$bin" --screen game >>"$work/game.log" 2>&1 &
    game=$!
    for _ in $(seq 240); do
        window=$(xdotool search --onlyvisible --name '^Gomoku' 2>/dev/null | head -1 || true)
        [ -n "$window" ] && sleep 4 && return 0
        sleep 0.5
    done
    fail "no window after two minutes (see the game's log: $(tail -3 "$work/game.log"))"
}

# Closes the window through the window manager, as a player would, and
# waits for the game to end (it saves its settings on the way out).
close() {
    sleep 2
    xdotool windowactivate --sync "$window" key --clearmodifiers alt+F4
    for _ in $(seq 120); do
        kill -0 "$game" 2>/dev/null || break
        sleep 0.5
    done
    kill -0 "$game" 2>/dev/null && fail "the game did not end when its window was closed"
    wait "$game" 2>/dev/null || true
    game=
}

geometry() { # WIDTHxHEIGHT+X+Y of the game's drawing area on the screen
    xwininfo -id "$window" | awk '/Absolute upper-left X/ {x=$NF} /Absolute upper-left Y/ {y=$NF}
        /Width:/ {w=$NF} /Height:/ {h=$NF} END {print w "x" h "+" x "+" y}'
}

setting() { # the value of a window field in the settings file
    grep -o "$1: *[^,)]*" "$settings" | head -1 | sed 's/.*: *//'
}

shot() {
    [ -z "$shots" ] || import -window root "$shots/$1.png" || echo "no screenshot $1 (ImageMagick's import)"
}

start
shot 1-first-start
echo "first start: $(geometry)"
xdotool windowsize --sync "$window" 900 650
xdotool windowmove --sync "$window" 140 90
sleep 3
moved=$(geometry)
echo "resized and moved by the window manager: $moved"
case $moved in 900x650+*) ;; *) fail "the window manager did not resize the window: $moved" ;; esac
close
[ -f "$settings" ] || fail "no settings file after closing the window"
[ "$(setting width)" = 900 ] && [ "$(setting height)" = 650 ] ||
    fail "size not saved: width $(setting width), height $(setting height)"
case $(setting position) in Some*) ;; *) fail "position not saved: $(setting position)" ;; esac
echo "saved: 900x650 at $(grep -o 'position: *Some(([^)]*))' "$settings")"

start
shot 2-second-start
got=$(geometry)
[ "$got" = "$moved" ] || fail "second start opened at $got, not $moved"
echo "second start: $got"

xdotool windowactivate --sync "$window" key F11
sleep 4
shot 3-fullscreen
full=$(geometry)
echo "after F11: $full"
[ "$full" = "1600x1200+0+0" ] || fail "F11 did not cover the screen: $full"
close
[ "$(setting fullscreen)" = true ] || fail "fullscreen not saved"
# The windowed size stays the one to come back to.
[ "$(setting width)" = 900 ] || fail "fullscreen overwrote the windowed size: $(setting width)"
echo "saved: fullscreen, windowed size kept"

start
shot 4-third-start
got=$(geometry)
[ "$got" = "1600x1200+0+0" ] || fail "third start not fullscreen: $got"
echo "third start: fullscreen ($got)"
xdotool windowactivate --sync "$window" key F11
sleep 4
shot 5-windowed-again
back=$(geometry)
echo "after F11 again: $back"
case $back in 900x650+*) ;; *) fail "leaving fullscreen did not give the windowed size back: $back" ;; esac
close
[ "$(setting fullscreen)" = false ] || fail "F11 did not leave fullscreen"
[ "$(setting width)" = 900 ] && [ "$(setting height)" = 650 ] ||
    fail "windowed size lost: $(setting width)x$(setting height)"
echo "PASS: size, position and fullscreen remembered across restarts (window manager: openbox)"
