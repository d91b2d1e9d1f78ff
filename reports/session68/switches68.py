"""Session 68: where a variant of replay68.py takes one of the policy's samples, what the shipped pipeline had there
(its source), and the labelled speedups on both sides (nothing timed).
  .venv/bin/python reports/session68/switches68.py OUT.jsonl ... --variant S4"""
import argparse
import collections
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session67"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import replay67  # noqa: E402
from replay67 import final_replay  # noqa: E402
from replay68 import SHIPPED  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("outs", nargs="+")
ap.add_argument("--variant", required=True)
a = ap.parse_args()
groups = collections.defaultdict(list)
for r in final_replay.read_rows(a.outs):
    old, new = r["variants"][SHIPPED], r["variants"][a.variant]
    if new["macro"] != "sample" or old["final"] == new["final"]:
        continue
    so, sn = replay67.speedup(old, r["t_orig"]), replay67.speedup(new, r["t_orig"])
    if so is not None and sn is not None:
        groups["original" if not old["final"] else (old["macro"] or "checked")].append((so, sn))
print(f"{a.variant}: programs where it takes a sample the shipped pipeline did not, by what the shipped one took")
print(f"{'shipped source':26s} {'n':>4s} {'shipped':>8s} {a.variant:>8s} {'ratio':>6s} {'>5% faster':>10s} "
      f"{'>5% slower':>10s} {'new <0.95x':>10s}")
for src, pairs in sorted(groups.items(), key=lambda x: -len(x[1])) + [("all", sum(groups.values(), []))]:
    go, gn = final_replay.geo([p[0] for p in pairs]), final_replay.geo([p[1] for p in pairs])
    print(f"{src:26s} {len(pairs):4d} {go:7.3f}x {gn:7.3f}x {gn / go:6.3f} {sum(n > 1.05 * o for o, n in pairs):10d} "
          f"{sum(n < o / 1.05 for o, n in pairs):10d} {sum(n < 0.95 for o, n in pairs):10d}")
logs = sorted(math.log(n / o) for o, n in sum(groups.values(), []))
print(f"ratio quartiles {', '.join(f'{math.exp(logs[int(q * (len(logs) - 1))]):.3f}' for q in (0, .25, .5, .75, 1))}")
