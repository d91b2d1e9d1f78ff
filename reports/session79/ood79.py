"""Session 79: how far the PolyBench kernels' program graphs lie outside the graphs the models were taught.
Per node-feature column, the range over the training graphs of cached Zen 1 fine-tunes (generated programs only);
then, per PolyBench kernel (original loops), the columns whose values fall outside it, in units of the column's
training standard deviation. Nothing is timed.
  .venv/bin/python reports/session79/ood79.py MEDIUM /work/runs/s77/Z77-forms.graphs.pt /work/runs/s78/Z79-forms.graphs.pt"""
import sys

import torch

import polyrl.bench.suite as su
from polyrl.model.features import BLOCK, program_graph

size, caches = sys.argv[1], sys.argv[2:]
xs = []
for path in caches:
    saved = torch.load(path, weights_only=False)
    xs += [g.x for g in saved["graphs"].values()]
x = torch.cat(xs)
lo, hi, std = x.min(0).values, x.max(0).values, x.std(0).clamp_min(1e-3)
print(f"{len(xs)} training graphs, {x.size(0)} nodes")
torch.save({"lo": lo, "hi": hi, "std": std}, "/work/runs/s79/ranges.pt")
names = {}
for block, sl in BLOCK.items():
    for k in range(sl.start, sl.stop):
        names[k] = f"{block}[{k - sl.start}]"
for k in su.discover(su.datasets_root() / "polybench"):
    try:
        g = program_graph(k.load(size).scop)
    except Exception as e:  # noqa: BLE001
        print(k.name, "no graph:", e)
        continue
    over = ((g.x - hi) / std).clamp_min(0)
    under = ((lo - g.x) / std).clamp_min(0)
    beyond = torch.maximum(over, under)
    cols = (beyond > 0).any(0).nonzero().flatten().tolist()
    worst = sorted(cols, key=lambda c: -beyond[:, c].max().item())[:4]
    print(f"{k.name:16s} {len(cols):3d} columns out, worst: "
          + ", ".join(f"{names[c]} {beyond[:, c].max().item():.1f}sd" for c in worst))
