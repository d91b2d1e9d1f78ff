"""Generate the code of each distinct policy-search candidate of one PolyBench kernel (up to 40)
and stop at the first that raises: how durbin's MEDIUM search failure was found (session 26).

    .venv/bin/python reports/session26/candidates_generate.py durbin MEDIUM
"""
import sys, traceback
from polyrl.bench.suite import discover, resolve_suite
from polyrl.search.policy import Policy
from polyrl.search.measured import policy_candidates
_, folder = resolve_suite("polybench")
k = next(k for k in discover(folder) if k.name == sys.argv[1])
prog = k.load(sys.argv[2])
policy = Policy.load(check=True)
seen = set()
for n, (s, origin) in enumerate(policy_candidates(policy, prog, 0)):
    if str(s) in seen: continue
    seen.add(str(s))
    try:
        prog.apply(s).region_text
    except Exception as e:
        print(n, origin, s, type(e).__name__, str(e)[:200]); traceback.print_exc(limit=-6); break
    if len(seen) > 40: break
print("checked", len(seen))
