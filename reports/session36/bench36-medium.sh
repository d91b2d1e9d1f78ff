#!/usr/bin/env bash
# session 36: PolyBench MEDIUM with the searches (as session 33's bench33-medium.sh) on this session's machine
# (AMD EPYC family 25 model 17, Zen 4: no label of the shipped models comes from it), fresh store, machine
# otherwise quiet: base, pluto (as documented and with --nounrolljam), the shipped policy with its checks, the same with --macro-pick (session 35's
# option, off by default), polyrl-search and random-search at budget 32.
# Outputs under bench/s36-medium; then: python3 reports/session26/medium_gains.py bench/s36-medium/results.csv
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset MEDIUM \
  --variants base,pluto,pluto-nounrolljam,polyrl-policy,polyrl-macro-pick,polyrl-search,random-search --search-budget 32 \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s36-medium.sqlite --out bench/s36-medium
