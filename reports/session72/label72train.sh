#!/usr/bin/env bash
# session 72: decide72b.md's training seed 303 on this Intel Xeon: 200 programs at PolyBench MEDIUM's sizes, each
# program's checked schedule, the macro pick's candidates and 8 of the policy's samples (session 62's
# pick_schedules62.py), measured with 3 runs each, exported as a shard. SEED=305 etc. for more of the same kind.
#   bash reports/session72/label72train.sh list      # nothing timed; resumes; PART=K/N lists one part
#   bash reports/session72/label72train.sh measure   # nothing else running; then export a shard
# S=FOLDER and NAME=SHARD-NAME-STEM for another session's runs (session 74's label74.sh); COUNT=N programs (default
# 200) and GENERATE="FLAGS" for `polyrl generate`'s size and weights (default MEDIUM's below; session 75's label75c.sh
# and later pass --scale 128 and their weights)
set -u
S=${S:-/work/runs/s72}
mkdir -p $S
source "$(dirname "$0")/../session46/configs46.sh"   # P R; cd $S
seed=${SEED:-303} count=${COUNT:-200} generate=${GENERATE:-"--scale 0.05 --weights contraction=2,imperfect=1,ops=0.15"}
c=g$seed store=labels$seed
# generated into a folder of this process's own, then moved into place, so that parts listed side by side (PART=0/2
# and PART=1/2 at once) never write into one folder together; the first to finish wins
[ -d $c ] || { $P/polyrl generate --count $count --seed $seed $generate --out $c.$$ > gen$seed.log \
  && mv -T $c.$$ $c 2> /dev/null || rm -rf $c.$$; }
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
    $P/polyrl dataset export $store.sqlite --name ${NAME:-s72-g$seed-medium-pick-samples-xeon167} ;;
  *) echo "usage: $(basename "$0") list|measure" >&2; exit 2 ;;
esac
