"""The affine form with the intra-tile order, jams 1, 4, 8, for every PolyBench kernel at LARGE:
bench/forms-j{1,4,8}.txt (python reports/session21/mkforms.py)."""
import sys, dataclasses
from pathlib import Path
from polyrl.api import load
from polyrl.poly.macros import macro_schedule, PROFILES
P = Path("datasets/polybench").resolve()
base = next(p for p in PROFILES if p.name == "affine-tile")
forms = {"j1": dataclasses.replace(base, intra_tile=True),
         "j4": dataclasses.replace(base, intra_tile=True, jam=(4, 1)),
         "j8": dataclasses.replace(base, intra_tile=True, jam=(8, 1))}
out = {k: open(f"bench/forms-{k}.txt", "w") for k in forms}
ks = sorted(p.stem for p in P.rglob("*.c") if "utilities" not in str(p))
for k in ks:
    f = next(p for p in P.rglob(k + ".c"))
    prog = load(f, defines={"LARGE_DATASET": "1"}, include_dirs=[str(P / "utilities")])
    for name, prof in forms.items():
        s = str(macro_schedule(prog.model, prof))
        if s:
            out[name].write(f"{k}: {s}\n")
    print(k, flush=True)
