#!/usr/bin/env bash
# session 34: every held-out set's forms rescored with the given cost models (rs/rs-<set>.json), then
# forms_eight.py. Run in /work/runs/s34.   bash rescore-eight.sh MODEL.pt [MODEL.pt ...]
set -eu
PY=/work/main/.venv/bin/python; R=/work/main/reports/session34/rescore.py
mkdir -p rs
for s in gs gu gv gz; do $PY $R /work/runs/s29/f$s /work/runs/s32/fr/fb-$s.json rs/rs-$s.json "$@"; done
for s in gp gq; do $PY $R /work/runs/s33/f$s /work/runs/s33/fb-$s.json rs/rs-$s.json "$@"; done
$PY $R fgi fb-gi.json rs/rs-gi.json "$@"
$PY $R fgj fb-gj.json rs/rs-gj.json "$@"
