#!/usr/bin/env bash
# session 57: F57 = the shipped AMD forms fine-tunes F52 (costmodel-forms-amd.pt, costmodel-forms-tuned-amd.pt) taught,
# at lr 1e-4 (rank weight 3, seed 0; session 46's recipe, as F54, F55 and F56) but for 8 epochs, not 3, every label of this
# machine's key (AMD Zen 5): F56's sixteen shards, seed 231 (scale 128, end of session 56) and this session's
# label57.sh shards: seed 233 (400 programs at PolyBench MEDIUM's sizes, scale 0.05, contraction=2,imperfect=1: the
# kind of kernel where the one-shot share falls short), seed 235 (scale 128) and seed 237 (300 matrix-vector shapes
# at scale 0.05).
# Why 8: F56's validation loss and within-program Spearman still fell and rose at its third epoch (0.659, 0.666,
# 0.683; pretrain-F56-forms.log) and an epoch takes about 35 s; the learning rate is constant, so the first three
# epochs are F56's recipe and the epoch of least validation loss is kept.
#   bash reports/session57/train57.sh      # files F57-* in /work/runs/s57
S=/work/runs/s57 TAG=57 EPOCHS=8 SHARDS="s53-g203med s53-g205 s53-g207 s53-g209med s54-g209med s54-g211 s54-g213med s54-g215 s54-g217med \
s54-g219 s54-g221big s55-g223big s55-g225 s55-g227 s56-g227 s56-g229 s56-g231 s57-g233 s57-g235 s57-g237" \
  exec bash "$(dirname "$0")/../session46/train46.sh"
