#!/bin/bash
# issue 7: PPO fine-tuning of the shipped policy, measured-only rewards against mixed (cost-model surrogate
# for intermediate states, final state measured). Same corpus, seed, hyper-parameters; fresh stores; one arm
# after the other on a quiet machine. Then the mixed arm continues until it has used the measured arm's wall time.
set -e
cd /work/data
P=/work/main/.venv/bin/polyrl
W=/work/main/polyrl/model/weights
common="--corpus g8m --costmodel $W/costmodel.pt --lazy-masks --workers 2 --threads 2 --repeat 1 --timeout 20 --batch-size 256 --minibatch-size 64 --max-steps 6 --target-kl 0.03 --ent-coef 0.01 --seed 1 --no-tensorboard"
export OMP_WAIT_POLICY=passive
for r in measured mixed; do
  echo "== $r $(date -u +%H:%M:%S)"
  $P train $common --reward $r --store ppo14/$r.sqlite --out ppo14/$r.pt --steps 4096 --init $W/policy.pt
done
cp ppo14/mixed.pt ppo14/mixed-4096.pt; cp ppo14/mixed.train.csv ppo14/mixed-4096.train.csv
# steps the mixed arm runs in the measured arm's wall time (multiple of 256)
N=$(/work/main/.venv/bin/python - <<'PY'
import csv
m = sum(float(r["seconds"]) for r in csv.DictReader(open("ppo14/measured.train.csv")))
rows = list(csv.DictReader(open("ppo14/mixed.train.csv")))
x = sum(float(r["seconds"]) for r in rows); rate = 4096 / x
print(4096 + max(0, int((m - x) * rate / 256)) * 256)
PY
)
echo "== mixed resumed to $N steps $(date -u +%H:%M:%S)"
$P train $common --reward mixed --store ppo14/mixed.sqlite --out ppo14/mixed.pt --steps $N --resume
echo "== done $(date -u +%H:%M:%S)"
