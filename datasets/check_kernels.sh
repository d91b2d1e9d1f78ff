#!/usr/bin/env bash
# check_kernels.sh -- build and run every kernel under datasets/ twice:
#   1. MINI_DATASET with POLYBENCH_DUMP_ARRAYS: must finish, print a complete
#      dump on stderr, and the dump must hold no nan/inf;
#   2. SMALL_DATASET with POLYBENCH_TIME: must finish and print a time.
# It also checks the source shape: one `#pragma scop` / `#pragma endscop`
# pair and no `if` statement between them.  The plain-C examples under
# datasets/examples are built and run once.
#
# Usage: datasets/check_kernels.sh [name-filter]      (CC, CFLAGS, TIMEOUT env)
# Prints one line per kernel; exits non-zero when any kernel fails.
set -u

here=$(cd "$(dirname "$0")" && pwd)
util="$here/polybench/utilities"
CC=${CC:-gcc}
CFLAGS=${CFLAGS:--O2 -fopenmp}
TIMEOUT=${TIMEOUT:-120}
WARN="-Wall -Wno-unknown-pragmas"
filter=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail=0
total=0

check_one() {
  local src=$1 name rel dir exe err out nvals warn t scop
  name=$(basename "$src" .c)
  dir=$(dirname "$src")
  rel=${dir#"$here"/}
  exe="$work/$name"
  total=$((total + 1))

  # Source shape: exactly one scop region, no if-statement inside it.
  scop=$(awk '/^[ \t]*#[ \t]*pragma[ \t]+scop/{s++; in_=1; next}
              /^[ \t]*#[ \t]*pragma[ \t]+endscop/{e++; in_=0; next}
              in_ && /(^|[^A-Za-z0-9_])if[ \t]*\(/{ifs++}
              END{printf "%d %d %d", s, e, ifs}' "$src")
  if [ "$scop" != "1 1 0" ]; then
    printf 'FAIL %-44s scop markers/ifs (scop endscop ifs) = %s\n' "$rel" "$scop"
    fail=$((fail + 1)); return
  fi

  # 1. MINI + dump.
  if ! $CC $CFLAGS $WARN -I "$util" -I "$dir" "$util/polybench.c" "$src" -lm \
       -DMINI_DATASET -DPOLYBENCH_DUMP_ARRAYS -o "$exe" 2>"$work/cc.log"; then
    printf 'FAIL %-44s compile (MINI)\n' "$rel"; sed 's/^/     /' "$work/cc.log" | head -20
    fail=$((fail + 1)); return
  fi
  grep 'warning:' "$work/cc.log" >"$work/warn.log"
  err="$work/$name.dump"
  if ! timeout "$TIMEOUT" "$exe" >/dev/null 2>"$err"; then
    printf 'FAIL %-44s run (MINI) exited with status %s\n' "$rel" "$?"
    fail=$((fail + 1)); return
  fi
  if ! grep -q '^==BEGIN DUMP_ARRAYS==$' "$err" || ! grep -q '^==END   DUMP_ARRAYS==$' "$err"; then
    printf 'FAIL %-44s dump markers missing\n' "$rel"; fail=$((fail + 1)); return
  fi
  if grep -Eiq '(^|[^a-z])(nan|inf)' "$err"; then
    printf 'FAIL %-44s nan/inf in MINI dump\n' "$rel"; fail=$((fail + 1)); return
  fi
  nvals=$(grep -Ev '^(==|begin dump|end   dump)' "$err" | wc -w)

  # 2. SMALL + timer.
  if ! $CC $CFLAGS $WARN -I "$util" -I "$dir" "$util/polybench.c" "$src" -lm \
       -DSMALL_DATASET -DPOLYBENCH_TIME -o "$exe" 2>"$work/cc.log"; then
    printf 'FAIL %-44s compile (SMALL)\n' "$rel"; fail=$((fail + 1)); return
  fi
  grep 'warning:' "$work/cc.log" >>"$work/warn.log"
  warn=$(wc -l <"$work/warn.log")
  if ! out=$(timeout "$TIMEOUT" "$exe" 2>/dev/null); then
    printf 'FAIL %-44s run (SMALL)\n' "$rel"; fail=$((fail + 1)); return
  fi
  t=$(printf '%s' "$out" | tail -n 1)
  if ! printf '%s' "$t" | grep -Eq '^[0-9]+\.[0-9]+$'; then
    printf 'FAIL %-44s SMALL run printed no time (%s)\n' "$rel" "$t"
    fail=$((fail + 1)); return
  fi
  if [ "$warn" -ne 0 ]; then
    printf 'FAIL %-44s %d compiler warning(s)\n' "$rel" "$warn"
    sed 's/^/     /' "$work/warn.log" | head -10
    fail=$((fail + 1)); return
  fi
  printf 'ok   %-44s MINI dump %6d values   SMALL %ss\n' "$rel" "$nvals" "$t"
}

check_example() {
  local src=$1 rel exe out
  rel=${src#"$here"/}
  total=$((total + 1))
  exe="$work/$(basename "$src" .c)"
  if ! $CC $CFLAGS $WARN "$src" -lm -o "$exe" 2>"$work/cc.log" || [ -s "$work/cc.log" ]; then
    printf 'FAIL %-44s compile\n' "$rel"; sed 's/^/     /' "$work/cc.log" | head -20
    fail=$((fail + 1)); return
  fi
  if ! out=$(timeout "$TIMEOUT" "$exe" 2>&1) || printf '%s' "$out" | grep -Eiq '(^|[^a-z])(nan|inf)'; then
    printf 'FAIL %-44s run\n' "$rel"; fail=$((fail + 1)); return
  fi
  printf 'ok   %-44s %s\n' "$rel" "$(printf '%s' "$out" | tail -n 1)"
}

while IFS= read -r src; do
  case "$src" in *"$filter"*) check_one "$src" ;; esac
done < <(find "$here/polybench" "$here/pearl" -name '*.c' ! -path '*/utilities/*' 2>/dev/null | sort)

while IFS= read -r src; do
  case "$src" in *"$filter"*) check_example "$src" ;; esac
done < <(find "$here/examples" -name '*.c' 2>/dev/null | sort)

[ "$total" -eq 0 ] && echo "no kernel matches '$filter'" && exit 2
echo "checked $total, failed $fail"
[ "$fail" -eq 0 ]
