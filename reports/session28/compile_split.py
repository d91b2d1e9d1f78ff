"""Compile times of a program's batch binary: the -O1 original (the reference build), the
-O3 original alone, all its macro schedules in one batch, and the same schedules in two
halves, each with the original. Run on a quiet machine.

    python compile_split.py CORPUS [N]
"""
import sys
import tempfile
import time

from polyrl.api import load
from polyrl.measure.scheduler import discover
from polyrl.poly.macros import macro_schedules
from polyrl.runtime.execute import Toolchain, build, reference_toolchain
from polyrl.runtime.instrument import instrument, instrument_batch


def built(text, tc):
    with tempfile.TemporaryDirectory() as wd:
        t = time.perf_counter()
        b = build(text, tc, wd)
        assert b.status == "ok", b.message
        return time.perf_counter() - t


def main():
    corpus, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 6
    tc = Toolchain(threads=2)
    totals = [0.0] * 5
    for src in discover(corpus)[:n]:
        with tempfile.TemporaryDirectory() as d:
            path = f"{d}/{src.name}"
            open(path, "w").write(src.text)
            prog = load(path)
            regions = [prog.apply(s).region_text for s in macro_schedules(prog.model).values()][:8]
            half = (len(regions) + 1) // 2
            row = [built(instrument(prog.scop, None), reference_toolchain(tc)),
                   built(instrument(prog.scop, None), tc),
                   built(instrument_batch(prog.scop, [None, *regions]), tc),
                   built(instrument_batch(prog.scop, [None, *regions[:half]]), tc),
                   built(instrument_batch(prog.scop, [None, *regions[half:]]), tc)]
            totals = [a + b for a, b in zip(totals, row)]
            print(src.name, len(regions), " ".join(f"{x:.2f}" for x in row), flush=True)
    print("totals: O1 original, O3 original, O3 batch, O3 first half, O3 second half")
    print(" ".join(f"{x:.2f}" for x in totals))


if __name__ == "__main__":
    main()
