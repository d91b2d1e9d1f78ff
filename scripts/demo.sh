#!/usr/bin/env bash
# Quick start, part 1: set up, then optimize an example kernel, verify it and time it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
K=datasets/examples/matmul.c
SCHEDULE='B1:I(1,2) B1:T2(0,1,32,32) B1:P(0)'
.venv/bin/polyrl show "$K"
.venv/bin/polyrl optimize "$K" --schedule "$SCHEDULE" -o /tmp/matmul.polyrl.c
.venv/bin/polyrl run "$K" --schedule "$SCHEDULE" --repeat 3
