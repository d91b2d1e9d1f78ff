#!/usr/bin/env bash
# session 54: F54 = the shipped AMD forms fine-tunes (F52: costmodel-forms-amd.pt, costmodel-forms-tuned-amd.pt,
# trained on Zen 4 labels) taught, for 3 more epochs at lr 1e-4 (rank weight 3, seed 0; session 46's recipe), every
# label of this machine's key (AMD Zen 5, family 26 model 2; L1d 48 KiB where the Zen 4 had 32 KiB): session 53's four
# shards (MEDIUM-dimension selections 203med and 209med, matrix-vector shapes at scale 128 (207), pivot updates (205))
# and this session's (label54.sh: 209med resumed, 211 matrix-vector at scale 128, 213med; label54b.sh: 215
# matrix-vector at scale 128, 217med, 219 pivot updates; a corpus stopped early is exported as far as it went).
# Session 53's diagnosis: F52 has seen no label of this machine, and it predicts the forms of atax and bicg at
# LARGE 2.69x slower than the original loops (PLUTO gets 1.46x and 5.70x there).
#   bash reports/session54/train54.sh      # files F54-* in /work/runs/s54
S=/work/runs/s54 TAG=54 SHARDS="s53-g203med s53-g205 s53-g207 s53-g209med s54-g209med s54-g211 s54-g213med s54-g215 s54-g217med \
s54-g219" \
  exec bash "$(dirname "$0")/../session46/train46.sh"
