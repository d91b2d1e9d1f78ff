"""Session 32: a cost model's predicted original/form ratios for the forms of session 29's
held-out sets (`reports/session29/fallback.py`'s OUT.json rows), added to a copy of the rows
under the model's path, so that `margin_separated.py --model NAME` can score the form check
with that model. Nothing is timed.

    python form_ratios.py CORPUS ROWS.json MODEL.pt OUT.json
"""
import json
import sys
from pathlib import Path

from polyrl.poly.schedule import Schedule
from polyrl.rl.state import GraphCache, LoadedProgram
from polyrl.search.policy import CostCheck


def main() -> None:
    corpus, rows_path, model_path, out = sys.argv[1:]
    cost = CostCheck(model_path)
    graphs = GraphCache()
    rows = json.loads(Path(rows_path).read_text())
    done: dict[str, float] = {}
    for row in rows:
        if not row["whole"]:
            continue
        key = f"{row['id']}: {row['schedule']}"
        if key not in done:
            lp = LoadedProgram.of(Path(corpus) / f"{row['id']}.c")
            form = lp.program.apply(row["schedule"])
            pair = [graphs.graph(lp, str(Schedule.parse(row["schedule"])), form.nest),
                    graphs.graph(lp, "", lp.program.model.original)]
            form_t, original_t = cost.predict(pair)
            done[key] = float(original_t / form_t)  # > 1: the form predicted faster
            pick = next((v for k, v in row["ratio"].items() if k.endswith("costmodel-pick.pt")), float("nan"))
            print(f"{row['id']} {done[key]:.2f} (costmodel-pick.pt {pick:.2f})", flush=True)
        row["ratio"][model_path] = done[key]
    Path(out).write_text(json.dumps(rows, indent=0))


if __name__ == "__main__":
    main()
