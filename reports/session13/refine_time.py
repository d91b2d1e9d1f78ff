"""Time of the drop-one refinement per program (candidates' legality + graphs + one forward),
and the drop-one choice with a margin, from measured times. python refine_time.py CORPUS STORE"""
import json, sys, time, math
from pathlib import Path
import numpy as np
from polyrl.api import load
from polyrl.search.policy import Policy
from polyrl.model.costmodel import load_costmodel, predict_seconds, index_corpus, read_manifest, read_store
from polyrl.model.features import program_graph
from polyrl.errors import PolyrlError
import polyrl.model as pm
corpus = sys.argv[1]
man = [json.loads(l) for l in open(Path(corpus) / "manifest.jsonl")]
keep = [e for e in man if 10 <= e["estimate_ms"] <= 300][:60]
pol = Policy.load()
cm, target = load_costmodel(Path(pm.__file__).parent / "weights" / "costmodel.pt")
samples, _ = read_store(sys.argv[2])
idx = index_corpus(read_manifest(corpus), {}, 1, lambda s: None)
h2id = {h: e.id for h, e in idx.items()}
t = {(h2id.get(s.program), s.schedule): s.seconds for s in samples}
times, res = [], {m: [] for m in (0, 0.05, 0.1, 0.2)}
for e in keep:
    lp = load(Path(corpus) / e["file"])
    inf = pol.greedy(lp)
    t0 = time.perf_counter()
    acts = list(inf.schedule.actions)
    text = lambda a: " ".join(str(x) for x in a)
    cands = [text(acts)] + [text(acts[:k] + acts[k + 1:]) for k in range(len(acts))] + [""]
    cands = list(dict.fromkeys(cands))
    graphs, names = [], []
    for s in cands:
        try:
            nest = lp.apply(s).nest if s else lp.model.original
        except PolyrlError:
            continue
        g = program_graph(lp.scop, nest); del g.nodes
        graphs.append(g); names.append(s)
    pred = dict(zip(names, predict_seconds(cm, target, graphs)))
    times.append(time.perf_counter() - t0)
    full = text(acts)
    best = min(pred, key=pred.get)
    for m in res:
        pick = best if pred[best] < pred[full] / (1 + m) else full
        if (e["id"], pick) in t and (e["id"], "") in t:
            res[m].append(t[(e["id"], "")] / t[(e["id"], pick)])
print(corpus, "refine time median %.1f ms max %.1f ms" % (1000 * np.median(times), 1000 * max(times)))
for m, v in res.items():
    print(f"  margin {m}: {len(v)} programs geomean {math.exp(np.mean(np.log(v))):.3f} below0.95 {sum(x < 0.95 for x in v)}")
