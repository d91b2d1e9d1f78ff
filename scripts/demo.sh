#!/usr/bin/env bash
# Quick start, part 1: set up, then let the shipped policy optimize an example kernel, and
# build, verify and time its schedule (and three samples from the policy) against the original.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
K=datasets/examples/matmul.c
.venv/bin/polyrl show "$K"
.venv/bin/polyrl optimize "$K" --function matmul -o /tmp/matmul.polyrl.c   # the policy's greedy schedule, no compile
.venv/bin/polyrl optimize "$K" --function matmul --search 4 --repeat 3 -o /tmp/matmul.polyrl.c   # measured: the fastest verified one
