#!/usr/bin/env bash
# Checks the time use recorded in match outputs (the summary the match
# harness, engine/examples/match, prints at the end: one line per side with
# its moves, max, budget and moves over budget). Prints each side and fails
# when a side whose name matches --player REGEX (default: every side with a
# budget) took longer than its budget (timeout_turn for a brain) on any
# move. First moves, which include the brain's start-up, are reported
# separately by the harness and not checked.
# Usage: scripts/match-time-check.sh [--player REGEX] MATCH_OUTPUT...
set -euo pipefail
player=.
if [ "${1:-}" = --player ]; then
    player=$2
    shift 2
fi
[ $# -gt 0 ] || { echo "usage: $0 [--player REGEX] MATCH_OUTPUT..." >&2; exit 2; }
awk -v player="$player" '
    /^  [AB] .*: [0-9]+ moves, average .* budget [0-9]+ ms, over budget [0-9]+/ {
        line = $0
        sub(/^  [AB] /, "", line)
        name = line; sub(/: [0-9]+ moves,.*/, "", name)
        moves = line; sub(/^[^:]*: /, "", moves); sub(/ moves.*/, "", moves)
        max = line; sub(/.*, max /, "", max); sub(/ ms.*/, "", max)
        budget = line; sub(/.*, budget /, "", budget); sub(/ ms.*/, "", budget)
        over = line; sub(/.*, over budget /, "", over); sub(/;.*/, "", over)
        late = (over + 0 > 0 || max + 0 > budget + 0)
        checked = (name ~ player)
        printf "%s: %s: %d moves, max %d ms of %d, %d over%s\n", FILENAME, name, moves, max, budget, over, \
            (late ? (checked ? "  OVER" : "  (over, not checked)") : "")
        total++
        if (checked) { sides++; all += moves; if (late) bad++ }
    }
    END {
        if (total == 0) { print "no time summaries found" > "/dev/stderr"; exit 2 }
        printf "%d sides checked (%d moves): %d went over their budget\n", sides, all, bad
        exit (bad > 0)
    }
' "$@"
