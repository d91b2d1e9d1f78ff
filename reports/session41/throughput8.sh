#!/bin/bash
# session 41: throughput with the chunked comparison (66f46a9), side by side with the way before session 18
# (--batch 1, the code of bd21380), the issue's 100 programs as in session 40's throughput5.sh: new, before, new
# (each run as session 40's throughput7.sh made them: scripts/throughput_run.sh).
# Usage: bash reports/session41/throughput8.sh /work/runs/s39/tp NEW_TREE BEFORE_TREE
set -euo pipefail
R="$(dirname "$0")/../../scripts/throughput_run.sh"
bash "$R" "$1" s41new "$2" --batch 8
bash "$R" "$1" s41before "$3" --batch 1
bash "$R" "$1" s41new2 "$2" --batch 8
