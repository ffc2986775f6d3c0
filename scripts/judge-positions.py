#!/usr/bin/env python3
"""Judged positions for the evaluation's fit (`texel fit`), from games.

Every distinct position of the games read (match logs, engine/examples/match
`--log` files, or games files of `texel gen`; from the fifth stone on, up to
the last but one; with --per-game K only K of each game's positions, drawn
at random) is given to a judge, a stronger Gomocup brain, for a short
search. Which games matter: a fit on `texel gen` self-play alone (random
scattered openings, 10,000 nodes a move) played 9 points worse against Rapfi
than the landed tables, and mixed with match-log positions no better
(docs/ai-strength.md, stop 34); games of strong play from many openings do
help: the judge playing itself through the match harness (`match --a-cmd
JUDGE --b-cmd JUDGE --time 150 --openings random`), judged with
--per-game 25 and mixed with the match-log positions, gave the Renju
tables of stop 37 (+4.5 points against Rapfi). --depth D caps the judge's
search (Rapfi's `INFO max_depth`): depth 1 gives its leaf value rather
than a result, many times faster (a fit on those labels played no better
either, stop 34). Each output line is a
texel position line:

    rule black_score moves+choice last

where black_score is Black's expected score by the judge (sigmoid(eval / 200),
1 or 0 for a mate it found) and the last move is the judge's choice, which the
ordering's fit uses. A match log's rule is read from its file name: R... is
Renju, anything else freestyle; a games file names it on every line. Output
is appended; positions already in it are skipped, so an interrupted run
resumes. Shards split the work between processes (one core each).

A screen's random openings recur in the judge's games (a quarter to a
third of them, stop 38): --skip-openings leaves out the games from the
openings the candidate will be screened on, which the match harness lists
in seconds (`match --a engine --b engine --nodes 1 --rule R --openings
random --seed S --games N`, each game line's word after "opening").

With --results nothing is judged: every game kept is written as a games
file line with its own result, for `texel fit --only ordering` (the
judge's own games teach the ordering its moves; stop 47).

Usage: scripts/judge-positions.py --judge BRAIN --out FILE [--turn MS] [--depth D]
                                  [--per-game K] [--skip-openings FILE]
                                  [--shard I --shards N] FILE...
       scripts/judge-positions.py --results --out FILE [--skip-openings FILE] FILE...
"""
import argparse
import math
import os
import queue
import random
import re
import subprocess
import sys
import threading

# The judge's eval as a win chance: sigmoid(eval / SCALE) (Rapfi's own).
SCALE = 200.0
# The first position judged has this many stones (the opening is random).
FIRST_PLY = 4
# ABOUTs sent, a second apart, before a judge that answers none is restarted.
SYNC_TRIES = 5
# Each rule's number in the protocol's `INFO rule`.
RULES = {"freestyle": 0, "standard": 1, "renju": 4}


def point(move):
    """A move name's (x, y): its letter from 'a', its number as written."""
    return ord(move[0]) - 97, int(move[1:])


MOVE_LIST = re.compile(r"(?:[a-o]\d+)+")


def move_names(text):
    """The move names of a move list such as `h8h9i10`."""
    return re.findall(r"[a-o]\d+", text)


def games(path):
    """(rule, opening, moves, black_score, a_colour) of every game in a match
    log or a `texel gen` games file (whose lines name no opening and no
    player A: None)."""
    log_rule = "renju" if os.path.basename(path).startswith("R") else "freestyle"
    with open(path) as f:
        for line in f:
            if line.startswith("game") and "|" in line:
                opening = re.search(r" opening (\S+)", line)
                # "A black ... A scores 1": player A's colour and score.
                result = re.search(r" A (black|white) .* A scores ([0-9.]+)", line)
                score = result and float(result.group(2))
                if result and result.group(1) == "white":
                    score = 1.0 - score
                # The moves are the field after the result that is a move
                # list alone; the players' field (when the line has one) and
                # a brain's chatter (when it said anything else) are not.
                record = next((f for f in line.split(" | ")[1:]
                               if MOVE_LIST.fullmatch(f.strip())), "")
                yield (log_rule, opening and opening.group(1),
                       move_names(record), score,
                       result and result.group(1))
                continue
            words = line.split()
            # A games file line; a judged position (ending in `last`) is no game.
            if len(words) == 3 and words[0] in RULES:
                yield words[0], None, move_names(words[2]), float(words[1]), None


def positions(paths, per_game=0, skip_openings=frozenset()):
    """Distinct (rule, moves) positions of the games, in a fixed order; games
    from an opening in skip_openings are left out."""
    found = {}
    for path in paths:
        for rule, opening, moves, _, _ in games(path):
            if opening in skip_openings:
                continue
            plies = list(range(FIRST_PLY, len(moves) - 1))
            if per_game and len(plies) > per_game:
                plies = random.Random("".join(moves)).sample(plies, per_game)
            for ply in plies:
                pre = moves[:ply]
                key = (rule, frozenset(pre[0::2]), frozenset(pre[1::2]))
                found.setdefault(key, (rule, pre))
    items = sorted(found.values(), key=lambda v: (v[0], "".join(v[1])))
    random.Random(1).shuffle(items)
    return items


