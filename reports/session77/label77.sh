#!/usr/bin/env bash
# session 77: scale-128 programs on this AMD EPYC (family 23 model 1, Zen 1) weighted towards the shapes this machine
# loses on at PolyBench LARGE (stencils under a time loop, statements at several depths, triangular updates):
# SEED (319, training; 322, held out) with COUNT programs at scale 128 and the pattern weights
# stencil_jacobi=3,stencil_seidel=2,imperfect=1,triangular_update=1 (the rest at the generator's default), generated
# first, then session 72's label72train.sh lists (the shipped pipeline's checked schedule, the macro pick's
# candidates, 8 policy samples) and measures them (3 runs each, every schedule verified), and exports a shard.
#   SEED=319 COUNT=100 bash reports/session77/label77.sh list      # nothing timed; PART=K/N lists one part
#   SEED=319 COUNT=100 bash reports/session77/label77.sh measure   # nothing else running
# WEIGHTS= (empty) for the generator's default weights (seed 321, training), its shard named without "stencil".
set -u
S=/work/runs/s77
seed=${SEED:?SEED=...}
weights=${WEIGHTS-stencil_jacobi=3,stencil_seidel=2,imperfect=1,triangular_update=1}
S=$S SEED=$seed COUNT=${COUNT:-50} GENERATE="--scale 128${weights:+ --weights $weights}" \
  NAME=s77-g$seed-scale128${weights:+-stencil}-pick-samples-epyc23m1 \
  exec bash "$(dirname "$0")/../session72/label72train.sh" "$@"
