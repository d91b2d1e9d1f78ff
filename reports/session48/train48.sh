#!/usr/bin/env bash
# session 48: session 47's two AMD forms fine-tunes (costmodel-forms-amd.pt, costmodel-forms-tuned-amd.pt, shipped)
# taught, for 3 more epochs at lr 1e-4 (rank weight 3, seed 0, as sessions 46 and 47), the labels of contractions at
# PolyBench LARGE's sizes that no model has seen: training seeds 175 and 177, selected as seed 173 (select47.sh: at
# most 3 nests, a size of at least 300, scale 32), session 47's shards and this session's (seed 177's rest, and the
# new macro plans of seeds 173, 175 and 177), with seed 171
# (scale 16, BLAS order, seen by the shipped fine-tunes, kept so that the large programs are not all the fine-tune
# sees). Why: session 47's fine-tune on seed 173's selection moved gemm at LARGE from 1.86x to 2.76x; seeds 175 and
# 177 hold about twice as many such labels again.
#
# The macro schedules changed too (MACROS_VERSION 12 and 13, before F48 was trained and before held-out seed 176 was
# generated): an array read through two references (a rank-k update's A[i][k] and A[j][k]) is packed for the one the
# innermost loop walks, transposed (KT) where that walks a column, at that reference's deepest tile loop; before, its
# first reference decided; and a band that will be packed scores a column walk of a read-only operand as the row walk
# of its transposed buffer when it chooses the innermost loop (a rank-2k update keeps j innermost, both operands KT)
# instead of moving the reduction innermost. Their labels (the new plans of training seeds 173, 175 and 177's
# selections) are in the s48-* shards; seed 173's session 47 shard (seen by the shipped fine-tunes) is imported
# beside them, so that its programs' new plans are ranked against their old ones and the original.
#
# The rule, written before F48 was trained and before held-out seed 176 was generated (amended twice, at 09:38 and
# 09:40, before either, to take in the macro changes):
#  - configurations: mix47 (shipped: the shipped models with session 47's macros, see decide48.sh) and
#    mix48 (configs48.sh: F48 with this session's macros), the whole one-shot pipeline each.
#  - eight held-out sets, each decided by both; the programs decided differently measured side by side in one store;
#    a set's geomean counts a program decided alike as 1:
#      h176 (fresh: seed 176 generated and selected as seed 173 by select47.sh, the first 40 selected programs),
#      session 47's h174 (the same way), session 46's h170 (scale 128, BLAS order), session 45's h161 (scale 128,
#      contractions and triangular), h165 (triangular updates, scale 128), h167 and h168 (read-only scalars, scale 16
#      and 128), h163 (60 MEDIUM-sized programs, scale 0.05).
#  - mix48 ships (it replaces the two -amd.pt files) if the product of the eight set geomeans (mix48 against mix47) is
#    at least 1.02 and no set is below 0.97. Otherwise nothing changes (the macro change is reverted too).
#   bash train48.sh
S=/work/runs/s48 TAG=48 SHARDS="s46-g171 s47-g173big s47-g175big s47-g177big s48-g173big s48-g175big s48-g177big" \
  exec bash "$(dirname "$0")/../session46/train46.sh"   # session 46's recipe with these shards, files F48-*
