"""Session 28: the shipped policy's one-shot schedules (`polyrl optimize`'s: the greedy
episode, the cost check, and with --pick the cost model's pick among the macro schedules)
for the programs of an earlier json (greedy_set.py's), written the same way:
`python oneshot_set.py CORPUS IDS.json OUT [--pick PATH]` writes OUT.json and OUT.txt."""
import argparse
import json
from pathlib import Path

from polyrl.api import load
from polyrl.search.policy import Policy

ap = argparse.ArgumentParser()
ap.add_argument("corpus")
ap.add_argument("ids")
ap.add_argument("out")
ap.add_argument("--pick", default=None, help="the picking cost model (default: none)")
args = ap.parse_args()
policy = Policy.load(check=True, pick=args.pick or False)
rows = []
for entry in json.loads(Path(args.ids).read_text()):
    inf = policy.greedy(load(Path(args.corpus) / f"{entry['id']}.c"))
    rows.append({"id": entry["id"], "schedule": inf.text, "seconds": inf.seconds, "macro": inf.macro,
                 "proposed": str(inf.proposed) if inf.proposed is not None else None, "whole": inf.whole})
Path(args.out + ".json").write_text(json.dumps(rows, indent=0))
Path(args.out + ".txt").write_text("".join(f"{r['id']}: {r['schedule']}\n" for r in rows if r["schedule"]))
print(f"{len(rows)} programs -> {args.out}.txt; {sum(bool(r['macro']) for r in rows)} macro picks")
