"""Held-out check of policies and logit ensembles of them (session 12). Like heldout.py, but
a policy argument may be `A.pt+B.pt+...`: the mean of the members' log-softmax at each step
(what `polyrl ensemble` writes into one checkpoint; the runs of the twelfth session passed
those checkpoints, loaded by polyrl itself).
python ens_heldout.py CORPUS OUT.txt POLICY... | python ens_heldout.py CORPUS OUT.txt --report STORE [A B]"""
import json, sys
from pathlib import Path
import torch
corpus, out = sys.argv[1], sys.argv[2]
man = [json.loads(l) for l in open(Path(corpus) / "manifest.jsonl")]
keep = [e for e in man if 10 <= e["estimate_ms"] <= 300][:60]
if sys.argv[3] == "--report":
    import runpy
    sys.argv = [sys.argv[0]] + sys.argv[1:]
    # the eleventh session's report (reports/session11/heldout.py; cm7/ in the data folder where it ran)
    here = Path(__file__).resolve().parent
    script = next(p for p in (here.parent / "session11" / "heldout.py", here.parent / "cm7" / "heldout.py") if p.exists())
    runpy.run_path(str(script), run_name="__main__")
    sys.exit()
from polyrl.search.policy import Policy
from polyrl.model.backbone import apply_layers
from polyrl.rl.actions import NEXT, applicable_mask, last_on_branch, loop_extents
from polyrl.api import load


class Ensemble(Policy):
    def __init__(self, members):
        self.members = members
        super().__init__(members[0].model, members[0].max_steps)

    def _outputs(self, lp, memo, schedule, nest, path, branch):
        text = str(schedule)
        got = memo.logits.get((text, branch))
        if got is None:
            obs = self.graphs.observation(lp, text, nest, path)
            ls = [torch.log_softmax(apply_layers(m.model.policy, m.model.backbone(obs.x, obs.edge_index, None, obs.edge_attr)).reshape(-1), -1)
                  for m in self.members]
            applicable = applicable_mask(nest, path, loop_extents(lp.program.scop, nest, path), last_on_branch(schedule.actions, branch))
            applicable[NEXT] = True
            got = memo.logits[(text, branch)] = (torch.stack(ls).mean(0), applicable)
        return got


def make(name):
    parts = name.split("+")
    return Policy.load(parts[0]) if len(parts) == 1 else Ensemble([Policy.load(p) for p in parts])


pols = {p: make(p) for p in sys.argv[3:]}
rows = []
for e in keep:
    prog = load(Path(corpus) / e["file"])
    for name, pol in pols.items():
        inf = pol.greedy(prog)
        rows.append({"id": e["id"], "policy": name, "schedule": inf.text, "ms": 1e3 * inf.seconds})
json.dump(rows, open(out + ".json", "w"))
with open(out, "w") as f:
    for r in sorted({(r["id"], r["schedule"]) for r in rows}):
        if r[1]:
            f.write(f"{r[0]}: {r[1]}\n")
print(len(keep), "programs", len(rows), "schedules", len({(r['id'], r['schedule']) for r in rows}), "distinct")
