#!/usr/bin/env bash
# session 60, for the next session: F61 = train60.sh's recipe also taught this session's shards (seed 251's 150
# programs at scale 128 in two parts, 2,237 labels; seed 257 at MEDIUM's sizes, 3,032): every Zen 5 label. Nothing
# rules on it this session; its test figures extend the Spearman-against-labels curve.
#   bash reports/session60/train61.sh > /work/runs/s60/train61.log 2>&1      # files F61-* in /work/runs/s60
set -eu
[ -f /work/runs/s60/F61-tuned.graphs.pt ] || cp /work/runs/s60/F60-tuned.graphs.pt /work/runs/s60/F61-tuned.graphs.pt
S=/work/runs/s60 TAG=61 SHARDS="s53-g203med s53-g205 s53-g207 s53-g209med s54-g209med s54-g211 s54-g213med s54-g215 \
s54-g217med s54-g219 s54-g221big s55-g223big s55-g225 s55-g227 s56-g227 s56-g229 s56-g231 s57-g233 s57-g235 s57-g237 \
s57-g239 s57-g241 s58-g243 s58-g245 s58-g247 s59-g249 s59-g253 s59-g255 s60-g251 s60-g251b s60-g257" \
  exec bash "$(dirname "$0")/../session46/train46.sh"
