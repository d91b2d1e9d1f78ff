#!/usr/bin/env bash
# session 33: the forms of fallback.py's programs (held-out seeds 85 and 86, PolyBench-like sizes) and
# their originals, each set in its own empty store; machine otherwise quiet. Run in /work/runs/s33 after
#   python reports/session29/fallback.py gp fb-gp --count 60 --max-mib 32 --min-time-steps 100 --without-form-check --models WEIGHTS/costmodel-pick.pt C32-207.pt
#   python reports/session33/sub.py gp fb-gp.txt fgp          (and gq, seed 86)
set -eu
for s in gp gq; do
  OMP_WAIT_POLICY=passive /work/main/.venv/bin/polyrl measure f$s --schedules fb-$s.txt --workers 1 --threads 2 \
    --repeat 3 --timeout 30 --store fb-$s.sqlite --batch 8 --no-progress > measure-fb-$s.log 2>&1 || tail -3 measure-fb-$s.log
  /work/main/.venv/bin/python /work/main/reports/session29/fallback_report.py f$s fb-$s.json fb-$s.sqlite > forms-$s.txt
done
