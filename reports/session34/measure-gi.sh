#!/usr/bin/env bash
# session 34: the forms of fallback.py's programs on the held-out imperfect-nest set (seed 90, the new
# `imperfect` pattern alone, scale 4) and their originals, in an empty store; machine otherwise quiet
# (the background distillation stopped with SIGSTOP). Run in /work/runs/s34 after
#   polyrl generate --count 40 --seed 90 --scale 4 --out gi --weights elementwise=0,broadcast=0,reduction=0,contraction=0,stencil_jacobi=0,stencil_seidel=0,transpose=0,skewed=0,triangular=0,imperfect=1,chain=0,shared=0
#   python reports/session29/fallback.py gi fb-gi --count 40 --max-mib 64 --without-form-check --models WEIGHTS/costmodel-pick.pt WEIGHTS/costmodel-forms.pt
#   python reports/session33/sub.py gi fb-gi.txt fgi
set -eu
OMP_WAIT_POLICY=passive /work/main/.venv/bin/polyrl measure fgi --schedules fb-gi.txt --workers 1 --threads 2 \
  --repeat 3 --timeout 30 --store fb-gi.sqlite --batch 8 --no-progress > measure-fb-gi.log 2>&1 || tail -3 measure-fb-gi.log
/work/main/.venv/bin/python /work/main/reports/session29/fallback_report.py fgi fb-gi.json fb-gi.sqlite > forms-gi.txt
