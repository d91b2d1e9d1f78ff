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
# session 56: the forms models as shipped on AMD Zen 5 machines since session 54 (each AMD fine-tune blended with the
# Zen 5 file beside it), and a fresh held-out set: `fresh SEED SCALE [LO_MS HI_MS]` generates 200 programs of SEED
# at SCALE (default weights; session 57: WEIGHTS=... for others) into gSEED and links the first 40 estimated at LO-HI
# ms (default 10-300) into hSEED.
ZEN5_SHIP="$W/costmodel-forms-amd.pt+$W/costmodel-forms-amd-zen5.pt,$W/costmodel-forms-tuned-amd.pt+$W/costmodel-forms-tuned-amd-zen5.pt"
fresh() {
  [ -d g$1 ] || $P/polyrl generate --count 200 --seed $1 --scale $2 ${WEIGHTS:+--weights $WEIGHTS} --out g$1 > gen$1.log
  [ -d h$1 ] || $P/python $R/session41/fresh_set.py g$1 h$1 40 ${3:-10} ${4:-300}
}
# session 57: matrix-vector shapes (reductions with a vector operand, broadcasts, transposes; session 53's seed-207
# weights) with imperfect nests, as PolyBench's mvt, atax, bicg and gesummv
MATVEC_WEIGHTS=elementwise=0.5,broadcast=2,reduction=3,contraction=0.5,stencil_jacobi=0,stencil_seidel=0,transpose=1.5,skewed=0,triangular=0.5,imperfect=1
