"""Session 34: the form check's cost model on seven held-out generated sets (none trained on):
session 33's six (margins_six.py) and the imperfect-nest set of seed 90. Rows are rescore.py's
(every model's predicted original/form ratio), times from each set's store. For each model and
margin, each set's geometric mean over its forms (the form kept unless the model predicts the
original MARGIN times faster, else 1x), and the products. Nothing is timed.

    python forms_seven.py ROWS_DIR MODEL [MODEL ...]    (ROWS_DIR holds rs-<set>.json)
"""
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session27"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session32"))
from common import Measured, geomean  # noqa: E402
from margin_separated import separated  # noqa: E402

RUNS = Path("/work/runs")
SEP = Path(__file__).resolve().parents[1] / "session30"
# set -> (name, corpus of the measured programs, store, separated-code speedups or None)
SETS = {
    "gs": ("seed 81", RUNS / "s29/fgs", RUNS / "s29/fb-gs.sqlite", SEP / "sep-gs.txt"),
    "gu": ("seed 83, stencils", RUNS / "s29/fgu", RUNS / "s29/fb-gu.sqlite", SEP / "sep-gu.txt"),
    "gv": ("seed 77, scale 16", RUNS / "s29/fgv", RUNS / "s29/fb-gv.sqlite", SEP / "sep-gv.txt"),
    "gz": ("seed 84, stencils", RUNS / "s29/fgz", RUNS / "s29/fb-gz.sqlite", SEP / "sep-gz.txt"),
    "gp": ("seed 85, stencils, PolyBench-like", RUNS / "s33/fgp", RUNS / "s33/fb-gp.sqlite", None),
    "gq": ("seed 86, stencils, PolyBench-like", RUNS / "s33/fgq", RUNS / "s33/fb-gq.sqlite", None),
    "gi": ("seed 90, imperfect nests", RUNS / "s34/fgi", RUNS / "s34/fb-gi.sqlite", None),
}
MARGINS = (1.0, 1.25)


def main() -> None:
    import json

    rows_dir, models = Path(sys.argv[1]), sys.argv[2:]
    head = [f"{m} x{margin:g}" for m in models for margin in MARGINS]
    print("| set | forms | " + " | ".join(head) + " | every form |")
    print("|---|---:|" + "---:|" * (len(head) + 1))
    logs: dict[str, dict[str, float]] = {}
    for s, (name, corpus, store, sep_file) in SETS.items():
        speed = Measured(str(corpus), str(store)).speedup
        sep = separated(sep_file) if sep_file else {}
        rows, seen = [], set()
        for r in json.loads((rows_dir / f"rs-{s}.json").read_text()):
            if r["whole"] and r["id"] not in seen:
                seen.add(r["id"])
                x = sep.get(r["id"]) or speed(r["id"], r["schedule"])
                if x is not None:
                    rows.append((x, r["ratio"]))
        cells = []
        for m in models:
            for margin in MARGINS:
                g = geomean([x if ratio[m] * margin > 1 else 1.0 for x, ratio in rows])
                logs.setdefault(s, {})[f"{m} x{margin:g}"] = math.log(g)
                cells.append(f"{g:.3f}x")
        print(f"| {name} | {len(rows)} | " + " | ".join(cells) + f" | {geomean([x for x, _ in rows]):.3f}x |")
    for label, names in (("six sets of session 33", [s for s in SETS if s != "gi"]), ("all seven", list(SETS))):
        print(f"| product, {label} | | " + " | ".join(f"{math.exp(sum(logs[n][h] for n in names)):.2f}"
                                                  for h in head) + " | |")


if __name__ == "__main__":
    main()
