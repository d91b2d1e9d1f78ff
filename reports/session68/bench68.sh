#!/usr/bin/env bash
# session 68: the PolyBench kernels whose one-shot schedule changed when F67 replaced F65 as the AMD forms models'
# second member (changed_polybench65.py, run before the swap: changed-LARGE.txt, changed-MEDIUM.txt), measured side by
# side: polyrl-schedule = the shipped pipeline's schedules before the swap (shipped-*.txt), polyrl-policy = with F67,
# PLUTO as the peer. Nothing else running.
#   bash reports/session68/bench68.sh
set -eu
cd "$(dirname "$0")/../.."
export POLYRL_POLYCC=${POLYRL_POLYCC:-$(realpath ../shared/tools/pluto/polycc)}
for D in LARGE MEDIUM; do
  k=$(grep -v '^#' reports/session68/shipped-$D.txt | cut -d: -f1 | paste -sd,)
  OMP_WAIT_POLICY=passive .venv/bin/polyrl bench --suite polybench --dataset $D --kernels "$k" \
    --variants base,pluto,polyrl-schedule,polyrl-policy --schedules reports/session68/shipped-$D.txt \
    --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --store bench/s68.sqlite --out bench/s68-$D
done
