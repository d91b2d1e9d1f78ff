#!/usr/bin/env bash
# session 25, in /work/runs/s24: p11's greedy schedules with the cost model's check (the F-aware check:
# a whole-program form is weighed against the original alone), measured into the same held-out stores
# as session 24's p6/p11 rows; then one table of p6, p6+check, p11, p11+check per set.
set -e
P=/work/main/.venv/bin
for c in gv gw; do
  $P/python /work/main/scripts/heldout.py schedules $c h${c}_p11chk.txt p11.pt --check
done
for c in gv gw; do
  OMP_WAIT_POLICY=passive $P/polyrl measure $c --schedules h${c}_p11chk.txt --workers 1 --threads 2 --repeat 3 --timeout 20 --store h$c.sqlite --batch 8 --no-progress
  $P/python - "$c" <<'PY'
import json, sys
c = sys.argv[1]
rows = []
def take(path, label, policy=None):
    for r in json.load(open(path)):
        if policy is None or r["policy"].endswith(policy):
            rows.append({**r, "policy": label})
take(f"h{c}.txt.json", "p6", "policy.pt")
take(f"h{c}_chk.txt.json", "p6+check")
take(f"h{c}_p11.txt.json", "p11")
take(f"h{c}_p11chk.txt.json", "p11+check")
json.dump(rows, open(f"h{c}25.txt.json", "w"))
open(f"h{c}25.txt", "w").write("".join(f"{r['id']}: {r['schedule']}\n" for r in rows))
PY
  $P/python /work/main/scripts/heldout.py report $c h${c}25.txt h$c.sqlite
done
