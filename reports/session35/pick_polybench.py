"""Session 35: the macro-pick rules on PolyBench from bench stores already measured (nothing
timed): per kernel, each rule's pick (pick_eval.pick on pick_plan.py --polybench's plan) and
its time in the stores, where one of them has it (polyrl.model.costmodel.read_store: verified,
the min of the timed runs, over the original's in the same store).

    python reports/session35/pick_polybench.py PLAN.json STORE.sqlite [STORE ...] -- RULE ...
"""
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from pick_eval import pick  # noqa: E402

from polyrl.model.costmodel import ANY_MACHINE, read_store  # noqa: E402

args = sys.argv[1:]
cut = args.index("--")
plan = json.loads(Path(args[0]).read_text())
stores, rules = args[1:cut], ["greedy", *args[cut + 1:]]
times: dict[str, dict[str, dict[str, float]]] = {}  # store -> program -> schedule -> seconds
for s in stores:
    t = times.setdefault(s, {})
    for sample in read_store(s, ANY_MACHINE)[0]:  # each variant builds with its own toolchain key
        t.setdefault(sample.program, {})[sample.schedule] = sample.seconds


def speedup(row: dict, schedule: str) -> float | None:
    for t in times.values():
        p = t.get(row["hash"], {})
        if "" in p and (schedule in p or not schedule):
            return p[""] / p[schedule] if schedule else 1.0
    return None


print("| kernel | " + " | ".join(rules) + " | best of the candidates |")
print("|---|" + "---:|" * (len(rules) + 1))
logs = {r: [] for r in rules}
missing = {r: 0 for r in rules}
for row in plan:
    cells = []
    for r in rules:
        i = pick(row, r)
        x = speedup(row, row["candidates"][i]["schedule"])
        cells.append(f"{x:.2f}" + (f" ({row['candidates'][i]['macro']})" if i else "") if x else
                     f"? ({row['candidates'][i]['macro'] or 'own'})")
        if x:
            logs[r].append(math.log(x))
        else:
            missing[r] += 1
    best = [x for c in row["candidates"] if (x := speedup(row, c["schedule"]))]
    print(f"| {row['id']} | " + " | ".join(cells) + f" | {max(best):.2f} ({len(best)}/{len(row['candidates'])}) |"
          if best else f"| {row['id']} | " + " | ".join(cells) + " | |")
for r in rules:
    print(f"{r}: geomean {math.exp(sum(logs[r]) / max(len(logs[r]), 1)):.3f}x over {len(logs[r])} "
          f"(not in the stores: {missing[r]})")
