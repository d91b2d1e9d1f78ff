#!/usr/bin/env bash
# session 44: PolyBench after mix44 shipped (nothing chosen on it): the kernels whose one-shot schedule it changes
# (pb-*-mix44.txt against session 43's pb-*-r19.txt): polyrl-policy (as shipped now), polyrl-schedule (session 43's
# schedules of the same kernels), base and PLUTO side by side in one run per dataset.
export OMP_WAIT_POLICY=passive
cd "$(dirname "$0")/../.."
mkdir -p bench
${POLYRL:-polyrl} bench --suite polybench --dataset MEDIUM --kernels atax,bicg \
  --variants base,pluto,polyrl-policy,polyrl-schedule --schedules reports/session43/pb-medium-r19.txt \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s44-medium.sqlite --out bench/s44-medium
${POLYRL:-polyrl} bench --suite polybench --dataset LARGE --kernels bicg,gemver,symm,syr2k,syrk \
  --variants base,pluto,polyrl-policy,polyrl-schedule --schedules reports/session43/pb-large-r19.txt \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s44-large.sqlite --out bench/s44-large
