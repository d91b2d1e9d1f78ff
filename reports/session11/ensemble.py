import sys, numpy as np, torch
from polyrl.model.costmodel import read_store, load_costmodel, read_checkpoint, predict_seconds, spearman_within, ndcg_at_1
runs = sys.argv[2:]
cache = torch.load(sys.argv[1], weights_only=False)["graphs"]
samples, machine = read_store("/work/data/cm6/g8m.sqlite")
ck = read_checkpoint(f"/work/data/cm6/{runs[0]}.pt")
split = ck["split"]
for part in ("val", "test"):
    keep = set(split[part])
    ss = [s for s in samples if s.program in keep and (s.program, s.schedule) in cache]
    graphs = [cache[(s.program, s.schedule)] for s in ss]
    secs = np.array([s.seconds for s in ss]); progs = [s.program for s in ss]
    logs = []
    for r in runs:
        m, t = load_costmodel(f"/work/data/cm6/{r}.pt")
        p = np.log(predict_seconds(m, t, graphs)); logs.append(p)
        print(part, r, round(spearman_within(np.exp(p), secs, progs), 3), flush=True)
    e = np.mean(logs, axis=0)
    print(part, "ensemble", round(spearman_within(np.exp(e), secs, progs), 3), round(ndcg_at_1(np.exp(e), secs, progs), 3))
