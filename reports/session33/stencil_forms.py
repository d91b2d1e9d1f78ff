"""Session 33: the forms on a held-out stencil set of PolyBench-like sizes (seed 85, scale 16,
up to 500 time steps; programs of at most 32 MiB with at least 100 time steps), for the form
check's model and margin. Like reports/session29/fallback.py, but the shipped policy runs with
its check and WITHOUT the form check (`Policy.load(check=True, forms=False)`), so every form
it would weigh is listed; each cost model given predicts the original/form time ratio.

    python stencil_forms.py CORPUS OUT [--count N] [--max-mib M] [--min-time-steps T] --models A.pt ...

writes OUT.json (rows as fallback.py's: id, schedule, whole, form_instead, ratio per model) and
OUT.txt (`id: SCHEDULE` of the forms, for `polyrl measure --schedules`), then
`reports/session29/fallback_report.py CORPUS OUT.json STORE` scores the margins on the times."""
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
ap.add_argument("--count", type=int, default=60)
ap.add_argument("--max-mib", type=float, default=32)
ap.add_argument("--min-time-steps", type=int, default=100)
ap.add_argument("--models", nargs="+", required=True)
args = ap.parse_args()
policy = Policy.load(check=True, forms=False)
models = {m: CostCheck(m) for m in args.models}
rows = []
for entry in chosen(args.corpus, args.count, args.max_mib, args.min_time_steps):
    lp = LoadedProgram.of(Path(args.corpus) / entry["file"])
    inf = policy.greedy(lp)
    row = {"id": entry["id"], "schedule": inf.text, "form_instead": bool(inf.form_instead),
           "whole": bool(inf.whole), "ratio": {}, "mib": entry["memory_bytes"] / 2**20, "T": entry["sizes"].get("T", 0)}
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
