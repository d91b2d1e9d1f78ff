"""Session 34: the form check's cost model on eight held-out generated sets (none trained on):
session 33's six (margins_six.py) and the imperfect-nest sets of seeds 90 and 91 (scale 4 and 16). Rows are rescore.py's
(every model's predicted original/form ratio), times from each set's store. For each model and
margin, each set's geometric mean over its forms (the form kept unless the model predicts the
original MARGIN times faster, else 1x), and the products; with --both A B also the rule "the
form unless both A and B predict the original faster". Nothing is timed.

    python forms_seven.py ROWS_DIR MODEL [MODEL ...] [--both A B]   (ROWS_DIR holds rs-<set>.json)
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
    "gj": ("seed 91, imperfect nests, scale 16", RUNS / "s34/fgj", RUNS / "s34/fb-gj.sqlite", None),
}
MARGINS = (1.0, 1.25)


def main() -> None:
    import json

    args = sys.argv[2:]
    both = None
    if "--both" in args:
        k = args.index("--both")
        both, args = tuple(args[k + 1:k + 3]), args[:k] + args[k + 3:]
    rows_dir, models = Path(sys.argv[1]), args
    # rule -> whether it keeps a form, given each model's predicted original/form ratio
    rules = {f"{m} x{margin:g}": (lambda ratio, m=m, margin=margin: ratio[m] * margin > 1)
             for m in models for margin in MARGINS}
    if both:
        rules[f"both {both[0]}, {both[1]}"] = lambda ratio: ratio[both[0]] > 1 or ratio[both[1]] > 1
    head = list(rules)
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
        logs[s] = {rule: math.log(geomean([x if keep(ratio) else 1.0 for x, ratio in rows]))
                   for rule, keep in rules.items()}
        cells = [f"{math.exp(logs[s][rule]):.3f}x" for rule in head]
        print(f"| {name} | {len(rows)} | " + " | ".join(cells) + f" | {geomean([x for x, _ in rows]):.3f}x |")
    for label, names in (("six sets of session 33", [s for s in SETS if s not in ("gi", "gj")]),
                         ("all eight", list(SETS))):
        print(f"| product, {label} | | " + " | ".join(f"{math.exp(sum(logs[n][h] for n in names)):.2f}"
                                                  for h in head) + " | |")


if __name__ == "__main__":
    main()
