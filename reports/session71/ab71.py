"""Session 71: decide71.md's A/B, the one-shot pipeline as shipped against FOLD (divisions, remainders and math calls
counted as multiplications in the program graphs), on a generated corpus whose statements divide and call sqrt.

  .venv/bin/python reports/session71/ab71.py list CORPUS OUT.txt FINALS.jsonl [--part K/N]   # nothing timed; resumes
  .venv/bin/python reports/session71/ab71.py compare FINALS.jsonl CORPUS SHARD.parquet ...

`list`: per program, for each variant (a Policy of its own, the program loaded afresh, so that no graph or statement
row is shared between them), the whole pipeline as `polyrl optimize` runs it (Policy.load(check=True, pick=True):
episode, check, macro pick); writes `ID: SCHEDULE` lines for `polyrl measure --schedules` (both final schedules and
both variants' pick candidates) and one JSON line per program with both finals. `compare`: from the measured labels,
FOLD's final against the shipped final over the programs where both are labelled (the geometric mean of their ratio),
and the programs below 0.95x of the original loops on each side."""
import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session64"))

VARIANTS = ("shipped", "fold")


def mapping(variant: str) -> dict[str, str]:
    from polyrl.model import features

    return dict(features.FOLD) if variant == "fold" else dict(features.UNFOLDED)


def cmd_list(a) -> None:
    from polyrl.api import load
    from polyrl.errors import PolyrlError
    from polyrl.model import features
    from polyrl.rl.state import LoadedProgram
    from polyrl.search import Policy
    from polyrl.search.policy import _argmax

    policies = {v: Policy.load(check=True, pick=True) for v in VARIANTS}
    entries = [json.loads(line) for line in (a.corpus / "manifest.jsonl").read_text().splitlines() if line.strip()]
    if a.part:  # K/N: the programs whose index is K modulo N (N processes side by side, appending to the same files)
        k, n = map(int, a.part.split("/"))
        entries = entries[k::n]
    done = {json.loads(line)["id"] for line in a.finals.read_text().splitlines()} if a.finals.is_file() else set()
    with open(a.out, "a") as out, open(a.finals, "a") as finals:
        for n, e in enumerate(entries, 1):
            if e["id"] in done:
                continue
            start = time.perf_counter()
            row, lines = {"id": e["id"]}, []
            try:
                for v in VARIANTS:
                    features.FOLDED_OPS = mapping(v)
                    policy = policies[v]
                    lp = LoadedProgram.of(load(a.corpus / e["file"]))
                    chosen = policy._check(lp, policy.episode(lp, _argmax))
                    final = policy._macro_pick(lp, chosen)
                    row[v] = str(final.schedule)
                    lines += [str(s) for s, _, _ in policy.pick_candidates(lp, chosen)] + [str(final.schedule)]
            except PolyrlError as err:
                print(f"{e['id']}: skipped ({err})", flush=True)
                continue
            finally:
                features.FOLDED_OPS = mapping("shipped")
            out.write("".join(f"{e['id']}: {s}\n" for s in dict.fromkeys(lines) if s))
            out.flush()
            finals.write(json.dumps(row) + "\n")
            finals.flush()
            print(f"{n}/{len(entries)} {e['id']}: {'same' if row['shipped'] == row['fold'] else 'changed'} "
                  f"in {time.perf_counter() - start:.1f} s", flush=True)


def cmd_compare(a) -> None:
    import final_replay

    times: dict = {}
    for s in a.shards:
        for p in final_replay.programs(Path(s)).values():
            src = p["source"] or ""
            m = src.split("seed ", 1)[1].split(",", 1)[0] if "seed " in src else None
            times[m] = p["times"]
    rows = list({r["id"]: r for r in map(json.loads, Path(a.finals).read_text().splitlines())}.values())
    # the corpus's programs by their generator seed (the first line of each program names it)
    seeds = {}
    for r in rows:
        head = (Path(a.corpus) / f"{r['id']}.c").read_text().split("\n", 1)[0]
        seeds[r["id"]] = head.split("seed ", 1)[1].split(",", 1)[0]
    both, changed, miss = [], 0, 0
    for r in rows:
        t = times.get(seeds[r["id"]])
        changed += r["shipped"] != r["fold"]
        if t is None or "" not in t or t.get(r["shipped"]) is None or t.get(r["fold"]) is None:
            miss += 1
            continue
        both.append((r["id"], t[""] / t[r["shipped"]], t[""] / t[r["fold"]], r["shipped"] != r["fold"]))
    geo = final_replay.geo
    print(f"programs {len(rows)}, both finals labelled {len(both)}, unlabelled {miss}; finals changed by FOLD "
          f"{changed} ({sum(x[3] for x in both)} of them labelled)")
    print(f"shipped {geo([x[1] for x in both]):.4f}x, FOLD {geo([x[2] for x in both]):.4f}x over the original; "
          f"FOLD / shipped {geo([x[2] / x[1] for x in both]):.4f}")
    ch = [x for x in both if x[3]]
    if ch:
        print(f"on the changed programs: shipped {geo([x[1] for x in ch]):.4f}x, FOLD {geo([x[2] for x in ch]):.4f}x,"
              f" ratio {geo([x[2] / x[1] for x in ch]):.4f}; FOLD faster by >5% on {sum(x[2] > 1.05 * x[1] for x in ch)},"
              f" slower by >5% on {sum(x[2] * 1.05 < x[1] for x in ch)}")
    print(f"below 0.95x of the original: shipped {sum(x[1] < 0.95 for x in both)}, FOLD {sum(x[2] < 0.95 for x in both)}")
    for pid, s, f, _ in sorted(ch, key=lambda x: math.log(x[2] / x[1])):
        print(f"  {pid}: shipped {s:7.3f}x  FOLD {f:7.3f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p1 = sub.add_parser("list")
    p1.add_argument("corpus", type=Path)
    p1.add_argument("out", type=Path)
    p1.add_argument("finals", type=Path)
    p1.add_argument("--part", default="", help="K/N: list only the programs whose index is K modulo N")
    p2 = sub.add_parser("compare")
    p2.add_argument("finals")
    p2.add_argument("corpus")
    p2.add_argument("shards", nargs="+")
    a = ap.parse_args()
    cmd_list(a) if a.cmd == "list" else cmd_compare(a)


if __name__ == "__main__":
    main()
