"""polyrl fuzz: the legality-agnostic draw, the per-schedule rule (accepted must verify,
refused is run unchecked), reproducers of failures, the report, and a small real run."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import polyrl.fuzz.evaluate as fuzz_evaluate
from polyrl.api import load
from polyrl.fuzz.evaluate import Evaluation, FuzzSettings, ProgramResult, evaluate_program
from polyrl.fuzz.report import FuzzReport
from polyrl.fuzz.sampler import apply_unchecked, draw_schedule, draw_schedules
from polyrl.poly.legality import is_legal
from polyrl.poly.schedule import Schedule

REPO = Path(__file__).resolve().parent.parent

# B0 is a recurrence (reversing it changes A), B1 an element-wise map (anything goes)
TWO_NESTS = r"""#include <stdio.h>
#define N 40
double A[N], B[N], C[N][N];

void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 1; i < N; i++)
    A[i] = A[i - 1] * 0.5 + B[i];
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      C[i][j] = B[i] * 2.0 + B[j];
#pragma endscop
}

int main(void)
{
  int i;
  for (i = 0; i < N; i++) {
    A[i] = 1.0 / (i + 1);
    B[i] = 0.25 * i + 0.125;
  }
  kernel();
  printf("%f %f\n", A[N - 1], C[3][4]);
  return 0;
}
"""

SETTINGS = FuzzSettings(flags=("-O2", "-fopenmp"), threads=2, timeout_s=20.0)


@pytest.fixture
def two_nests(tmp_path: Path) -> Path:
    p = tmp_path / "two_nests.c"
    p.write_text(TWO_NESTS)
    return p


def test_draw_ignores_legality_and_is_deterministic(two_nests: Path):
    model = load(two_nests).model
    nest = model.original
    a = [str(s) for s in draw_schedules(nest, 40, corpus_seed=3, index=7)]
    b = [str(s) for s in draw_schedules(nest, 40, corpus_seed=3, index=7)]
    assert a == b
    assert len(set(a)) == len(a)
    schedules = [Schedule.parse(t) for t in a]
    assert all(1 <= len(s.actions) <= 4 for s in schedules)
    for s in schedules:
        apply_unchecked(nest, s)  # every action names a branch and levels that exist when it applies
    legal = [is_legal(model, s) for s in schedules]
    assert any(legal) and not all(legal), "the draw should give both legal and illegal schedules"
    kinds = {a.kind for s in schedules for a in s.actions}
    assert {"I", "R", "P", "T2", "U"} <= kinds
    assert draw_schedule(random.Random(1), nest) == draw_schedule(random.Random(1), nest)


def test_refused_schedules_are_run_unchecked(two_nests: Path, tmp_path: Path):
    texts = ["B1:P(0) B1:T2(0,1,8,5)", "B0:R(0)", "B0:R(0) B0:R(0)", "B7:P(0)"]
    r = evaluate_program(two_nests, [Schedule.parse(t) for t in texts], SETTINGS)
    assert not r.error, r.error
    ok, reversed_, twice, missing = r.evaluations
    assert (ok.verdict, ok.status) == ("accepted", "verified"), ok
    assert reversed_.verdict == "refused" and reversed_.refused_action == "B0:R(0)"
    assert "RAW S0 -> S0 on A" in reversed_.refusal
    assert reversed_.status == "wrong-result" and reversed_.differs and reversed_.final_legal is False
    # refused at the first step, although the whole schedule is the original order again
    assert twice.verdict == "refused" and twice.harmless and twice.final_legal is True
    assert missing.verdict == "inapplicable" and "does not exist" in missing.refusal
    assert not any(e.failed for e in r.evaluations)


def test_accepted_mismatch_is_minimized_and_saved(two_nests: Path, tmp_path: Path, monkeypatch):
    # a legality check that accepts everything: the fuzzer must catch what it lets through
    monkeypatch.setattr(fuzz_evaluate, "apply_schedule", lambda model, schedule: apply_unchecked(model.original,
                                                                                                  schedule))
    out = tmp_path / "out"
    settings = FuzzSettings(flags=("-O2", "-fopenmp"), threads=2, timeout_s=20.0, out=str(out))
    r = evaluate_program(two_nests, [Schedule.parse("B1:P(0) B0:R(0) B1:U(2)")], settings, name="planted")
    (ev,) = r.evaluations
    assert ev.verdict == "accepted" and ev.status == "wrong-result" and ev.failed
    assert ev.minimized == "B0:R(0)"
    folder = Path(ev.reproducer)
    assert folder == out / "failures" / "planted_s00"
    assert (folder / "program.c").read_text() == TWO_NESTS
    assert (folder / "schedule.txt").read_text() == "B0:R(0)\n"
    diff = (folder / "diff.txt").read_text()
    assert "status: wrong-result" in diff and "A: " in diff and "  A[" in diff
    emitted = (folder / "emitted.c").read_text()
    assert "polyrl: optimized region" in emitted and "int main(void)" in emitted
    assert 'polyrl run program.c --schedule "B0:R(0)"' in (folder / "README.txt").read_text()

    report = FuzzReport({"programs": 1, "schedules": 1, "seed": 0})
    report.add(r)
    s = report.summary()
    assert (s["failures"], s["mismatches"], s["accepted"]) == (1, 1, 1)
    md, js = report.write(out)
    assert str(folder) in md.read_text()
    assert json.loads(js.read_text())["failures"][0]["minimized"] == "B0:R(0)"


def test_original_the_compiler_gets_wrong_is_not_blamed_on_schedules(tmp_path: Path):
    # stands in for a miscompiled original: the optimized build computes something else
    # than the -O0 reference, and so does every variant built the same way
    text = TWO_NESTS.replace("  kernel();", "#ifdef __OPTIMIZE__\n  B[3] = 7.0;\n#endif\n  kernel();")
    path = tmp_path / "odd.c"
    path.write_text(text)
    r = evaluate_program(path, [Schedule.parse("B1:P(0)"), Schedule.parse("B1:I(0,1)")], SETTINGS)
    assert r.miscompiled_baseline.startswith("A[3]: "), r.miscompiled_baseline
    assert [(e.verdict, e.status, e.failed) for e in r.evaluations] == [("accepted", "miscompiled", False)] * 2
    report = FuzzReport({"programs": 1, "schedules": 2, "seed": 0})
    report.add(r)
    s = report.summary()
    assert (s["miscompiled_baselines"], s["accepted_miscompiled"], s["failures"]) == (1, 2, 0)


def test_crash_of_the_check_is_a_failure(two_nests: Path, monkeypatch):
    def broken(model, schedule):
        raise RuntimeError("isl said no")

    monkeypatch.setattr(fuzz_evaluate, "apply_schedule", broken)
    r = evaluate_program(two_nests, [Schedule.parse("B1:P(0)")], SETTINGS)
    (ev,) = r.evaluations
    assert ev.verdict == "check-error" and ev.failed and "isl said no" in ev.detail


def _ev(program: str, k: int, verdict: str, status: str, action: str = "", refusal: str = "",
        final_legal: bool | None = None) -> Evaluation:
    return Evaluation(program, k, f"{action or 'B0:P(0)'}", verdict, status, refused_action=action,
                      refusal=refusal, final_legal=final_legal)


def test_report_counts_and_groups():
    par = "B0:P(1) is illegal: loop `j` carries the dependence RAW S0 -> S0 on A (0, +), so it cannot run in parallel"
    rev = "B0:R(0) is illegal: it reverses the dependence WAR S1 -> S0 on B (+)"
    p = ProgramResult("prog_000000", 0, 1, evaluations=[
        _ev("prog_000000", 0, "accepted", "verified"),
        _ev("prog_000000", 1, "refused", "verified", "B0:P(1)", par),
        _ev("prog_000000", 2, "refused", "verified", "B1:P(0)", par),
        _ev("prog_000000", 3, "refused", "wrong-result", "B0:R(0)", rev),
        _ev("prog_000000", 4, "refused", "verified", "B0:R(0)", rev, final_legal=True),
        _ev("prog_000000", 5, "refused", "compile-error", "B0:R(0)", rev),
    ])
    report = FuzzReport({"programs": 2, "schedules": 6, "seed": 0}, wall_s=2.0)
    report.add(p)
    report.add(ProgramResult("prog_000001", 1, 2, error="the original program does not run (crash)"))
    s = report.summary()
    assert (s["programs"], s["program_errors"], s["schedules"]) == (2, 1, 6)
    assert (s["accepted"], s["refused"], s["accepted_verified"], s["failures"]) == (1, 5, 1, 0)
    assert (s["refused_differ"], s["refused_harmless"], s["refused_other"]) == (1, 3, 1)
    assert s["refused_harmless_whole_schedule_legal"] == 1 and s["evaluations_per_s"] == 3.0
    assert report.refused_by_kind() == {"P": {"refused": 2, "harmless": 2},
                                        "R": {"refused": 3, "differ": 1, "harmless": 1, "other": 1}}
    groups = report.harmless_groups()
    assert [(g["action_kind"], g["why"], g["dependence_kind"], g["count"]) for g in groups] == [
        ("P", "parallel", "RAW", 2), ("R", "reverses", "WAR", 1)]
    assert groups[0]["example"]["dependence"] == "RAW S0 -> S0 on A (0, +)"
    md = report.to_markdown()
    assert "Refused but harmless: top 20" in md and "prog_000001" in md


def test_unchecked_mode_is_not_reachable_from_user_commands():
    for path in (REPO / "polyrl").rglob("*.py"):
        if "fuzz" in path.relative_to(REPO / "polyrl").parts:
            continue
        text = path.read_text()
        assert "apply_unchecked" not in text and "polyrl.fuzz.sampler" not in text, path


def _fuzz_cli(out: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "polyrl.cli", "fuzz", "--out", str(out), "--no-progress", *extra]


def test_small_fuzz_run(tmp_path: Path):
    """15 programs x 4 schedules, time-boxed: no accepted schedule may fail."""
    out = tmp_path / "fuzz"
    t0 = time.monotonic()
    p = subprocess.run(_fuzz_cli(out, "--programs", "15", "--schedules", "4", "--seed", "0", "--workers", "2",
                                 "--time-budget", "75"),
                       capture_output=True, text=True, timeout=400, cwd=REPO)
    assert p.returncode == 0, p.stdout + p.stderr
    assert time.monotonic() - t0 < 300
    report = json.loads((out / "report.json").read_text())
    s = report["summary"]
    assert s["failures"] == 0 and s["mismatches"] == 0, report["failures"]
    assert s["programs"] >= 3 and s["program_errors"] == 0, report["program_errors"]
    assert s["schedules"] == 4 * s["programs"]
    assert s["accepted"] + s["refused"] + s["inapplicable"] + s["check_errors"] == s["schedules"]
    assert s["accepted_verified"] == s["accepted"] > 0
    assert s["refused_differ"] + s["refused_harmless"] + s["refused_other"] == s["refused"]
    md = (out / "report.md").read_text()
    assert "# polyrl fuzz report" in md and "failures among accepted" in md
    assert len((out / "evaluations.jsonl").read_text().splitlines()) == s["schedules"]
    assert not (out / "failures").exists()


@pytest.mark.parametrize("sig, workers", [(signal.SIGINT, "2"), (signal.SIGTERM, "1")], ids=["ctrl-c", "sigterm"])
def test_interrupt_writes_the_report_of_what_is_done(tmp_path: Path, sig: signal.Signals, workers: str):
    out = tmp_path / "fuzz"
    child = subprocess.Popen(_fuzz_cli(out, "--programs", "200", "--schedules", "2", "--workers", workers),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO)
    time.sleep(12)
    child.send_signal(sig)
    stdout, stderr = child.communicate(timeout=120)
    assert child.returncode == 130, stdout + stderr
    assert "Traceback" not in stderr
    report = json.loads((out / "report.json").read_text())
    assert report["summary"]["interrupted"] is True
    assert report["summary"]["programs"] < 200
    assert "interrupted (Ctrl-C)" in (out / "report.md").read_text()


def test_bad_arguments_are_one_line_errors(tmp_path: Path):
    (tmp_path / "file").write_text("x")
    for args in (["--programs", "0"], ["--schedules", "0"], ["--workers", "0"], ["--out", str(tmp_path / "file")],
                 ["--weights", "stencil=2"]):
        p = subprocess.run(_fuzz_cli(tmp_path / "o", *args), capture_output=True, text=True, timeout=120, cwd=REPO)
        assert p.returncode == 2 and len(p.stderr.splitlines()) == 1 and "Traceback" not in p.stderr, p.stderr


def test_bitwise_comparison_and_unreadable_program():
    assert FuzzSettings(flags=("-O3",)).toolchain().exact
    r = evaluate_program(Path("/nonexistent/x.c"), [Schedule.parse("B0:P(0)")], SETTINGS)
    assert r.error and not r.evaluations


def test_weights_reach_the_generated_programs():
    """`--weights` draws the programs as `polyrl generate --weights` would: only seidel stencils here, with
    their boundary rows (edges, session 79's construct behind the jam's wrong result of session 80)."""
    from polyrl.fuzz.evaluate import ProgramJob, fuzz_program
    from polyrl.generate.command import weights_argument

    only = "elementwise=0,broadcast=0,reduction=0,contraction=0,stencil_jacobi=0,transpose=0,skewed=0,triangular=0"
    r = fuzz_program(ProgramJob(0, 7, 1, SETTINGS, weights_argument(f"{only},stencil_seidel=1,edges=1")))
    assert not r.error and r.patterns and set(r.patterns) == {"stencil-seidel"}, (r.error, r.patterns)
    assert len(r.evaluations) == 1
