"""Session 27: the shipped policy's greedy schedules (with its check, as `polyrl optimize`)
on a generated corpus, written for polyrl measure and compared with an earlier
form_variant.py / heldout.py file: `python greedy_set.py CORPUS OUT [--count N] [--max-mib M]`
writes OUT.json ([{id, schedule, seconds}]) and OUT.txt."""
import argparse
import json
from pathlib import Path

from common import chosen

from polyrl.api import load
from polyrl.search.policy import Policy

ap = argparse.ArgumentParser()
ap.add_argument("corpus")
ap.add_argument("out")
ap.add_argument("--count", type=int, default=60)
ap.add_argument("--max-mib", type=float, default=0)
ap.add_argument("--no-form-choice", action="store_true",
                help="the Pluto form as isl's schedule makes it, without session 27's choice of the source loops")
args = ap.parse_args()
if args.no_form_choice:
    Policy._form_choice = lambda self, lp, form: form
policy = Policy.load(check=True)
rows = []
for entry in chosen(args.corpus, args.count, args.max_mib):
    inf = policy.greedy(load(Path(args.corpus) / entry["file"]))
    rows.append({"id": entry["id"], "schedule": inf.text, "seconds": inf.seconds,
                 "proposed": str(inf.proposed) if inf.proposed is not None else None, "whole": inf.whole})
Path(args.out + ".json").write_text(json.dumps(rows, indent=0))
Path(args.out + ".txt").write_text("".join(f"{r['id']}: {r['schedule']}\n" for r in rows if r["schedule"]))
print(f"{len(rows)} programs -> {args.out}.txt")
