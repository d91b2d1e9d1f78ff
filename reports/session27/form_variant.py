"""Session 27: the shipped policy's greedy schedules (with its check) and Pluto forms on a
generated corpus under a variant of the form's profile, against the shipped profile:
`python form_variant.py CORPUS OUT [--count N] [--max-mib M] [--field NAME=VALUE ...]`.
Writes OUT.json (per program: shipped and variant greedy schedule and form) and OUT.txt
(the schedules that differ, for polyrl measure)."""
import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from heldout import chosen_programs  # noqa: E402

import polyrl.rl.actions as actions  # noqa: E402
from polyrl.api import load  # noqa: E402
from polyrl.rl.state import LoadedProgram  # noqa: E402
from polyrl.search.policy import Policy, _the_form  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("corpus")
ap.add_argument("out")
ap.add_argument("--count", type=int, default=60)
ap.add_argument("--max-mib", type=float, default=0)
ap.add_argument("--field", action="append", default=[])
args = ap.parse_args()
if args.max_mib:
    entries = [json.loads(x) for x in (Path(args.corpus) / "manifest.jsonl").read_text().splitlines() if x]
    chosen = [e for e in entries if e["memory_bytes"] <= args.max_mib * 2**20 and e["estimate_ms"] >= 2][:args.count]
else:
    chosen = chosen_programs(args.corpus, args.count)
shipped = actions.PROFILES
index = next(k for k, p in enumerate(shipped) if p.name == "affine-tile")
changes = {k: eval(v) for k, v in (f.split("=", 1) for f in args.field)}
variant = tuple(replace(p, **changes) if k == index else p for k, p in enumerate(shipped))
rows, lines = [], set()
for entry in chosen:
    row = {"id": entry["id"]}
    for name, profiles in (("shipped", shipped), ("variant", variant)):
        actions.PROFILES = profiles
        policy = Policy.load(check=True)  # fresh memo: the form is planned again
        lp = LoadedProgram.of(load(Path(args.corpus) / entry["file"]))
        row[name] = policy.greedy(lp).text
        row[name + "_form"] = policy.episode(lp, _the_form).text
    actions.PROFILES = shipped
    rows.append(row)
    for k in ("shipped", "variant", "shipped_form", "variant_form"):
        if row[k]:
            lines.add(f"{entry['id']}: {row[k]}")
    flag = "changed" if row["shipped"] != row["variant"] or row["shipped_form"] != row["variant_form"] else ""
    print(entry["id"], flag, flush=True)
Path(args.out + ".json").write_text(json.dumps(rows, indent=0))
Path(args.out + ".txt").write_text("".join(sorted(x + "\n" for x in lines)))
print(f"{len(rows)} programs; greedy changed on {sum(r['shipped'] != r['variant'] for r in rows)}, form on "
      f"{sum(r['shipped_form'] != r['variant_form'] for r in rows)}")
