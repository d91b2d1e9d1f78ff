#!/usr/bin/env bash
# session 51: the shipped AMD forms fine-tunes (F50, costmodel-forms-amd.pt and costmodel-forms-tuned-amd.pt) taught
# for 3 more epochs at lr 1e-4 (rank weight 3, seed 0; session 46's recipe) F50's twelve shards and, beside them,
# the MEDIUM-sized Zen 4 labels: training seeds 162 (session 45) and 183 (session 50), contraction- and imperfect-
# rich at --scale 0.05, and 185 (this session: the same scale, contractions, triangular updates, imperfect nests,
# read-only scalars, BLAS's loop order). PolyBench MEDIUM is where the one-shot policy falls furthest behind the
# search (49.6% of its log-gain, session 50), and F50 saw no program of those sizes.
#   bash train51.sh      # files F51-* in /work/runs/s51
S=/work/runs/s51 TAG=51 SHARDS="s46-g171 s47-g173big s47-g175big s47-g177big s48-g173big s48-g175big s48-g177big \
s48-g179big s49-g173big-relabel s49-g175big-relabel s49-g179big-relabel s50-g177big-relabel \
s45-g162 s50-g183 s51-g185" \
  exec bash "$(dirname "$0")/../session46/train46.sh"
