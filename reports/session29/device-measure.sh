#!/usr/bin/env bash
# session 29: labels on the lent device machine's 16 CPU cores (its GPU is not used). One call:
# install the wheels that machine lacks (.whl, carried), build polyrl there, generate g110 (seed 110,
# scale 1, the g109 weights), measure its macro schedules with WORKERS workers of 2 threads until
# DEADLINE seconds after the start, then export the new labels as a shard into $OUT.
# timeout -s INT: SIGINT keeps every finished program.
set -u
T0=$(date +%s); DEADLINE=${DEADLINE:-470}; WORKERS=${WORKERS:-7}
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 3
export PYTHONPATH=/tmp/site
python3 -m pip install -q --no-index --no-deps --no-build-isolation --target /tmp/pkg . > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 4; }
export PYTHONPATH=/tmp/pkg:/tmp/site
pr() { python3 -c 'import sys; from polyrl.cli import main; sys.exit(main())' "$@"; }
nproc; gcc --version | head -1
W=/tmp/w; mkdir -p $W
# run from outside the checkout: from its root, python3 -c would import the source tree, which has no _emit
cd $W; python3 -c "from polyrl import _emit; import polyrl; print(polyrl.__file__); import polyrl.runtime.store as s; print(s.machine_fingerprint())" || exit 6
pr generate --count 3000 --seed ${SEED:-110} --scale 1 --weights contraction=2,triangular=2,stencil_jacobi=2,stencil_seidel=2,shared=0.7,time_steps=100 --out $W/g${SEED:-110} > $OUT/generate.log 2>&1 || { tail $OUT/generate.log; exit 5; }
echo "built and generated at $(( $(date +%s) - T0 )) s"
LEFT=$(( DEADLINE - ( $(date +%s) - T0 ) ))
OMP_WAIT_POLICY=passive timeout -s INT $LEFT python3 -c 'import sys; from polyrl.cli import main; sys.exit(main())' \
  measure $W/g${SEED:-110} --schedules macros --workers $WORKERS --threads 2 --repeat 3 --timeout 20 --store $W/g${SEED:-110}.sqlite --batch 8 --no-progress > $OUT/measure.log 2>&1
echo "measure rc $? at $(( $(date +%s) - T0 )) s"; tail -5 $OUT/measure.log
mkdir -p $W/labels
pr dataset export $W/g${SEED:-110}.sqlite --labels $W/labels --name s29-g${SEED:-110}-device 2>&1 | tail -3
pr dataset stats --labels $W/labels 2>&1 | head -5
cp $W/labels/*.parquet $OUT/ ; gzip -c $W/g${SEED:-110}.sqlite > $OUT/g${SEED:-110}.sqlite.gz; ls -la $OUT
