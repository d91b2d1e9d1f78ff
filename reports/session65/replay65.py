"""Session 65: session 64's exact replay of the one-shot pipeline (final_replay.py predict) with the AMD forms
models' second member replaced, so that a new fine-tune is scored on labelled held-out sets without timing anything.

  .venv/bin/python reports/session65/replay65.py predict SHARD [SHARD ...] --out OUT.jsonl \
      [--second-forms F65-forms-export.pt --second-tuned F65-tuned-export.pt]
  .venv/bin/python reports/session65/replay65.py compare SHIPPED.jsonl[.gz] ... --new NEW.jsonl[.gz] ...

Without --second-*, predict is final_replay.py's (the pipeline as shipped). With them, on AMD machines the form
check and the macro pick ask F52 blended with the given files in place of F56 (FORMS_SECOND), everything else as
shipped. `compare` scores the two replays program by program on the measured times (programs whose final schedule
either replay chose has no label are left out of both and counted), per shard and over all: each side's geometric
mean speedup over the original loops, the ratio new/shipped, programs below 0.95x, and programs decided differently."""
import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session64"))
import final_replay  # noqa: E402


def predict(a) -> None:
    if a.second_forms or a.second_tuned:
        if not (a.second_forms and a.second_tuned):
            raise SystemExit("give both --second-forms and --second-tuned")
        from polyrl.search import policy as pol
        amd = pol.FORMS_FINETUNES["amd"]
        pol.FORMS_SECOND[amd[pol.DEFAULT_FORMS]] = Path(a.second_forms).resolve()
        pol.FORMS_SECOND[amd[pol.DEFAULT_FORMS_TUNED]] = Path(a.second_tuned).resolve()
        print(f"FORMS_SECOND: {pol.FORMS_SECOND}", flush=True)
    final_replay.predict(a)


def speedup(r: dict) -> float | None:
    if not r["final"]:
        return 1.0
    return None if r["t_final"] is None else r["t_orig"] / r["t_final"]


def compare(a) -> None:
    old = {(r["shard"], r["program"]): r for r in final_replay.read_rows(a.shipped)}
    new = {(r["shard"], r["program"]): r for r in final_replay.read_rows(a.new)}
    shards = sorted({k[0] for k in new})
    print(f"{'set':44s} {'n':>4s} {'miss':>4s} {'shipped':>8s} {'new':>8s} {'ratio':>7s} {'<.95 s/n':>9s} {'diff':>5s}")
    ratios = []
    for shard in [*shards, None]:
        keys = [k for k in new if (shard is None or k[0] == shard) and k in old]
        both, miss = [], 0
        for k in keys:
            so, sn = speedup(old[k]), speedup(new[k])
            if so is None or sn is None:
                miss += 1
                continue
            both.append((so, sn, old[k]["final"] != new[k]["final"]))
        go = final_replay.geo([x[0] for x in both])
        gn = final_replay.geo([x[1] for x in both])
        lo, ln = sum(x[0] < 0.95 for x in both), sum(x[1] < 0.95 for x in both)
        diff = sum(x[2] for x in both)
        if shard is not None:
            ratios.append(gn / go)
        print(f"{shard or 'all':44s} {len(both):4d} {miss:4d} {go:7.3f}x {gn:7.3f}x {gn / go:7.3f} {lo:4d}/{ln:<4d} {diff:5d}")
    # the loop's last pass is over all shards: `diff` counts every program decided differently
    print(f"product of the set ratios {math.prod(ratios):.3f}, lowest {min(ratios):.3f}; programs decided differently "
          f"{diff}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p1 = sub.add_parser("predict")
    p1.add_argument("shards", nargs="+")
    p1.add_argument("--out", required=True)
    p1.add_argument("--second-forms")
    p1.add_argument("--second-tuned")
    p2 = sub.add_parser("compare")
    p2.add_argument("shipped", nargs="+")
    p2.add_argument("--new", nargs="+", required=True)
    args = ap.parse_args()
    predict(args) if args.cmd == "predict" else compare(args)
