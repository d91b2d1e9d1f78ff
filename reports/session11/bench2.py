"""polyrl bench with extra policy variants, so several policies are timed side by side in one run:
`polyrl-policy-b` (checkpoint in $POLICY_B) and `polyrl-policy-c` ($POLICY_C), each greedy.
python bench2.py <polyrl bench arguments>"""
import os, sys
from polyrl.bench import register_variant
from polyrl.bench.variants import PolicyVariant
from polyrl.search.policy import Policy


def policy_variant(letter: str) -> type:
    class Extra(PolicyVariant):
        name = f"polyrl-policy-{letter}"
        summary = f"the policy checkpoint ${'POLICY_' + letter.upper()}, greedy"

        def policy(self):
            if self._policy is None:
                self._policy = Policy.load(os.environ["POLICY_" + letter.upper()])
            return self._policy
    return register_variant(Extra)


for letter in "bc":
    policy_variant(letter)

from polyrl.cli import main
sys.exit(main(["bench", *sys.argv[1:]]))
