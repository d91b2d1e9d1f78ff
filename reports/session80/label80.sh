#!/usr/bin/env bash
# session 80: session 79's label79.sh (KIND=cache|medium|edges, SEED, COUNT, PART; list|measure) with this session's
# run folder and shard names:
#   KIND=edges SEED=327 COUNT=80 bash reports/session80/label80.sh list|measure
S=${S:-/work/runs/s80} TAG=s80 exec bash "$(dirname "$0")/../session79/label79.sh" "$@"
