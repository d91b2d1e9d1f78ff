"""Session 63: does isl's scheduler need the memory-based dependences, or do the direct ones give the same
schedules faster? Per program, the four fusion policies' schedules (isl's schedule maps, as text) from
affine.schedule_constraints (memory-based RAW, WAR, WAW: what A(f) uses) and from the direct dependences (each
access to the last conflicting access before it: value-based RAW and WAW, and WAR from the reads since the last
write), with their times. Orders respecting the direct dependences respect all memory-based ones (by
transitivity), so only the schedules isl picks can differ.
  .venv/bin/python reports/session63/scheduler_deps.py polybench [KERNELS|all]
  .venv/bin/python reports/session63/scheduler_deps.py corpus FOLDER [N]"""
import sys
import time
from pathlib import Path

import islpy as isl

from polyrl.api import load
from polyrl.bench.suite import discover, resolve_suite
from polyrl.poly import affine


def direct_constraints(scop) -> isl.ScheduleConstraints:
    dom = scop.union_domain()
    reads, writes = scop.union_reads().intersect_domain(dom), scop.union_writes().intersect_domain(dom)
    order = scop.union_original_schedule()
    raw = (isl.UnionAccessInfo.from_sink(reads).set_must_source(writes).set_schedule_map(order)
           .compute_flow().get_must_dependence())
    waw = (isl.UnionAccessInfo.from_sink(writes).set_must_source(writes).set_schedule_map(order)
           .compute_flow().get_must_dependence())
    # the reads since the last write (may sources, killed by the must sources: the writes)
    war = (isl.UnionAccessInfo.from_sink(writes).set_must_source(writes).set_may_source(reads)
           .set_schedule_map(order).compute_flow().get_may_dependence())
    deps = raw.union(waw).union(war).coalesce()
    return (isl.ScheduleConstraints.on_domain(dom).set_context(scop.context)
            .set_validity(deps).set_coincidence(deps).set_proximity(deps))


def compare(name, scop):
    ctx = scop.context.get_ctx()
    out = {}
    for label, make in (("memory", affine.schedule_constraints), ("direct", direct_constraints)):
        t0 = time.perf_counter()
        sc = make(scop)
        maps = []
        for f in range(4):
            with affine._options(ctx, f):
                s = sc.compute_schedule()
            maps.append("None" if s is None else str(s.get_map()))
        out[label] = (time.perf_counter() - t0, maps)
    same = [a == b for a, b in zip(out["memory"][1], out["direct"][1], strict=True)]
    print(f"{name:28s} memory {1e3 * out['memory'][0]:8.1f} ms  direct {1e3 * out['direct'][0]:8.1f} ms  "
          f"same per fusion {''.join('=' if s else 'x' for s in same)}", flush=True)
    return out, same


if __name__ == "__main__":
    which = sys.argv[1]
    total = {"memory": 0.0, "direct": 0.0}
    differ = 0
    n = 0
    if which == "polybench":
        names = sys.argv[2].split(",") if len(sys.argv) > 2 and sys.argv[2] != "all" else None
        _, folder = resolve_suite("polybench")
        items = [(k.name, lambda k=k: k.load("MEDIUM").model.scop) for k in discover(folder)
                 if names is None or k.name in names]
    else:
        files = sorted(Path(sys.argv[2]).glob("*.c"))[: int(sys.argv[3]) if len(sys.argv) > 3 else None]
        items = [(f.name, lambda f=f: load(str(f)).model.scop) for f in files]
    for name, get in items:
        try:
            scop = get()
        except Exception as e:  # a program the front end refuses is not this script's question
            print(f"{name:28s} not loaded: {e}")
            continue
        out, same = compare(name, scop)
        n += 1
        differ += not all(same)
        for k in total:
            total[k] += out[k][0]
    print(f"{n} programs: memory {total['memory']:.1f} s, direct {total['direct']:.1f} s; "
          f"{differ} with some fusion's schedule different")
