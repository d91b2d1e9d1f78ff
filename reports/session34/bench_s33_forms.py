"""Session 34: `polyrl bench` with one more variant, polyrl-policy-s33: the shipped policy and
check with session 33's form check model (a copy of the costmodel-forms.pt it shipped, given in
S33_FORMS), so that the new form check and the old one are timed side by side in one run.

    S33_FORMS=PATH python reports/session34/bench_s33_forms.py BENCH-ARGS...   (add polyrl-policy-s33)
"""
import os
import sys

import polyrl.search.policy as policy_module
from polyrl.bench.variants import PolicyVariant, register_variant
from polyrl.cli import main


@register_variant
class S33FormCheck(PolicyVariant):
    name = "polyrl-policy-s33"
    summary = "polyrl-policy with session 33's form check model (S33_FORMS)"

    def policy(self):
        if self._policy is None:
            self._policy = policy_module.Policy.load(self.path, check=True, forms=os.environ["S33_FORMS"])
        return self._policy


sys.exit(main(["bench", *sys.argv[1:]]))
