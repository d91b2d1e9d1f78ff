#!/usr/bin/env bash
# session 60, while the machine would otherwise idle: labels of this machine's key (AMD Zen 5) of what the one-shot
# pipeline weighs (session 58's pick_schedules.py: the checked schedule, the macro pick's candidates and 8 of the
# policy's samples) on programs at scale 128, the kind of set (h240, h268) on which every new Zen 5 pick model has
# lost since F57: session 59's seed 251 (150 generated at scale 128, default weights), in two parts: a, its first 64
# programs (listed in 5 minutes, measured in 6), and b, the other 86 (the listing is CPU only and may run beside
# other such work; the measuring must run alone). Then 257: a new training seed of 200 programs at PolyBench MEDIUM's
# sizes (scale 0.05, contraction=2,imperfect=1, as 249 and 255), in no model yet, on which pick rules of F60 can be
# replayed held out (pick_replay60.py). Then 259: 150 more programs at scale 128 (default weights), after the notes.
#   bash reports/session60/label60.sh list a|b|257|259      # the candidates (nothing timed)
#   bash reports/session60/label60.sh measure a|b|257|259   # measure them (nothing else running), then export a shard
# A measure stopped with pkill -INT -f "polyrl measure" keeps every finished evaluation (run again to go on).
set -u
S=/work/runs/s60
source "$(dirname "$0")/../session46/configs46.sh"   # P R; cd $S
part=${2:-}
case $part in
  a) lines="head -64" ;;
  b) lines="tail -n +65" ;;
  257) [ -d g257 ] || $P/polyrl generate --count 200 --seed 257 --scale 0.05 --weights contraction=2,imperfect=1 --out g257
       lines= ;;
  259) [ -d g259 ] || $P/polyrl generate --count 150 --seed 259 --scale 128 --out g259
       lines= ;;
  *) echo "usage: label60.sh list|measure a|b|257|259" >&2; exit 2 ;;
esac
c=g251$part store=labels251$part name=s60-g251$part-scale128-pick-samples-zen5
[ $part = 257 ] && c=g257 store=labels257 name=s60-g257-medium-pick-samples-zen5
[ $part = 259 ] && c=g259 store=labels259 name=s60-g259-scale128-pick-samples-zen5
if [ ! -d $c ]; then
  mkdir $c && $lines /work/runs/s59/g251/manifest.jsonl > $c/manifest.jsonl
  $P/python -c "import json, os
for line in open('$c/manifest.jsonl'):
    f = json.loads(line)['file']; os.symlink('/work/runs/s59/g251/' + f, '$c/' + f)"
fi
case ${1:-} in
  list) $P/python $R/session58/pick_schedules.py $c $c-pick.txt ;;
  measure)
    OMP_WAIT_POLICY=passive $P/polyrl measure $c --schedules $c-pick.txt --workers 2 --threads 2 --repeat 3 \
      --timeout 60 --compile-timeout 120 --store $store.sqlite --batch 4 --no-progress
    $P/polyrl dataset export $store.sqlite --name $name ;;
  *) echo "usage: label60.sh list|measure a|b|257|259" >&2; exit 2 ;;
esac
