"""Session 32: `polyrl bench` with one more variant, polyrl-policy-c32: the shipped policy and
check, with the form check's cost model and margin given by POLYRL_FORMS_MODEL and
POLYRL_FORMS_MARGIN (default 1.5) in place of costmodel-pick.pt and 1.25, so that both form
models are timed side by side in one run.

    POLYRL_FORMS_MODEL=/work/runs/s32/C32-207.pt python reports/session32/bench_forms_model.py BENCH-ARGS...
    (as `polyrl bench`; add polyrl-policy-c32 to --variants)
"""
import os
import sys

import polyrl.search.policy as policy_module
from polyrl.bench.variants import PolicyVariant, register_variant
from polyrl.cli import main


@register_variant
class FormsModelPolicy(PolicyVariant):
    name = "polyrl-policy-c32"
    summary = "polyrl-policy with the form check's model and margin from POLYRL_FORMS_MODEL / POLYRL_FORMS_MARGIN"

    def policy(self):
        if self._policy is None:
            self._policy = policy_module.Policy.load(self.path, check=True, forms=os.environ["POLYRL_FORMS_MODEL"])
        return self._policy

    def prepare(self, case):
        margin, policy_module.FORM_MARGIN = policy_module.FORM_MARGIN, float(os.environ.get("POLYRL_FORMS_MARGIN", 1.5))
        try:
            return super().prepare(case)
        finally:
            policy_module.FORM_MARGIN = margin


sys.exit(main(["bench", *sys.argv[1:]]))
