"""Where the cost check changes the policy's schedule on a held-out set: its predicted gain and
the measured speedups of both schedules (from the store of guard.py's run).
python gains.py CORPUS STORE"""
import json, sys
from pathlib import Path
from polyrl.api import load
from polyrl.search.policy import Policy
from polyrl.model.costmodel import index_corpus, read_manifest, read_store
corpus = sys.argv[1]
man = [json.loads(l) for l in open(Path(corpus) / "manifest.jsonl")]
keep = [e for e in man if 10 <= e["estimate_ms"] <= 300][:60]
samples, _ = read_store(sys.argv[2])
ids = {h: e.id for h, e in index_corpus(read_manifest(corpus), {}, 1, lambda s: None).items()}
t = {(ids.get(s.program), s.schedule): s.seconds for s in samples}
pol = Policy.load(check=True)
for e in keep:
    i = pol.greedy(load(Path(corpus) / e["file"]))
    if i.proposed is None:
        continue
    base = t.get((e["id"], ""))
    a, b = t.get((e["id"], str(i.proposed))), t.get((e["id"], i.text))
    sp = lambda x: f"{base / x:.2f}x" if base and x else "n/m"
    print(f"{corpus} {e['id']} predicted {i.predicted_gain:.3f}  policy {sp(a)} `{i.proposed}` -> checked {sp(b)} `{i.text or 'none'}`")
