#!/usr/bin/env bash
# session 30: p12 (expert iteration on the Intel labels) against the shipped p11 on the held-out
# generated sets p11 was chosen on (seed 77 and 78, scale 16, the first 60 programs estimated at
# 10-300 ms), each with the shipped checks (cost check and form check), as `polyrl optimize` runs them.
# One `polyrl measure` run per set times both policies' schedules and the originals side by side.
# Run in /work/runs/s30 (gv: `polyrl generate --count 120 --seed 77 --scale 16 --out gv`; gw: seed 78).
set -eu
PY=/work/main/.venv/bin/python; P=/work/main/.venv/bin/polyrl; H=/work/main/scripts/heldout.py
P12=${P12:-p12.pt}
for s in gv gw; do
  [ -f h${s}_p11.txt ] || $PY $H schedules $s h${s}_p11.txt /work/main/polyrl/model/weights/policy.pt --check
  $PY $H schedules $s h${s}_p12.txt $P12 --check
  cat h${s}_p11.txt h${s}_p12.txt | sort -u > h${s}_all.txt
  $PY -c "import json,sys; json.dump(json.load(open(sys.argv[1]))+json.load(open(sys.argv[2])), open(sys.argv[3],'w'))" \
    h${s}_p11.txt.json h${s}_p12.txt.json h${s}_all.txt.json
  OMP_WAIT_POLICY=passive $P measure $s --schedules h${s}_all.txt --workers 2 --threads 2 --repeat 3 --timeout 20 \
    --store h$s.sqlite --batch 8 --no-progress > measure-h$s.log 2>&1 || tail -3 measure-h$s.log
  $PY $H report $s h${s}_all.txt h$s.sqlite | tee heldout-$s.txt
done
