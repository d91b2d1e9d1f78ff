#!/usr/bin/env bash
# session 43: the one-shot pipeline under a configuration, decided on session 38's five held-out sets, session 41's
# two fresh ones and session 42's seed 149 (contraction-rich, scale 1); nothing timed. Then the programs decided
# otherwise than the shipped mix41 listed.
#   bash decide43.sh mix43    # each shipped forms model blended with its new fine-tune (as shipped since session 38)
#   bash decide43.sh amd43    # the new fine-tunes alone: on seed 149 they rank the measured macro schedules at a
#                             # within-program Spearman of 0.621, the blend 0.557 (rank_eval.py)
#                             # (both -> SET/changed43.txt: where mix43 or amd43 decides otherwise)
#   bash decide43.sh regions  # mix41 with the least work of a parallel region 2**18 (r18) and 2**19 (r19) instead of
#                             # 2**17 (regions.py); on hgq 2**17 again (r17), a control that must decide as mix41
#                             # (-> SET/changed-regions.txt)
set -u
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
F=/work/runs/s43
case "${1:?mix43, amd43 or regions}" in
  mix43) SPEC="$W/costmodel-forms.pt+$F/F43-forms-export.pt,$W/costmodel-forms-tuned.pt+$F/F43-tuned-export.pt";;
  amd43) SPEC="$F/F43-forms-export.pt,$F/F43-tuned-export.pt";;
  regions) ;;
  *) echo "decide43.sh: mix43, amd43 or regions, not $1" >&2; exit 2;;
esac
one() {
  if [ "$2" = regions ]; then
    control=(); [ "$(basename $1)" = hgq ] && control=(r17=17)
    OMP_NUM_THREADS=1 $P/python /work/main/reports/session43/regions.py $1 r18=18 r19=19 "${control[@]}"
    $P/python /work/main/reports/session41/changed_decisions.py list $1 mix41 r18 r19 $1/changed-regions.txt
  else
    OMP_NUM_THREADS=1 $P/python /work/main/reports/session38/pipeline_eval.py decide $1 "$2=$SPEC"
    names=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(' '.join(n for n in ('mix43','amd43') if n in d))" $1/decisions.json)
    $P/python /work/main/reports/session41/changed_decisions.py list $1 mix41 $names $1/changed43.txt
  fi
}
(for d in /work/runs/s38/hgv /work/runs/s38/hgp /work/runs/s38/hgq /work/runs/s41/fresh/h144; do one $d $1; done) > $F/decide43-$1-a.log 2>&1 &
(for d in /work/runs/s38/hgt /work/runs/s38/hgw /work/runs/s41/fresh/h145 /work/runs/s42/fresh/h149; do one $d $1; done) > $F/decide43-$1-b.log 2>&1 &
wait
echo all decided
