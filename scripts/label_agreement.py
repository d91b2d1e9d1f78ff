"""How well do a memo store's labels agree with themselves? (issue 6's noise ceiling)

A cost model is scored by the Spearman correlation of its predicted times with the
measured ones among the schedules of each test program. That score cannot go past the
agreement of the measurements with a second measurement of the same schedules. This
script measures it: for programs of a corpus that have at least --min-schedules verified
schedules in the store, every such schedule is measured twice as `polyrl measure` measures
it: its own build and process, the minimum of at least --repeat runs (more for short
regions). It prints the mean within-program Spearman correlation of

  - the two new measurements with each other, and
  - the first new measurement with the stored one (measured on another day).

Run it under the OpenMP settings the store was measured with: the store's key does not
hold OMP_WAIT_POLICY, and it changes how a program's schedules rank (tenth session: 0.68
against labels measured with `passive` when re-measured without it, 0.81 with it). The
line of results names the policy in effect.

The store's rows are only read. Usage:

  python scripts/label_agreement.py --store memo.sqlite --corpus corpus/ [--programs 40]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.runtime.execute import Toolchain, measure
from polyrl.runtime.store import MemoStore, machine_fingerprint, program_hash


def spearman(a: np.ndarray, b: np.ndarray) -> float:
    """Spearman's rho (ranks by order of appearance for ties, as a model's ranking would be)."""
    ra, rb = np.argsort(np.argsort(a)), np.argsort(np.argsort(b))
    return float(np.corrcoef(ra, rb)[0, 1])


def stored_minima(path: Path, tc: Toolchain) -> dict[str, dict[str, float]]:
    """program hash -> schedule text -> stored minimum time: the verified rows of this
    machine and toolchain (and the baselines)."""
    if not path.is_file():
        raise PolyrlError(f"no store at {path}")
    machine, toolchain = machine_fingerprint(), tc.key()
    out: dict[str, dict[str, float]] = defaultdict(dict)
    with MemoStore(path) as store:
        for key, rec in store.items():
            if (key.machine == machine and key.toolchain == toolchain and rec.status == "ok" and rec.times
                    and (key.schedule == "" or rec.verified)):
                out[key.program][key.schedule] = min(rec.times)
    return out


def time_twice(f: Path, schedules: list[str], tc: Toolchain, repeat: int, timeout: float) -> dict[str, tuple]:
    """schedule -> (first, second) minimum time, each measured as `polyrl measure` does
    (its own build and process)."""
    p = load(f)
    got = {}
    for s in schedules:
        region = None if s == "" else p.apply(s).region_text
        runs = [measure(p.scop, region, tc, repeat, timeout) for _ in range(2)]
        if all(m.status == "ok" and m.times for m in runs):
            got[s] = (runs[0].min, runs[1].min)
    return got


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="Reads the store's rows, never writes one; builds go to temporary folders.")
    ap.add_argument("--store", required=True, type=Path, help="memo store the labels come from")
    ap.add_argument("--corpus", required=True, type=Path, help="corpus folder of the store's programs (prog_*.c)")
    ap.add_argument("--programs", type=int, default=40, help="programs to re-measure (default 40)")
    ap.add_argument("--min-schedules", type=int, default=6, help="least verified schedules a program needs (default 6)")
    ap.add_argument("--threads", type=int, default=2, help="OpenMP threads, as the store was measured (default 2)")
    ap.add_argument("--repeat", type=int, default=3, help="least timed runs per process (default 3)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per run (default 60)")
    ap.add_argument("--seed", type=int, default=0, help="order in which programs are tried (default 0)")
    args = ap.parse_args(argv)
    try:
        tc = Toolchain(threads=args.threads)
        labels = stored_minima(args.store, tc)
        files = sorted(args.corpus.glob("prog_*.c"))
        if not files:
            raise PolyrlError(f"no prog_*.c in {args.corpus}")
    except PolyrlError as e:
        print(f"label_agreement: {e}", file=sys.stderr)
        return 2
    random.Random(args.seed).shuffle(files)
    new_new, new_stored = [], []
    try:
        for f in files:
            if len(new_new) >= args.programs:
                break
            stored = labels.get(program_hash(load(f).scop), {})
            if len(stored) < args.min_schedules:
                continue
            got = time_twice(f, sorted(stored), tc, args.repeat, args.timeout)
            if len(got) < args.min_schedules:
                continue
            a = np.array([(*got[s], stored[s]) for s in got])
            new_new.append(spearman(a[:, 0], a[:, 1]))
            new_stored.append(spearman(a[:, 0], a[:, 2]))
            print(f"[{len(new_new)}/{args.programs}] {f.name}: {len(got)} schedules, new~new {new_new[-1]:.3f}, "
                  f"new~stored {new_stored[-1]:.3f}", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("interrupted: the programs measured so far", file=sys.stderr)
    if not new_new:
        print("label_agreement: no program of the corpus has enough verified schedules in the store", file=sys.stderr)
        return 2
    policy = os.environ.get("OMP_WAIT_POLICY", "unset")
    print(f"programs {len(new_new)}: mean within-program Spearman, new~new {np.nanmean(new_new):.3f}, "
          f"new~stored {np.nanmean(new_stored):.3f} (OMP_WAIT_POLICY {policy})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
