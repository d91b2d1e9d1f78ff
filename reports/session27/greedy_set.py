"""Session 27: the shipped policy's greedy schedules (with its check, as `polyrl optimize`)
on a generated corpus, written for polyrl measure and compared with an earlier
form_variant.py / heldout.py file: `python greedy_set.py CORPUS OUT [--count N] [--max-mib M]`
writes OUT.json ([{id, schedule, seconds}]) and OUT.txt."""
import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from heldout import chosen_programs  # noqa: E402

from polyrl.api import load  # noqa: E402
from polyrl.search.policy import Policy  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("corpus")
ap.add_argument("out")
ap.add_argument("--count", type=int, default=60)
ap.add_argument("--max-mib", type=float, default=0)
ap.add_argument("--no-form-choice", action="store_true",
                help="the Pluto form as isl's schedule makes it, without session 27's choice of the source loops")
ap.add_argument("--no-time-tiles-check", action="store_true",
                help="forms that tile time as they are, without session 27's check against the greedy without F "
                "(that check was reverted: the option does nothing on the shipped code)")
args = ap.parse_args()
if args.no_time_tiles_check:
    Policy._time_tiles_check = lambda self, lp, form, other=None: (form, 0.0)
if args.no_form_choice:
    Policy._form_choice = lambda self, lp, form: form
if args.max_mib:
    entries = [json.loads(x) for x in (Path(args.corpus) / "manifest.jsonl").read_text().splitlines() if x]
    chosen = [e for e in entries if e["memory_bytes"] <= args.max_mib * 2**20 and e["estimate_ms"] >= 2][:args.count]
else:
    chosen = chosen_programs(args.corpus, args.count)
policy = Policy.load(check=True)
rows = []
for entry in chosen:
    inf = policy.greedy(load(Path(args.corpus) / entry["file"]))
    rows.append({"id": entry["id"], "schedule": inf.text, "seconds": inf.seconds,
                 "proposed": str(inf.proposed) if inf.proposed is not None else None, "whole": inf.whole})
Path(args.out + ".json").write_text(json.dumps(rows, indent=0))
Path(args.out + ".txt").write_text("".join(f"{r['id']}: {r['schedule']}\n" for r in rows if r["schedule"]))
print(f"{len(rows)} programs -> {args.out}.txt")
