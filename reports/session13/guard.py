"""Cost-model guard experiment (issue 7): take the shipped policy's greedy schedule per
held-out program and let the shipped cost model pick among derived candidates:
  prefix: the greedy schedule's prefixes (the identity included)
  noP:    the greedy schedule, and it without its P actions
  drop1:  the greedy schedule and each one-action-removed variant, plus the identity
  idguard-M: the identity when the model predicts the greedy schedule slower than it by more than M
Writes rows in heldout.py's format (id, policy, schedule) and the schedules to measure.
python guard.py CORPUS OUT.txt"""
import json, sys
from pathlib import Path
import numpy as np
from polyrl.api import load
from polyrl.search.policy import Policy
from polyrl.model.costmodel import load_costmodel, predict_seconds
from polyrl.model.features import program_graph
from polyrl.errors import PolyrlError
import polyrl.model as pm

corpus, out = sys.argv[1], sys.argv[2]
man = [json.loads(l) for l in open(Path(corpus) / "manifest.jsonl")]
keep = [e for e in man if 10 <= e["estimate_ms"] <= 300][:60]
pol = Policy.load()
cm, target = load_costmodel(Path(pm.__file__).parent / "weights" / "costmodel.pt")
rows = []
for e in keep:
    lp = load(Path(corpus) / e["file"])
    inf = pol.greedy(lp)
    acts = list(inf.schedule.actions)
    text = lambda a: " ".join(str(x) for x in a)
    cands = {}
    for k in range(len(acts) + 1):
        cands.setdefault(text(acts[:k]), "prefix")
    for k in range(len(acts)):
        cands.setdefault(text(acts[:k] + acts[k + 1:]), "drop1")
    noP = [a for a in acts if a.kind != "P"]
    cands.setdefault(text(noP), "noP")
    scop = lp.scop
    graphs, names = [], []
    for s in cands:
        try:
            nest = lp.apply(s).nest if s else lp.model.original
            g = program_graph(scop, nest)
        except PolyrlError:
            continue
        del g.nodes
        graphs.append(g); names.append(s)
    pred = dict(zip(names, predict_seconds(cm, target, graphs)))
    full = text(acts)
    rows.append({"id": e["id"], "policy": "p4", "schedule": full})
    pre = [text(acts[:k]) for k in range(len(acts) + 1) if text(acts[:k]) in pred]
    rows.append({"id": e["id"], "policy": "prefix", "schedule": min(pre, key=pred.get)})
    nop = [s for s in (full, text(noP)) if s in pred]
    rows.append({"id": e["id"], "policy": "noP", "schedule": min(nop, key=pred.get)})
    rows.append({"id": e["id"], "policy": "drop1", "schedule": min(pred, key=pred.get)})
    for m in (0.0, 0.1, 0.3):
        bad = full in pred and pred[full] > pred[""] * (1 + m)
        rows.append({"id": e["id"], "policy": f"idguard-{m}", "schedule": "" if bad else full})
    print(e["id"], f"{full!r}", " ".join(f"{r['policy']}={pred.get(r['schedule'], 0) / pred[''] :.2f}" for r in rows[-7:]), flush=True)
json.dump(rows, open(out + ".json", "w"))
with open(out, "w") as f:
    for r in sorted({(r["id"], r["schedule"]) for r in rows}):
        if r[1]:
            f.write(f"{r[0]}: {r[1]}\n")
print(len(keep), "programs", len({(r['id'], r['schedule']) for r in rows if r['schedule']}), "distinct schedules")
