import numpy as np, torch, collections
from polyrl.model.costmodel import read_store, load_costmodel, read_checkpoint, predict_seconds, spearman
cache = torch.load("cm6/C.graphs.pt", weights_only=False)["graphs"]
samples, _ = read_store("cm6/g8m.sqlite")
split = read_checkpoint("cm6/C.pt")["split"]
m, t = load_costmodel("cm6/C.pt")
keep = set(split["val"])
ss = [s for s in samples if s.program in keep and (s.program, s.schedule) in cache]
pred = predict_seconds(m, t, [cache[(s.program, s.schedule)] for s in ss])
by = collections.defaultdict(list)
for s, p in zip(ss, pred): by[s.program].append((s.schedule, s.seconds, p))
# misordered pairs with >20% difference, by kind of schedule difference
bad = collections.Counter(); tot = collections.Counter()
def kinds(sc): return frozenset(tok.split(":")[1][0] + ("2" if tok.split(":")[1].startswith("T2") else "") for tok in sc.split()) if sc else frozenset()
worst = []
for p, v in by.items():
    r = spearman(np.array([x[2] for x in v]), np.array([x[1] for x in v]))
    worst.append((r, p))
    for i in range(len(v)):
        for j in range(len(v)):
            if v[i][1] > 1.2 * v[j][1]:
                d = tuple(sorted(kinds(v[i][0]) ^ kinds(v[j][0])))
                tot[d] += 1
                if v[i][2] < v[j][2]: bad[d] += 1
print("misordered / total pairs (>20% apart) by symmetric difference of action kinds:")
for d, n in tot.most_common(25): print(f"  {str(d):30s} {bad[d]:4d}/{n:4d}  {bad[d]/n:.2f}")
worst.sort()
for r, p in worst[:4]:
    print(p, round(r, 2))
    for sc, sec, pr in sorted(by[p], key=lambda x: x[1]): print(f"   {sec*1000:8.2f} ms  pred {pr*1000:8.2f}  {sc}")
