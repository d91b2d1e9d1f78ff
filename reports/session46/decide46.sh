#!/usr/bin/env bash
# session 46: train46.sh's rule (its header): mix44 (shipped, decided again here as ship46) and mix46 decide on the
# six held-out sets (nothing timed; two processes), then the programs decided differently are measured side by side
# (the original, ship46's and mix46's schedules) in a fresh store per set, nothing else running.
#   bash decide46.sh            # generate h170, decide, then measure
#   bash decide46.sh measure    # measure only
set -u
source "$(dirname "$0")/configs46.sh"   # P W S R, MIX44, MIX46; cd $S
# TAG (default 46) names the configurations (shipTAG, mixTAG) and files; SETS, BASE and NEW (default h170 and the five
# of session 45, MIX44 and MIX46) the held-out sets and the two blends: session 47's decide47.sh passes its own;
# FRESH=SEED first generates that held-out seed in $S, selected as training seed 173 (select47.sh), and puts its first
# 40 selected programs (hSEED) before SETS; BASE_EVAL (default pipeline_eval.py) the script that decides the base.
T=${TAG:-46}
O=${REPORT:-$R/session$T}   # where the per-set reports go (session 48's second rule: TAG=48b, REPORT=session48)
if [ -n "${FRESH:-}" ]; then
  [ -d g${FRESH}big ] || RUNS=$S bash $R/session47/select47.sh $FRESH 300
  [ -d h$FRESH ] || $P/python $R/session41/fresh_set.py g${FRESH}big h$FRESH 40 0 1000000
  SETS="$S/h$FRESH ${SETS:?FRESH needs SETS}"
elif [ -z "${SETS:-}" ]; then
  [ -d g170 ] || $P/polyrl generate --count 200 --seed 170 --scale 128 \
    --weights contraction=3,triangular_update=2,blas_order=0.8,scalars=0.5 --out g170 > gen170.log
  [ -d h170 ] || $P/python $R/session41/fresh_set.py g170 h170 40 300 3000
  SETS="$S/h170 /work/runs/s45/h161 /work/runs/s45/h165 /work/runs/s45/h167 /work/runs/s45/h168 /work/runs/s45/h163"
fi
if [ "${1:-}" != measure ]; then
  for cfg in "ship$T=${BASE:-$MIX44}" "mix$T=${NEW:-$MIX46}"; do
    ev=${NEW_EVAL:-$R/session38/pipeline_eval.py}   # session 61: pipeline_eval61.py (SPEC@POLICY)
    [ "${cfg%%=*}" = ship$T ] && ev=${BASE_EVAL:-$ev}   # session 49's decide49.sh: the macros of MACROS_VERSION 11
    (for d in $SETS; do OMP_NUM_THREADS=1 $P/python $ev decide $d "$cfg"; done) \
      > decide$T-${cfg%%=*}.log 2>&1 &
  done
  wait; echo all decided
  for d in $SETS; do $P/python $R/session41/changed_decisions.py list $d ship$T mix$T $d/changed$T.txt; done
fi
for d in $SETS; do
  n=$(basename $d)
  [ -s $d/changed$T.txt ] || { echo "$n: nothing changed" | tee $O/changed$T-$n.txt; continue; }
  OMP_WAIT_POLICY=passive $P/polyrl measure $d/corpus --schedules $d/changed$T.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 60 --compile-timeout 120 --store $S/$n-m$T.sqlite --batch 8 --no-progress > $S/measure-$n-m$T.log 2>&1
  $P/python $R/session41/changed_decisions.py report $d $S/$n-m$T.sqlite ship$T mix$T > $O/changed$T-$n.txt
  echo "$n: $(grep against $O/changed$T-$n.txt | tr '\n' ' ')"
done
echo all measured
