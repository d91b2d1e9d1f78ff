"""Region texts of the random (session 39's plans) and macro schedules of the first N of the issue's 100 programs,
written to OUT.json, with the time it took: run once by the code before the code generation change and once by
the code after, then compare the two files (they were identical, 406 schedules of 40 programs).
Usage: python texts.py OUT.json N    (by another worktree: python -S -c "import sys; sys.path[:0]=[TREE,
SITE_PACKAGES]; sys.argv=['x', OUT, N]; exec(open('texts.py').read())")"""
import json, sys, time
from polyrl.api import load
from polyrl.poly.macros import macro_schedules
plans = {}
for line in open('/work/runs/s39/tp/full.sqlite.plans.jsonl'):
    e = json.loads(line); plans[e['path'].split('/')[-1]] = e
out = {}
t = time.perf_counter()
n = 0
for name in sorted(plans)[:int(sys.argv[2])]:
    prog = load('/work/runs/s39/tp/progs/' + name)
    scheds = [s for s, _, _ in plans[name]['schedules']] + [str(s) for s in macro_schedules(prog.model).values()]
    for s in scheds:
        try:
            out[name + ' ' + s] = prog.apply(s).region_text
        except Exception as e:
            out[name + ' ' + s] = 'ERR ' + str(e)
        n += 1
print(sys.argv[1], n, 'schedules', round(time.perf_counter() - t, 1), 's', file=sys.stderr)
json.dump(out, open(sys.argv[1], 'w'))