class Judge:
    """One judge process for one rule, spoken to over the Gomocup protocol."""

    def __init__(self, cmd, rule, turn_ms, depth=0):
        self.turn_ms = turn_ms
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.send("START 15")
        try:
            started = self.read(10).startswith("OK")
        except (queue.Empty, RuntimeError):
            started = False
        if not started:
            self.close()
            raise RuntimeError("the judge did not answer START")
        self.send(f"INFO rule {RULES[rule]}")
        self.send(f"INFO timeout_turn {turn_ms}")
        self.send("INFO timeout_match 1000000000")
        self.send("INFO max_memory 134217728")
        if depth:
            # Yixin-Board's extension, which Rapfi honours.
            self.send(f"INFO max_depth {depth}")

    def _pump(self):
        for line in self.p.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def read(self, timeout):
        line = self.lines.get(timeout=timeout)
        if line is None:
            raise RuntimeError("the judge closed its output")
        return line

    def sync(self):
        """Waits until the judge takes commands again. Rapfi drops a command
        sent straight after its answer (it is still winding its search down),
        an ABOUT as well as a BOARD, most often after a mate found in a few
        milliseconds: ABOUT is sent again until one is answered."""
        for _ in range(SYNC_TRIES):
            self.send("ABOUT")
            try:
                while not self.read(1).startswith("name="):
                    pass
                return
            except queue.Empty:
                continue
        raise RuntimeError(f"the judge answered none of {SYNC_TRIES} ABOUTs")

    def send_position(self, moves):
        """Asks for a move in the position after `moves` (Black first)."""
        self.sync()
        n = len(moves)
        board = ["BOARD"]
        for i, m in enumerate(moves):
            x, y = point(m)
            board.append(f"{x},{15 - y},{1 if (n - i) % 2 == 0 else 2}")
        board.append("DONE")
        self.send("\n".join(board))

    def read_move(self, timeout, fault, seen=lambda line: None):
        """The move the brain answers (a name such as `h8`), each line before
        it given to `seen`; an ERROR line raises `fault` with it."""
        while True:
            line = self.read(timeout)
            if line.startswith("ERROR"):
                raise RuntimeError(f"{fault}: {line}")
            if re.fullmatch(r"\d+,\d+", line):
                x, y = map(int, line.split(","))
                return f"{chr(97 + x)}{15 - y}"
            seen(line)

    def judge(self, moves):
        """(eval word, choice) for the position, or None when the judge fails."""
        self.send_position(moves)
        evals = []

        def seen(line):
            found = re.search(r"Eval ([+-]?M?\d+)", line)
            if found:
                evals.append(found.group(1))

        move = self.read_move(30 * self.turn_ms / 1000 + 2, "the judge is out of step", seen)
        return (evals[-1], move) if evals else None

    def close(self):
        try:
            self.send("END")
        except OSError:
            pass
        self.p.kill()


def black_score(ev, stones):
    """Black's expected score from the judge's eval for the side to move."""
    if "M" in ev:
        to_move = 0.0 if ev.startswith("-") else 1.0
    else:
        to_move = 1.0 / (1.0 + math.exp(-int(ev) / SCALE))
    return to_move if stones % 2 == 0 else 1.0 - to_move


def write_results(paths, skip_openings, out_path):
    """The games themselves as games-file lines (`rule black_score moves`),
    those from an opening in skip_openings left out."""
    with open(out_path, "w") as out:
        for path in paths:
            for rule, opening, moves, score, _ in games(path):
                if opening not in skip_openings and score is not None:
                    out.write(f"{rule} {score:g} {''.join(moves)}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--judge", help="the judging brain's command")
    ap.add_argument("--results", action="store_true",
                    help="judge nothing: write each game kept as a games-file line with "
                         "its result (an ordering fit on the judge's own games, stop 47)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--turn", type=int, default=100, help="the judge's time a position, ms")
    ap.add_argument("--depth", type=int, default=0,
                    help="the judge's search depth (0: only its time limits)")
    ap.add_argument("--per-game", type=int, default=0,
                    help="judge only this many positions of each game (0: all)")
    ap.add_argument("--skip-openings", metavar="FILE",
                    help="leave out match-log games whose opening is listed (one a line): "
                         "the openings a screen will play")
    ap.add_argument("--shard", type=int, default=0)
    ap.add_argument("--shards", type=int, default=1)
    ap.add_argument("games", nargs="+", help="match logs or texel games files")
    args = ap.parse_args()
    skip = set()
    if args.skip_openings:
        with open(args.skip_openings) as f:
            skip = {word for line in f for word in line.split()}
    if args.results:
        write_results(args.games, skip, args.out)
        return
    if not args.judge:
        ap.error("--judge is needed unless --results")
    items = positions(args.games, args.per_game, skip)[args.shard::args.shards]
    if os.path.exists(args.out):
        with open(args.out) as f:
            done = {"".join(move_names(line.split()[2])[:-1])
                    for line in f if line.strip()}
        items = [(rule, pre) for rule, pre in items if "".join(pre) not in done]
    print(f"{len(items)} positions to judge", file=sys.stderr, flush=True)
    judges = {}
    written = 0
    with open(args.out, "a") as out:
        for rule, pre in items:
            try:
                if rule not in judges:
                    judges[rule] = Judge(args.judge, rule, args.turn, args.depth)
                verdict = judges[rule].judge(pre)
            except (queue.Empty, RuntimeError, OSError) as e:
                print(f"judge failed on {rule} {''.join(pre)}: {e!r}; restarting it",
                      file=sys.stderr, flush=True)
                # The judge may have failed to start: then there is none to close.
                judge = judges.pop(rule, None)
                if judge:
                    judge.close()
                continue
            if verdict is None:
                continue
            ev, choice = verdict
            out.write(f"{rule} {black_score(ev, len(pre)):.4f} {''.join(pre)}{choice} last\n")
            written += 1
            if written % 500 == 0:
                out.flush()
                print(f"{written} judged", file=sys.stderr, flush=True)
    for judge in judges.values():
        judge.close()


if __name__ == "__main__":
    main()
