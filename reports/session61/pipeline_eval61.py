"""Session 61: session 38's pipeline_eval.py (`decide` only) with one more kind of configuration: SPEC@POLICY runs
the one-shot pipeline of SPEC (pipeline_eval's syntax: A,B[:margin=M|...][:pickonly]) with the policy network at
POLICY in place of the shipped one; the check, the form check and the macro pick are SPEC's. decide46.sh calls it
for the new configuration through NEW_EVAL (nothing timed).
    python reports/session61/pipeline_eval61.py decide PLAN_DIR NAME=SPEC[@POLICY]..."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session38"))
from pipeline_eval import _policy, decide  # noqa: E402

from polyrl.rl.checkpoint import load_policy, max_steps_of  # noqa: E402
from polyrl.search import Policy  # noqa: E402


def make_policy(spec: str) -> Policy:
    spec, _, network = spec.partition("@")
    base = _policy(spec)
    if not network:
        return base
    model, ckpt = load_policy(Path(network))
    return Policy(model, max_steps_of(ckpt), network, check=base.check, forms=base.forms,
                  forms_also=base.forms_also, pick=base.pick, pick_also=base.pick_also, pick_margin=base.pick_margin,
                  pick_samples=base.pick_samples)


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] != "decide":
        print(__doc__)
        sys.exit(2)
    decide(Path(sys.argv[2]), sys.argv[3:], make_policy)
