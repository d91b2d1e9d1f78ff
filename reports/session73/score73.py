"""Session 73: decide73b's verdict from emitdiff73.py's rows (ROWS.jsonl): every changed schedule built and verified
with both emitters, the geometric mean of new over old speed, the slowest ones.
  .venv/bin/python reports/session73/score73.py /work/runs/s73/g308-timed.jsonl"""
import json
import math
import sys

rows = [json.loads(line) for line in open(sys.argv[1])]
changed = [r for r in rows if r["differs"]]
ok = [r for r in changed if r.get("ok")]
ratios = sorted((r["old"] / r["new"], r["name"], r["schedule"]) for r in ok)
geo = math.exp(sum(math.log(x[0]) for x in ratios) / len(ratios))
print(f"changed schedules {len(changed)}, built and verified with both emitters {len(ok)}, failed {len(changed) - len(ok)}")
print(f"new over old speed: geometric mean {geo:.4f}, median {ratios[len(ratios) // 2][0]:.3f}, "
      f"lowest {ratios[0][0]:.3f}, highest {ratios[-1][0]:.3f}")
print(f"more than 10% slower: {sum(x[0] < 1 / 1.1 for x in ratios)}; more than 5% slower: {sum(x[0] < 1 / 1.05 for x in ratios)}; "
      f"more than 10% faster: {sum(x[0] > 1.1 for x in ratios)}; programs {len({x[1] for x in ratios})}")
print("geometric mean speedup over the original loops: old "
      f"{math.exp(sum(math.log(r['base'] / r['old']) for r in ok) / len(ok)):.3f}x, new "
      f"{math.exp(sum(math.log(r['base'] / r['new']) for r in ok) / len(ok)):.3f}x")
print("slowest five:")
for x in ratios[:5]:
    print(f"  {x[0]:.3f}  {x[1]}: {x[2]}")
