#!/usr/bin/env bash
# session 66, while the machine would otherwise idle: session 62's label62.sh in this session's run folder, for its
# seeds 283 (200 programs at PolyBench MEDIUM's sizes), 285 (100 at scale 128, 5 runs each) and 287 (200 more at
# MEDIUM's sizes), the candidates listed by the pipeline with F65 shipped.
#   bash reports/session66/label66.sh list 283|285|287      # the candidates (nothing timed)
#   bash reports/session66/label66.sh measure 283|285|287   # measure them (nothing else running), then export a shard
S=/work/runs/s66 exec bash "$(dirname "$0")/../session62/label62.sh" "$@"
