"""The cost model's test within-program Spearman against its training programs: the
`polyrl pretrain` logs of one split (`--train-programs`), as a table and a plot.

    python curve.py OUT.png LOG ...
"""
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

points = []
for log in sys.argv[2:]:
    text = open(log).read()
    n, samples = map(int, re.search(r"train (\d+) programs / (\d+) samples", text).groups())
    within = float(re.search(r"test .*within programs ([0-9.]+)", text).group(1))
    overall = float(re.search(r"test .*Spearman ([0-9.]+)", text).group(1))
    points.append((n, samples, within, overall))
points.sort()
print("| training programs | training labels | test Spearman within programs | test Spearman, all pairs |")
print("|---:|---:|---:|---:|")
for n, s, w, o in points:
    print(f"| {n} | {s} | {w:.3f} | {o:.3f} |")
fig, ax = plt.subplots(figsize=(5, 3.4))
ax.plot([p[1] for p in points], [p[2] for p in points], "o-", label="within programs")
ax.plot([p[1] for p in points], [p[3] for p in points], "s--", label="all pairs")
ax.axhline(0.8, color="grey", lw=0.8, ls=":")
ax.set_xscale("log", base=2)
ax.set_xlabel("training labels (this machine)")
ax.set_ylabel("test Spearman")
ax.legend()
fig.tight_layout()
fig.savefig(sys.argv[1], dpi=120)
