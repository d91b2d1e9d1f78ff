#!/usr/bin/env bash
# session 66: the PolyBench kernels whose one-shot schedule changed when F65 replaced F56 as the AMD forms models'
# second member (changed_polybench65.py, run before the swap: changed-LARGE.txt, changed-MEDIUM.txt), measured side by
# side: polyrl-schedule = the shipped pipeline's schedules before the swap (shipped-*.txt), polyrl-policy = with F65,
# PLUTO as the peer. Nothing else running. Session 68 runs it with N=68 for F67's changes (bench68.sh): the lists,
# store and output named by N.
#   bash reports/session66/bench66.sh
set -eu
cd "$(dirname "$0")/../.."
N=${N:-66}
export POLYRL_POLYCC=${POLYRL_POLYCC:-$(realpath ../shared/tools/pluto/polycc)}
for D in LARGE MEDIUM; do
  k=$(grep -v '^#' reports/session$N/shipped-$D.txt | cut -d: -f1 | paste -sd,)
  OMP_WAIT_POLICY=passive .venv/bin/polyrl bench --suite polybench --dataset $D --kernels "$k" \
    --variants base,pluto,polyrl-schedule,polyrl-policy --schedules reports/session$N/shipped-$D.txt \
    --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --store bench/s$N.sqlite --out bench/s$N-$D
done
