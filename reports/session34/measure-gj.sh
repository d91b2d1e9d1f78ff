#!/usr/bin/env bash
# session 34: the forms of fallback.py's programs on a held-out imperfect-nest set of larger sizes (seed 91,
# the `imperfect` pattern alone, scale 16: up to 48 MiB) and their originals, in an empty store; machine
# otherwise quiet. Run in /work/runs/s34 after
#   polyrl generate --count 120 --seed 91 --scale 16 --out gj --weights elementwise=0,broadcast=0,reduction=0,contraction=0,stencil_jacobi=0,stencil_seidel=0,transpose=0,skewed=0,triangular=0,imperfect=1,chain=0,shared=0
#   python reports/session29/fallback.py gj fb-gj --count 40 --without-form-check --models WEIGHTS/costmodel-pick.pt WEIGHTS/costmodel-forms.pt C34-forms.pt
#   python reports/session33/sub.py gj fb-gj.txt fgj
set -eu
OMP_WAIT_POLICY=passive /work/main/.venv/bin/polyrl measure fgj --schedules fb-gj.txt --workers 1 --threads 2 \
  --repeat 3 --timeout 30 --store fb-gj.sqlite --batch 8 --no-progress > measure-fb-gj.log 2>&1 || tail -3 measure-fb-gj.log
/work/main/.venv/bin/python /work/main/reports/session29/fallback_report.py fgj fb-gj.json fb-gj.sqlite > forms-gj.txt
