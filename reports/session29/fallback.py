"""Session 29: the shipped check's fallback to the Pluto form, weighed by cost models.

The shipped policy ends with a whole-program schedule (the Pluto form, F) where it chose
F itself, and where the check left the loops as written (`Policy._check` then takes the form
instead, unconditionally). In neither case is the form weighed against the original. This
script finds those programs in a generated held-out corpus and, for each cost model given,
predicts the form's time and the original's, so that the rule "the form only where the model
predicts it faster" can be scored against measurements:

    python fallback.py CORPUS OUT [--count N] [--max-mib M] [--min-time-steps T] [--models A.pt ...]
                       [--without-form-check]

(`--without-form-check`, added in session 33 when the form check existed: the policy runs
with its check but without the form check, so every form that check would weigh is listed.)

writes OUT.json (every program: id, schedule, whole, form_instead, and for the forms per
model the predicted original/form time ratio) and OUT.txt (`id: SCHEDULE` for the programs
that end with a form: what `polyrl measure --schedules` reads; the originals are measured as baselines).
The programs are session 27's `chosen` (reports/session27/common.py)."""
import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session27"))
from common import chosen  # noqa: E402

from polyrl.poly.schedule import Schedule  # noqa: E402
from polyrl.rl.state import LoadedProgram  # noqa: E402
from polyrl.search.policy import CostCheck, Policy  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("corpus")
ap.add_argument("out")
ap.add_argument("--count", type=int, default=80)
ap.add_argument("--max-mib", type=float, default=0)
ap.add_argument("--min-time-steps", type=int, default=0)
ap.add_argument("--models", nargs="*", default=[])
ap.add_argument("--without-form-check", action="store_true")
args = ap.parse_args()
policy = Policy.load(check=True, forms=not args.without_form_check)
models = {m: CostCheck(m) for m in args.models}
rows = []
for entry in chosen(args.corpus, args.count, args.max_mib, args.min_time_steps):
    lp = LoadedProgram.of(Path(args.corpus) / entry["file"])
    inf = policy.greedy(lp)
    row = {"id": entry["id"], "schedule": inf.text, "form_instead": bool(inf.form_instead),
           "whole": bool(inf.whole), "ratio": {}, "mib": entry["memory_bytes"] / 2**20,
           "T": entry["sizes"].get("T", 0)}
    if inf.whole:
        pair = [(inf.schedule, inf.nest), (Schedule(), lp.program.model.original)]
        for name, cost in models.items():
            form_t, orig_t = policy._predicted(cost, lp, pair)
            row["ratio"][name] = float(orig_t / form_t)  # > 1: the form predicted faster
    rows.append(row)
    print(f"{row['id']} {'FI' if row['form_instead'] else 'F ' if row['whole'] else '  '} {row['schedule'][:90]} "
          + " ".join(f"{v:.2f}" for v in row["ratio"].values()), flush=True)
Path(args.out + ".json").write_text(json.dumps(rows, indent=0))
Path(args.out + ".txt").write_text("".join(f"{r['id']}: {r['schedule']}\n" for r in rows if r["whole"]))
print(f"{len(rows)} programs, {sum(r['whole'] for r in rows)} with a form, {sum(r['form_instead'] for r in rows)} of "
      f"them instead of the original -> {args.out}.txt")
