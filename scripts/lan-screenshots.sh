#!/usr/bin/env bash
# Screenshots of a LAN game in progress, from both sides: one copy of the
# game hosts a position on loopback (--host, --moves), a second copy joins
# it (--join, --code), in Chinese so both languages are looked at; each
# saves a PNG after a number of frames and exits, the host first (once it
# has left, the joiner's game shows the pause); a third copy joins with a
# wrong code and shows the host's refusal.
# Under a virtual X server.
#   scripts/lan-screenshots.sh OUT_DIR [BINARY]
# BINARY defaults to the debug build. Needs xvfb-run.
set -euo pipefail
out=${1:?usage: scripts/lan-screenshots.sh OUT_DIR [BINARY]}
bin=${2:-${CARGO_TARGET_DIR:-target}/debug/gomoku}
port=${GOMOKU_LAN_PORT:-47878}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

side() { # name frames args...
    local name=$1 frames=$2
    shift 2
    mkdir -p "$work/$name/config"
    GOMOKU_CONFIG_DIR="$work/$name/config" GOMOKU_DATA_DIR="$work/$name/data" \
        timeout 300 xvfb-run -a -s "-screen 0 2000x1400x24" "$bin" \
        --window 1280x800 --screenshot "$out/$name.png" --frames "$frames" "$@" \
        >"$work/$name.log" 2>&1 && echo "$out/$name.png" || {
        echo "FAILED: $name" >&2
        tail -5 "$work/$name.log" >&2
    }
}

side lan-host 100 --host "127.0.0.1:$port" --code K7M2QX --name Hana \
    --rule renju --moves h8i9j10i8g7k11 &
host=$!
sleep 3
side lan-join-zh 150 --join "127.0.0.1:$port" --code K7M2QX --name Jun --lang zh &
joiner=$!
# A wrong code: the host refuses it and the Join screen says why (in Chinese).
side lan-join-wrong-code-zh 60 --join "127.0.0.1:$port" --code WRONG1 --name Eve --lang zh &
wait "$host" "$joiner" $!
