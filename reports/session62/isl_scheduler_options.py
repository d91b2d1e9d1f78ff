"""Session 62: isl's scheduler options against its time on the slowest kernels (heat-3d, adi at MEDIUM): the four
fusion policies' schedules under each option set, whether they equal the defaults' and how long they took.
  .venv/bin/python reports/session62/isl_scheduler_options.py heat-3d,adi"""
import sys
import time

from polyrl.bench.suite import discover, resolve_suite
from polyrl.poly import affine

_, folder = resolve_suite("polybench")
names = sys.argv[1].split(",")
for k in discover(folder):
    if names != ["all"] and k.name not in names:
        continue
    scop = k.load("MEDIUM").model.scop
    ctx = scop.context.get_ctx()
    sc = affine.schedule_constraints(scop)  # (isl reads the options below when it computes)
    res = {}
    for mode in ["plain", "maxcoef=8", "maxconst=64", "nocoalesce"]:
        if mode.startswith("maxcoef"):
            ctx.set_schedule_max_coefficient(int(mode.split("=")[1]))
        if mode.startswith("maxconst"):
            ctx.set_schedule_max_coefficient(-1)
            ctx.set_schedule_max_constant_term(int(mode.split("=")[1]))
        if mode == "nocoalesce":
            ctx.set_schedule_max_constant_term(-1)
            ctx.set_schedule_treat_coalescing(0)
        out = []
        t = time.perf_counter()
        for f in range(4):
            with affine._options(ctx, f):
                s = sc.compute_schedule()
            out.append(str(s.get_map()) if s is not None else "None")
        dt = time.perf_counter() - t
        res[mode] = out
        print(f"{k.name:15s} {mode:12s} {dt*1e3:8.1f} ms  same as plain: {out == res['plain']}", flush=True)
    ctx.set_schedule_treat_coalescing(1)
