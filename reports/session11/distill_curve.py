"""Plot a `polyrl distill` log: cross-entropy and action accuracy by epoch, training and
validation. python distill_curve.py LOG OUT.png"""
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

pat = re.compile(r"epoch (\d+)/\d+: train CE ([\d.]+) accuracy ([\d.]+), validation CE ([\d.]+) accuracy ([\d.]+)")
rows = [tuple(map(float, m.groups())) for m in map(pat.search, open(sys.argv[1])) if m]
ep = [r[0] for r in rows]
fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
a.plot(ep, [r[1] for r in rows], label="train")
a.plot(ep, [r[3] for r in rows], label="validation")
a.set_xlabel("epoch"), a.set_ylabel("cross-entropy"), a.legend()
b.plot(ep, [r[2] for r in rows], label="train")
b.plot(ep, [r[4] for r in rows], label="validation")
b.set_xlabel("epoch"), b.set_ylabel("action accuracy"), b.legend()
best = min(rows, key=lambda r: r[3])
fig.suptitle(f"{sys.argv[1]}: best validation CE {best[3]:.3f} at epoch {int(best[0])}")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=90)
