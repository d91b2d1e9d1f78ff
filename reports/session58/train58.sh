#!/usr/bin/env bash
# session 58: does a listwise (ListNet) loss make the pick models' top-1 better? On labels none of the models saw
# (seeds 239 and 241, pick_top1.py) the pick's own argmin reaches 0.876 and 0.895 of the best labelled schedule's
# time; the models were taught a squared error and a pairwise ranking loss, which weigh every pair alike.
#   F58R = F52 taught every Zen 5 label F57 was (s57's store new57.sqlite: seeds up to 237) with F56's recipe
#          (lr 1e-4, rank weight 3, 3 epochs, seed 0): the control;
#   F58L = the same with --list-weight 1 (temperature 0.1).
# Both reuse the graphs train57.sh built. Compared with pick_top1.py on seeds 239 and 241 (nothing timed); this is
# a diagnosis, no rule: nothing ships from it.
#   bash reports/session58/train58.sh > /work/runs/s58/train58.log 2>&1
set -eu
S=/work/runs/s58 Q=/work/runs/s57 P=/work/main/.venv/bin W=/work/main/polyrl/model/weights
cd $S
for tag in F58R F58L; do
  extra=""; [ $tag = F58L ] && extra="--list-weight 1 --list-temperature 0.1"
  for kind in tuned forms; do
    init=$W/costmodel-forms-amd.pt; [ $kind = tuned ] && init=$W/costmodel-forms-tuned-amd.pt
    [ -f $tag-$kind.graphs.pt ] || cp $Q/F57-tuned.graphs.pt $tag-$kind.graphs.pt
    $P/polyrl pretrain --store $Q/new57.sqlite --corpus $Q/new57-corpus --machine "AMD EPYC" --init $init \
      --out $tag-$kind.pt --epochs 3 --lr 1e-4 --workers 2 --rank-weight 3 --seed 0 $extra > pretrain-$tag-$kind.log 2>&1
    $P/python -c "from polyrl.model.costmodel import export_costmodel; export_costmodel('$tag-$kind.pt', '$tag-$kind-export.pt')"
    rm -f $tag-$kind.graphs.pt
  done
done
echo trained
