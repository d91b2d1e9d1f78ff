# session 47: sourced by train47.sh and decide47.sh. Paths, and the two forms-model blends compared on this AMD
# machine: mix46 (shipped: each Xeon forms model blended with session 46's AMD fine-tune) and mix47 (the same Xeon
# models blended with train47.sh's F47: session 46's fine-tunes taught the contractions of PolyBench LARGE's sizes).
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
S=/work/runs/s47
R=/work/main/reports
cd $S
MIX46="$W/costmodel-forms.pt+$W/costmodel-forms-amd.pt,$W/costmodel-forms-tuned.pt+$W/costmodel-forms-tuned-amd.pt"
MIX47="$W/costmodel-forms.pt+$S/F47-forms-export.pt,$W/costmodel-forms-tuned.pt+$S/F47-tuned-export.pt"
