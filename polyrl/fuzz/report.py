"""The fuzz report: counts over every evaluated schedule, written as Markdown and JSON.

Owns the summary numbers (accepted/refused, verified, failures, refused schedules that
really differ versus harmless ones), the grouping of harmless refusals by action kind
and dependence, and the files `report.md`, `report.json` and `evaluations.jsonl` in the
output folder. Producing the evaluations is `evaluate`'s job.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from polyrl.fuzz.evaluate import Evaluation, ProgramResult

TOP = 20


def _kind(action: str) -> str:
    m = re.match(r"B\d+:([A-Z0-9]+)\(", action)
    return m.group(1) if m else "?"


def _reason(message: str) -> tuple[str, str]:
    """(why, dependence) from the check's message: why is "reverses" or "parallel"."""
    m = re.search(r"the dependence (.+?)(?:, so it cannot run in parallel)?$", message)
    dep = m.group(1) if m else message
    return ("parallel" if "cannot run in parallel" in message else "reverses"), dep


def _dep_kind(dep: str) -> str:
    return dep.split()[0] if dep.split() and dep.split()[0] in ("RAW", "WAR", "WAW") else "?"


@dataclass
class FuzzReport:
    """Every program's result, and the options of the run that produced them."""

    options: dict
    programs: list[ProgramResult] = field(default_factory=list)
    wall_s: float = 0.0
    interrupted: bool = False
    stopped_by_budget: bool = False
    pool_restarts: list[list[int]] = field(default_factory=list)  # program indices in flight when a worker died

    def add(self, result: ProgramResult) -> None:
        self.programs.append(result)

    @property
    def evaluations(self) -> list[Evaluation]:
        return [e for p in self.programs for e in p.evaluations]

    @property
    def failures(self) -> list[Evaluation]:
        return [e for e in self.evaluations if e.failed]

    def summary(self) -> dict:
        evs = self.evaluations
        accepted = [e for e in evs if e.verdict == "accepted"]
        refused = [e for e in evs if e.verdict == "refused"]
        failures = [e for e in evs if e.failed]
        differs = [e for e in refused if e.differs]
        harmless = [e for e in refused if e.harmless]
        return {
            "programs": len(self.programs),
            "programs_requested": self.options.get("programs"),
            "program_errors": sum(1 for p in self.programs if p.error),
            "miscompiled_baselines": sum(1 for p in self.programs if p.miscompiled_baseline),
            "schedules": len(evs),
            "accepted": len(accepted),
            "refused": len(refused),
            "inapplicable": sum(1 for e in evs if e.verdict == "inapplicable"),
            "check_errors": sum(1 for e in evs if e.verdict == "check-error"),
            "accepted_verified": sum(1 for e in accepted if e.status == "verified"),
            "accepted_miscompiled": sum(1 for e in accepted if e.status == "miscompiled"),
            "failures": len(failures),
            "mismatches": sum(1 for e in failures if e.status == "wrong-result"),
            "refused_differ": len(differs),
            "refused_harmless": len(harmless),
            "refused_harmless_whole_schedule_legal": sum(1 for e in harmless if e.final_legal),
            "refused_other": len(refused) - len(differs) - len(harmless),
            "accepted_statuses": dict(Counter(e.status for e in accepted)),
            "refused_statuses": dict(Counter(e.status for e in refused)),
            "wall_s": round(self.wall_s, 1),
            "evaluations_per_s": round(len(evs) / self.wall_s, 2) if self.wall_s > 0 else None,
            "interrupted": self.interrupted,
            "stopped_by_budget": self.stopped_by_budget,
            "worker_deaths": len(self.pool_restarts),
        }

    def refused_by_kind(self) -> dict[str, dict[str, int]]:
        out: dict[str, Counter] = {}
        for e in self.evaluations:
            if e.verdict != "refused":
                continue
            c = out.setdefault(_kind(e.refused_action), Counter())
            c["refused"] += 1
            c["differ" if e.differs else "harmless" if e.harmless else "other"] += 1
        return {k: dict(v) for k, v in sorted(out.items())}

    def harmless_groups(self) -> list[dict]:
        """Harmless refusals grouped by (refused action kind, why, dependence kind), most frequent first."""
        groups: dict[tuple[str, str, str], list[Evaluation]] = {}
        for e in self.evaluations:
            if e.harmless:
                why, dep = _reason(e.refusal)
                groups.setdefault((_kind(e.refused_action), why, _dep_kind(dep)), []).append(e)
        out = []
        for (kind, why, dkind), evs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            ex = evs[0]
            out.append({"action_kind": kind, "why": why, "dependence_kind": dkind, "count": len(evs),
                        "whole_schedule_legal": sum(1 for e in evs if e.final_legal),
                        "example": {"program": ex.program, "schedule": ex.schedule,
                                    "refused_action": ex.refused_action, "dependence": _reason(ex.refusal)[1]}})
        return out

    def to_json(self) -> dict:
        harmless = [e for e in self.evaluations if e.harmless]
        return {
            "options": self.options,
            "summary": self.summary(),
            "failures": [asdict(e) for e in self.failures],
            "refused_by_kind": self.refused_by_kind(),
            "refused_harmless_groups": self.harmless_groups(),
            "refused_harmless": [
                {"program": e.program, "schedule": e.schedule, "refused_action": e.refused_action,
                 "dependence": _reason(e.refusal)[1], "message": e.refusal, "whole_schedule_legal": e.final_legal}
                for e in harmless
            ],
            "program_errors": [{"program": p.name, "seed": p.seed, "error": p.error} for p in self.programs if p.error],
            "miscompiled_baselines": [{"program": p.name, "seed": p.seed, "detail": p.miscompiled_baseline}
                                      for p in self.programs if p.miscompiled_baseline],
            "pool_restarts": self.pool_restarts,
        }

    def to_markdown(self) -> str:
        s = self.summary()
        o = self.options
        state = ("interrupted (Ctrl-C): the numbers cover what finished" if self.interrupted
                 else "stopped by --time-budget: the numbers cover what finished" if self.stopped_by_budget
                 else "complete")
        lines = [
            "# polyrl fuzz report",
            "",
            f"Run: {state}. Corpus seed {o.get('seed')}, programs {o.get('start', 0)}.."
            f"{o.get('start', 0) + (o.get('programs') or 0) - 1} requested, {o.get('schedules')} random schedules "
            f"each (drawn without regard to legality), {o.get('workers')} worker(s).",
            f"Toolchain: `{o.get('cc')} {o.get('flags')}`, OMP_NUM_THREADS={o.get('threads')}, "
            f"simd={o.get('simd')}, run timeout {o.get('timeout_s')} s; results compared bitwise with the original "
            f"program built with `{o.get('reference_flags')}`.",
            "",
            "| | count |",
            "|---|---:|",
            f"| programs evaluated | {s['programs']} |",
            f"| programs that failed on their own (see below) | {s['program_errors']} |",
            f"| programs whose original, built with the flags above, differs from its reference build "
            f"(compiler bug; see below) | {s['miscompiled_baselines']} |",
            f"| schedules drawn | {s['schedules']} |",
            f"| accepted by the legality check | {s['accepted']} |",
            f"| refused by the legality check | {s['refused']} |",
            f"| inapplicable (branch/level missing) | {s['inapplicable']} |",
            f"| accepted and verified (bitwise equal) | {s['accepted_verified']} |",
            f"| accepted, wrong exactly as the compiler's build of the original (compiler bug, not counted as "
            f"failures) | {s['accepted_miscompiled']} |",
            f"| **failures among accepted** (0 expected) | **{s['failures']}** |",
            f"| of which wrong results (mismatches) | {s['mismatches']} |",
            f"| check raised an internal error | {s['check_errors']} |",
            f"| refused, and the unchecked program really differs | {s['refused_differ']} |",
            f"| refused, yet the unchecked program gave equal results | {s['refused_harmless']} |",
            f"| of those, the whole schedule passes the check (refused at an intermediate step) | "
            f"{s['refused_harmless_whole_schedule_legal']} |",
            f"| refused, unchecked program did not build or emit | {s['refused_other']} |",
            f"| wall time | {s['wall_s']} s |",
            f"| evaluations per second | {s['evaluations_per_s']} |",
            "",
            "Accepted statuses: " + _counts(s["accepted_statuses"]),
            "",
            "Refused statuses (unchecked program, one run): " + _counts(s["refused_statuses"]),
            "",
            "## Failures among accepted schedules",
            "",
        ]
        fails = self.failures
        if not fails:
            lines.append("None: every accepted schedule built, ran and gave bitwise the original's results.")
        for e in fails:
            lines.append(f"- {e.program} `{e.schedule}`: {e.status} ({e.detail}); minimized `{e.minimized}`; "
                         f"reproducer `{e.reproducer or '-'}`")
        lines += [
            "",
            "## Refused schedules by the kind of the refused action",
            "",
            "A refused parallel loop with a race may give equal results in one run; it was run once.",
            "",
            "| action | refused | really differ | harmless | other |",
            "|---|---:|---:|---:|---:|",
        ]
        for kind, c in self.refused_by_kind().items():
            lines.append(f"| {kind} | {c.get('refused', 0)} | {c.get('differ', 0)} | {c.get('harmless', 0)} | "
                         f"{c.get('other', 0)} |")
        groups = self.harmless_groups()
        lines += [
            "",
            f"## Refused but harmless: top {TOP} (refused action kind, reason, dependence kind)",
            "",
        ]
        if not groups:
            lines.append("None.")
        else:
            lines += ["| count | action | reason | dependence | whole schedule legal | example (program, schedule, "
                      "refused action, dependence the check named) |", "|---:|---|---|---|---:|---|"]
            for g in groups[:TOP]:
                ex = g["example"]
                lines.append(f"| {g['count']} | {g['action_kind']} | {g['why']} | {g['dependence_kind']} | "
                             f"{g['whole_schedule_legal']} | {ex['program']} `{ex['schedule']}`: "
                             f"`{ex['refused_action']}` vs {ex['dependence']} |")
            harmless = [e for e in self.evaluations if e.harmless]
            lines += ["", f"First {min(TOP, len(harmless))} harmless refusals (all in report.json):", ""]
            for e in harmless[:TOP]:
                legal = " (whole schedule legal)" if e.final_legal else ""
                lines.append(f"- {e.program} `{e.schedule}`: refused `{e.refused_action}`, "
                             f"dependence {_reason(e.refusal)[1]}{legal}")
        errs = [p for p in self.programs if p.error]
        lines += ["", "## Programs that failed on their own", ""]
        if not errs:
            lines.append("None.")
        for p in errs[:50]:
            lines.append(f"- {p.name} (seed {p.seed}): {p.error}")
        for indices in self.pool_restarts:
            lines.append(f"- a worker process died with programs {indices} in flight; they were run again once")
        bad = [p for p in self.programs if p.miscompiled_baseline]
        lines += ["", "## Originals the compiler got wrong", ""]
        lines.append("None." if not bad else "The original program, optimized, differs from its reference build; "
                     "its schedules were checked against the reference (copies in miscompiled-baselines/).")
        for p in bad[:50]:
            lines.append(f"- {p.name} (seed {p.seed}): {p.miscompiled_baseline}")
        return "\n".join(lines) + "\n"

    def write(self, out: str | Path) -> tuple[Path, Path]:
        """report.md, report.json and evaluations.jsonl in `out`; returns the first two."""
        out = Path(out)
        out.mkdir(parents=True, exist_ok=True)
        md, js = out / "report.md", out / "report.json"
        _write(md, self.to_markdown())
        _write(js, json.dumps(self.to_json(), indent=1) + "\n")
        _write(out / "evaluations.jsonl", "".join(json.dumps(asdict(e)) + "\n" for e in self.evaluations))
        return md, js


def _counts(c: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(c.items(), key=lambda kv: -kv[1])) or "-"


def _write(path: Path, text: str) -> None:
    """Replace `path` whole, so that a report is never left half written."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)
