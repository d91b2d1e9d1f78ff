"""Session 33: `polyrl bench` with one more variant, polyrl-policy-s32: the shipped policy and
check with the form check as shipped in sessions 29 to 32 (its model costmodel-pick.pt, its
margin 1.25), so that the new form check (costmodel-forms.pt, no margin) and the old one are
timed side by side in one run.

    python reports/session33/bench_old_forms.py BENCH-ARGS...   (as `polyrl bench`; add polyrl-policy-s32)
"""
import sys

import polyrl.search.policy as policy_module
from polyrl.bench.variants import PolicyVariant, register_variant
from polyrl.cli import main

OLD_MODEL, OLD_MARGIN = policy_module.DEFAULT_PICK, 1.25


@register_variant
class OldFormCheck(PolicyVariant):
    name = "polyrl-policy-s32"
    summary = "polyrl-policy with the form check of sessions 29 to 32 (costmodel-pick.pt, margin 1.25)"

    def policy(self):
        if self._policy is None:
            self._policy = policy_module.Policy.load(self.path, check=True, forms=OLD_MODEL)
        return self._policy

    def prepare(self, case):
        margin, policy_module.FORM_MARGIN = policy_module.FORM_MARGIN, OLD_MARGIN
        try:
            return super().prepare(case)
        finally:
            policy_module.FORM_MARGIN = margin


sys.exit(main(["bench", *sys.argv[1:]]))
