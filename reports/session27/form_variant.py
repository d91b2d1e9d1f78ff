"""Session 27: the shipped policy's greedy schedules (with its check) and Pluto forms on a
generated corpus, before the form choice (the form as isl's schedule makes it) and with the
form's plan on the loops as written wherever `macros.source_plan` offers it (no cost model):
`python form_variant.py CORPUS OUT [--count N] [--max-mib M]`. Writes OUT.json (per
program: shipped and variant greedy schedule and form) and OUT.txt (for polyrl measure).

(During the session this ran at an intermediate state, where the profile field
`source_first` made the plan; it was rewritten on the final code afterwards. On seed 81's 80
programs the rewrite gives the session's rows but for 2 variants: 31 greedy schedules
changed instead of 33.)"""
import argparse
import json
from dataclasses import replace
from pathlib import Path

from common import chosen

from polyrl.api import load
from polyrl.poly.macros import PROFILES, source_plan
from polyrl.poly.schedule import Schedule
from polyrl.rl.actions import ACTIONS, FORM
from polyrl.rl.state import LoadedProgram
from polyrl.search.policy import Policy, _the_form


class Before(Policy):
    def _form_choice(self, lp, form):
        return form


class SourceLoops(Policy):
    def _form_choice(self, lp, form):
        other = source_plan(lp.program.model, PROFILES[ACTIONS[FORM].args[0]], list(form.schedule.actions), form.nest)
        if other is None:
            return form
        return replace(form, schedule=Schedule(tuple(other[0])), nest=other[1], proposed=form.schedule,
                       source_loops=True)


ap = argparse.ArgumentParser()
ap.add_argument("corpus")
ap.add_argument("out")
ap.add_argument("--count", type=int, default=60)
ap.add_argument("--max-mib", type=float, default=0)
args = ap.parse_args()
policies = {"shipped": Before.load(check=True), "variant": SourceLoops.load(check=True)}
rows, lines = [], set()
for entry in chosen(args.corpus, args.count, args.max_mib):
    lp = LoadedProgram.of(load(Path(args.corpus) / entry["file"]))
    row = {"id": entry["id"]}
    for name, policy in policies.items():
        row[name] = policy.greedy(lp).text
        row[name + "_form"] = policy._form_choice(lp, policy.episode(lp, _the_form)).text
    rows.append(row)
    lines.update(f"{entry['id']}: {row[k]}" for k in ("shipped", "variant", "shipped_form", "variant_form") if row[k])
    changed = row["shipped"] != row["variant"] or row["shipped_form"] != row["variant_form"]
    print(entry["id"], "changed" if changed else "", flush=True)
Path(args.out + ".json").write_text(json.dumps(rows, indent=0))
Path(args.out + ".txt").write_text("".join(sorted(x + "\n" for x in lines)))
print(f"{len(rows)} programs; greedy changed on {sum(r['shipped'] != r['variant'] for r in rows)}, form on "
      f"{sum(r['shipped_form'] != r['variant_form'] for r in rows)}")
