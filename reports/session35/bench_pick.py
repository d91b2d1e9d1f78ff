"""Session 35: `polyrl bench` with two more variants, polyrl-policy-pick and polyrl-policy-pick2:
the shipped policy and checks, then the macro pick (`Policy._macro_pick`) with the models and
margin given by POLYRL_PICK (comma-separated cost-model paths, one or two) and
POLYRL_PICK_MARGIN (default 1), and by POLYRL_PICK2 and POLYRL_PICK2_MARGIN, so that both
rules are timed side by side with polyrl-policy in one run.

    POLYRL_PICK=A.pt,B.pt POLYRL_PICK_MARGIN=1.25 POLYRL_PICK2=B.pt python reports/session35/bench_pick.py BENCH-ARGS...
    (as `polyrl bench`; add polyrl-policy-pick,polyrl-policy-pick2 to --variants)
"""
import os
import sys

from polyrl.bench.variants import PolicyVariant, register_variant
from polyrl.cli import main
from polyrl.search.policy import CostCheck, Policy


@register_variant
class PickPolicy(PolicyVariant):
    name = "polyrl-policy-pick"
    summary = "polyrl-policy, then the macro pick with the models and margin of POLYRL_PICK / POLYRL_PICK_MARGIN"
    env = "POLYRL_PICK"

    def policy(self):
        if self._policy is None:
            policy = Policy.load(self.path, check=True)
            models = [CostCheck(p) for p in os.environ[self.env].split(",")]
            policy.pick, policy.pick_also = models[0], (models[1] if len(models) > 1 else None)
            policy.pick_margin = float(os.environ.get(self.env + "_MARGIN", 1.0))
            self._policy = policy
        return self._policy


@register_variant
class PickPolicy2(PickPolicy):
    name = "polyrl-policy-pick2"
    summary = "polyrl-policy, then the macro pick with the models and margin of POLYRL_PICK2 / POLYRL_PICK2_MARGIN"
    env = "POLYRL_PICK2"


sys.exit(main(["bench", *sys.argv[1:]]))
