"""Session 27: would the shipped cost model pick between form_variant.py's two greedy
schedules well? `python variant_cm.py CORPUS OUT STORE`: per program whose greedy schedule
changed, the predicted and the measured ratio, and the geometric mean of the cost model's
pick against the shipped schedule's."""
import json
import sys
from pathlib import Path

from common import Measured, geomean as g

from polyrl.api import load
from polyrl.poly.legality import apply_schedule
from polyrl.poly.schedule import Schedule
from polyrl.rl.state import LoadedProgram
from polyrl.search.policy import Policy

corpus, out, store = sys.argv[1:4]
sec = Measured(corpus, store).seconds
rows = json.load(open(out + ".json"))
policy = Policy.load(check=True)
files = {json.loads(x)["id"]: json.loads(x)["file"] for x in (Path(corpus) / "manifest.jsonl").read_text().splitlines() if x}
picked, shipped = [], []
for r in rows:
    if r["shipped"] == r["variant"]:
        continue
    base = sec.get((r["id"], ""))
    ta, tb = sec.get((r["id"], r["shipped"])), sec.get((r["id"], r["variant"]))
    if not (base and ta and tb):
        continue
    lp = LoadedProgram.of(load(Path(corpus) / files[r["id"]]))
    graphs = [policy.graphs.graph(lp, s, apply_schedule(lp.program.model, Schedule.parse(s))) for s in (r["shipped"], r["variant"])]
    pa, pb = policy.check.predict(graphs)
    pick = tb if pb < pa else ta
    picked.append(base / pick)
    shipped.append(base / ta)
    print(f"{r['id']} measured variant/shipped speed {ta / tb:.2f}  predicted {pa / pb:.2f}")
print(f"{len(picked)} changed: shipped {g(shipped):.3f}x, the cost model's pick {g(picked):.3f}x")
