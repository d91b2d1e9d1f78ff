"""The two PPO arms of the fourteenth session side by side: mean episode reward and geometric-mean
sampled final speedup per iteration, against environment steps and against wall time, with a
running mean over 4 iterations.

python compare.py MEASURED.train.csv MIXED.train.csv OUT.png
"""
import csv
import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read(path):
    rows = list(csv.DictReader(open(path)))
    steps = [int(r["global_step"]) for r in rows]
    wall, t = [], 0.0
    for r in rows:
        t += float(r["seconds"])
        wall.append(t / 60)
    return steps, wall, [float(r["mean_return"]) for r in rows], [float(r["geomean_speedup"]) for r in rows]


def running(values, n=4):
    return [sum(values[max(0, i - n + 1):i + 1]) / len(values[max(0, i - n + 1):i + 1]) for i in range(len(values))]


arms = {"measured only": read(sys.argv[1]), "mixed (cost model, final measured)": read(sys.argv[2])}
fig, axes = plt.subplots(2, 2, figsize=(11, 7))
for name, (steps, wall, ret, speed) in arms.items():
    for col, x in enumerate((steps, wall)):
        line, = axes[0][col].plot(x, ret, alpha=0.3)
        axes[0][col].plot(x, running(ret), color=line.get_color(), label=name)
        axes[1][col].plot(x, speed, alpha=0.3, color=line.get_color())
        axes[1][col].plot(x, running(speed), color=line.get_color(), label=name)
    n = len(ret)
    last = ret[-4:]
    print(f"{name}: {n} iterations, {steps[-1]} steps, {wall[-1]:.1f} min; mean return first 4 "
          f"{sum(ret[:4]) / 4:+.3f}, last 4 {sum(last) / len(last):+.3f}; geomean speedup first 4 "
          f"{math.exp(sum(map(math.log, speed[:4])) / 4):.3f}x, last 4 "
          f"{math.exp(sum(map(math.log, speed[-4:])) / len(speed[-4:])):.3f}x")
for col, label in enumerate(("environment steps", "wall time (min)")):
    axes[0][col].set_ylabel("mean episode reward (log4 speedup)")
    axes[1][col].set_ylabel("geomean sampled final speedup")
    axes[1][col].set_xlabel(label)
    axes[0][col].legend(fontsize=8)
fig.suptitle("PPO from the shipped policy on g8m: measured-only vs mixed rewards (faint: per iteration)")
fig.tight_layout()
fig.savefig(sys.argv[3], dpi=90)
