#!/usr/bin/env bash
# session 60: F60 = session 59's F59 recipe (the shipped AMD forms fine-tunes F52 taught every label of this machine's
# key, AMD Zen 5, for 3 more epochs at lr 1e-4, rank weight 3, seed 0) with session 59's three shards added: seeds 249
# and 255 (the pipeline's candidates and 8 policy samples on 200 programs each at PolyBench MEDIUM's sizes) and 253
# (the same on matrix-vector shapes). Session 59's decide59b (F52+F59 in the pick only, margin 1.0) failed only the
# fresh scale-128 set's floor (h268 0.987); decide60.sh rules on the same configuration with F60.
# F59's graphs are reused: only the new labels' graphs are built.
#   bash reports/session60/train60.sh > /work/runs/s60/train60.log 2>&1      # files F60-* in /work/runs/s60
set -eu
mkdir -p /work/runs/s60
[ -f /work/runs/s60/F60-tuned.graphs.pt ] || cp /work/runs/s59/F59-tuned.graphs.pt /work/runs/s60/F60-tuned.graphs.pt
S=/work/runs/s60 TAG=60 SHARDS="s53-g203med s53-g205 s53-g207 s53-g209med s54-g209med s54-g211 s54-g213med s54-g215 \
s54-g217med s54-g219 s54-g221big s55-g223big s55-g225 s55-g227 s56-g227 s56-g229 s56-g231 s57-g233 s57-g235 s57-g237 \
s57-g239 s57-g241 s58-g243 s58-g245 s58-g247 s59-g249 s59-g253 s59-g255" \
  exec bash "$(dirname "$0")/../session46/train46.sh"
