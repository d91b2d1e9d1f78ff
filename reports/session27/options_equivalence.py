"""Session 27: CostCheck.options (the nests of one-shorter variants built on the schedule's prefixes)
against applying every variant afresh, on the PolyBench MEDIUM greedy schedules and the policy's own
proposals of session 26's bench table: the same candidates and nests, and the time of each."""
import json, time
from polyrl.bench.suite import discover, resolve_suite
from polyrl.errors import PolyrlError
from polyrl.poly.legality import apply_schedule
from polyrl.poly.schedule import Schedule
from polyrl.poly.transform import to_union_map
from polyrl.search.policy import CostCheck
_, folder = resolve_suite("polybench")
tn = to = 0.0; n = 0
for d in ("MEDIUM",):
    sched = json.load(open(f"/tmp/pb-{d}-new2.json"))
    # plus the policies' own proposals from session 26's bench table (longer schedules)
    import re
    for line in open("reports/session26/bench-s26-medium.md"):
        m = re.match(r"\| (\S+) \| [\d.]+ m?s \| \d+ \| `[^`]*` \| `([^`]+)`", line)
        if m: sched[m.group(1) + "#own"] = m.group(2)
    for k in discover(folder):
        for key in (k.name, k.name + "#own"):
            if not sched.get(key): continue
            p = k.load(d); m_ = p.model
            s = Schedule.parse(sched[key])
            try:
                nest = apply_schedule(m_, s)
            except PolyrlError:
                continue
            t = time.perf_counter()
            old = [(s, nest)]
            for c in CostCheck.candidates(s)[1:]:
                try: old.append((c, apply_schedule(m_, c)))
                except PolyrlError: pass
            to += time.perf_counter() - t
            p = k.load(d); m_ = p.model; nest = apply_schedule(m_, s)
            t = time.perf_counter(); new = CostCheck.options(m_, s, nest); tn += time.perf_counter() - t
            assert [str(a) for a, _ in new] == [str(a) for a, _ in old], key
            for (_, a), (_, b) in zip(new, old):
                assert to_union_map(p.scop, a).is_equal(to_union_map(p.scop, b)), key
            n += 1
print(f"{n} schedules: options identical; new {tn:.2f} s, old {to:.2f} s")
