"""Held-out check of candidate policies on generated programs none of them trained on: write
each policy's greedy schedule per program (`prog: SCHEDULE` lines for polyrl measure), or,
with --report STORE, the geometric-mean speedup of each policy's schedules from the store.
python heldout.py CORPUS OUT.txt POLICY... | python heldout.py CORPUS OUT.txt --report STORE"""
import json, math, sys, sqlite3
from pathlib import Path
corpus, out = sys.argv[1], sys.argv[2]
man = [json.loads(l) for l in open(Path(corpus) / "manifest.jsonl")]
keep = [e for e in man if 10 <= e["estimate_ms"] <= 300][:60]
if sys.argv[3] != "--report":
    from polyrl.search.policy import Policy
    from polyrl.api import load
    pols = {p: Policy.load(p) for p in sys.argv[3:]}
    rows = []
    for e in keep:
        prog = load(Path(corpus) / e["file"])
        for name, pol in pols.items():
            rows.append({"id": e["id"], "policy": name, "schedule": pol.greedy(prog).text})
    json.dump(rows, open(out + ".json", "w"))
    with open(out, "w") as f:
        for r in {(r["id"], r["schedule"]) for r in rows}:
            if r[1]:
                f.write(f"{r[0]}: {r[1]}\n")
    print(len(keep), "programs", len(rows), "schedules")
else:
    from polyrl.model.costmodel import index_corpus, read_manifest, read_store
    samples, _ = read_store(sys.argv[4])
    # store rows are keyed by program hash: map through the corpus
    idx = index_corpus(read_manifest(corpus), {}, 1, lambda s: None)
    h2id = {h: e.id for h, e in idx.items()}
    t = {(h2id.get(s.program), s.schedule): s.seconds for s in samples}
    rows = json.load(open(out + ".json"))
    by = {}
    for r in rows:
        base, mine = t.get((r["id"], "")), t.get((r["id"], r["schedule"]))
        if base and mine:
            by.setdefault(r["policy"], []).append((r["id"], base / mine))
    for name, v in by.items():
        g = math.exp(sum(math.log(x) for _, x in v) / len(v))
        print(f"{Path(name).name:28s} {len(v):3d} programs  geomean {g:.3f}x  below 0.95x: {sum(x < 0.95 for _, x in v)}  none: {sum(1 for r in rows if r['policy'] == name and not r['schedule'])}")
    if len(sys.argv) > 6:  # paired comparison of two policies
        a, b = (dict(by[n]) for n in sys.argv[5:7])
        both = sorted(set(a) & set(b))
        r = [math.log(b[i] / a[i]) for i in both]
        print(f"{Path(sys.argv[6]).name} over {Path(sys.argv[5]).name}: geomean {math.exp(sum(r)/len(r)):.3f}x, wins {sum(x > 0.05 for x in r)}, losses {sum(x < -0.05 for x in r)}, same {sum(abs(x) <= 0.05 for x in r)}; biggest ratios {sorted(round(math.exp(x), 2) for x in r)[:3]} .. {sorted(round(math.exp(x), 2) for x in r)[-3:]}")
