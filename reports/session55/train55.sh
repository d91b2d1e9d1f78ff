#!/usr/bin/env bash
# session 55: F55 = the shipped AMD forms fine-tunes F52 (costmodel-forms-amd.pt, costmodel-forms-tuned-amd.pt,
# Zen 4 labels) taught, for 3 more epochs at lr 1e-4 (rank weight 3, seed 0; session 46's recipe, as F54), every label
# of this machine's key (AMD Zen 5, family 26 model 2): F54's ten shards and the LARGE-sized contractions it lacked,
# session 54's 221big (662 labels) and this session's 223big (713; label55.sh).
#   bash reports/session55/train55.sh      # files F55-* in /work/runs/s55
S=/work/runs/s55 TAG=55 SHARDS="s53-g203med s53-g205 s53-g207 s53-g209med s54-g209med s54-g211 s54-g213med s54-g215 s54-g217med \
s54-g219 s54-g221big s55-g223big" \
  exec bash "$(dirname "$0")/../session46/train46.sh"
