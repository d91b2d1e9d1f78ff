"""The baseline's own check against an -O1 build (polyrl.runtime.measure_baseline), on a
kernel that gcc 12.2 miscompiles at -O3: it unrolls the short inner loop completely and
then vectorizes the outer loop across the distance-(1,1) dependence. Real gcc, real runs;
the tests that need the miscompilation skip when the installed gcc computes it right."""

from __future__ import annotations

import csv
import dataclasses
import shutil
import subprocess
from pathlib import Path

import pytest

from polyrl.api import load
from polyrl.cli import main
from polyrl.runtime import (
    BASELINE_MISCOMPILED,
    MemoStore,
    MiscompiledBaseline,
    Record,
    StoreKey,
    Toolchain,
    compare,
    machine_fingerprint,
    measure,
    measure_baseline,
    program_hash,
    reference_toolchain,
)
from polyrl.runtime.execute import COMPILER_MISCOMPILED, NO_VECTORIZE
from polyrl.search import random_search

# Y[k][l] = Y[k-1][l-1] over a 14-iteration inner loop: row 2 must hold what row 1 was
# just given; gcc 12.2 -O3 gives it row 1's old values
SHIFT = r"""#include <stdio.h>
#define N 33
#define M 16
float Y[N][M];

static void kernel(void)
{
  int k, l;
#pragma scop
  for (k = 1; k < N - 1; k++)
    for (l = 1; l < M - 1; l++)
      Y[k][l] = Y[k - 1][l - 1];
#pragma endscop
}

int main(void)
{
  int k, l;
  for (k = 0; k < N; k++)
    for (l = 0; l < M; l++)
      Y[k][l] = k * 100 + l;
  kernel();
  for (l = 0; l < M; l++)
    printf("%g ", Y[2][l]);
  printf("\n");
  return 0;
}
"""

O3 = Toolchain(threads=1)  # -O3 -march=native -fopenmp, the default
O2 = Toolchain(flags=("-O2", "-march=native", "-fopenmp"), threads=1)
INTERCHANGE = "B0:I(0,1)"  # legal: the dependence distance is (1, 1)


@pytest.fixture(scope="module")
def shift_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("shift") / "shift.c"
    path.write_text(SHIFT)
    return path


def _skip_unless_miscompiled(source: Path, why: str) -> None:
    """Skip the test unless the installed gcc builds `source` wrong at -O3 (its -O1 and -O3 builds print
    different output); `why` names what the fixed gcc computes right."""
    if shutil.which("gcc") is None:
        pytest.skip("gcc is not installed")
    out = {}
    for level in ("-O1", "-O3"):
        exe = source.with_name(f"{source.stem}{level}")
        subprocess.run(["gcc", level, "-march=native", "-fopenmp", str(source), "-o", str(exe)], check=True,
                       capture_output=True)
        out[level] = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    if out["-O1"] == out["-O3"]:
        pytest.skip(f"this gcc computes {why} right at -O3 (the gcc 12.2 miscompilation is fixed)")


@pytest.fixture(scope="module")
def miscompiled(shift_file: Path) -> Path:
    """The kernel, when the installed gcc miscompiles it at -O3 (-O1 and -O3 print different rows)."""
    _skip_unless_miscompiled(shift_file, "the kernel")
    return shift_file


# a small stencil walked by columns, which gcc 12.2 builds right; interchanged (legal: the distances are (1, 1),
# (0, 1) and (1, 1) in row order) its inner loop of 13 iterations is unrolled completely and the row loop vectorized
# across A[i-1][j-1]: the interchanged program is the compiler's wrong code (reports/session61/gcc12-miscompile)
STENCIL_COLUMNS = r"""#include <stdio.h>
#define N 15
double A[N][N];

void kernel(void)
{
  int i, j;
#pragma scop
  for (j = 1; j < N - 1; j++)
    for (i = 1; i < N - 1; i++)
      A[i][j] = 0.25 * (A[i][j] + A[i + 1][j + 1] + A[i - 1][j - 1] + A[i][j + 1]);
#pragma endscop
}

int main(void)
{
  int i, j;
  double s = 0.0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (double)((5 * i + 4 * j + 1) % 17) / 17 + 0.5;
  kernel();
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += A[i][j];
  printf("%.17g\n", s);
  return 0;
}
"""


