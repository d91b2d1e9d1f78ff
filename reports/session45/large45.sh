#!/usr/bin/env bash
# session 45: does the shipped blend (mix44: session 44's AMD fine-tunes, taught MEDIUM-sized programs) lose on
# programs as large as PolyBench LARGE's? Every held-out set it was chosen on held programs estimated at 300 ms or
# less. Asked here of a fresh generated set at LARGE-like sizes: seed 161, --scale 128, contraction- and
# triangular-rich, the first 40 programs estimated at 300-3000 ms. This machine: AMD EPYC family 25 model 17 (Zen 4).
#
# Configurations: r19 (session 41's fine-tunes, shipped in sessions 41-43), mix44 (shipped), and gate30: mix44's
# decision on programs of fewer than 2^30 statement instances, r19's on larger ones (gate.py). 2^30 is above every
# program of the earlier sets mix44 was judged on (regenerated here: seeds 77, 137, 144, 159 at scale 16, 85 and 140
# stencils, all <= 2^29.2), so gate30 decides as mix44 on all of them.
#
# The rule, written before seed 161 was generated and before anything decided on it (geomeans over the 40 programs,
# a program decided alike counting 1, the programs decided differently measured side by side in one store):
#   1. mix44 / r19 >= 0.98: mix44 stays; nothing changes.
#   2. otherwise, if gate30 / r19 >= 0.98 and gate30 > mix44: the gate ships (the AMD blend takes session 41's
#      fine-tunes on programs of 2^30 instances or more).
#   3. otherwise session 41's fine-tunes are shipped back (mix44 reverted).
set -eu
source "$(dirname "$0")/configs45.sh"   # P W S R, R19 and MIX44; cd $S
[ -d g161 ] || $P/polyrl generate --count 200 --seed 161 --scale 128 --weights contraction=2,triangular=2 --out g161 > gen161.log
[ -d h161 ] || $P/python $R/session41/fresh_set.py g161 h161 40 300 3000
(OMP_NUM_THREADS=1 $P/python $R/session38/pipeline_eval.py decide h161 "r19=$R19") > decide-161a.log 2>&1 &
(OMP_NUM_THREADS=1 $P/python $R/session38/pipeline_eval.py decide h161 "mix44=$MIX44") > decide-161b.log 2>&1 &
wait
$P/python $R/session45/gate.py decide h161 mix44 r19 30 gate30
$P/python $R/session41/changed_decisions.py list h161 r19 mix44 gate30 h161/changed45.txt
OMP_WAIT_POLICY=passive $P/polyrl measure h161/corpus --schedules h161/changed45.txt --workers 2 --threads 2 --repeat 3 \
  --timeout 60 --compile-timeout 120 --store h161-m45.sqlite --batch 8 --no-progress > measure-h161.log 2>&1
$P/python $R/session41/changed_decisions.py report h161 h161-m45.sqlite r19 mix44 gate30 > $R/session45/changed45-h161.txt
cat $R/session45/changed45-h161.txt
