#!/usr/bin/env bash
# session 45: PolyBench reads constants from scalars (alpha, beta, float_n) in most kernels; the generator wrote every
# constant as a literal, so no model was taught a graph with a read-only scalar read (none in 320 generated
# programs of four seeds, /tmp/ro.py in COMMANDS.txt). Rewriting a generated syrk-shaped program towards syrk.c
# changed its one-shot decision at each step. Two changes: the generator can read constants from scalars
# (--weights scalars=P, off by default), and the program graph leaves read-only scalars out of a statement's
# accesses, as literals (CONSTANT_SCALARS; no graph of a program without them changes). Asked of two fresh
# held-out sets with scalars:
#   h167: seed 167, --scale 16, --weights scalars=0.8, the first 40 programs estimated at 10-300 ms;
#   h168: seed 168, --scale 128, --weights scalars=0.8,contraction=2,triangular=2,triangular_update=2,
#         the first 40 estimated at 300-3000 ms.
# Configurations (scalars45.py): keep (the graphs as before) and const. The programs decided differently are
# measured side by side, one store per set.
#
# The rule, written before seeds 167 and 168 were generated and before anything decided on them: const ships
# (CONSTANT_SCALARS = True) if the product of its two geomeans against keep (each over the set's 40 programs, a
# program decided alike counting 1) is at least 1.00 and neither is below 0.98; otherwise CONSTANT_SCALARS is
# False. PolyBench is measured after and chooses nothing. (PolyBench's one-shot decisions with const were looked
# at while tracing syrk: syr2k and symm take the Pluto form; nothing was timed.)
set -eu
P=/work/main/.venv/bin
S=/work/runs/s45
R=/work/main/reports
cd $S
[ -d g167 ] || $P/polyrl generate --count 120 --seed 167 --scale 16 --weights scalars=0.8 --out g167 > gen167.log
[ -d g168 ] || $P/polyrl generate --count 200 --seed 168 --scale 128 \
  --weights scalars=0.8,contraction=2,triangular=2,triangular_update=2 --out g168 > gen168.log
[ -d h167 ] || $P/python $R/session41/fresh_set.py g167 h167 40
[ -d h168 ] || $P/python $R/session41/fresh_set.py g168 h168 40 300 3000
if [ "${1:-}" != measure ]; then
  for n in 167 168; do
    (OMP_NUM_THREADS=1 $P/python $R/session45/scalars45.py h$n keep) > decide-$n-keep.log 2>&1 &
    (OMP_NUM_THREADS=1 $P/python $R/session45/scalars45.py h$n const) > decide-$n-const.log 2>&1 &
    wait
  done
fi
for n in 167 168; do
  $P/python $R/session41/changed_decisions.py list h$n keep const h$n/changed45.txt
  OMP_WAIT_POLICY=passive $P/polyrl measure h$n/corpus --schedules h$n/changed45.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 60 --compile-timeout 120 --store h$n-m45.sqlite --batch 8 --no-progress > measure-h$n.log 2>&1
  $P/python $R/session41/changed_decisions.py report h$n h$n-m45.sqlite keep const > $R/session45/changed45-h$n.txt
  grep against $R/session45/changed45-h$n.txt
done
