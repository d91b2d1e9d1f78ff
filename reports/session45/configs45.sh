# session 45: sourced by large45.sh and update45.sh. Paths, and the two forms-model blends they compare on this
# AMD machine: r19 (session 41's AMD fine-tunes, taken from git where /work/runs/s45 lacks them) and mix44 (shipped).
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
S=/work/runs/s45
R=/work/main/reports
cd $S
[ -f F41-forms-amd.pt ] || git -C /work/main show c950cfc~1:polyrl/model/weights/costmodel-forms-amd.pt > F41-forms-amd.pt
[ -f F41-tuned-amd.pt ] || git -C /work/main show c950cfc~1:polyrl/model/weights/costmodel-forms-tuned-amd.pt > F41-tuned-amd.pt
R19="$W/costmodel-forms.pt+$S/F41-forms-amd.pt,$W/costmodel-forms-tuned.pt+$S/F41-tuned-amd.pt"
MIX44="$W/costmodel-forms.pt+$W/costmodel-forms-amd.pt,$W/costmodel-forms-tuned.pt+$W/costmodel-forms-tuned-amd.pt"
