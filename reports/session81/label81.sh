#!/usr/bin/env bash
# session 81: session 79's label79.sh (KIND=cache|medium|edges, SEED, COUNT, PART; list|measure) on this session's
# AMD EPYC family 26 model 2 (Zen 5), with this session's run folder and shard names:
#   KIND=edges SEED=331 COUNT=80 bash reports/session81/label81.sh list|measure
S=${S:-/work/runs/s81} TAG=s81 MTAG=epyc26m2 exec bash "$(dirname "$0")/../session79/label79.sh" "$@"
