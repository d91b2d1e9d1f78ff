"""Session 27: size rules for the Pluto form, evaluated on form_size.py's candidates once
measured: `python rules.py CORPUS OUT STORE [L2_MIB]`. Each rule picks one candidate per
program from what is known before measuring (the shipped choice, the footprint, the cost
model's predictions); the geometric mean of the measured speedups over the original is
printed per rule, with the measured best candidate's as the ceiling."""
import json
import sys

from common import Measured, geomean

corpus, out, store = sys.argv[1:4]
l2 = float(sys.argv[4]) * 2**20 if len(sys.argv) > 4 else 2 * 2**20
measured = Measured(corpus, store)
rows = json.load(open(out + ".json"))


def speed(r, s):
    return measured.speedup(r["id"], s)


def pred_best(r, cands):
    return min(cands, key=lambda s: r["pred"][s])


small = lambda r: r["memory_bytes"] <= l2  # noqa: E731
rules = {
    "shipped": lambda r: r["shipped"],
    "form always": lambda r: r["form"] or r["shipped"],
    "non-F (check)": lambda r: r["nonf"],
    "small: non-F": lambda r: r["nonf"] if small(r) and r["whole"] else r["shipped"],
    "small: CM(form,nonF,orig)": lambda r: pred_best(r, [r["shipped"], r["nonf"], ""]) if small(r) and r["whole"] else r["shipped"],
    "small: CM(form,nonF)": lambda r: pred_best(r, [r["shipped"], r["nonf"]]) if small(r) and r["whole"] else r["shipped"],
    "CM(form,nonF) always": lambda r: pred_best(r, [r["shipped"], r["nonf"]]) if r["whole"] else r["shipped"],
    "CM(form,nonF,orig) always": lambda r: pred_best(r, [r["shipped"], r["nonf"], ""]) if r["whole"] else r["shipped"],
    "best measured": lambda r: max([r["shipped"], r["form"], r["nonf"], ""], key=lambda s: speed(r, s) or 0),
}
ok = [r for r in rows if all(speed(r, s) for s in {r["shipped"], r["form"], r["nonf"]})]
print(f"{len(ok)} of {len(rows)} programs with every candidate measured; {sum(small(r) for r in ok)} within "
      f"{l2 / 2**20:g} MiB; the shipped schedule a form on {sum(r['whole'] for r in ok)}")
for name, rule in rules.items():
    xs = [speed(r, rule(r)) for r in ok]
    sm = [speed(r, rule(r)) for r in ok if small(r)]
    print(f"{name:28s} geomean {geomean(xs):.3f}x  (within L2: {geomean(sm):.3f}x)  below 0.95x: {sum(x < 0.95 for x in xs)}")
for r in ok:
    if r["whole"]:
        print(f"  {r['id']} {r['memory_bytes'] / 2**20:5.2f} MiB form {speed(r, r['shipped']):.2f}x "
              f"nonF {speed(r, r['nonf']):.2f}x  pred form/nonF {r['pred'][r['shipped']] / r['pred'][r['nonf']]:.2f} "
              f"form/orig {r['pred'][r['shipped']] / r['pred']['']:.2f}")
