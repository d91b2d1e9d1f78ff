#!/usr/bin/env bash
# session 59: F59 = the shipped AMD forms fine-tunes F52 (costmodel-forms-amd.pt, costmodel-forms-tuned-amd.pt) taught,
# for 3 more epochs at lr 1e-4 (rank weight 3, seed 0: session 46's recipe, as F56, the Zen 5 file shipped), every
# label of this machine's key (AMD Zen 5): F56's sixteen shards, seed 231's, session 57's five (233-241) and session 58's three of
# the pipeline's own candidates with the policy's samples among them (243, 245, 247: 8,303 labels, the first of
# samples any model is taught). Session 58 weighed 8 samples in the pick with F56 and lost on over-predictions of
# schedules no model had seen (decide58.sh); decide59.sh rules on the same question with F59.
# The graphs of session 57's F57 (every label up to seed 237) are reused: only the new labels' graphs are built.
#   bash reports/session59/train59.sh > /work/runs/s59/train59.log 2>&1      # files F59-* in /work/runs/s59
set -eu
mkdir -p /work/runs/s59
[ -f /work/runs/s59/F59-tuned.graphs.pt ] || cp /work/runs/s57/F57-tuned.graphs.pt /work/runs/s59/F59-tuned.graphs.pt
S=/work/runs/s59 TAG=59 SHARDS="s53-g203med s53-g205 s53-g207 s53-g209med s54-g209med s54-g211 s54-g213med s54-g215 \
s54-g217med s54-g219 s54-g221big s55-g223big s55-g225 s55-g227 s56-g227 s56-g229 s56-g231 s57-g233 s57-g235 s57-g237 \
s57-g239 s57-g241 s58-g243 s58-g245 s58-g247" \
  exec bash "$(dirname "$0")/../session46/train46.sh"
