"""Issue 6: how the shipped cost model (C) ranks the schedules of each test program, counted over
pairs of schedules whose measured times are more than X apart (X = 0, 5%, 10%, 20%, 50%): the share
of such pairs it orders correctly, and the mean within-program Spearman (plain)."""
import collections, math
import numpy as np, torch
from polyrl.model.costmodel import read_store, load_costmodel, read_checkpoint, predict_seconds, spearman
cache = torch.load("cm6/C.graphs.pt", weights_only=False)["graphs"]
samples, _ = read_store("cm6/g8m.sqlite")
split = read_checkpoint("cm6/C.pt")["split"]
m, t = load_costmodel("cm6/C.pt")
for part in ("val", "test"):
    keep = set(split[part])
    ss = [s for s in samples if s.program in keep and (s.program, s.schedule) in cache]
    pred = predict_seconds(m, t, [cache[(s.program, s.schedule)] for s in ss])
    by = collections.defaultdict(list)
    for s, p in zip(ss, pred, strict=True):
        by[s.program].append((s.seconds, p))
    rs = [spearman(np.array([x[1] for x in v]), np.array([x[0] for x in v])) for v in by.values() if len(v) > 2]
    print(f"{part}: {len(by)} programs, {len(ss)} schedules, mean within-program Spearman {np.nanmean(rs):.3f}")
    for gap in (0.0, 0.05, 0.1, 0.2, 0.5):
        ok = n = 0
        for v in by.values():
            for i in range(len(v)):
                for j in range(len(v)):
                    if v[i][0] > (1 + gap) * v[j][0] and v[i][0] > v[j][0]:
                        n += 1
                        ok += v[i][1] > v[j][1]
        print(f"   pairs more than {gap:4.0%} apart: {n:6d}, ordered right {ok / max(n, 1):.3f}")
