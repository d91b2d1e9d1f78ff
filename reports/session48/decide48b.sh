#!/usr/bin/env bash
# session 48, second rule. The first (train48.sh: F48 with the macro changes of MACROS_VERSION 12-13) failed: eight sets
# multiplied to 1.068 but h165 (triangular updates under a batch loop, scale 128) fell to 0.888x, where the new
# rank-2k plans (both operands KT, j innermost) ran 2-6x slower than the shipped Pluto forms; on the fresh h176 the
# same plans won up to 7.9x (product 1.124). So, as the rule says, the macro changes were reverted (macros.py,
# MACROS_VERSION 11 again; their labels stay in the set).
#
# This rule, written after that result, before held-out seed 178 was generated and before anything below was decided:
#  - configurations: mix47 (shipped) and mix48b: F48 (train48.sh, unchanged: taught the old and the new plans of
#    seeds 173, 175 and 177) with session 47's macro schedules (this checkout), the whole one-shot pipeline each.
#  - nine held-out sets, each decided by both; the programs decided differently measured side by side in one store;
#    a set's geomean counts a program decided alike as 1: h178 (fresh: seed 178 generated and selected as 173 by
#    select47.sh, the first 40 selected programs) and the eight of train48.sh's rule (h176, h174, h170, h161, h165,
#    h167, h168, h163).
#  - mix48b ships (F48's two exports replace the two -amd.pt files) if the product of the nine set geomeans is at
#    least 1.02 and no set is below 0.97. Otherwise nothing changes.
#   bash decide48b.sh            # generate h178, decide, then measure
#   bash decide48b.sh measure    # measure only
set -u
source "$(dirname "$0")/configs48.sh"   # P W S R, MIX47, MIX48 (F48's blend); cd $S
FRESH=178 SETS="$S/h176 /work/runs/s47/h174 /work/runs/s46/h170 /work/runs/s45/h161 /work/runs/s45/h165 /work/runs/s45/h167 /work/runs/s45/h168 /work/runs/s45/h163" \
  S=$S TAG=48b REPORT=$R/session48 BASE=$MIX47 NEW=$MIX48 exec bash $R/session46/decide46.sh "$@"
