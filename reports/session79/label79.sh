#!/usr/bin/env bash
# session 79: fresh held-out sets (even seeds) and training seeds (odd) of this AMD EPYC (family 23 model 1, Zen 1),
# listed and measured by session 72's label72train.sh (the shipped pipeline's checked schedule,
# the macro pick's candidates and 8 policy samples; 3 runs each, every schedule verified; a shard exported):
#   KIND=cache  SEED=326 COUNT=50  bash reports/session79/label79.sh list|measure  # scale 128, default weights
#   KIND=medium SEED=328 COUNT=120 bash reports/session79/label79.sh list|measure  # MEDIUM sizes, as seeds 314, 316
#   KIND=edges  SEED=325 COUNT=80  bash reports/session79/label79.sh list|measure  # MEDIUM sizes, read_order, edges
# PART=K/N lists one part (N processes side by side); `measure` wants nothing else running. S=FOLDER and TAG=sNN
# (the shard names' session) for another session's runs (session 80's label80.sh); MTAG=the shard names' machine
# (epyc23m1 by default; session 81's label81.sh).
set -u
S=${S:-/work/runs/s79}
seed=${SEED:?SEED=...} kind=${KIND:?KIND=cache or medium}
case $kind in
  cache)  generate="--scale 128" size=scale128 ;;
  medium) generate="" size=medium ;;  # label72train.sh's own MEDIUM corpus
  edges)  # MEDIUM sizes, stencil-rich, with session 79's read_order and edges (what PolyBench has and no earlier
          # generated program: a first read at a constant offset, a write to a last row) and longer time loops
          generate="--scale 0.05 --weights stencil_jacobi=3,stencil_seidel=3,contraction=2,imperfect=1,ops=0.15,read_order=0.5,edges=0.5,time_steps=40"
          size=medium-edges ;;
  *) echo "KIND must be cache, medium or edges" >&2; exit 2 ;;
esac
S=$S SEED=$seed COUNT=${COUNT:-50} GENERATE=$generate NAME=${TAG:-s79}-g$seed-$size-pick-samples-${MTAG:-epyc23m1} \
  exec bash "$(dirname "$0")/../session72/label72train.sh" "$@"
