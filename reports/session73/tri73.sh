#!/usr/bin/env bash
# session 73: covariance, correlation and syrk at LARGE with several hand schedules of their triangular product band,
# side by side in one store (the base measured once): tri-s1.txt = the shipped policy's finals on this Xeon (covariance,
# correlation) and the blis-large candidate (syrk); s2/s3 = Pluto's structure (i tiles outermost in parallel, the k
# point loop jammed by 8, no register block of the i loop whose bound the vector loop's depends on); s4, s5 others.
# Nothing else running.   PATH=.venv/bin:$PATH bash reports/session73/tri73.sh
set -eu
export OMP_WAIT_POLICY=passive
cd "$(dirname "$0")/../.."
for i in 1 2 3 4 5; do
  polyrl bench --suite polybench --dataset LARGE --kernels covariance,correlation,syrk --variants base,polyrl-schedule \
    --schedules reports/session73/tri-s$i.txt --threads 2 --repeat 3 --timeout 120 \
    --store bench/tri73.sqlite --out bench/tri73-s$i > /dev/null
  echo "== tri-s$i"; grep -E "^\| (covariance|correlation|syrk) " bench/tri73-s$i/results.md
done
