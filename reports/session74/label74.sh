#!/usr/bin/env bash
# session 74: training seed 311 on this AMD EPYC (family 23 model 1, Zen 1): 200 programs at PolyBench MEDIUM's sizes, each
# program's checked schedule, the macro pick's candidates and 8 of the policy's samples (session 62's
# pick_schedules62.py), measured with 3 runs each, exported as a shard. SEED=313 etc. for more of the same kind.
#   bash reports/session74/label74.sh list      # nothing timed; resumes; PART=K/N lists one part
#   bash reports/session74/label74.sh measure   # nothing else running; then export a shard
set -u
S=/work/runs/s74
mkdir -p $S
source "$(dirname "$0")/../session46/configs46.sh"   # P R; cd $S
seed=${SEED:-311}
c=g$seed store=labels$seed
[ -d $c ] || $P/polyrl generate --count 200 --seed $seed --scale 0.05 --weights contraction=2,imperfect=1,ops=0.15 --out $c
case ${1:-} in
  list)  # PART=K/N: the programs whose index is K modulo N, into their own file (N processes side by side)
    only=""
    if [ -n "${PART:-}" ]; then
      only=$($P/python -c "import json,sys; k,n=map(int,'$PART'.split('/')); ids=[json.loads(l)['id'] for l in open('$c/manifest.jsonl') if l.strip()]; print(','.join(ids[k::n]))")
    fi
    $P/python $R/session62/pick_schedules62.py $c $c-pick${PART:+-${PART%/*}}.txt ${only:+--only $only} ;;
  measure)
    cat $c-pick*.txt | sort -u > $c-all.txt
    OMP_WAIT_POLICY=passive $P/polyrl measure $c --schedules $c-all.txt --workers 2 --threads 2 --repeat 3 \
      --timeout 60 --compile-timeout 120 --store $store.sqlite --batch 4 --no-progress
    $P/polyrl dataset export $store.sqlite --name s74-g$seed-medium-pick-samples-epyc23m1 ;;
  *) echo "usage: label74.sh list|measure" >&2; exit 2 ;;
esac
