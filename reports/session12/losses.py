"""The held-out programs where one policy's schedule is below 0.95x (or above 1.5x), with the schedule."""
import json, sys
from pathlib import Path
from polyrl.model.costmodel import index_corpus, read_manifest, read_store
corpus, out, store, pol = sys.argv[1:5]
samples, _ = read_store(store)
idx = index_corpus(read_manifest(corpus), {}, 1, lambda s: None)
h2id = {h: e.id for h, e in idx.items()}
t = {(h2id.get(s.program), s.schedule): s.seconds for s in samples}
for r in json.load(open(out + ".json")):
    if r["policy"] != pol or not r["schedule"]:
        continue
    base, mine = t.get((r["id"], "")), t.get((r["id"], r["schedule"]))
    if base and mine and (base / mine < 0.95 or len(sys.argv) > 5):
        print(f"{r['id']}  {base*1e3:8.2f} ms  {base/mine:5.2f}x  {r['schedule']}")
