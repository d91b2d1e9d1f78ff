#!/usr/bin/env bash
# session 61: expert iteration round p13 (postponed since session 34): the shipped policy p11 (session 25: 1,078
# programs of an Intel Xeon) distilled toward each program's fastest verified schedule among this Zen 5's labels (the
# label set as of this session: the pick's candidates and 8 policy samples on seeds 243-261, the macro schedules and
# searches of sessions 53-58), the Pluto form where it was measured within 15% of the fastest (as p11).
#   bash reports/session61/distill61.sh     # in /work/runs/s61: all/ (the label set imported), p13.pt, distill61.log
set -u
cd /work/runs/s61
P=/work/main/.venv/bin
[ -f all/labels.sqlite ] || $P/polyrl dataset import --store all/labels.sqlite --corpus all/corpus
# the corpus: every program with at least 9 verified Zen 5 labels and 1,200 (seeded) of the 4,014 with 8: building
# every program's isl model and replaying its target take about a second each (zen5/, made by distill61_corpus.py)
[ -d zen5 ] || $P/python /work/main/reports/session61/distill61_corpus.py
$P/polyrl distill --corpus zen5 --store all/labels.sqlite --threads 2 --prefer-form 0.15 \
  --init /work/main/polyrl/model/weights/policy.pt --epochs 10 --lr 1e-4 --seed 1 --workers 2 --out p13.pt \
  > distill61.log 2>&1
