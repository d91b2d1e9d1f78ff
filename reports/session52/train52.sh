#!/usr/bin/env bash
# session 52: the shipped AMD forms fine-tunes (F50, costmodel-forms-amd.pt and costmodel-forms-tuned-amd.pt) taught
# for 3 more epochs at lr 1e-4 (rank weight 3, seed 0; session 46's recipe) F50's twelve shards, session 51's
# MEDIUM-sized shards (162, 183, 185 at --scale 0.05), and, new, the labels of programs with PolyBench MEDIUM's
# dimensions (session 51's selections 189med, 191med, 193med, 195med: contractions whose largest size is 150-450,
# 8,134 labels over 1,025 programs) and seed 187 generated as h170 (scale 128), the shape F51 lost on.
# Session 51's diagnosis: the forms models rank PolyBench MEDIUM's macro schedules at a within-kernel Spearman of
# 0.27-0.36, and the scale-0.05 programs' largest sizes (quartiles 25/51/106) are far below MEDIUM's 180-260.
#   bash train52.sh      # files F52-* in /work/runs/s52
S=/work/runs/s52 TAG=52 SHARDS="s46-g171 s47-g173big s47-g175big s47-g177big s48-g173big s48-g175big s48-g177big \
s48-g179big s49-g173big-relabel s49-g175big-relabel s49-g179big-relabel s50-g177big-relabel \
s45-g162 s50-g183 s51-g185 s51-g189med s51-g191med s51-g193med s51-g195med s51-g187" \
  exec bash "$(dirname "$0")/../session46/train46.sh"
