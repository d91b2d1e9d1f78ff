"""Session 59: side by side, the speedups of two emitter versions' texts of the same schedules
(files of the same name in OLD and NEW, written by pack_texts.py), alternating, ROUNDS each.
  .venv/bin/python reports/session59/old_new.py OLD NEW ROUNDS name ..."""
import statistics
import sys
from pathlib import Path

from polyrl.bench.suite import discover, resolve_suite
from polyrl.runtime import Toolchain, compare

old, new, rounds = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
_, folder = resolve_suite("polybench")
kernels = {k.name: k for k in discover(folder)}
for name in sys.argv[4:]:
    kernel, size, _ = name.split("-")
    scop = kernels[kernel].load(size).scop
    tc = Toolchain(flags=(*Toolchain().flags, *kernels[kernel].compile_flags(size)), threads=2)
    texts = {v: (d / f"{name}.c").read_text().split("\n", 1) for v, d in (("old", old), ("new", new))}
    got: dict[str, list[float]] = {"old": [], "new": []}
    for _ in range(rounds):
        for v, (head, text) in texts.items():
            r = compare(scop, text, head, tc, repeat=5)
            assert r.verified, (name, v, r.new.detail)
            got[v].append(r.speedup)
    print(f"{name}: old {statistics.median(got['old']):.3f}x new {statistics.median(got['new']):.3f}x "
          f"({', '.join(f'{a:.2f}/{b:.2f}' for a, b in zip(got['old'], got['new'], strict=True))})", flush=True)
