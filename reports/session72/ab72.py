"""Session 72: decide72.md's A/B on an Intel Xeon: the one-shot pipeline as shipped on Intel machines (the Xeon forms
models of session 34) against AMD-ON-INTEL (the forms models asked as on AMD machines: each AMD fine-tune alone,
blended with its Zen 5 second; polyrl.search.policy.shipped_models(path, "amd")).

  .venv/bin/python reports/session72/ab72.py list CORPUS OUT.txt FINALS.jsonl [--part K/N] [--variants V,...]
  .venv/bin/python reports/session72/ab72.py compare FINALS.jsonl CORPUS SHARD.parquet ... [--variants V,...]

Variants (default shipped,amd, decide72.md): shipped, amd, and decide72b.md's i72-alone and i72-blend (the I72
fine-tunes at $I72/I72-forms-export.pt and $I72/I72-tuned-export.pt, default /work/runs/s72).

`list`: per program, for each variant (a Policy of its own, the program loaded afresh), the whole pipeline as
`polyrl optimize` runs it (Policy.load(check=True, pick=True): episode, check, macro pick); writes `ID: SCHEDULE`
lines for `polyrl measure --schedules` (both final schedules and both variants' pick candidates) and one JSON line per
program with both finals. `compare`: from the measured labels, AMD-ON-INTEL's final against the shipped final over
the programs where both are labelled (the geometric mean of their ratio), and the programs below 0.95x of the original
loops on each side. The code is session 71's ab71.py with the variants changed."""
import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session64"))

VARIANTS = ("shipped", "amd")
I72 = Path(os.environ.get("I72", "/work/runs/s72"))


def load_policy(variant: str):
    """The pipeline of `polyrl optimize` as this machine runs it ("shipped"), as an AMD machine would ("amd"), or with
    this Intel machine's forms models replaced by the I72 fine-tunes ("i72-alone") or blended with them ("i72-blend")."""
    import polyrl.machine
    from polyrl.search import Policy, policy

    real = polyrl.machine.cpu_vendor, dict(policy.FORMS_FINETUNES), policy.FORMS_ALONE
    if variant == "amd":
        polyrl.machine.cpu_vendor = lambda *a, **k: "amd"  # Policy.load asks it once, at load
    elif variant in ("i72-alone", "i72-blend"):
        polyrl.machine.cpu_vendor = lambda *a, **k: "intel"
        policy.FORMS_FINETUNES["intel"] = {policy.DEFAULT_FORMS: I72 / "I72-forms-export.pt",
                                           policy.DEFAULT_FORMS_TUNED: I72 / "I72-tuned-export.pt"}
        if variant == "i72-alone":
            policy.FORMS_ALONE = frozenset({*policy.FORMS_ALONE, "intel"})
    elif variant != "shipped":
        raise SystemExit(f"unknown variant {variant}")
    try:
        return Policy.load(check=True, pick=True)
    finally:
        polyrl.machine.cpu_vendor = real[0]
        policy.FORMS_FINETUNES.clear()
        policy.FORMS_FINETUNES.update(real[1])
        policy.FORMS_ALONE = real[2]


def cmd_list(a) -> None:
    from polyrl.api import load
    from polyrl.errors import PolyrlError
    from polyrl.rl.state import LoadedProgram
    from polyrl.search.policy import _argmax

    variants = a.variants.split(",")
    policies = {v: load_policy(v) for v in variants}
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
                for v in variants:
                    policy = policies[v]
                    lp = LoadedProgram.of(load(a.corpus / e["file"]))
                    chosen = policy._check(lp, policy.episode(lp, _argmax))
                    final = policy._macro_pick(lp, chosen)
                    row[v] = str(final.schedule)
                    lines += [str(s) for s, _, _ in policy.pick_candidates(lp, chosen)] + [str(final.schedule)]
            except PolyrlError as err:
                print(f"{e['id']}: skipped ({err})", flush=True)
                continue
            out.write("".join(f"{e['id']}: {s}\n" for s in dict.fromkeys(lines) if s))
            out.flush()
            finals.write(json.dumps(row) + "\n")
            finals.flush()
            same = all(row[v] == row[variants[0]] for v in variants)
            print(f"{n}/{len(entries)} {e['id']}: {'same' if same else 'changed'} "
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
    geo = final_replay.geo
    variants = a.variants.split(",")
    labelled = [r for r in rows if (t := times.get(seeds[r["id"]])) is not None and "" in t
                and all(t.get(r[v]) is not None for v in variants)]
    print(f"programs {len(rows)}, every variant's final labelled {len(labelled)}, unlabelled {len(rows) - len(labelled)}")
    for v in variants[1:]:
        both = [(r["id"], times[seeds[r["id"]]][""] / times[seeds[r["id"]]][r["shipped"]],
                 times[seeds[r["id"]]][""] / times[seeds[r["id"]]][r[v]], r["shipped"] != r[v]) for r in labelled]
        name = v.upper()
        print(f"\n{name}: finals changed {sum(x[3] for x in both)}")
        print(f"shipped {geo([x[1] for x in both]):.4f}x, {name} {geo([x[2] for x in both]):.4f}x over the original; "
              f"{name} / shipped {geo([x[2] / x[1] for x in both]):.4f}")
        ch = [x for x in both if x[3]]
        if ch:
            print(f"on the changed programs: shipped {geo([x[1] for x in ch]):.4f}x, {name} {geo([x[2] for x in ch]):.4f}x,"
                  f" ratio {geo([x[2] / x[1] for x in ch]):.4f}; {name} faster by >5% on "
                  f"{sum(x[2] > 1.05 * x[1] for x in ch)}, slower by >5% on {sum(x[2] * 1.05 < x[1] for x in ch)}")
        print(f"below 0.95x of the original: shipped {sum(x[1] < 0.95 for x in both)}, "
              f"{name} {sum(x[2] < 0.95 for x in both)}")
        for pid, s, f, _ in sorted(ch, key=lambda x: math.log(x[2] / x[1])):
            print(f"  {pid}: shipped {s:7.3f}x  {name} {f:7.3f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p1 = sub.add_parser("list")
    p1.add_argument("corpus", type=Path)
    p1.add_argument("out", type=Path)
    p1.add_argument("finals", type=Path)
    p1.add_argument("--part", default="", help="K/N: list only the programs whose index is K modulo N")
    p1.add_argument("--variants", default=",".join(VARIANTS), help="the first is the reference (shipped)")
    p2 = sub.add_parser("compare")
    p2.add_argument("finals")
    p2.add_argument("corpus")
    p2.add_argument("shards", nargs="+")
    p2.add_argument("--variants", default=",".join(VARIANTS), help="the first is the reference (shipped)")
    a = ap.parse_args()
    cmd_list(a) if a.cmd == "list" else cmd_compare(a)


if __name__ == "__main__":
    main()
