"""Session 42: isl's scheduler on the dependences as the pipeline passes them and coalesced, per
fusion policy (ms, and DIFF where the schedules differ): the pieces are already coalesced.

    python reports/session42/isl_c.py KERNEL,KERNEL,... [DATASET]
"""
import sys
import time

import islpy as isl

from polyrl.bench.suite import discover, resolve_suite
from polyrl.poly import affine
from polyrl.poly.dependences import compute_dependences

_, folder = resolve_suite("polybench")
ks = {k.name: k for k in discover(folder)}
names = sys.argv[1].split(",") if sys.argv[1] else list(ks)
for name in names:
    p = ks[name].load(sys.argv[2] if len(sys.argv) > 2 else "LARGE")
    scop = p.scop
    domain = isl.UnionSet.empty(scop.context.get_space())
    for s in scop.statements:
        domain = domain.union(isl.UnionSet.from_set(s.domain))
    deps = isl.UnionMap.empty(scop.context.get_space())
    rels = compute_dependences(scop, ("RAW", "WAR", "WAW"))
    for d in rels:
        deps = deps.union(isl.UnionMap.from_map(d.relation))
    c = deps.coalesce()
    def nb(um):
        return sum(m.n_basic_map() for m in (lambda L: [L.get_at(i) for i in range(L.n_map())])(um.get_map_list()))
    ctx = scop.context.get_ctx()
    out = []
    for f in range(4):
        r = []
        for D in (deps, c):
            sc = isl.ScheduleConstraints.on_domain(domain).set_context(scop.context).set_validity(D).set_coincidence(D).set_proximity(D)
            with affine._options(ctx, f):
                t = time.perf_counter()
                s = sc.compute_schedule()
                r.append((time.perf_counter() - t, s))
        same = (r[0][1] is None and r[1][1] is None) or (r[0][1] is not None and r[1][1] is not None and r[0][1].plain_is_equal(r[1][1]))
        if not same and r[0][1] is not None and r[1][1] is not None:
            same = r[0][1].get_map().is_equal(r[1][1].get_map())
        out.append(f"{r[0][0]*1e3:.0f}/{r[1][0]*1e3:.0f}{'' if same else ' DIFF'}")
    print(f"{name:16s} rels={len(rels)} pieces={nb(deps)}->{nb(c)}  ", "  ".join(out), flush=True)
