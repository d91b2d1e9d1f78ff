#!/usr/bin/env bash
# session 48, third rule. The second (decide48b.sh: F48 with session 47's macros) failed on one set: nine sets gave
# h178 1.047x, h176 1.039x, h174 1.048x, h170 1.005x, h161 1.006x, h165 0.999x, h167 1.002x, h163 1.000x, but h168
# (read-only scalars, scale 128) 0.956x: two programs of deep nests (batch loops around the contractions) lost 2.6x
# and 3.2x to other macro picks. F48 was taught LARGE-sized contractions of at most 3 nests and seed 171 only, and
# seems to have drifted on the shapes it no longer saw. F48c: the same recipe (the shipped AMD fine-tunes, 3 epochs,
# lr 1e-4, rank weight 3, seed 0) on F48's seven shards and two that hold those shapes, both seen by the shipped
# fine-tunes: s45-g166 (read-only scalars and triangular updates, scale 1) and s46-g169 (scale 4, BLAS order,
# triangular updates, read-only scalars).
#
# The rule, written before F48c was trained and before held-out seed 180 was generated:
#  - configurations: mix47 (shipped) and mix48c (configs48.sh: F48c with session 47's macros), the whole one-shot
#    pipeline each.
#  - ten held-out sets, each decided by both; the programs decided differently measured side by side in one store;
#    a set's geomean counts a program decided alike as 1: h180 (fresh: seed 180 generated and selected as 173 by
#    select47.sh, the first 40 selected programs) and the nine of decide48b.sh.
#  - mix48c ships (F48c's two exports replace the two -amd.pt files) if the product of the ten set geomeans is at
#    least 1.02 and no set is below 0.97. Otherwise nothing changes.
#   bash train48c.sh && bash decide48c.sh
S=/work/runs/s48 TAG=48c SHARDS="s45-g166 s46-g169 s46-g171 s47-g173big s47-g175big s47-g177big s48-g173big s48-g175big s48-g177big" \
  exec bash "$(dirname "$0")/../session46/train46.sh"   # session 46's recipe with these shards, files F48c-*
