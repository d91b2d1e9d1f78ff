"""Per-program speedups of guard.py's variants where they differ from p4, and p4's losses.
python perprog.py CORPUS ROWS.json STORE"""
import json, sys
from polyrl.model.costmodel import index_corpus, read_manifest, read_store
samples, _ = read_store(sys.argv[3])
idx = index_corpus(read_manifest(sys.argv[1]), {}, 1, lambda s: None)
h2id = {h: e.id for h, e in idx.items()}
t = {(h2id.get(s.program), s.schedule): s.seconds for s in samples}
by = {}
for r in json.load(open(sys.argv[2])):
    by.setdefault(r["id"], {})[r["policy"]] = r["schedule"]
for pid, d in by.items():
    sp = {k: t[(pid, "")] / t[(pid, v)] for k, v in d.items() if (pid, v) in t}
    if any(v != d["p4"] for v in d.values()) or sp.get("p4", 1) < 0.95:
        print(pid, " ".join(f"{k}={sp.get(k, float('nan')):.2f}[{d[k]}]" if d[k] != d["p4"] or k == "p4" else f"{k}=same" for k in d))
