"""How fast ``dotbox.analyze`` answers a loop of booked positions, as an engine author's
labelling script asks them, beside the same positions each read by a book opened for that
call alone (what every ``analyze`` call cost before books were kept open).

    .venv-python/bin/python python/benches/analyze_loop.py [--count N] [--seed S]

Positions are random sets of lines (seeded), the same for both columns; both read the
shipped books. Figures: docs/performance.md.
"""

import argparse
import random
import resource
import time

import dotbox

CASES = [("4x4", 8), ("3x5", 8), ("3x4", 5), ("4x4", 3)]


def per_call(ask, positions):
    start = time.perf_counter()
    for lines in positions:
        ask(lines)
    return (time.perf_counter() - start) / len(positions) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("| board | lines drawn | analyze, ms a call | a book opened per call, ms | ratio |")
    print("|---|---|---|---|---|")
    for board, drawn in CASES:
        count = dotbox.position(board)[3]
        positions = [rng.sample(range(count), drawn) for _ in range(args.count)]
        path = dotbox.shipped_book(board)
        kept = per_call(lambda lines: dotbox.analyze(board, lines), positions)
        opened = per_call(lambda lines: dotbox.Book(path).analyze(lines, board=board), positions)
        print(f"| {board} | {drawn} | {kept:.3f} | {opened:.3f} | {opened / kept:.1f}× |")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak RSS {peak:.0f} MB ({args.count} positions a row)")


if __name__ == "__main__":
    main()
