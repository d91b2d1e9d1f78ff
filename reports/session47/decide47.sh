#!/usr/bin/env bash
# session 47: train47.sh's rule (its header): mix46 (shipped, decided again here as ship47) and mix47 decide on the
# seven held-out sets (nothing timed; two processes), then the programs decided differently are measured side by side
# (the original, ship47's and mix47's schedules) in a fresh store per set, nothing else running.
#   bash decide47.sh            # generate h174, decide, then measure
#   bash decide47.sh measure    # measure only
set -u
source "$(dirname "$0")/configs47.sh"   # P W S R, MIX46, MIX47; cd $S
if [ ! -d g174big ]; then
  $P/polyrl generate --count 300 --seed 174 --scale 32 --weights \
    elementwise=0,broadcast=0,reduction=0,contraction=3,stencil_jacobi=0,stencil_seidel=0,transpose=0.3,skewed=0,triangular=0.3,triangular_update=1.5,blas_order=0.7,scalars=0.8,shared=0 \
    --out g174 > gen174.log
  python3 - <<'PY'
import json, os, shutil
os.makedirs("g174big", exist_ok=True)
sel = [m for m in map(json.loads, open("g174/manifest.jsonl")) if max(m["sizes"].values()) >= 300 and m["nests"] <= 3]
for m in sel:
    shutil.copy("g174/" + m["file"], "g174big/" + m["file"])
with open("g174big/manifest.jsonl", "w") as f:
    f.writelines(json.dumps(m, sort_keys=True) + "\n" for m in sel)
PY
fi
[ -d h174 ] || $P/python $R/session41/fresh_set.py g174big h174 40 0 1000000
sets="$S/h174 /work/runs/s46/h170 /work/runs/s45/h161 /work/runs/s45/h165 /work/runs/s45/h167 /work/runs/s45/h168 /work/runs/s45/h163"
if [ "${1:-}" != measure ]; then
  for cfg in "ship47=$MIX46" "mix47=$MIX47"; do
    (for d in $sets; do OMP_NUM_THREADS=1 $P/python $R/session38/pipeline_eval.py decide $d "$cfg"; done) \
      > decide47-${cfg%%=*}.log 2>&1 &
  done
  wait; echo all decided
  for d in $sets; do $P/python $R/session41/changed_decisions.py list $d ship47 mix47 $d/changed47.txt; done
fi
for d in $sets; do
  n=$(basename $d)
  [ -s $d/changed47.txt ] || { echo "$n: nothing changed" | tee $R/session47/changed47-$n.txt; continue; }
  OMP_WAIT_POLICY=passive $P/polyrl measure $d/corpus --schedules $d/changed47.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 60 --compile-timeout 120 --store $S/$n-m47.sqlite --batch 8 --no-progress > $S/measure-$n-m47.log 2>&1
  $P/python $R/session41/changed_decisions.py report $d $S/$n-m47.sqlite ship47 mix47 > $R/session47/changed47-$n.txt
  echo "$n: $(grep against $R/session47/changed47-$n.txt | tr '\n' ' ')"
done
echo all measured
