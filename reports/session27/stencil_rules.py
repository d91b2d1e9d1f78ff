"""Session 27: rules for time-tiled Pluto forms on form_size.py's candidates once measured:
`python stencil_rules.py CORPUS OUT STORE [L2_MIB]`. A form tiles time where one of its
tilings starts at loop 0 under a time-iterated program (T2(0,...) or T3(0,...))."""
import json
import re
import sys

from common import Measured, geomean

corpus, out, store = sys.argv[1:4]
l2 = float(sys.argv[4]) * 2**20 if len(sys.argv) > 4 else 2 * 2**20
measured = Measured(corpus, store)
rows = json.load(open(out + ".json"))


def speed(r, s):
    return measured.speedup(r["id"], s)


def tiles_time(s):
    return bool(re.search(r"T[23]\(0,", s))


ok = [r for r in rows if all(speed(r, s) for s in {r["shipped"], r["form"], r["nonf"]})]
tt = [r for r in ok if r["whole"] and tiles_time(r["shipped"])]
small = lambda r: r["memory_bytes"] <= l2  # noqa: E731
print(f"{len(ok)} programs measured; shipped form tiles time on {len(tt)}, {sum(map(small, tt))} of them within "
      f"{l2 / 2**20:g} MiB")
def cm(r, cands):
    return min(cands, key=lambda x: r["pred"][x])


rules = {
    "time-tiled form: CM(form, non-F)":
        lambda r: cm(r, [r["shipped"], r["nonf"]]) if r["whole"] and tiles_time(r["shipped"]) else r["shipped"],
    "time-tiled form: CM(form, non-F, orig)":
        lambda r: cm(r, [r["shipped"], r["nonf"], ""]) if r["whole"] and tiles_time(r["shipped"]) else r["shipped"],
    "shipped": lambda r: r["shipped"],
    "time-tiled form -> non-F": lambda r: r["nonf"] if r["whole"] and tiles_time(r["shipped"]) else r["shipped"],
    "time-tiled form -> original": lambda r: "" if r["whole"] and tiles_time(r["shipped"]) else r["shipped"],
    "within L2: time-tiled form -> non-F":
        lambda r: r["nonf"] if r["whole"] and tiles_time(r["shipped"]) and small(r) else r["shipped"],
    "within L2: time-tiled form -> original":
        lambda r: "" if r["whole"] and tiles_time(r["shipped"]) and small(r) else r["shipped"],
}
for name, rule in rules.items():
    xs = [speed(r, rule(r)) or 1.0 for r in ok]
    sub = [speed(r, rule(r)) or 1.0 for r in tt]
    print(f"{name:40s} all {geomean(xs):.3f}x  time-tiled forms {geomean(sub):.3f}x  below 0.95x: {sum(x < 0.95 for x in xs)}")
for r in tt:
    print(f"  {r['id']} {r['memory_bytes'] / 2**20:5.2f} MiB form {speed(r, r['shipped']):.2f}x nonF {speed(r, r['nonf']):.2f}x")
