#!/usr/bin/env bash
# session 56: F56 = the shipped AMD forms fine-tunes F52 (costmodel-forms-amd.pt, costmodel-forms-tuned-amd.pt) taught,
# for 3 more epochs at lr 1e-4 (rank weight 3, seed 0; session 46's recipe, as F54 and F55), every label of this
# machine's key (AMD Zen 5): F55's twelve shards, session 55's scalar-temp labels (225, 227 and its resumed part) and
# this session's cache-bound labels of seed 229 (scale 128, default weights; label56.sh), the kind of program on which
# F55 lost (decide56.sh: h230).
#   bash reports/session56/train56.sh      # files F56-* in /work/runs/s56
S=/work/runs/s56 TAG=56 SHARDS="s53-g203med s53-g205 s53-g207 s53-g209med s54-g209med s54-g211 s54-g213med s54-g215 s54-g217med \
s54-g219 s54-g221big s55-g223big s55-g225 s55-g227 s56-g227 s56-g229" \
  exec bash "$(dirname "$0")/../session46/train46.sh"
