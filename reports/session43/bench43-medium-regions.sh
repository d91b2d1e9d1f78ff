#!/usr/bin/env bash
# session 43: PolyBench MEDIUM after the least parallel region went to 2**19, on the six kernels whose one-shot
# schedule it changes (pb-medium-mix41.txt against pb-medium-r19.txt): polyrl-policy (2**19, as shipped now),
# polyrl-schedule (the 2**17 schedules of the same pipeline), base and PLUTO side by side in one run.
export OMP_WAIT_POLICY=passive
cd "$(dirname "$0")/../.."
mkdir -p bench
${POLYRL:-polyrl} bench --suite polybench --dataset MEDIUM --kernels gemver,atax,bicg,mvt,cholesky,deriche \
  --variants base,pluto,polyrl-policy,polyrl-schedule --schedules reports/session43/pb-medium-mix41.txt \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s43-regions.sqlite --out bench/s43-regions
