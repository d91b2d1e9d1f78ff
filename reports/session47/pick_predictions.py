"""Session 47: what the macro pick sees on PolyBench kernels (nothing timed): the greedy schedule, the checked
one, and each candidate's predicted time (ms) under the two pick models of a pipeline_eval.py SPEC.

    python pick_predictions.py SPEC DATASET FILE.c...
"""

from __future__ import annotations

import sys
from pathlib import Path

from polyrl.api import load
from polyrl.rl.state import LoadedProgram
from polyrl.search.policy import _argmax, macro_options

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session38"))
from pipeline_eval import _policy  # noqa: E402

UTILITIES = str(Path(__file__).resolve().parents[2] / "datasets" / "polybench" / "utilities")


def main() -> int:
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    pol = _policy(sys.argv[1])
    dataset = sys.argv[2]
    for path in sys.argv[3:]:
        prog = load(path, defines={dataset + "_DATASET": "1"}, include_dirs=[UTILITIES])
        lp = LoadedProgram.of(prog)
        greedy = pol.episode(lp, _argmax)
        print(Path(path).name, "greedy:", greedy.schedule)
        checked = pol._check(lp, greedy)
        print("  checked:", checked.schedule, "form_instead", checked.form_instead)
        options = macro_options(prog.model, checked.schedule, checked.nest)
        pairs = [(s, nest) for s, nest, _ in options]
        first, second = (pol._predicted(c, lp, pairs) for c in (pol.pick, pol.pick_also))
        for (schedule, _nest, name), a, b in zip(options, first, second, strict=True):
            print(f"  {name or 'checked':22s} {a * 1e3:9.2f} {b * 1e3:9.2f}  {str(schedule)[:150]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
