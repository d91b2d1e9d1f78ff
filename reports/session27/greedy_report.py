"""Session 27: geometric mean of greedy_set.py's schedules once measured, and beside an
earlier row set: `python greedy_report.py CORPUS STORE NEW.json [OLD.json[:policy]]`."""
import json
import sys

from common import Measured, geomean as g

corpus, store, new = sys.argv[1:4]
speed = Measured(corpus, store).speedup


def rows_of(spec):
    path, _, policy = spec.partition(":")
    rows = json.load(open(path))
    if policy:
        rows = [r for r in rows if r.get("policy") == policy]
    return {r["id"]: r.get("schedule", r.get("shipped")) for r in rows}


a = rows_of(new)
sets = [a] + ([rows_of(sys.argv[4])] if len(sys.argv) > 4 else [])
ok = [i for i in a if all(speed(i, s[i]) for s in sets if i in s) and all(i in s for s in sets)]
missing = [i for i in a if i not in ok]
print(f"{len(ok)} of {len(a)} programs measured{'; missing ' + ' '.join(missing) if missing else ''}")
for name, s in zip(("new", "old"), sets):
    xs = [speed(i, s[i]) for i in ok]
    print(f"{name}: geomean {g(xs):.3f}x  below 0.95x: {sum(x < 0.95 for x in xs)}")
if len(sets) == 2:
    ch = [i for i in ok if sets[0][i] != sets[1][i]]
    rs = [speed(i, sets[0][i]) / speed(i, sets[1][i]) for i in ch]
    if ch:
        print(f"changed on {len(ch)}: new over old {g(rs):.3f}x, wins {sum(x > 1.05 for x in rs)}, "
              f"losses {sum(x < 1 / 1.05 for x in rs)}")
        for i, x in sorted(zip(ch, rs), key=lambda p: p[1]):
            print(f"  {i} {x:.2f}x  old {speed(i, sets[1][i]):.2f}x  new {speed(i, sets[0][i]):.2f}x")
