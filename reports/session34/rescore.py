"""Session 34: more cost models' predictions on fallback.py's rows, without running the policy
again: for every row that ends with a form, each model's predicted original/form time ratio
(> 1: the form predicted faster) is added under the model's file name. The form's nest is
made again from its schedule text, as `polyrl measure` makes it. The graphs are kept in
OUT.graphs.pt, so that a later model is scored without building them again.

    python rescore.py CORPUS ROWS.json OUT.json MODEL.pt [MODEL.pt ...]
"""
import json
import sys
from pathlib import Path

import torch

from polyrl.api import load
from polyrl.model.features import program_graph
from polyrl.search.policy import CostCheck

corpus, rows_path, out = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
models = {Path(m).name: CostCheck(m) for m in sys.argv[4:]}
rows = json.loads(rows_path.read_text())
cache_path = out.with_name(out.name + ".graphs.pt")
cache = torch.load(cache_path, weights_only=False) if cache_path.is_file() else {}
for r in rows:
    if not r["whole"]:
        continue
    key = (r["id"], r["schedule"])
    if key not in cache:
        prog = load(corpus / f"{r['id']}.c")
        cache[key] = [program_graph(prog.scop, prog.apply(r["schedule"]).nest), program_graph(prog.scop)]
    for name, cost in models.items():
        form_t, orig_t = cost.predict(cache[key])
        r["ratio"][name] = float(orig_t / form_t)
torch.save(cache, cache_path)
out.write_text(json.dumps(rows, indent=0))
print(f"{sum(r['whole'] for r in rows)} forms rescored with {', '.join(models)} -> {out}")
