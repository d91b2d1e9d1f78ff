"""Session 32: which PolyBench kernels' shipped schedules change when the form check weighs
forms with another cost model (and margin). Nothing is timed: only the kernels listed need
measuring side by side.

    python form_decisions.py MODEL.pt MARGIN [MEDIUM LARGE ...]
"""
import sys

import polyrl.search.policy as policy_module
from polyrl.bench.suite import discover, resolve_suite
from polyrl.search.policy import Policy


def main() -> None:
    model, margin, *datasets = sys.argv[1:]
    _, folder = resolve_suite("polybench")
    shipped = Policy.load(check=True)
    other = Policy.load(check=True, forms=model)
    for dataset in datasets or ["MEDIUM", "LARGE"]:
        changed = []
        for kernel in discover(folder):
            program = kernel.load(dataset)
            policy_module.FORM_MARGIN = 1.25
            a = shipped.greedy(program)
            policy_module.FORM_MARGIN = float(margin)
            b = other.greedy(program)
            if a.text != b.text:
                changed.append(kernel.name)
                print(f"{dataset} {kernel.name}: shipped {'original' if not a.text else a.text[:60]} "
                      f"(gain {a.predicted_gain:.2f}) -> {'original' if not b.text else b.text[:60]} "
                      f"(gain {b.predicted_gain:.2f})", flush=True)
        print(f"{dataset}: {len(changed)} kernels change: {','.join(changed)}", flush=True)


if __name__ == "__main__":
    main()
