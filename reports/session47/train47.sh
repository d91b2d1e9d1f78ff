#!/usr/bin/env bash
# session 47: session 46's two AMD forms fine-tunes (costmodel-forms-amd.pt, costmodel-forms-tuned-amd.pt, shipped)
# taught, for 3 more epochs at lr 1e-4 (rank weight 3, seed 0, as session 46), the labels of contractions at
# PolyBench LARGE's sizes: training seed 173's selection (select47.sh: at most 3 nests, a size of at least 300,
# scale 32), with seeds 171 and 172 (scale 16, BLAS order, in no model yet) and 169 (seen by session 46's, kept so
# that the few large programs are not all the fine-tune sees). Why: session 46 found that the models predict the
# BLIS plans slower than plain parallel vector code on gemm, syrk, syr2k and symm at LARGE, where the hand schedules
# run 2-10x faster; in the generated labels the BLIS plans win only on the few programs with a dimension near 600.
#
# The rule, written before F47 was trained and before held-out seed 174 was generated:
#  - configurations: mix46 (shipped) and mix47 (configs47.sh), the whole one-shot pipeline each.
#  - seven held-out sets, each decided by both; the programs decided differently measured side by side in one store;
#    a set's geomean counts a program decided alike as 1:
#      h174 (fresh: seed 174 generated and selected as seed 173 by select47.sh, the first 40 selected programs),
#      session 46's h170 (scale 128, BLAS order), session 45's h161 (scale 128, contractions and triangular), h165
#      (triangular updates, scale 128), h167 and h168 (read-only scalars, scale 16 and 128), h163 (60 MEDIUM-sized
#      programs, scale 0.05).
#  - mix47 ships (it replaces the two -amd.pt files) if the product of the seven set geomeans (mix47 against mix46)
#    is at least 1.02 and no set is below 0.97. Otherwise nothing changes.
#   bash train47.sh
S=/work/runs/s47 TAG=47 SHARDS="s46-g169 s46-g171 s47-g172 s47-g173big" \
  exec bash "$(dirname "$0")/../session46/train46.sh"   # session 46's recipe with these shards, files F47-*
