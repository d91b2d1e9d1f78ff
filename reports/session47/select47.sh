#!/usr/bin/env bash
# session 47: a training corpus of contractions at PolyBench LARGE's sizes (session 46's diagnosis: the generated
# contractions had small dimensions, where the BLIS plans lose; the labels of seed 171 show them winning only where a
# dimension is near 600). Seed 173 at scale 32 (1,000 programs), contractions and triangular updates only (some transposes and triangles),
# then the programs of at most 3 nests whose largest size is at least 300, copied with their manifest entries to g173big.
#   bash select47.sh            # seed 173, 1,000 programs (the training selection g173big)
#   bash select47.sh 175 1000   # another training seed, the same way (g175big)
# Session 51: SCALE (default 32), LO and HI (the largest size's bounds, default 300 and none) and NAME (the
# selection's suffix, default big) make selections of other sizes, e.g. PolyBench MEDIUM's:
#   SCALE=1 LO=150 HI=450 NAME=med bash select47.sh 189 1000   # g189med
set -eu
seed=${1:-173} count=${2:-1000}
export SCALE=${SCALE:-32} LO=${LO:-300} HI=${HI:-1000000000} NAME=${NAME:-big}
cd ${RUNS:-/work/runs/s47}   # session 48 passes RUNS=/work/runs/s48
/work/main/.venv/bin/polyrl generate --count $count --seed $seed --scale $SCALE --weights \
  elementwise=0,broadcast=0,reduction=0,contraction=3,stencil_jacobi=0,stencil_seidel=0,transpose=0.3,skewed=0,triangular=0.3,triangular_update=1.5,blas_order=0.7,scalars=0.8,shared=0 \
  --out g$seed > gen$seed.log
SEED=$seed python3 - <<'PY'
import json, os, shutil
seed, lo, hi, name = os.environ["SEED"], int(os.environ["LO"]), int(os.environ["HI"]), os.environ["NAME"]
os.makedirs(f"g{seed}{name}", exist_ok=True)
sel = [m for m in map(json.loads, open(f"g{seed}/manifest.jsonl")) if lo <= max(m["sizes"].values()) <= hi and m["nests"] <= 3]
for m in sel:
    shutil.copy(f"g{seed}/" + m["file"], f"g{seed}{name}/" + m["file"])
with open(f"g{seed}{name}/manifest.jsonl", "w") as f:
    f.writelines(json.dumps(m, sort_keys=True) + "\n" for m in sel)
print(len(sel), "programs")
PY