@pytest.fixture(scope="module")
def stencil_columns(tmp_path_factory) -> Path:
    """The column walk, when the installed gcc miscompiles its row-order form at -O3 (else the test skips)."""
    wd = tmp_path_factory.mktemp("stencil")
    path = wd / "columns.c"
    path.write_text(STENCIL_COLUMNS)
    rows = wd / "rows.c"
    rows.write_text(STENCIL_COLUMNS.replace("for (j = 1; j < N - 1; j++)\n    for (i = 1; i < N - 1; i++)",
                                            "for (i = 1; i < N - 1; i++)\n    for (j = 1; j < N - 1; j++)"))
    _skip_unless_miscompiled(rows, "the row-order stencil")
    return path


def test_a_variant_only_the_vectorizer_gets_wrong_is_the_compilers_wrong_code(stencil_columns: Path,
                                                                               tmp_path: Path) -> None:
    prog = load(stencil_columns)
    cmp = prog.apply(INTERCHANGE).run(toolchain=O3, repeat=1)
    assert cmp.baseline.verified is True  # the column walk is built right
    assert cmp.new.status == COMPILER_MISCOMPILED and cmp.verified is False and cmp.speedup is None
    assert cmp.new.detail.startswith("A[") and f"built with {NO_VECTORIZE} it computes the original's results" \
        in cmp.new.detail
    # polyrl measure files it so, never as a time
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(stencil_columns, corpus / "columns.c")
    (tmp_path / "s.txt").write_text(f"columns: {INTERCHANGE}\n")
    store = tmp_path / "measure.sqlite"
    assert main(["measure", str(corpus), "--schedules", str(tmp_path / "s.txt"), "--workers", "1", "--threads", "1",
                 "--repeat", "1", "--store", str(store), "--no-progress"]) == 0
    with MemoStore(store) as s:
        rows = {k.schedule: (r.status, r.verified, r.times) for k, r in s.items()}
    assert rows[""][0] == "ok" and rows[INTERCHANGE] == (COMPILER_MISCOMPILED, False, ())


def test_reference_toolchain_replaces_every_level() -> None:
    tc = Toolchain(flags=("-DX=1", "-O3", "-march=native", "-O2", "-fopenmp", "-I/inc"), threads=2)
    ref = reference_toolchain(tc)
    assert ref is not None
    assert ref.flags == ("-DX=1", "-O1", "-march=native", "-fopenmp", "-I/inc") and ref.threads == 2
    assert reference_toolchain(Toolchain(flags=("-Ofast",))).flags == ("-O1", "-ffast-math")
    for unoptimized in ((), ("-O0",), ("-O1", "-fopenmp"), ("-O3", "-O1"), ("-Og",)):
        assert reference_toolchain(Toolchain(flags=unoptimized)) is None


def test_a_correct_baseline_is_checked_and_verifies(shift_file: Path) -> None:
    # at -O2 gcc computes the kernel right (with or without the bug): as before, plus the check
    prog = load(shift_file)
    base = measure_baseline(prog.scop, O2, repeat=1)
    assert base.status == "ok" and base.verified is True and base.dump is not None
    assert "agrees with its -O1 build" in base.detail
    cmp = prog.apply(INTERCHANGE).run(toolchain=O2, repeat=1)
    assert cmp.baseline.verified is True and cmp.new.status == "ok" and cmp.verified is True


