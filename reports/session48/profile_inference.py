"""Session 48: where the one-shot pipeline's inference time goes on PolyBench kernels (cProfile of
Policy.greedy with the shipped check and pick, as `polyrl optimize`; nothing compiled or timed).

    python profile_inference.py DATASET KERNEL...   # e.g. LARGE gemm heat-3d
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import time
from pathlib import Path

from polyrl.api import load
from polyrl.search import Policy

PB = Path(__file__).resolve().parents[2] / "datasets" / "polybench"


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    policy = Policy.load(None, check=True, pick=True)
    for name in sys.argv[2:]:
        path = next(PB.rglob(f"{name}.c"))
        program = load(path, defines={sys.argv[1] + "_DATASET": "1"}, include_dirs=[str(PB / "utilities")])
        profile = cProfile.Profile()
        start = time.perf_counter()
        profile.enable()
        inference = policy.greedy(program)
        profile.disable()
        print(f"{name}: {time.perf_counter() - start:.3f} s, schedule {inference.schedule}")
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
