"""Every PolyBench kernel at SIZE (argument): A(0), A(2) and the affine macro schedules, built, run once and
verified against the original (python reports/session20/verify_affine.py MINI)."""
import sys
from pathlib import Path
from polyrl.api import load
from polyrl.runtime import Toolchain
from polyrl.poly.macros import macro_schedule, PROFILES
P = Path(__file__).resolve().parents[2] / "datasets" / "polybench"
size = sys.argv[1]
ks = sorted(p.stem for p in P.rglob("*.c") if "utilities" not in str(p))
tc = Toolchain(flags=("-O3", "-march=native", "-fopenmp", f"-D{size}_DATASET", f"-I{P / 'utilities'}"), threads=2)
for k in ks:
    f = next(p for p in P.rglob(k + ".c"))
    prog = load(f, defines={f"{size}_DATASET": "1"}, include_dirs=[str(P / "utilities")])
    for prof in [p for p in PROFILES if p.affine is not None]:
        s = macro_schedule(prog.model, prof)
        for text in {str(s), "B0:A(0)", "B0:A(2)"}:
            try:
                r = prog.apply(text).run(tc, repeat=1)
                print(k, prof.name, r.new.status, r.verified, f"{r.speedup:.2f}" if r.speedup else None, text, flush=True)
            except Exception as e:
                print(k, prof.name, "EXC", str(e)[:200], text, flush=True)