def test_miscompiled_baseline_is_no_reference(miscompiled: Path, tmp_path: Path) -> None:
    prog = load(miscompiled)
    base = measure_baseline(prog.scop, O3, repeat=1)
    assert base.status == BASELINE_MISCOMPILED and base.verified is False and base.dump is None
    assert base.detail.startswith("Y[2][")
    assert "`-O1 -march=native -fopenmp` vs `-O3 -march=native -fopenmp`" in base.detail
    assert len(base.times) >= 1  # the baseline's own timing is kept, for the record

    store = MemoStore(tmp_path / "memo.sqlite")
    region = prog.apply(INTERCHANGE).region_text
    with pytest.raises(MiscompiledBaseline, match=r"miscompiles the original program: Y\[2\]"):
        compare(prog.scop, region, INTERCHANGE, O3, store=store, repeat=1)
    records = dict(store.items())
    bkey = StoreKey(program_hash(prog.scop), "", machine_fingerprint(), O3.key())  # the key it always had
    assert list(records) == [bkey] and records[bkey].status == BASELINE_MISCOMPILED
    # the stored verdict is final: a second request fails the same way without building
    with pytest.raises(MiscompiledBaseline):
        compare(prog.scop, region, INTERCHANGE, O3, store=store, repeat=1)
    with pytest.raises(MiscompiledBaseline):
        random_search(prog, 2, O3, store=store, repeat=1)
    assert list(dict(store.items())) == [bkey]

    # opting out trusts the (wrong) baseline, as polyrl did before the check: the correct
    # interchanged program differs from it, and built without the auto-vectorizer it computes
    # what the original computes so built: the compiler's doing, never a time
    trusted = compare(prog.scop, region, INTERCHANGE, O3, repeat=1, check_reference=False)
    assert trusted.baseline.status == "ok" and trusted.baseline.verified is None
    assert trusted.new.status == COMPILER_MISCOMPILED and trusted.speedup is None
    store.close()


def test_a_stored_unchecked_baseline_is_checked(miscompiled: Path, tmp_path: Path) -> None:
    # a store written before the check: its baseline is `ok` and was never compared
    prog = load(miscompiled)
    store = MemoStore(tmp_path / "memo.sqlite")
    bkey = StoreKey(program_hash(prog.scop), "", machine_fingerprint(), O3.key())
    store.put(bkey, Record(True, "ok", (1e-6,), None, ""))
    with pytest.raises(MiscompiledBaseline):
        compare(prog.scop, prog.apply(INTERCHANGE).region_text, INTERCHANGE, O3, store=store, repeat=1)
    rec = store.get(bkey)
    assert rec.status == BASELINE_MISCOMPILED and rec.times == (1e-6,)
    store.close()


def test_polyrl_run_refuses_to_verify(miscompiled: Path, capsys) -> None:
    args = ["run", str(miscompiled), "--schedule", INTERCHANGE, "--threads", "1", "--repeat", "1"]
    assert main(args) == 2
    assert "miscompiles the original program" in capsys.readouterr().err
    assert main([*args, "--flags", "-O2 -march=native -fopenmp"]) == 0
    assert "verified" in capsys.readouterr().out


def test_polyrl_measure_skips_the_schedules(miscompiled: Path, tmp_path: Path, capsys) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(miscompiled, corpus / "shift.c")
    store = tmp_path / "measure.sqlite"
    args = ["measure", str(corpus), "--schedules", "random:2", "--workers", "1", "--threads", "1", "--repeat", "1",
            "--store", str(store), "--no-progress"]
    assert main(args) == 1
    assert "baseline-miscompiled: Y[2]" in capsys.readouterr().out
    with MemoStore(store) as s:
        rows = [(k.schedule, r.status, r.verified) for k, r in s.items()]
    assert rows == [("", BASELINE_MISCOMPILED, False)]  # no schedule verified (or refuted) against it


