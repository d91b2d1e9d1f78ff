# session 46: sourced by train46.sh and decide46.sh. Paths, and the two forms-model blends compared on this AMD
# machine: mix44 (shipped: each Xeon forms model blended with session 44's AMD fine-tune) and mix46 (the same Xeon
# models blended with train46.sh's F46, session 44's fine-tunes taught the labels no model has seen).
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
S=${S:-/work/runs/s46}  # session 47's train47.sh and decide47.sh pass /work/runs/s47
R=/work/main/reports
cd $S
MIX44="$W/costmodel-forms.pt+$W/costmodel-forms-amd.pt,$W/costmodel-forms-tuned.pt+$W/costmodel-forms-tuned-amd.pt"
MIX46="$W/costmodel-forms.pt+$S/F46-forms-export.pt,$W/costmodel-forms-tuned.pt+$S/F46-tuned-export.pt"
