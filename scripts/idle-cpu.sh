#!/usr/bin/env bash
# Measures what the game costs while nobody plays: CPU seconds per second
# of the game process (rendering included: under Xvfb the software Vulkan
# driver draws in the game's own threads), once as the game runs
# (reactive: it waits for input), once drawing every frame (the
# `--screenshot` mode, which counts frames and so never waits).
#   scripts/idle-cpu.sh [BINARY] [SECONDS]
# BINARY defaults to the debug build. Needs xvfb-run.
set -euo pipefail
bin=${1:-${CARGO_TARGET_DIR:-target}/debug/gomoku}
seconds=${2:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A two-player position: no AI thinks, no clock runs.
position=(--mode pvp --moves h8i9j10i8g7k11 --window 1280x800)

cpu_ticks() { # pid -> utime+stime of the process and its threads, in ticks
    awk '{print $14 + $15}' "/proc/$1/stat"
}

measure() { # label args...
    local label=$1
    shift
    GOMOKU_CONFIG_DIR="$work/$label/config" GOMOKU_DATA_DIR="$work/$label/data" \
        xvfb-run -a -s "-screen 0 1600x1000x24" "$bin" "${position[@]}" "$@" \
        >"$work/$label.log" 2>&1 &
    local runner=$!
    local pid=""
    for _ in $(seq 100); do
        pid=$(pgrep -n -f -- "^$bin ${position[0]}" || true)
        [ -n "$pid" ] && break
        sleep 0.1
    done
    [ -n "$pid" ] || { echo "$label: the game did not start" >&2; return 1; }
    sleep 8 # start-up: pipelines, textures, the first frames
    local hz
    hz=$(getconf CLK_TCK)
    local t0 c0 t1 c1
    t0=$(date +%s.%N); c0=$(cpu_ticks "$pid")
    sleep "$seconds"
    t1=$(date +%s.%N); c1=$(cpu_ticks "$pid")
    # SIGKILL: a waiting game would see SIGTERM only at its next frame.
    kill -KILL "$pid" 2>/dev/null || true
    wait "$runner" 2>/dev/null || true
    awk -v l="$label" -v c="$((c1 - c0))" -v hz="$hz" -v t0="$t0" -v t1="$t1" \
        'BEGIN { printf "%-12s %.3f CPU-seconds per second over %.1f s\n", l, c / hz / (t1 - t0), t1 - t0 }'
}

measure reactive
measure continuous --screenshot "$work/never.png" --frames 1000000000
