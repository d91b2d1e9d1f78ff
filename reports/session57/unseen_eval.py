"""Session 57: the Zen 5 forms models on programs none of the older ones saw: F57's test split restricted to the
programs of the shards named (labelled after F56 was trained), grouped by shard, within-program Spearman and nDCG@1
of each model given (exported or pretrain checkpoints), on the graphs train57.sh built. Nothing is timed.
  .venv/bin/python reports/session57/unseen_eval.py /work/runs/s57 s56-g231 s57-g233 s57-g235 s57-g237"""
import sys
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import torch

from polyrl.measure.labels import default_labels_dir
from polyrl.model.costmodel import graph_cache_path, load_costmodel, predict_seconds, read_checkpoint, read_store
from polyrl.model.metrics import ndcg_at_1, spearman_within

runs, shards = Path(sys.argv[1]), sys.argv[2:]
W = Path("polyrl/model/weights")
models = {"F52 forms": W / "costmodel-forms-amd.pt", "F52 tuned": W / "costmodel-forms-tuned-amd.pt",
          "F56 forms": W / "costmodel-forms-amd-zen5.pt", "F56 tuned": W / "costmodel-forms-tuned-amd-zen5.pt",
          "F57 forms": runs / "F57-forms-export.pt", "F57 tuned": runs / "F57-tuned-export.pt"}
test = set(read_checkpoint(runs / "F57-tuned.pt")["split"]["test"])
samples, _ = read_store(runs / "new57.sqlite", "AMD EPYC")
graphs = torch.load(graph_cache_path(runs / "F57-tuned.pt"), weights_only=False)["graphs"]
loaded = {name: load_costmodel(path) for name, path in models.items()}
for shard in shards:
    [path] = default_labels_dir().glob(f"{shard}-*.parquet")
    programs = set(pq.read_table(path, columns=["program"]).column("program").to_pylist()) & test
    mine = [s for s in samples if s.program in programs and (s.program, s.schedule) in graphs]
    times = np.array([s.seconds for s in mine])
    pids = [s.program for s in mine]
    gs = [graphs[(s.program, s.schedule)] for s in mine]
    preds = {name: predict_seconds(model, target, gs) for name, (model, target) in loaded.items()}
    for kind in ("forms", "tuned"):  # the blends the pick asks (the geometric mean of the predicted times)
        for new in ("F56", "F57"):
            preds[f"F52+{new} {kind}"] = np.sqrt(preds[f"F52 {kind}"] * preds[f"{new} {kind}"])
    row = [f"{name} {spearman_within(p, times, pids):.3f}/{ndcg_at_1(p, times, pids):.3f}" for name, p in preds.items()]
    print(f"{shard:10s} {len(programs):3d} test programs, {len(mine):4d} labels: " + "  ".join(row), flush=True)
print("(within-program Spearman / nDCG@1)")
