#!/usr/bin/env bash
# session 63 (session 62's recipe), while the machine would otherwise idle: labels of this machine's key (AMD Zen 3,
# EPYC family 25 model 1, L2 512K; 37,812 labels of it in the set before this session) of what the one-shot pipeline
# weighs (the checked schedule, the macro pick's candidates and 8 of the policy's samples, listed program by program
# with session 62's pick_schedules62.py): 273, a new training seed of 200 programs at PolyBench MEDIUM's sizes (as 261,
# 265, 267, 269); 275, 100 programs at scale 128 with 5 runs each (as 263, 271).
#   bash reports/session63/label63.sh list 273|275  # the candidates (nothing timed)
#   bash reports/session63/label63.sh measure 273|275 # measure them (nothing else running), then export a shard
# A measure stopped with pkill -INT -f "polyrl measure" keeps every finished evaluation (run again to go on).
set -u
S=/work/runs/s63
mkdir -p $S
source "$(dirname "$0")/../session46/configs46.sh"   # P R; cd $S
seed=${2:-}
repeat=3
case $seed in
  273) [ -d g273 ] || $P/polyrl generate --count 200 --seed 273 --scale 0.05 --weights contraction=2,imperfect=1 --out g273
       name=s63-g273-medium-pick-samples-zen3 ;;
  275) [ -d g275 ] || $P/polyrl generate --count 100 --seed 275 --scale 128 --out g275
       name=s63-g275-scale128-pick-samples-zen3-5runs; repeat=5 ;;
  *) echo "usage: label63.sh list|measure 273|275" >&2; exit 2 ;;
esac
c=g$seed store=labels$seed
case ${1:-} in
  list) $P/python $R/session62/pick_schedules62.py $c $c-pick.txt ;;   # written program by program, resumed
  measure)
    OMP_WAIT_POLICY=passive $P/polyrl measure $c --schedules $c-pick.txt --workers 2 --threads 2 --repeat $repeat \
      --timeout 60 --compile-timeout 120 --store $store.sqlite --batch 4 --no-progress
    $P/polyrl dataset export $store.sqlite --name $name ;;
  *) echo "usage: label63.sh list|measure 273|275" >&2; exit 2 ;;
esac
