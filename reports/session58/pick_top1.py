"""Session 58: how well each Zen 5 pick model, alone and in the pick's blends, picks the fastest of a program's
measured schedules, on labels none of them saw (shards labelled after F56 was trained). Per program: every
labelled schedule (the original and the macro candidates), the schedule each selector predicts fastest, and its
measured time against the fastest's and the original's. Nothing is timed.

Selectors: each model alone; the pick's two blends (F52 with F56, the geometric mean of the predicted times) alone;
`both`, their mean log (the pick's argmin); `both>=m`: that argmin only where each blend predicts it at least m times
faster than the original (the pick's rule, with the original in place of the checked schedule), else the original.
  .venv/bin/python reports/session58/pick_top1.py /work/runs/s58/unseen s57-g239 s57-g241
  NEW="F58L:F58L-forms-export.pt,F58L-tuned-export.pt" .venv/bin/python reports/session58/pick_top1.py ...  # more models"""
import os
import shutil
import sys
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import torch

from polyrl.measure.labels import default_labels_dir, import_labels
from polyrl.model.costmodel import (
    build_graphs,
    index_corpus,
    load_costmodel,
    predict_seconds,
    read_manifest,
    read_store,
)

work, shards = Path(sys.argv[1]), sys.argv[2:]
W = Path("polyrl/model/weights")
models = {"F52 forms": W / "costmodel-forms-amd.pt", "F52 tuned": W / "costmodel-forms-tuned-amd.pt",
          "F56 forms": W / "costmodel-forms-amd-zen5.pt", "F56 tuned": W / "costmodel-forms-tuned-amd-zen5.pt"}
# further Zen 5 models, each blended with F52 as the shipped F56 is: NEW=NAME:FORMS_PATH,TUNED_PATH[;...]
others = [part.split(":", 1) for part in os.environ.get("NEW", "").split(";") if part]
for name, paths in others:
    models[f"{name} forms"], models[f"{name} tuned"] = (Path(p) for p in paths.split(","))
store, corpus = work / "labels.sqlite", work / "corpus"
if not store.is_file():
    labels = work / "shards"
    labels.mkdir(parents=True, exist_ok=True)
    for shard in shards:
        for path in default_labels_dir().glob(f"{shard}-*.parquet"):
            shutil.copy(path, labels / path.name)
    import_labels(labels, store, corpus)
samples, machine = read_store(store, "AMD EPYC")
entries = index_corpus(read_manifest(corpus), {}, workers=2)
cache = work / "graphs.pt"  # the graphs, kept for another run on the same shards
graphs: dict = torch.load(cache, weights_only=False) if cache.is_file() else {}
print("\n".join(build_graphs(samples, entries, graphs, workers=2)[:5]), flush=True)
torch.save(graphs, cache)
loaded = {name: load_costmodel(path) for name, path in models.items()}
shard_of = {}
for shard in shards:
    [path] = default_labels_dir().glob(f"{shard}-*.parquet")
    for p in set(pq.read_table(path, columns=["program"]).column("program").to_pylist()):
        shard_of[p] = shard
by_program: dict[str, list] = {}
for s in samples:
    if (s.program, s.schedule) in graphs:
        by_program.setdefault(s.program, []).append(s)
programs = [p for p, ss in by_program.items() if len(ss) >= 2 and any(s.schedule == "" for s in ss)]
results: dict[str, dict[str, list[tuple[float, float]]]] = {}
affine_rows: list[tuple[str, float, float, float, float]] = []
for p in programs:
    ss = by_program[p]
    times = np.array([s.seconds for s in ss])
    original = times[[s.schedule for s in ss].index("")]
    pred = {n: predict_seconds(m, t, [graphs[(p, s.schedule)] for s in ss]) for n, (m, t) in loaded.items()}
    blend = {k: np.sqrt(pred[f"F52 {k}"] * pred[f"F56 {k}"]) for k in ("forms", "tuned")}
    picks = {n: int(np.argmin(v)) for n, v in {**pred, **{f"F52+F56 {k}": v for k, v in blend.items()}}.items()}
    both = int(np.argmin(np.log(blend["forms"]) + np.log(blend["tuned"])))
    picks["both"] = both
    for name, _ in others:  # the pick's argmin with NAME in place of F56
        other = [np.log(pred[f"F52 {k}"]) + np.log(pred[f"{name} {k}"]) for k in ("forms", "tuned")]
        picks[f"both F52+{name}"] = int(np.argmin(other[0] + other[1]))
    o = [s.schedule for s in ss].index("")
    for m in (1.0, 1.25):
        gain = min(v[o] / v[both] for v in blend.values())
        picks[f"both>={m}"] = both if gain >= m else o
    picks["oracle"] = int(np.argmin(times))
    # the affine candidates (isl's schedule first: "B0:A(k) ..."), which the two blends most disagree on
    aff = [j for j, s in enumerate(ss) if s.schedule.startswith("B0:A(")]
    if aff:
        a = min(aff, key=lambda j: blend["tuned"][j] * blend["forms"][j])
        affine_rows.append((shard_of.get(p, "?"), times[o] / times[a], times.min() / times[a],
                            blend["forms"][o] / blend["forms"][a], blend["tuned"][o] / blend["tuned"][a]))
    for n, j in picks.items():
        results.setdefault(shard_of.get(p, "?"), {}).setdefault(n, []).append((original / times[j],
                                                                                 times.min() / times[j]))
print(f"machine: {machine}; {len(programs)} programs with the original and another schedule labelled")
for shard, rows in sorted(results.items()):
    n = len(next(iter(rows.values())))
    print(f"== {shard}: {n} programs (geomean speedup over the original / geomean share of the best's time / "
          "programs whose pick is the best)")
    for name, v in rows.items():
        sp, share = np.array(v).T
        print(f"  {name:16s} {np.exp(np.mean(np.log(sp))):6.3f}x  {np.exp(np.mean(np.log(share))):.3f}  "
              f"{int(np.sum(share >= 0.999))}/{n}", flush=True)
# how each blend's predicted gain of the best-predicted affine candidate over the original tracks its measured gain
for shard in sorted({r[0] for r in affine_rows}):
    rows = np.array([r[1:] for r in affine_rows if r[0] == shard])
    lm, lf, lt = np.log(rows[:, 0]), np.log(rows[:, 2]), np.log(rows[:, 3])
    print(f"== {shard}: {len(rows)} programs with an affine candidate: measured gain over the original geomean "
          f"{np.exp(lm.mean()):.3f}x, it is the best on {int(np.sum(rows[:, 1] >= 0.999))}; correlation of log predicted "
          f"with log measured gain: forms blend {np.corrcoef(lf, lm)[0, 1]:.3f}, tuned blend {np.corrcoef(lt, lm)[0, 1]:.3f}; "
          f"sign agreement (gain > 1): forms {np.mean((lf > 0) == (lm > 0)):.2f}, tuned {np.mean((lt > 0) == (lm > 0)):.2f}")
