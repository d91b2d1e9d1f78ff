#!/usr/bin/env bash
# session 53: the shipped pipeline's schedule for every PolyBench kernel at SIZE (LARGE or MEDIUM), nothing measured;
# OLD=1 with the macro schedules of MACROS_VERSION 13 (old_macros.py).
#   bash reports/session53/choose_all.sh LARGE > choose-large-new.txt
#   OLD=1 bash reports/session53/choose_all.sh LARGE > choose-large-old.txt
cd "$(dirname "$0")/../.."
run=(.venv/bin/polyrl)
[ -n "${OLD:-}" ] && run=(.venv/bin/python reports/session53/old_macros.py)
out=$(mktemp -d)
for f in $(find datasets/polybench -name "*.c" | grep -v utilities | sort); do
  k=$(basename "$f" .c)
  s=$("${run[@]}" optimize "$f" -I datasets/polybench/utilities -I "$(dirname "$f")" -D "${1:?SIZE}_DATASET" \
      -D POLYBENCH_USE_C99_PROTO -o "$out/$k.c" 2>&1 | grep "^schedule:" | head -1)
  echo "$k | ${s#schedule: }"
done
rm -r "$out"
