"""Session 29: fallback.py's programs that end with a form, once measured: the form as shipped
against the rule "the form only where model M predicts it faster than the original" (else the
original), per model, over those programs (the others are the same under every rule).

    python fallback_report.py CORPUS OUT.json STORE [--kind all|chosen|instead]"""
import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session27"))
from common import Measured, geomean  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("corpus")
ap.add_argument("rows")
ap.add_argument("store")
ap.add_argument("--kind", choices=("all", "chosen", "instead"), default="all")
args = ap.parse_args()
speed = Measured(args.corpus, args.store).speedup
rows = [r for r in json.loads(Path(args.rows).read_text()) if r["whole"]]
if args.kind != "all":
    rows = [r for r in rows if r["form_instead"] == (args.kind == "instead")]
measured = [(r, speed(r["id"], r["schedule"])) for r in rows]
missing = [r["id"] for r, s in measured if s is None]
measured = [(r, s) for r, s in measured if s is not None]
print(f"{len(measured)} programs with a form ({args.kind}) measured"
      + (f"; not measured: {' '.join(missing)}" if missing else ""))
if not measured:
    sys.exit(0)
xs = [s for _, s in measured]
print(f"  form as shipped   geomean {geomean(xs):.3f}x  below 0.95x: {sum(x < 0.95 for x in xs)}")
print("  never the form    geomean 1.000x")
print(f"  the better of two geomean {geomean([max(x, 1.0) for x in xs]):.3f}x")
for name in measured[0][0]["ratio"]:
    ys = [s if r["ratio"][name] > 1 else 1.0 for r, s in measured]
    kept = sum(r["ratio"][name] > 1 for r, _ in measured)
    right = sum((r["ratio"][name] > 1) == (s > 1) for r, s in measured)
    print(f"  {Path(name).name:22s} geomean {geomean(ys):.3f}x  forms kept {kept}/{len(measured)}, "
          f"right side of 1x on {right}, below 0.95x: {sum(y < 0.95 for y in ys)}")
for name in measured[0][0]["ratio"]:  # the form kept unless the original is predicted `margin` times faster
    cells = []
    for margin in (1.0, 1.25, 1.5, 2.0, 3.0):
        ys = [s if r["ratio"][name] > 1 / margin else 1.0 for r, s in measured]
        cells.append(f"{margin:.2f}: {geomean(ys):.3f}x ({sum(r['ratio'][name] <= 1 / margin for r, _ in measured)} out)")
    print(f"  {Path(name).name:22s} margins  " + "  ".join(cells))
for r, s in sorted(measured, key=lambda p: p[1]):
    print(f"    {r['id']} {'FI' if r['form_instead'] else 'F '} {s:6.2f}x  predicted "
          + " ".join(f"{v:.2f}" for v in r["ratio"].values()))
