"""Session 69: the exact replay of the one-shot pipeline as shipped (F52 blended with F67, no samples in the macro
pick), beside variants whose macro pick weighs K of the policy's samples only where the checked schedule (the
greedy episode after the cost model's check, before the pick) is not the original loops (G4, G8), and session 68's
S4 (samples everywhere) for reference. Scored on labelled held-out sets without timing anything (`decide69.md`).

  .venv/bin/python reports/session69/replay69.py predict SHARD [SHARD ...] --out OUT.jsonl
  .venv/bin/python reports/session69/replay69.py compare OUT.jsonl[.gz] ... [--sets SHARD-NAME ...]
  .venv/bin/python reports/session69/replay69.py sources OUT.jsonl[.gz] ...

`predict` is replay68's (8 samples drawn once per program, a variant takes the first K) with the gate added, and
each row also records the checked schedule (`checked`). `compare` and `sources` as replay68's."""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session67"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session68"))
import replay67  # noqa: E402
import replay68  # noqa: E402

VARIANTS = {"F67": (0, False), "S4": (4, False), "G4": (4, True), "G8": (8, True)}  # name: (samples, gated)
SHIPPED = "F67"


def predict(a) -> None:
    from polyrl.search import Policy
    from polyrl.search import policy as pol
    from polyrl.search.policy import _argmax

    shared = replay67.Shared(pol)
    policy = Policy.load(None, check=True, pick=True)
    most = max(k for k, _ in VARIANTS.values())
    own_samples = policy._pick_samples

    def samples(lp, seen):
        """The first `policy.pick_samples` of the program's `most` samples, drawn once."""
        key = ("samples", tuple(sorted(seen)))
        if key not in shared.memo:
            policy.pick_samples, wanted = most, policy.pick_samples
            try:
                shared.memo[key] = own_samples(lp, seen)
            finally:
                policy.pick_samples = wanted
        return shared.memo[key][:policy.pick_samples]

    policy._pick_samples = samples

    def decide(lp, p) -> dict:
        checked = policy._check(lp, policy.episode(lp, _argmax))
        finals = {}
        for name, (k, gated) in VARIANTS.items():
            policy.pick_samples = 0 if gated and not checked.schedule.actions else k
            t1 = time.perf_counter()
            finals[name] = replay67.final_row(policy._macro_pick(lp, checked), p, t1)
            finals[name]["checked"] = checked.text
        return finals

    replay67.replay(a.shards, Path(a.out), policy, shared, decide)


def compare(a) -> None:
    replay67.SHIPPED = SHIPPED
    replay67.compare(a)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p1 = sub.add_parser("predict")
    p1.add_argument("shards", nargs="+")
    p1.add_argument("--out", required=True)
    p2 = sub.add_parser("compare")
    p2.add_argument("outs", nargs="+")
    p2.add_argument("--sets", nargs="+")
    p3 = sub.add_parser("sources")
    p3.add_argument("outs", nargs="+")
    args = ap.parse_args()
    {"predict": predict, "compare": compare, "sources": replay68.sources}[args.cmd](args)
