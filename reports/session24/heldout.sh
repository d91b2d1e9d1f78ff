set -e
P=/work/main/.venv/bin
for c in gv gw; do
  $P/python /work/main/scripts/heldout.py schedules $c h$c.txt /work/main/polyrl/model/weights/policy.pt p8.pt
done
for c in gv gw; do
  OMP_WAIT_POLICY=passive $P/polyrl measure $c --schedules h$c.txt --workers 1 --threads 2 --repeat 3 --timeout 20 --store h$c.sqlite --batch 8 --no-progress
  $P/python /work/main/scripts/heldout.py report $c h$c.txt h$c.sqlite
done
