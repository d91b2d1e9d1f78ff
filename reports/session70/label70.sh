#!/usr/bin/env bash
# session 70: session 62's label62.sh in this session's run folder for the training seeds 291 and 293 (200 programs each
# at PolyBench MEDIUM's sizes) and 295 (100 contraction-rich programs at scale 32, PolyBench LARGE gemm's size class,
# 5 runs a label), each listed by the pipeline as shipped (F52 blended with F67) with 8 of the policy's samples:
# new labels for the next fine-tune of the forms models (292, 294, 296 stay held out).
#   bash reports/session70/label70.sh list 291|293|295     # the candidates (nothing timed)
#   bash reports/session70/label70.sh measure 291|293|295  # measure them (nothing else running), then export a shard
S=/work/runs/s70 exec bash "$(dirname "$0")/../session62/label62.sh" "$@"
