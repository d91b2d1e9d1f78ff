#!/usr/bin/env bash
# session 25: the issue's PolyBench LARGE run, every default variant (base, graphite, polly, pluto,
# pluto-nounrolljam, polyrl-schedule, polyrl-affine, polyrl-policy), machine otherwise quiet. It reuses the store of
# bench25-shipped.sh (base, pluto, polyrl-affine and polyrl-policy measured there an hour earlier on the same quiet
# machine; `polyrl bench --store` measures only what the store lacks). Outputs under bench/s25-all.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
$P bench --suite polybench --dataset LARGE \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s25-shipped.sqlite --out bench/s25-all
