#!/usr/bin/env bash
# session 69: session 62's label62.sh in this session's run folder for seed 294 (200 programs at PolyBench MEDIUM's
# sizes, held out: decide69.md's second fresh set) and seed 296 (100 contraction-rich programs at scale 32, PolyBench
# LARGE gemm's size class, 5 runs a label, held out for the next rule that swaps a model), each listed by the pipeline
# as shipped (F52 blended with F67) with 8 of the policy's samples. (Seed 292, listed in session 68, is measured in
# session 68's folder: label68.sh measure 292.)
#   bash reports/session69/label69.sh list 294|296     # the candidates (nothing timed)
#   bash reports/session69/label69.sh measure 294|296  # measure them (nothing else running), then export a shard
S=/work/runs/s69 exec bash "$(dirname "$0")/../session62/label62.sh" "$@"
