#!/usr/bin/env python3
"""Four-stone Renju openings for a judge's self-play: each of the 26 openings
followed by White's best fourth moves by a judge's short look.

Why: Renju is played from the 26 openings, and a refit on a judge's games from
random 2-3 stone openings gained on random openings and lost by as much on the
26 (docs/ai-strength.md, stop 38). A judge playing itself from the 26 openings
alone repeats its games; from their best fourth moves it plays many, all
starting the way our games do. Every empty cell within two of a stone is tried
as the fourth move; the KEEP lowest for Black by the judge's eval are written,
each as a move list the match harness reads with `--openings FILE`:

    scripts/renju-fourths.py --judge BRAIN [--keep 8] [--turn 60] > fourths.txt
    match --a-cmd BRAIN --b-cmd BRAIN --rule renju --time 150 --openings fourths.txt ...

A `#` line per opening gives the range of Black's expected score over its
fourths. The judge is spoken to as in judge-positions.py (whose Judge it uses).
"""
import argparse
import importlib.util
import os
import queue
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OPENINGS = os.path.join(HERE, "..", "engine", "tests", "data", "renju26-openings.txt")
# Cells this far (in both directions) from a stone are tried as the fourth move.
REACH = 2
SIZE = 15


def judge_positions():
    """judge-positions.py as a module (its name has a hyphen)."""
    sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
    spec = importlib.util.spec_from_file_location(
        "judge_positions", os.path.join(HERE, "judge-positions.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def openings():
    """The 26 openings' move lists, from the file the match harness reads."""
    with open(OPENINGS) as f:
        return [line.split()[-1] for line in f if line.strip() and not line.startswith("#")]


def fourths(stones, point):
    """The empty cells within REACH of the stones, as move names (`point`
    reads a name as judge-positions.py does)."""
    taken = {point(s) for s in stones}
    near = {(x + dx, y + dy) for x, y in taken
            for dx in range(-REACH, REACH + 1) for dy in range(-REACH, REACH + 1)}
    return [f"{chr(97 + x)}{y}" for x, y in sorted(near - taken)
            if 0 <= x < SIZE and 1 <= y <= SIZE]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--judge", required=True, help="the judging brain's command")
    ap.add_argument("--keep", type=int, default=8, help="fourth moves kept per opening")
    ap.add_argument("--turn", type=int, default=60, help="the judge's time a position, ms")
    args = ap.parse_args()
    jp = judge_positions()
    judge = jp.Judge(args.judge, "renju", args.turn)
    for opening in openings():
        stones = jp.move_names(opening)
        scored = []
        for fourth in fourths(stones, jp.point):
            try:
                verdict = judge.judge(stones + [fourth])
            except (queue.Empty, RuntimeError) as e:
                print(f"{opening}{fourth}: {e!r}; restarting the judge", file=sys.stderr)
                judge.close()
                judge = jp.Judge(args.judge, "renju", args.turn)
                continue
            if verdict:
                scored.append((jp.black_score(verdict[0], len(stones) + 1), fourth))
        if not scored:
            print(f"{opening}: the judge gave no verdict", file=sys.stderr)
            continue
        scored.sort()
        print(f"# {opening}: {len(scored)} fourths, Black's score "
              f"{scored[0][0]:.2f}..{scored[-1][0]:.2f}", flush=True)
        for _, fourth in scored[:args.keep]:
            print(opening + fourth, flush=True)
    judge.close()


if __name__ == "__main__":
    main()
