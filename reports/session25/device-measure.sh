#!/usr/bin/env bash
# session 25: labels on the lent device machine's 16 CPU cores (its GPU is not used). One call:
# install the wheels that machine lacks (.whl, carried), build polyrl there, generate g105 (seed 105,
# scale 8), measure its macro schedules with 6 workers of 2 threads until DEADLINE seconds after the
# start, then export the new labels as a shard into $OUT. Ctrl-C (SIGINT) keeps every finished program.
set -u
T0=$(date +%s); DEADLINE=${DEADLINE:-540}
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 3
export PYTHONPATH=/tmp/site
python3 -m pip install -q --no-index --no-deps --no-build-isolation --target /tmp/pkg . > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 4; }
export PYTHONPATH=/tmp/pkg:/tmp/site
pr() { python3 -c 'import sys; from polyrl.cli import main; sys.exit(main())' "$@"; }
nproc; gcc --version | head -1; python3 -c 'import polyrl.runtime.store as s; print(s.machine_fingerprint())'
W=/tmp/w; mkdir -p $W
# run from outside the checkout: from its root, python3 -c would import the source tree, which has no _emit
cd $W; python3 -c "from polyrl import _emit; import polyrl; print(polyrl.__file__)" || exit 6
pr generate --count 900 --seed 105 --scale 8 --out $W/g105 > $OUT/generate.log 2>&1 || { tail $OUT/generate.log; exit 5; }
echo "generated at $(( $(date +%s) - T0 )) s"
LEFT=$(( DEADLINE - ( $(date +%s) - T0 ) ))
OMP_WAIT_POLICY=passive timeout -s INT $LEFT python3 -c 'import sys; from polyrl.cli import main; sys.exit(main())' \
  measure $W/g105 --schedules macros --workers 6 --threads 2 --repeat 3 --timeout 20 --store $W/g105.sqlite --batch 8 --no-progress > $OUT/measure.log 2>&1
echo "measure rc $? at $(( $(date +%s) - T0 )) s"; tail -5 $OUT/measure.log
mkdir -p $W/labels
pr dataset export $W/g105.sqlite --labels $W/labels --name s25-g105-device 2>&1 | tail -3
cp $W/labels/*.parquet $OUT/ ; cp $W/g105.sqlite $OUT/ ; ls -la $OUT
