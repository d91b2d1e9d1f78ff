#!/usr/bin/env bash
# session 46: PolyBench LARGE with every variant issue 27 names (base, graphite, polly, pluto, polyrl-schedule,
# polyrl-policy), the shipped pipeline with session 46's AMD fine-tunes (mix46), on this machine (AMD Zen 4), nothing else running.
# Polly: clang-16 from Debian (apt-get install clang-16 libpolly-16-dev libomp-16-dev), installed by hand here.
# Polly installed by hand as in session 45.
#   PATH=.venv/bin:$PATH bash reports/session46/bench46-large.sh
set -x
export OMP_WAIT_POLICY=passive
cd "$(dirname "$0")/../.."
mkdir -p bench
polyrl bench --suite polybench --dataset LARGE \
  --variants base,graphite,polly,pluto,polyrl-schedule,polyrl-policy \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/${NAME:-s46-large}.sqlite --out bench/${NAME:-s46-large}
