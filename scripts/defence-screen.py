#!/usr/bin/env python3
"""Defence screen: positions where our White lost a game by one move, and
how many of them a brain holds.

The games against Rapfi are decided by holding White: Rapfi's Black wins
about 88 % against ours in freestyle, ours 73 % against its White
(docs/ai-strength.md, stops 26, 45). A screen of proofs (`match_wins`)
counts attacks only, and more proofs at fixed nodes did not make points
three times (stops 43-45). This screen asks the question the games ask.

collect: for every game of a match log (engine/examples/match `--log`)
that player A lost as White, a judge (a stronger Gomocup brain) reads the
position after each of A's White moves in turn. The first one after which
the judge proves a win for Black is the losing move, if the judge, given
the position before it, sees no loss for White there (else the position
was lost earlier, by a Black move). Each such position is written as

    rule moves losing_move judge_move judge_eval

The judge's move is not required to differ from the losing one: at the
collecting time the judge sometimes plays it too (the position was lost
further back than it sees).

Positions chosen by one build's losing moves flatter every other build:
that build, given them again, mostly replays its losing move, and any
change of search plays another move in some of them, which holds more
often than the one known to lose (stop 49: every parameter change but one
"held" 1-15 more of 296 than the landed build). To screen changes of our
search, collect from games our builds did not play: --any-white takes
every game White lost, e.g. the judge playing itself (`match --a-cmd
JUDGE --b-cmd JUDGE`), which chose its own losing moves.

screen: a brain is given each position (a fresh process each time, so the
order does not matter) and chooses a move; the judge then reads the
position after it. The move holds if the judge proves no win for Black.
Prints how many held, and writes one line a position (held 0/1, the move)
so that two brains' answers can be compared position by position
(`compare A B`: how many each holds of the positions in both, and the
difference over the positions held by one and not the other).

With --cache the judge's verdict on each (position, answer) is kept and
reused by later screens: a brain that answers as another did gets the same
verdict (the judge's time-limited search varies from run to run).

Usage: scripts/defence-screen.py collect --judge BRAIN --turn MS --out FILE
                                 [--any-white] [--shard I --shards N] LOG...
       scripts/defence-screen.py screen --judge BRAIN --turn MS --brain CMD
                                 [--brain-turn MS] [--info "KEY VALUE"]...
                                 [--cache FILE] --out RESULTS POSITIONS
       scripts/defence-screen.py compare RESULTS_A RESULTS_B
"""
import argparse
import importlib.util
import math
import os
import queue
import sys

_spec = importlib.util.spec_from_file_location(
    "judge_positions", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    "judge-positions.py"))
jp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(jp)


def lost_white_games(path, any_white=False):
    """(rule, opening length, moves) of the match-log games player A lost as
    White (with any_white, every game White lost: a brain's games with
    itself), read by judge-positions.py's reader."""
    for rule, opening, moves, black_score, a_colour in jp.games(path):
        if opening is None or black_score != 1.0:
            continue
        if not any_white and a_colour != "white":
            continue
        stones = len(jp.move_names(opening))
        if len(moves) > stones + 1:
            yield rule, stones, moves


def wins_for_mover(ev):
    """Whether a judge's eval word is a proven win for the side to move."""
    return ev is not None and ev.startswith("+M")


class Brain(jp.Judge):
    """A brain asked only for its move (its messages may name no eval)."""

    def __init__(self, cmd, rule, turn_ms, infos):
        super().__init__(cmd, rule, turn_ms)
        for info in infos:
            self.send(f"INFO {info}")

    def choose(self, moves):
        self.send_position(moves)
        return self.read_move(30 * self.turn_ms / 1000 + 10, "the brain refused the position")


def judged(judges, cmd, rule, turn, moves):
    """The judge's (eval, move) for a position; a failed judge is restarted
    once (Rapfi sometimes drops a command, see `Judge.sync`)."""
    for attempt in range(2):
        try:
            if rule not in judges:
                judges[rule] = jp.Judge(cmd, rule, turn)
            verdict = judges[rule].judge(moves)
            if verdict is not None:
                return verdict
        except (queue.Empty, RuntimeError, OSError) as e:
            print(f"judge failed on {''.join(moves)}: {e!r}", file=sys.stderr, flush=True)
        judge = judges.pop(rule, None)
        if judge:
            judge.close()
    return None


def collect(args):
    # Two screens of one seed replay the same base games: each game once.
    unique = {"".join(g[2]): g for path in args.logs
              for g in lost_white_games(path, args.any_white)}
    items = sorted(unique.values(), key=lambda g: "".join(g[2]))[args.shard::args.shards]
    print(f"{len(items)} lost White games", file=sys.stderr, flush=True)
    judges = {}
    found = 0
    # Games that share their first moves can meet the same position.
    written = set()
    if os.path.exists(args.out):
        with open(args.out) as f:
            written = {line.split()[1] for line in f if line.strip()}
    with open(args.out, "a") as out:
        for n, (rule, opening, moves) in enumerate(items, 1):
            # White's moves after the opening, up to the last but one ply.
            for i in range(opening, len(moves) - 1):
                if i % 2 == 0:
                    continue
                after = judged(judges, args.judge, rule, args.turn, moves[: i + 1])
                if after is None or not wins_for_mover(after[0]):
                    continue
                position = "".join(moves[:i])
                if position in written:
                    break
                before = judged(judges, args.judge, rule, args.turn, moves[:i])
                if before is not None and not before[0].startswith("-M"):
                    written.add(position)
                    out.write(f"{rule} {position} {moves[i]} {before[1]} "
                              f"{before[0]}\n")
                    out.flush()
                    found += 1
                break
            if n % 20 == 0:
                print(f"{n} games read, {found} positions", file=sys.stderr, flush=True)
    for judge in judges.values():
        judge.close()
    print(f"{found} positions from {len(items)} games", file=sys.stderr)


