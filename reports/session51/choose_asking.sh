# session 51: sourced by decide51.sh and decide52.sh after configs46.sh (P W S R; cd $S), with T the session's tag:
# chooses how the rule's new fine-tunes F$T ($S/F$T-forms-export.pt, $S/F$T-tuned-export.pt) are asked, before
# anything is decided: blended with the Xeon forms models as the shipped pipeline asks, or alone; the way whose two
# models have the higher mean within-program Spearman on the test programs of F$T's split (costmodel_eval.py on the
# AMD labels of new$T.sqlite; nothing timed; written to choose$T.txt, kept when the caller's $1 is `measure`).
# Sets NEW, the configuration decide46.sh calls mix$T.
F=$S/F$T
if [ "${1:-}" != measure ]; then
  $P/python $R/session32/costmodel_eval.py new$T.sqlite F$T-tuned.pt F$T-tuned.graphs.pt "AMD EPYC" \
    "$W/costmodel-forms.pt+$F-forms-export.pt" "$W/costmodel-forms-tuned.pt+$F-tuned-export.pt" \
    $F-forms-export.pt $F-tuned-export.pt > choose$T.txt
fi
ASK=$(awk '/within-program Spearman/ {for (i = 1; i < NF; i++) if ($i == "Spearman") r[++n] = $(i + 1)}
  END {print (r[3] + r[4] > r[1] + r[2]) ? "alone" : "blend"}' choose$T.txt)
echo "mix$T asks F$T $ASK ($(grep -c 'within-program' choose$T.txt) models evaluated)"
if [ "$ASK" = alone ]; then
  NEW="$F-forms-export.pt,$F-tuned-export.pt"
else
  NEW="$W/costmodel-forms.pt+$F-forms-export.pt,$W/costmodel-forms-tuned.pt+$F-tuned-export.pt"
fi
