#!/usr/bin/env bash
# session 59: the one-shot pipeline replayed on labelled training seeds, scored on their labels (nothing timed).
# Session 58's pick_schedules.py labelled, for every program of seeds 243, 245, 247 (session 58) and 249 (this
# session), everything the shipped pipeline weighs with 8 policy samples: the checked schedule, the macro pick's
# candidates and the samples. A configuration that keeps the shipped policy and check and changes only the pick's
# models, margin or samples therefore chooses among labelled schedules: pipeline_eval.py's report gives its exact
# outcome on those labels, with no held-out seed spent. The shipped models (F52 with F56) saw none of these seeds;
# F59 (train59.sh) saw 243-247, not 249.
#   bash reports/session59/replay59.sh SEED CONFIG...     e.g. replay59.sh 249 ship s8 f59 f59s8
set -u
S=/work/runs/s59
source "$(dirname "$0")/../session46/configs46.sh"   # P W R ZEN5_SHIP; cd $S
seed=$1; shift
store=/work/runs/s58/labels$seed.sqlite; [ $seed -ge 249 ] && store=$S/labels$seed.sqlite
corpus=/work/runs/s58/g$seed; [ $seed -ge 249 ] && corpus=$S/g$seed
F59="$W/costmodel-forms-amd.pt+$S/F59-forms-export.pt,$W/costmodel-forms-tuned-amd.pt+$S/F59-tuned-export.pt"
F59A="$S/F59-forms-export.pt,$S/F59-tuned-export.pt"   # F59 alone, not blended with F52
d=$S/r$seed
mkdir -p $d; [ -e $d/corpus ] || ln -s $corpus $d/corpus
[ -s $d/plan.json ] || $P/python -c "
import json, sys
ids = [json.loads(l)['id'] for l in open('$corpus/manifest.jsonl') if l.strip()]
json.dump([{'id': i} for i in ids], open('$d/plan.json', 'w'))"
for c in "$@"; do
  case $c in
    ship) spec=$ZEN5_SHIP ;; s8) spec="$ZEN5_SHIP:samples=8" ;;
    f59) spec=$F59 ;; f59s8) spec="$F59:samples=8" ;;
    f59a) spec=$F59A ;; f59as8) spec="$F59A:samples=8" ;;
    *) echo "unknown configuration $c" >&2; exit 2 ;;
  esac
  OMP_NUM_THREADS=1 $P/python $R/session38/pipeline_eval.py decide $d "$c=$spec"
done
$P/python $R/session38/pipeline_eval.py report $d $store ship
