#!/usr/bin/env bash
# session 14: the shipped policy beside the two PPO checkpoints of ppo14.sh (each with the cost model's check), MEDIUM; with "large", PolyBench LARGE too
# usage: bench14.sh TAG MIXED.pt MEASURED.pt [large]  (run from a checkout with polyrl installed, or POLYRL=path/to/polyrl)
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
TAG=$1
V=base,polyrl-policy,polyrl-policy@$2,polyrl-policy@$3
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset MEDIUM --variants $V --threads 2 --repeat 3 --timeout 120 --store bench/$TAG-m30.sqlite --out bench/$TAG-medium30
$P bench --suite pearl --dataset MEDIUM --variants $V --threads 2 --repeat 3 --timeout 120 --store bench/$TAG-m8.sqlite --out bench/$TAG-pearl-medium
# then, the same at LARGE (run after the two above, in the session):
if [ "$4" = large ]; then
  $P bench --suite polybench --dataset LARGE --variants $V --threads 2 --repeat 3 --timeout 120 --store bench/$TAG-l30.sqlite --out bench/$TAG-large30
fi
