#!/usr/bin/env bash
# session 53's rule, written (and committed) before anything is decided or measured with MACROS_VERSION 14, and before
# held-out seeds 204 and 206 are generated:
#
#   MACROS_VERSION 14 (polyrl.poly.macros._invariant_alias): a loop whose innermost loop writes an element that moves
#   with it while reading one element of the array it writes (a dependence carried only through that element) is no
#   longer jammed. The same models ask in both arms (the shipped F52, alone: AMD machines); only the macro code differs:
#     ship53 = the shipped pipeline with MACROS_VERSION 13 (old_macros.py: _invariant_alias answers no);
#     mix53  = the same pipeline with MACROS_VERSION 14.
#   Sets (nine): h202a (fresh: the programs of seed 202, 200 generated at scale 16 with the default weights, whose
#   macro schedules v14 changes: affected.py, 13 programs), h204 (fresh: seed 204 selected as 173, largest size at
#   least 300, its first 40), h206 (fresh: seed 206 selected at MEDIUM's dimensions as 198, its first 50), and six
#   sets of earlier rules generated again here by their recipes: h198, h200 (session 52), h190, h192 (51), h188 (50),
#   h161 (45).
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship53, mix53) in one store per set, nothing else running; a program decided alike counts 1.
#   mix53 ships (MACROS_VERSION 14 stays) if the product of the nine set geomeans (mix53 / ship53) is at least 1.00,
#   h202a's geomean is at least 1.00 and no set is below 0.98: the change is a diagnosis (gcc's run-time overlap
#   check), held to do no harm on the generated programs it touches. Otherwise the macros go back to MACROS_VERSION 13.
#
#   bash decide53.sh            # generate the sets, decide, then measure
#   bash decide53.sh measure    # measure only
set -u
S=/work/runs/s53
mkdir -p $S
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R; cd $S
SHIP="$W/costmodel-forms-amd.pt,$W/costmodel-forms-tuned-amd.pt"   # F52 asked alone, as AMD machines ask it
if [ "${1:-}" != measure ]; then
  [ -d g202 ] || $P/polyrl generate --count 200 --seed 202 --scale 16 --out g202 > gen202.log
  [ -s affected-g202.txt ] || $P/python $R/session53/affected.py g202 > affected-g202.txt
  if [ ! -d h202a ]; then
    mkdir -p g202a
    for id in $(grep -E '^prog_[0-9]+$' affected-g202.txt); do
      cp g202/$id.c g202a/; grep "\"id\": \"$id\"" g202/manifest.jsonl >> g202a/manifest.jsonl
    done
    $P/python $R/session41/fresh_set.py g202a h202a 100 0 1000000
  fi
  [ -d g204big ] || RUNS=$S bash $R/session47/select47.sh 204 300
  [ -d h204 ] || $P/python $R/session41/fresh_set.py g204big h204 40 0 1000000
  [ -d g206med ] || RUNS=$S SCALE=1 LO=150 HI=450 NAME=med bash $R/session47/select47.sh 206 400
  [ -d h206 ] || $P/python $R/session41/fresh_set.py g206med h206 50 0 1000000
  [ -d g198med ] || RUNS=$S SCALE=1 LO=150 HI=450 NAME=med bash $R/session47/select47.sh 198 400
  [ -d h198 ] || $P/python $R/session41/fresh_set.py g198med h198 50 0 1000000
  [ -d g200big ] || RUNS=$S bash $R/session47/select47.sh 200 300
  [ -d h200 ] || $P/python $R/session41/fresh_set.py g200big h200 40 0 1000000
  [ -d g192big ] || RUNS=$S bash $R/session47/select47.sh 192 300
  [ -d h192 ] || $P/python $R/session41/fresh_set.py g192big h192 40 0 1000000
  [ -d g190 ] || $P/polyrl generate --count 300 --seed 190 --scale 0.05 \
    --weights contraction=2,triangular_update=2,imperfect=1,scalars=0.5,blas_order=0.5 --out g190 > gen190.log
  [ -d h190 ] || $P/python $R/session41/fresh_set.py g190 h190 60 0.05 5
  [ -d g188 ] || $P/polyrl generate --count 200 --seed 188 --scale 128 --weights triangular_update=6 --out g188 > gen188.log
  [ -d h188 ] || $P/python $R/session41/fresh_set.py g188 h188 40 300 3000
  [ -d g161 ] || $P/polyrl generate --count 200 --seed 161 --scale 128 --weights contraction=2,triangular=2 --out g161 > gen161.log
  [ -d h161 ] || $P/python $R/session41/fresh_set.py g161 h161 40 300 3000
fi
SETS="$S/h202a $S/h204 $S/h206 $S/h198 $S/h200 $S/h190 $S/h192 $S/h188 $S/h161" \
  S=$S TAG=53 BASE=$SHIP NEW=$SHIP BASE_EVAL=$R/session53/old_macros.py exec bash $R/session46/decide46.sh "$@"