def read_positions(path):
    with open(path) as f:
        for line in f:
            words = line.split()
            if len(words) == 5:
                yield words[0], jp.move_names(words[1]), words[2], words[3]


def read_cache(path, turn):
    """Verdicts already given at the judge's time `turn`: {(rule, moves after
    the answer): eval}. A verdict depends on the judge's time, so each line
    names it and lines of other times are not used."""
    if not path or not os.path.exists(path):
        return {}
    with open(path) as f:
        return {(w[0], w[1]): w[3] for w in (line.split() for line in f)
                if len(w) == 4 and w[2] == str(turn)}


def screen(args):
    positions = list(read_positions(args.positions))
    # One verdict per (position, answer): brains that answer alike are then
    # told apart only where their answers differ, not by the judge's noise.
    cache = read_cache(args.cache, args.turn)
    judges = {}
    held = same_loss = same_judge = answered = 0
    with open(args.out, "w") as out, open(args.cache or os.devnull, "a") as cache_out:
        for rule, moves, loss, judge_move in positions:
            brain = None
            try:
                brain = Brain(args.brain, rule, args.brain_turn, args.info)
                move = brain.choose(moves)
            except (queue.Empty, RuntimeError, OSError) as e:
                print(f"brain failed on {''.join(moves)}: {e!r}", file=sys.stderr, flush=True)
                continue
            finally:
                if brain:
                    brain.close()
            key = (rule, "".join(moves + [move]))
            if key not in cache:
                verdict = judged(judges, args.judge, rule, args.turn, moves + [move])
                if verdict is None:
                    continue
                cache[key] = verdict[0]
                cache_out.write(f"{key[0]} {key[1]} {args.turn} {verdict[0]}\n")
                cache_out.flush()
            ev = cache[key]
            ok = not wins_for_mover(ev)
            answered += 1
            held += ok
            same_loss += move == loss
            same_judge += move == judge_move
            out.write(f"{rule} {''.join(moves)} {move} {int(ok)} {ev}\n")
            out.flush()
    for judge in judges.values():
        judge.close()
    share = held / answered if answered else 0.0
    se = math.sqrt(share * (1 - share) / answered) if answered else 0.0
    print(f"held {held} of {answered} ({100 * share:.1f} % +- {196 * se:.1f}); "
          f"the losing move again {same_loss}, the judge's move {same_judge}")


def read_results(path):
    with open(path) as f:
        return {(w[0], w[1]): (w[2], int(w[3])) for w in (line.split() for line in f)
                if len(w) == 5}


def compare(args):
    a, b = read_results(args.a), read_results(args.b)
    common = sorted(set(a) & set(b))
    only_a = [k for k in common if a[k][1] and not b[k][1]]
    only_b = [k for k in common if b[k][1] and not a[k][1]]
    held_a = sum(a[k][1] for k in common)
    held_b = sum(b[k][1] for k in common)
    diff = len(only_b) - len(only_a)
    # Sign-test style interval on the positions that differ.
    se = math.sqrt(len(only_a) + len(only_b))
    print(f"{len(common)} positions in both: A held {held_a}, B held {held_b}; "
          f"B - A = {diff:+d} (+-{1.96 * se:.1f}); only A {len(only_a)}, only B {len(only_b)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--judge", required=True)
    c.add_argument("--turn", type=int, default=500, help="the judge's time a position, ms")
    c.add_argument("--out", required=True)
    c.add_argument("--any-white", action="store_true",
                   help="every game White lost, whoever played it (a brain playing "
                        "itself): positions not chosen by the builds screened")
    c.add_argument("--shard", type=int, default=0)
    c.add_argument("--shards", type=int, default=1)
    c.add_argument("logs", nargs="+")
    s = sub.add_parser("screen")
    s.add_argument("--judge", required=True)
    s.add_argument("--turn", type=int, default=1000, help="the judge's time a position, ms")
    s.add_argument("--brain", required=True)
    s.add_argument("--brain-turn", type=int, default=200,
                   help="the brain's time a move, ms (long, e.g. 20000, when --info sets "
                        "max_node, so that the nodes decide)")
    s.add_argument("--info", action="append", default=[],
                   help="an INFO line for the brain, e.g. 'max_node 100000' (repeatable)")
    s.add_argument("--out", required=True)
    s.add_argument("--cache", help="the judge's verdicts, read and appended: each "
                                   "(position, answer) is judged once across screens")
    s.add_argument("positions")
    m = sub.add_parser("compare")
    m.add_argument("a")
    m.add_argument("b")
    args = ap.parse_args()
    {"collect": collect, "screen": screen, "compare": compare}[args.cmd](args)


if __name__ == "__main__":
    main()