def test_polyrl_bench_lists_the_base_as_miscompiled(miscompiled: Path, tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    (suite / "shift").mkdir(parents=True)
    shutil.copy(miscompiled, suite / "shift" / "shift.c")
    schedules = tmp_path / "schedules.txt"
    schedules.write_text(f"shift: {INTERCHANGE}\n")
    out = tmp_path / "out"
    assert main(["bench", "--suite", str(suite), "--dataset", "MINI", "--variants", "base,polyrl-schedule",
                 "--schedules", str(schedules), "--threads", "1", "--repeat", "1", "--out", str(out)]) == 0
    with (out / "results.csv").open(newline="") as fh:
        rows = {r["variant"]: r for r in csv.DictReader(fh)}
    assert (rows["base"]["status"], rows["base"]["verified"]) == (BASELINE_MISCOMPILED, "")
    assert (rows["polyrl-schedule"]["status"], rows["polyrl-schedule"]["verified"]) == ("no-reference", "")
    md = (out / "results.md").read_text()
    assert "| shift | miscompiled | no baseline |" in md
    assert md.split("Not run correctly:")[1].strip().startswith("- shift / base: baseline-miscompiled: Y[2]")


def test_measured_episodes_leave_a_miscompiled_program_out(miscompiled: Path, shift_file: Path,
                                                          tmp_path: Path) -> None:
    # PPO with measured rewards: the program whose baseline gcc miscompiles is dropped when
    # it is drawn (with the reason in `skipped`), and every episode runs on the other one
    from polyrl.rl.env import PolyEnv
    from polyrl.rl.rewards import MeasuredRewarder

    good = tmp_path / "good.c"
    good.write_text(SHIFT.replace("Y[k - 1][l - 1]", "Y[k][l] + 1.0f"))
    store = MemoStore(tmp_path / "memo.sqlite")
    env = PolyEnv(MeasuredRewarder(O3, store=store, repeat=1), programs=[str(miscompiled), str(good)])
    drawn = set()
    for seed in range(8):
        env.reset(seed=seed)
        drawn.add(env.state.program.spec.path)
    assert drawn == {str(good)}
    assert len(env.skipped) == 1 and "miscompiles the original program" in env.skipped[0]
    # both baselines were measured once and kept: the verdict on the bad one too
    assert sorted((k.schedule, r.status) for k, r in store.items()) == [("", BASELINE_MISCOMPILED), ("", "ok")]
    store.close()


# ---------------------------------------------------------------- rounding, told from wrong results

PB = Path(__file__).resolve().parents[1] / "datasets" / "polybench"
GRAMSCHMIDT = PB / "linear-algebra/solvers/gramschmidt/gramschmidt.c"


def _mini_gramschmidt():
    util = PB / "utilities"
    tc = Toolchain(flags=("-O3", "-march=native", "-fopenmp", "-DMINI_DATASET", f"-I{util.resolve()}"), threads=1)
    return load(GRAMSCHMIDT, defines={"MINI_DATASET": "1"}, include_dirs=[str(util)]), tc


def test_an_ill_conditioned_kernel_has_a_baseline_and_its_variants_verify() -> None:
    # gramschmidt divides by norms of nearly dependent columns: where -O3 fuses a multiply
    # and an add that -O1 does not, 1 in 3 elements of Q moves by percents. Without
    # contraction both builds compute the same bits, so the baseline is a reference, and a
    # legal variant is bitwise equal there too.
    prog, tc = _mini_gramschmidt()
    base = measure_baseline(prog.scop, tc, repeat=1)
    assert base.status == "ok" and base.verified is True, base.detail
    assert "bitwise equal without multiply-add contraction" in base.detail and "rounding: Q[" in base.detail
    cmp = prog.apply("B2:I(1,2)").run(toolchain=tc, repeat=1)
    assert cmp.new.status == "ok" and cmp.verified is True, cmp.new.detail


def test_a_variant_verified_by_the_rounding_recheck_passes_its_check_runs() -> None:
    # the bench's --verify-runs: each later run is compared with the first run's arrays,
    # bitwise, not with the reference, which this build matches only without contraction
    # (compared with the reference, session 23's bench called Polly's gramschmidt WRONG).
    # The reference: the program built without contraction; the build under test fuses
    prog, tc = _mini_gramschmidt()
    exact = dataclasses.replace(tc, flags=tc.flags + ("-ffp-contract=off",))
    reference = measure(prog.scop, None, exact, repeat=1).dump
    m = measure(prog.scop, None, tc, repeat=1, reference=reference, checks=3)
    assert m.status == "ok" and m.verified is True, m.detail
    assert "without multiply-add contraction" in m.detail, m.detail


def test_a_wrong_result_stays_wrong_after_the_recheck() -> None:
    # the interchanged region with one sign flipped: its arrays differ with and without
    # contraction, so the rounding re-check keeps the verdict
    prog, tc = _mini_gramschmidt()
    region = prog.apply("B2:I(1,2)").region_text
    wrong = region.replace("A[c2][c1] - Q[c2][c0]", "A[c2][c1] + Q[c2][c0]", 1)
    assert wrong != region
    cmp = compare(prog.scop, wrong, "wrong", tc, repeat=1)
    assert cmp.new.status == "wrong-result" and cmp.verified is False
    assert "without multiply-add contraction" not in cmp.new.detail
    assert NO_VECTORIZE not in cmp.new.detail  # wrong without the auto-vectorizer too: the variant's own error
