# session 48: sourced by decide48.sh. Paths (session 46's configs46.sh with /work/runs/s48), and the two forms-model
# blends compared on this AMD machine: mix47 (shipped: each Xeon forms model blended with the -amd.pt fine-tune in the
# weights folder, which configs46.sh calls MIX44) and mix48 (the same Xeon models blended with train48.sh's F48).
S=/work/runs/s48
source "$(dirname "${BASH_SOURCE[0]}")/../session46/configs46.sh"   # P W S R; cd $S
MIX47=$MIX44
MIX48="$W/costmodel-forms.pt+$S/F48-forms-export.pt,$W/costmodel-forms-tuned.pt+$S/F48-tuned-export.pt"
# the third rule's (train48c.sh): F48c, F48's recipe with two more shards
MIX48C="$W/costmodel-forms.pt+$S/F48c-forms-export.pt,$W/costmodel-forms-tuned.pt+$S/F48c-tuned-export.pt"
