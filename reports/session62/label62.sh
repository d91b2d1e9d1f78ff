#!/usr/bin/env bash
# session 62, while the machine would otherwise idle: labels of this machine's key (AMD Zen 3, EPYC family 25 model 1,
# L2 512K; 32,522 labels of it in the set before this session) of what the one-shot pipeline weighs (the checked
# schedule, the macro pick's candidates and 8 of the policy's samples; seed 269 was listed with session 58's
# pick_schedules.py, seed 271 and later with pick_schedules62.py, the same lines written program by program): 269, a new
# training seed of 200 programs at PolyBench MEDIUM's sizes (as 261, 265, 267); 271, 150 at scale 128 with 5 runs
# each (session 61's retest put cache-bound labels' self-agreement at 0.81 with 3 runs). Session 63 ran it with
# S=/work/runs/s63 (reports/session63/label63.sh) for 273, 200 more at MEDIUM's sizes, and 275, 100 at scale 128 with
# 5 runs each; session 64 (label64.sh, S=/work/runs/s64) for 277, 200 more at MEDIUM's sizes, and 279, 100 more at
# scale 128 with 5 runs each, and 281, 50 more at scale 128 with 5 runs each (the session's last minutes); session 66
# (label66.sh, S=/work/runs/s66) for 283, 200 more at MEDIUM's sizes, and 285, 100 more at scale 128 with 5 runs each,
# listed by the pipeline with F65 shipped, and 287, 200 more at MEDIUM's sizes (finished in session 67); session 67
# (label67.sh, S=/work/runs/s67) for 288 and 289, 200 more each at MEDIUM's sizes (even seeds held out, odd for training);
# session 68 (label68.sh, S=/work/runs/s68) for 290 and 292, 200 more each at MEDIUM's sizes (held out); session 69
# (label69.sh, S=/work/runs/s69) for 294, 200 more at MEDIUM's sizes (held out), and 296, 100 contraction-rich programs at
# scale 32 (0.16-1.3 s, PolyBench LARGE gemm's size class) with 5 runs each (held out: the deciding sets had no
# LARGE-sized contraction, where F67 lost gemm's BLIS schedule); session 70 (label70.sh, S=/work/runs/s70) for the
# training seeds 291 and 293, 200 more each at MEDIUM's sizes, and 295, 100 contraction-rich at scale 32, 5 runs each;
# session 71 (label71.sh, S=/work/runs/s71) for 298 (held out) and 297 (training), 200 more each at MEDIUM's sizes.
#   bash reports/session62/label62.sh list 269|...|285|287|288|289|290|292|294|296|291|293|295|297|298     # the candidates (nothing timed)
#   bash reports/session62/label62.sh measure 269|...|285|287|288|289|290|292|294|296|291|293|295|297|298  # measure them (nothing else running), then export a shard
# A measure stopped with pkill -INT -f "polyrl measure" keeps every finished evaluation (run again to go on).
set -u
S=${S:-/work/runs/s62}  # the run folder (session 63's label63.sh passes its own)
mkdir -p $S
source "$(dirname "$0")/../session46/configs46.sh"   # P R; cd $S
seed=${2:-}
usage() { echo "usage: label62.sh list|measure 269|...|296|291|293|295|297|298" >&2; exit 2; }
# each seed: the session that measured it, its programs, and its sizes (medium: PolyBench MEDIUM's, contraction-rich;
# scale128: cache-bound, 5 runs a label; contraction32: contraction-rich at LARGE gemm's size, 5 runs a label)
case $seed in
  269) at=62 count=200 size=medium ;;
  271) at=62 count=150 size=scale128 ;;
  273) at=63 count=200 size=medium ;;
  275) at=63 count=100 size=scale128 ;;
  277) at=64 count=200 size=medium ;;
  279) at=64 count=100 size=scale128 ;;
  281) at=64 count=50 size=scale128 ;;
  283) at=66 count=200 size=medium ;;
  285) at=66 count=100 size=scale128 ;;
  287) at=66 count=200 size=medium ;;
  288) at=67 count=200 size=medium ;;
  289) at=67 count=200 size=medium ;;
  290) at=68 count=200 size=medium ;;
  292) at=68 count=200 size=medium ;;
  294) at=69 count=200 size=medium ;;
  296) at=69 count=100 size=contraction32 ;;
  291) at=70 count=200 size=medium ;;
  293) at=70 count=200 size=medium ;;
  295) at=70 count=100 size=contraction32 ;;
  297) at=71 count=200 size=medium ;;
  298) at=71 count=200 size=medium ;;
  *) usage ;;
esac
if [ $size = medium ]; then
  generate="--scale 0.05 --weights contraction=2,imperfect=1" name=s$at-g$seed-medium-pick-samples-zen3 repeat=3
elif [ $size = contraction32 ]; then
  generate="--scale 32 --weights contraction=8,blas_order=0.5" name=s$at-g$seed-contraction32-pick-samples-zen3-5runs repeat=5
else
  generate="--scale 128" name=s$at-g$seed-scale128-pick-samples-zen3-5runs repeat=5
fi
[ -d g$seed ] || $P/polyrl generate --count $count --seed $seed $generate --out g$seed
c=g$seed store=labels$seed
case ${1:-} in
  list) $P/python $R/session62/pick_schedules62.py $c $c-pick.txt ;;   # written program by program, resumed
  measure)
    OMP_WAIT_POLICY=passive $P/polyrl measure $c --schedules $c-pick.txt --workers 2 --threads 2 --repeat $repeat \
      --timeout 60 --compile-timeout 120 --store $store.sqlite --batch 4 --no-progress
    $P/polyrl dataset export $store.sqlite --name $name ;;
  *) usage ;;
esac
