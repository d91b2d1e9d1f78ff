"""Session 41: the programs of a held-out set on which two configurations of the one-shot pipeline
decide differently, measured side by side in a fresh store (the original, the base configuration's
schedule and each new one's, in one run), so that a configuration is compared with the base on
this session's machine and not against times measured in an earlier session.

    python changed_decisions.py list PLAN_DIR BASE NEW... OUT.txt   # `id: SCHEDULE` lines to measure
    python changed_decisions.py report PLAN_DIR STORE BASE NEW...   # after `polyrl measure`

PLAN_DIR holds decisions.json (session 38's pipeline_eval.py decide) and corpus/. A program whose
decisions agree counts 1.000 in a configuration's geomean over the whole set.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from polyrl.model.costmodel import index_corpus, read_manifest, read_store


def _chosen(plan_dir: Path) -> dict[str, dict[str, str]]:
    decisions = json.loads((plan_dir / "decisions.json").read_text())
    return {name: {p: v["schedule"] for p, v in c["chosen"].items()} for name, c in decisions.items()}


def _changed(chosen: dict[str, dict[str, str]], base: str, new: list[str]) -> list[str]:
    return sorted(p for p in chosen[base] if any(chosen[n].get(p, chosen[base][p]) != chosen[base][p] for n in new))


def list_changed(plan_dir: Path, base: str, new: list[str], out: str) -> None:
    chosen = _chosen(plan_dir)
    programs = _changed(chosen, base, new)
    lines = sorted({f"{p}: {chosen[c][p]}\n" for p in programs for c in (base, *new) if chosen[c][p]})
    Path(out).write_text("".join(lines))
    print(f"{plan_dir.name}: {len(programs)} of {len(chosen[base])} programs decided differently; "
          f"{len(lines)} schedules -> {out}")


def report(plan_dir: Path, store: str, base: str, new: list[str]) -> None:
    chosen = _chosen(plan_dir)
    samples, machine = read_store(store)
    ids = {h: e.id for h, e in index_corpus(read_manifest(plan_dir / "corpus"), {}, 1, lambda _: None).items()}
    seconds = {(ids.get(s.program), s.schedule): s.seconds for s in samples}
    programs = _changed(chosen, base, new)
    total = len(chosen[base])
    print(f"{plan_dir.name}: {len(programs)} of {total} programs decided differently (measured on {machine})")
    for n in new:
        ratios, missing = [], []
        for p in programs:
            a, b = (seconds.get((p, chosen[c][p])) for c in (base, n))
            if a is None or b is None:
                missing.append(p)
                continue
            ratios.append(a / b)
            if chosen[n][p] != chosen[base][p]:
                o = seconds.get((p, ""))
                vs = f"  (vs original: {base} {o / a:.2f}x, {n} {o / b:.2f}x)" if o else ""
                print(f"  {n:10s} {p}: {a / b:6.3f}x{vs}")
        g = math.exp(sum(map(math.log, ratios)) / total) if ratios else float("nan")
        print(f"{n} against {base}: geomean over the {total} programs {g:.3f}x; "
              f"{sum(r > 1.05 for r in ratios)} faster, {sum(r < 1 / 1.05 for r in ratios)} slower by over 5%"
              + (f"; not measured: {', '.join(missing)}" if missing else ""))


def main() -> int:
    if len(sys.argv) < 5:
        print(__doc__)
        return 2
    step, plan_dir, *rest = sys.argv[1:]
    if step == "list":
        list_changed(Path(plan_dir), rest[0], rest[1:-1], rest[-1])
    elif step == "report":
        report(Path(plan_dir), rest[0], rest[1], rest[2:])
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
