# session 47: sourced by decide47.sh. Paths (session 46's configs46.sh with /work/runs/s47), and the two forms-model
# blends compared on this AMD machine: mix46 (shipped: each Xeon forms model blended with the -amd.pt fine-tune in the
# weights folder, which configs46.sh calls MIX44) and mix47 (the same Xeon models blended with train47.sh's F47).
S=/work/runs/s47
source "$(dirname "${BASH_SOURCE[0]}")/../session46/configs46.sh"   # P W S R; cd $S
MIX46=$MIX44
MIX47="$W/costmodel-forms.pt+$S/F47-forms-export.pt,$W/costmodel-forms-tuned.pt+$S/F47-tuned-export.pt"
