import numpy as np, torch, hashlib, collections
from polyrl.model.costmodel import read_store
cache = torch.load("cm6/C.graphs.pt", weights_only=False)["graphs"]
samples, _ = read_store("cm6/g8m.sqlite")
by = collections.defaultdict(list)
for s in samples:
    g = cache.get((s.program, s.schedule))
    if g is None: continue
    h = hashlib.md5(g.x.numpy().tobytes() + g.edge_index.numpy().tobytes()).hexdigest()
    by[(s.program, h)].append((s.schedule, s.seconds))
coll = [v for v in by.values() if len(v) > 1]
print("groups", len(by), "colliding groups", len(coll), "samples in them", sum(len(v) for v in coll))
ratios = [max(t for _, t in v) / min(t for _, t in v) for v in coll]
print("time ratio within colliding groups: median", np.median(ratios) if ratios else None, "max", max(ratios) if ratios else None)
for v in sorted(coll, key=lambda v: -max(t for _, t in v) / min(t for _, t in v))[:8]:
    print([(s, round(t, 4)) for s, t in v])
