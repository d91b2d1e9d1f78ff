set -e
P=/work/main/.venv/bin
while [ ! -f p11.pt ]; do sleep 5; done
sleep 3
for c in gv gw; do $P/python /work/main/scripts/heldout.py schedules $c h${c}_p11.txt p11.pt & done; wait
for c in gv gw; do
  OMP_WAIT_POLICY=passive $P/polyrl measure $c --schedules h${c}_p11.txt --workers 1 --threads 2 --repeat 3 --timeout 20 --store h$c.sqlite --batch 8 --no-progress
  $P/python -c "import json; a=json.load(open('h${c}all.txt.json'))+json.load(open('h${c}_p11.txt.json')); json.dump(a, open('h${c}all11.txt.json','w'))"
  cat h${c}all.txt h${c}_p11.txt > h${c}all11.txt
  $P/python /work/main/scripts/heldout.py report $c h${c}all11.txt h$c.sqlite > heldout11-$c.txt
done
