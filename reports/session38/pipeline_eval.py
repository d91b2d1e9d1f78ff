"""Session 38: the whole one-shot pipeline (`polyrl optimize`'s greedy episode, the check, the
form check and the macro pick) with the two forms models swapped for others, scored on
measured times of held-out generated programs.

A configuration is NAME=A,B: the check's cost model stays the shipped one; the form check
asks A and B (`forms`, `forms_also`: a form is left out only where both predict the original
faster) and the macro pick asks A and B with the shipped margin (both must predict the gain).
NAME=A,B:nopick leaves the pick out, NAME=A,B:margin=M asks the pick for a gain of at least M
(session 56) in place of the shipped margin, NAME=A,B:samples=K has the pick weigh K of the policy's
samples beside the macro schedules (session 58). `shipped` is the shipped pair.

    python pipeline_eval.py decide PLAN_DIR CONFIG...   # writes PLAN_DIR/decisions.json (nothing timed)
    python pipeline_eval.py schedules PLAN_DIR... OUT.txt   # `id: SCHEDULE` lines of every decision
    python pipeline_eval.py report PLAN_DIR STORE [BASE_CONFIG]   # after `polyrl measure`

PLAN_DIR is a folder of session 35's pick_plan.py (plan.json and corpus/): its programs are
the ones decided on.
"""

from __future__ import annotations

import fcntl
import json
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path

from polyrl.api import load
from polyrl.model.costmodel import index_corpus, read_manifest, read_store
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy
from polyrl.search.policy import DEFAULT_FORMS, DEFAULT_FORMS_TUNED, PICK_MARGIN, CostCheck


def _policy(spec: str) -> Policy:
    """SPEC is A,B[:nopick|:margin=M|:samples=K][:pickonly]; A or B may be X+Y (X blended with Y: CostCheck's
    geometric mean of their predicted times). `shipped` is session 37's default: the two shipped forms models,
    not blended, whatever machine this runs on. `pickonly` (session 59): A and B in the macro pick only, the form
    check keeps the models shipped for this machine."""
    models, *flags = spec.split(":")
    if models == "shipped":
        models = f"{DEFAULT_FORMS},{DEFAULT_FORMS_TUNED}"
    a, b = (CostCheck(first, blend=rest) for first, *rest in (p.split("+") for p in models.split(",")))
    pick_only = "pickonly" in flags
    flag = next((f for f in flags if f != "pickonly"), "")
    base = Policy.load(check=True, forms=pick_only)
    kw = dict(forms=base.forms, forms_also=base.forms_also) if pick_only else dict(forms=a, forms_also=b)
    if flag != "nopick":
        margin = float(flag.removeprefix("margin=")) if flag.startswith("margin=") else PICK_MARGIN
        samples = int(flag.removeprefix("samples=")) if flag.startswith("samples=") else 0
        kw.update(pick=a, pick_also=b, pick_margin=margin, pick_samples=samples)
    return Policy(base.model, base.max_steps, base.path, check=base.check, **kw)


def decide(plan_dir: Path, configs: list[str], make_policy: Callable[[str], Policy] = _policy) -> None:
    """Each CONFIG (NAME=SPEC, or NAME alone) decided on the plan's programs into
    PLAN_DIR/decisions.json; `make_policy(SPEC)` builds its policy (session 42 passes another)."""
    plan = json.loads((plan_dir / "plan.json").read_text())
    files = {}
    for line in (plan_dir / "corpus" / "manifest.jsonl").read_text().splitlines():
        if line.strip():
            e = json.loads(line)
            files[e["id"]] = e["file"]
    for config in configs:
        name, _, spec = config.partition("=")
        policy = make_policy(spec or name)
        start = time.time()
        chosen = {}
        for row in plan:
            inf = policy.greedy(LoadedProgram.of(load(plan_dir / "corpus" / files[row["id"]])))
            chosen[row["id"]] = {"schedule": inf.text, "macro": inf.macro, "seconds": inf.seconds}
        _record(plan_dir / "decisions.json", name, {"spec": spec or name, "chosen": chosen})
        print(f"{plan_dir.name} {name}: {len(chosen)} programs in {time.time() - start:.0f} s", flush=True)


def _record(out: Path, name: str, decision: dict) -> None:
    """Add one configuration's decisions to `out`, read again under a lock just before, so that
    decide runs of other configurations on the same plan at the same time keep theirs."""
    with open(out.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        decisions = json.loads(out.read_text()) if out.exists() else {}
        decisions[name] = decision
        tmp = out.with_suffix(".tmp")
        tmp.write_text(json.dumps(decisions, indent=1))
        tmp.replace(out)


def schedules(plan_dirs: list[Path], out: str) -> None:
    lines = set()
    for d in plan_dirs:
        for config in json.loads((d / "decisions.json").read_text()).values():
            lines |= {f"{k}: {v['schedule']}\n" for k, v in config["chosen"].items() if v["schedule"]}
    Path(out).write_text("".join(sorted(lines)))
    print(f"{len(lines)} schedules -> {out}")


def _geomean(xs) -> float:
    xs = list(xs)
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def report(plan_dir: Path, store: str, base_name: str = "shipped") -> None:
    decisions = json.loads((plan_dir / "decisions.json").read_text())
    samples, machine = read_store(store)
    ids = {h: e.id for h, e in index_corpus(read_manifest(plan_dir / "corpus"), {}, 1, lambda _: None).items()}
    seconds = {(ids.get(s.program), s.schedule): s.seconds for s in samples}
    programs = sorted({p for c in decisions.values() for p in c["chosen"]})
    full = [p for p in programs if (p, "") in seconds
            and all((p, c["chosen"][p]["schedule"]) in seconds for c in decisions.values() if p in c["chosen"])]
    print(f"{plan_dir.name}: {len(programs)} programs, {len(full)} with the original and every decision measured "
          f"(on {machine})")
    base = decisions.get(base_name)
    print(f"{'configuration':34s} {'geomean':>8s} {'<0.95x':>6s} {'vs ' + base_name:>12s} {'faster':>6s} {'slower':>6s}"
          f" {'infer med':>9s}")
    for name, c in decisions.items():
        sp = {p: seconds[(p, "")] / seconds[(p, c["chosen"][p]["schedule"])] for p in full}
        line = f"{name:34s} {_geomean(sp.values()):7.3f}x {sum(x < 0.95 for x in sp.values()):6d}"
        if base is not None:
            rel = {p: sp[p] * seconds[(p, base["chosen"][p]["schedule"])] / seconds[(p, "")] for p in full}
            line += (f" {_geomean(rel.values()):11.3f}x {sum(r > 1.05 for r in rel.values()):6d}"
                     f" {sum(r < 1 / 1.05 for r in rel.values()):6d}")
        inf = sorted(v["seconds"] for v in c["chosen"].values())
        line += f" {1000 * inf[len(inf) // 2]:7.0f} ms"
        print(line)


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    step, *rest = sys.argv[1:]
    if step == "decide":
        decide(Path(rest[0]), rest[1:])
    elif step == "schedules":
        schedules([Path(p) for p in rest[:-1]], rest[-1])
    elif step == "report":
        report(Path(rest[0]), rest[1], *rest[2:])
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
