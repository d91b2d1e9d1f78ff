#!/usr/bin/env bash
# session 81: PolyBench with every variant issue 27 names (LARGE) or with the searches (MEDIUM), the shipped pipeline
# as of this session, on this AMD EPYC family 26 model 2 (Zen 5), nothing else running. Polly: Debian's clang-16
# (apt-get install clang-16 libpolly-16-dev libomp-16-dev).
#   bash reports/session81/bench81.sh LARGE|MEDIUM      # store and results under $S/bench-SIZE (S=/work/runs/s81)
set -eu
size=${1:?LARGE or MEDIUM}
S=${S:-/work/runs/s81}
cd "$(dirname "$0")/../.."
export OMP_WAIT_POLICY=passive
case $size in
  LARGE)  variants=base,graphite,polly,pluto,pluto-nounrolljam,polyrl-schedule,polyrl-policy extra="" ;;
  MEDIUM) variants=base,pluto,pluto-nounrolljam,polyrl-policy,polyrl-checked,polyrl-search,random-search
          extra="--search-budget 32" ;;
  *) echo "LARGE or MEDIUM" >&2; exit 2 ;;
esac
.venv/bin/polyrl bench --suite polybench --dataset $size --variants $variants $extra \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store $S/bench-$size.sqlite --out $S/bench-$size
