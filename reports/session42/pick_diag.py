"""Session 42, diagnosis only (nothing is chosen on it): the macro pick's candidates for PolyBench
kernels at a size class, with each forms model's predicted time relative to the checked schedule
(below 1: predicted faster), as `polyrl optimize` asks them on this machine.

    python reports/session42/pick_diag.py DATASET KERNEL,KERNEL,...
"""

import sys

import numpy as np

from polyrl.bench.suite import discover, resolve_suite
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy
from polyrl.search.policy import macro_options


def main(dataset: str, names: list[str]) -> None:
    _, folder = resolve_suite("polybench")
    kernels = {k.name: k for k in discover(folder)}
    checked_policy = Policy.load(check=True)
    policy = Policy.load(check=True, pick=True)
    for name in names:
        program = kernels[name].load(dataset)
        lp = LoadedProgram.of(program)
        checked = checked_policy.greedy(lp)
        options = macro_options(program.model, checked.schedule, checked.nest)
        pairs = [(s, nest) for s, nest, _ in options]
        rows = [policy._predicted(c, lp, pairs) for c in (policy.pick, policy.pick_also, policy.check)]
        print(f"## {name} {dataset}: picked {policy.greedy(program).macro or '(the checked schedule)'}")
        for k, (s, _, macro) in enumerate(options):
            forms, tuned, check = (r[k] / r[0] for r in rows)
            print(f"  {macro or 'checked':22s} forms {forms:.3f} tuned {tuned:.3f} check {check:.3f}  {s}")
        print(f"  (forms, tuned: the pick's two models; check: costmodel.pt) {np.round(rows[0][0], 6)} s predicted for the checked")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2].split(","))
