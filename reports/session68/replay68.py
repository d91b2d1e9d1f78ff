"""Session 68: the exact replay of the one-shot pipeline as shipped (F52 blended with F67), with the macro pick
weighing none, 4 or 8 of the policy's samples beside the macro schedules (`Policy.pick_samples`; session 58 refused 8
when the models had been taught few samples), scored on labelled held-out sets without timing anything
(`decide68.md` is the rule).

  .venv/bin/python reports/session68/replay68.py predict SHARD [SHARD ...] --out OUT.jsonl
  .venv/bin/python reports/session68/replay68.py compare OUT.jsonl[.gz] ... [--sets SHARD-NAME ...]

`predict`: per program, the greedy episode and the check once (the models are the same in every variant), then for
each variant the macro pick with its number of samples. The samples are drawn once per program (8 of them; a variant
with K takes the first K, which is what a lone run with K draws: the same seeded generator and the same seen set),
and replay67's memos share the isl work and the predictions. Each row records the final schedule, where it came from
(`macro`: a macro plan's name, `sample`, or empty for the checked schedule) and its label. Resumes by program.
`compare`: each variant against the shipped one (no samples) per set and over all, as replay67.py compare does."""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session67"))
import replay67  # noqa: E402
from replay67 import final_replay  # noqa: E402

# name: (how many of the policy's samples the pick weighs, whether only where the checked schedule is not the
# original loops: session 69's gate, replay69.py)
VARIANTS = {"F67": (0, False), "S4": (4, False), "S8": (8, False)}
SHIPPED = "F67"


def predict(a, variants: dict = VARIANTS) -> None:
    """`variants`' decisions on each labelled program of `a.shards`, appended to `a.out` (replay67.replay); each
    row also records the checked schedule (`checked`), which a gated variant's samples depend on."""
    from polyrl.search import Policy
    from polyrl.search import policy as pol
    from polyrl.search.policy import _argmax

    shared = replay67.Shared(pol)
    policy = Policy.load(None, check=True, pick=True)
    most = max(k for k, _ in variants.values())
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
        for name, (k, gated) in variants.items():
            policy.pick_samples = 0 if gated and not checked.schedule.actions else k
            t1 = time.perf_counter()
            finals[name] = replay67.final_row(policy._macro_pick(lp, checked), p, t1)
            finals[name]["checked"] = checked.text
        return finals

    replay67.replay(a.shards, Path(a.out), policy, shared, decide)


def compare(a) -> None:
    replay67.SHIPPED = SHIPPED
    replay67.compare(a)


def sources(a) -> None:
    """Where each variant's final schedules come from, and the labelled speedups of those taken from samples."""
    rows = final_replay.read_rows(a.outs)
    for name in rows[0]["variants"]:
        counts: dict = {}
        for r in rows:
            v = r["variants"][name]
            src = "original" if not v["final"] else (v["macro"] or "checked")
            s = replay67.speedup(v, r["t_orig"])
            c = counts.setdefault(src, [0, []])
            c[0] += 1
            if s is not None:
                c[1].append(s)
        print(f"{name}:")
        for src, (n, ss) in sorted(counts.items(), key=lambda x: -x[1][0]):
            print(f"  {src:28s} {n:5d} programs, labelled {len(ss):5d}, geomean {final_replay.geo(ss):.3f}x")


def main(predict_with=predict) -> None:
    """The command line (predict, compare, sources); replay69.py passes its own variants' predict."""
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
    {"predict": predict_with, "compare": compare, "sources": sources}[args.cmd](args)


if __name__ == "__main__":
    main()
