"""Session 27: geometric means of form_variant.py's rows once measured:
`python variant_report.py CORPUS OUT STORE`."""
import json
import sys

from common import Measured, geomean as g

corpus, out, store = sys.argv[1:4]
measured = Measured(corpus, store)
rows = json.load(open(out + ".json"))


def speed(r, s):
    return measured.speedup(r["id"], s)


keys = ("shipped", "variant", "shipped_form", "variant_form")
ok = [r for r in rows if all(speed(r, r[k]) for k in keys)]
print(f"{len(ok)} of {len(rows)} programs with all four measured")
for k in keys:
    xs = [speed(r, r[k]) for r in ok]
    print(f"{k:14s} geomean {g(xs):.3f}x  below 0.95x: {sum(x < 0.95 for x in xs)}")
changed = [r for r in ok if r["shipped"] != r["variant"]]
if changed:
    ratios = [speed(r, r["variant"]) / speed(r, r["shipped"]) for r in changed]
    print(f"greedy changed on {len(changed)}: variant over shipped {g(ratios):.3f}x, "
          f"wins {sum(x > 1.05 for x in ratios)}, losses {sum(x < 1 / 1.05 for x in ratios)}")
    for r, x in sorted(zip(changed, ratios), key=lambda p: p[1]):
        print(f"  {r['id']} {x:.2f}x  shipped {speed(r, r['shipped']):.2f}x  variant {speed(r, r['variant']):.2f}x")
