"""A cost model's within-program Spearman on the test programs of a `polyrl pretrain`
checkpoint (its split and its graph cache): the shipped model and a new one compared on
the same held-out programs and labels.

    python costmodel_on_split.py SPLIT_CHECKPOINT STORE MODEL [MODEL ...] [--machine KEY]
"""
import argparse
import sys

import numpy as np
import torch
from torch_geometric.data import Data

from polyrl.model.costmodel import (_split_of, graph_cache_path, load_costmodel, ndcg_at_1, predict_seconds,
                                    read_store, spearman, spearman_within)

ap = argparse.ArgumentParser()
ap.add_argument("split")
ap.add_argument("store")
ap.add_argument("models", nargs="+")
ap.add_argument("--machine")
args = ap.parse_args()
samples, machine = read_store(args.store, args.machine)
graphs = torch.load(graph_cache_path(args.split), weights_only=False)["graphs"]
for part in ("val", "test"):
    programs = set(_split_of(args.split)[part])
    rows = [s for s in samples if s.program in programs and (s.program, s.schedule) in graphs]
    seconds = np.array([s.seconds for s in rows])
    names = [s.program for s in rows]
    gs = [Data(x=g.x, edge_index=g.edge_index, edge_attr=g.edge_attr)
          for g in (graphs[(s.program, s.schedule)] for s in rows)]
    for path in args.models:
        model, target = load_costmodel(path)
        pred = predict_seconds(model, target, gs)
        print(f"{part:4s} {path}: {len(programs)} programs, {len(rows)} labels on {machine}: within-program Spearman "
              f"{spearman_within(pred, seconds, names):.3f}, all pairs {spearman(pred, seconds):.3f}, "
              f"nDCG@1 {ndcg_at_1(pred, seconds, names):.3f}")
sys.exit(0)
