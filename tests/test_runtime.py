"""polyrl.runtime on real programs: gcc builds, real runs, real verification."""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from pathlib import Path

import islpy as isl
import numpy as np
import pytest

from polyrl.errors import PolyrlError
from polyrl.ir import Array, ArrayRef, Binary, Iter, Num, Scalar, Scop, Statement
from polyrl.runtime import (
    MemoStore,
    Toolchain,
    build,
    compare,
    compare_dumps,
    instrument,
    instrument_batch,
    load_dump,
    measure,
    run,
    run_batch,
    written_extents,
)
from polyrl.runtime.batch import PRUNE_AFTER_S
from polyrl.runtime.execute import MAX_TIMED_RUNS, SHORT_REGION_PROCESSES
from polyrl.runtime.instrument import read_before_written

TC = Toolchain(threads=1)
TC_EXACT = Toolchain(flags=("-O2", "-fopenmp", "-ffp-contract=off"), threads=1)

GEMM = r"""#include <stdio.h>
#define N 48
double A[N][N], B[N][N], C[N][N];

static void init(void)
{
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = (double)((i * j + 1) % N) / N;
      B[i][j] = (double)((i + 2 * j) % N) / N;
      C[i][j] = 1.0;
    }
}

static void kernel(void)
{
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}

int main(void)
{
  int i, j;
  double s = 0.0;
  init();
  kernel();
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += C[i][j];
  printf("%.6f\n", s);
  return 0;
}
"""

INTERCHANGED = """
  for (i = 0; i < N; i++)
    for (k = 0; k < N; k++)
      for (j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
"""

OFF_BY_ONE = """
  for (i = 0; i < N - 1; i++)
    for (k = 0; k < N; k++)
      for (j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
"""


def _region(src: str) -> tuple[int, int]:
    start = src.index("#pragma scop")
    end = src.index("#pragma endscop") + len("#pragma endscop")
    return start, end


def gemm_scop(path: Path) -> Scop:
    path.write_text(GEMM)
    dom = isl.Set("[N] -> { S0[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k < N }")
    writes = isl.Map("[N] -> { S0[i, j, k] -> C[i, j] }")
    reads = isl.UnionMap("[N] -> { S0[i, j, k] -> C[i, j]; S0[i, j, k] -> A[i, k]; S0[i, j, k] -> B[k, j] }")
    sched = isl.Map("[N] -> { S0[i, j, k] -> [0, i, 0, j, 0, k, 0] }")
    lhs = ArrayRef("C", (Iter(0), Iter(1)))
    rhs = Binary("*", ArrayRef("A", (Iter(0), Iter(2))), ArrayRef("B", (Iter(2), Iter(1))))
    st = Statement("S0", ("i", "j", "k"), dom, lhs, "+=", rhs, writes, reads, sched, 22, "C[i][j] += ...")
    return Scop(
        source_path=str(path),
        source=GEMM,
        function="kernel",
        region=_region(GEMM),
        params=("N",),
        param_values={"N": 48},
        context=isl.Set("[N] -> { : N >= 0 }"),
        arrays={n: Array(n, "double", (48, 48)) for n in "ABC"},
        statements=[st],
    )


# A region in a function called twice, with a runtime size and a written scalar.
PREFIX = r"""#include <stdio.h>
double x[100], y[100];
double acc;

void prefix(int n)
{
  int i;
#pragma scop
  acc = 0.0;
  for (i = 0; i < n; i++) {
    acc += x[i];
    y[i] = acc;
  }
#pragma endscop
}

int main(void)
{
  int i;
  for (i = 0; i < 100; i++) { x[i] = 0.5 * i; y[i] = -1.0; }
  prefix(10);
  prefix(20);
  printf("%f %f\n", acc, y[19]);
  return 0;
}
"""


def prefix_scop(path: Path) -> Scop:
    path.write_text(PREFIX)
    d0 = isl.Set("[n] -> { S0[] }")
    d1 = isl.Set("[n] -> { S1[i] : 0 <= i < n }")
    d2 = isl.Set("[n] -> { S2[i] : 0 <= i < n }")
    sts = [
        Statement(
            "S0",
            (),
            d0,
            Scalar("acc"),
            "=",
            Num("0.0"),
            isl.Map("[n] -> { S0[] -> acc[] }"),
            isl.Map("[n] -> { S0[] -> acc[] : 1 = 0 }"),
            isl.Map("[n] -> { S0[] -> [0, 0, 0] }"),
            9,
            "",
        ),
        Statement(
            "S1",
            ("i",),
            d1,
            Scalar("acc"),
            "+=",
            ArrayRef("x", (Iter(0),)),
            isl.Map("[n] -> { S1[i] -> acc[] }"),
            isl.Map("[n] -> { S1[i] -> x[i] }"),
            isl.Map("[n] -> { S1[i] -> [1, i, 0] }"),
            11,
            "",
        ),
        Statement(
            "S2",
            ("i",),
            d2,
            ArrayRef("y", (Iter(0),)),
            "=",
            Scalar("acc"),
            isl.UnionMap("[n] -> { S2[i] -> y[i] }"),
            isl.Map("[n] -> { S2[i] -> acc[] }"),
            isl.Map("[n] -> { S2[i] -> [1, i, 1] }"),
            12,
            "",
        ),
    ]
    return Scop(
        source_path=str(path),
        source=PREFIX,
        function="prefix",
        region=_region(PREFIX),
        params=("n",),
        param_values={"n": None},
        context=isl.Set("[n] -> { : n >= 0 }"),
        arrays={
            "x": Array("x", "double", (100,)),
            "y": Array("y", "double", (100,)),
            "acc": Array("acc", "double", ()),
        },
        statements=sts,
    )


@pytest.fixture
def gemm(tmp_path: Path) -> Scop:
    return gemm_scop(tmp_path / "gemm.c")


def test_instrument_leaves_user_file_alone(gemm: Scop):
    before = Path(gemm.source_path).read_bytes()
    text = instrument(gemm, None)
    assert "polyrl_snapshot(C, polyrl_bytes0)" in text
    assert "sizeof(C[0])" in text
    assert "C[i][j] += A[i][k] * B[k][j];" in text
    assert Path(gemm.source_path).read_bytes() == before


def test_baseline_measure(gemm: Scop):
    m = measure(gemm, None, TC, repeat=3, min_time=0.0)
    assert m.status == "ok", m.detail
    assert len(m.times) == 3 and all(t > 0 for t in m.times)
    assert m.min == min(m.times) and m.spread is not None and m.spread >= 0
    assert m.verified is None
    c = m.dump["C"]
    assert c.shape == (48, 48) and c.dtype == np.float64
    # every timed run started from the same input: the result is that of one run
    a = np.array([[((i * j + 1) % 48) / 48 for j in range(48)] for i in range(48)])
    b = np.array([[((i + 2 * j) % 48) / 48 for j in range(48)] for i in range(48)])
    assert np.allclose(c, 1.0 + a @ b, rtol=1e-12)


def test_a_short_region_runs_until_its_runs_add_up_to_the_minimum_time(gemm: Scop, tmp_path: Path):
    # the 48x48 gemm takes about 0.1 ms: 2 runs would be all noise
    m = measure(gemm, None, TC, repeat=2, min_time=0.02, workdir=tmp_path)
    assert m.status == "ok", m.detail
    assert len(m.times) > 3 * 10
    # in each of SHORT_REGION_PROCESSES processes, each run after the first 2 began while
    # the runs before it (with their restores) took less than 0.02 s
    r = run(tmp_path / "program", 60, 2, 1, min_time=0.02)
    assert r.status == "ok" and len(r.per_process) == SHORT_REGION_PROCESSES == 3
    assert sum(r.per_process) == len(r.times)
    start = 0
    for n in r.per_process:
        assert n > 10 and sum(r.times[start:start + n - 1]) < 0.02
        start += n
    # a region whose `repeat` runs take long enough runs once, exactly `repeat` times
    once = run(tmp_path / "program", 60, 2, 1, min_time=0.0)
    assert once.status == "ok" and once.per_process == (2,) and len(once.times) == 2
    # still every run from the same input
    a = np.array([[((i * j + 1) % 48) / 48 for j in range(48)] for i in range(48)])
    b = np.array([[((i + 2 * j) % 48) / 48 for j in range(48)] for i in range(48)])
    assert np.allclose(m.dump["C"], 1.0 + a @ b, rtol=1e-12)
    # repeat 0 is the arrays only, whatever the minimum time
    only = measure(gemm, None, TC, repeat=0, min_time=0.02)
    assert only.status == "ok" and only.times == () and np.array_equal(only.dump["C"], m.dump["C"])


def test_interchange_verifies_with_speedup(gemm: Scop):
    cmp = compare(gemm, INTERCHANGED, "interchange j,k", TC, repeat=3)
    assert cmp.baseline.status == "ok"
    assert cmp.new.status == "ok", cmp.new.detail
    assert cmp.verified is True
    assert cmp.speedup is not None and cmp.speedup > 0
    text = cmp.summary()
    assert re.search(r"min of \d+,", text) and "speedup:" in text and "verified: max rel err" in text


def test_exact_mode_is_bitwise(gemm: Scop):
    ref = measure(gemm, None, TC_EXACT, repeat=1)
    m = measure(gemm, INTERCHANGED, TC_EXACT, repeat=1, reference=ref.dump)
    assert m.verified is True and m.detail.startswith("bitwise equal"), m.detail


def test_wrong_region_names_the_element(gemm: Scop):
    cmp = compare(gemm, OFF_BY_ONE, "wrong", TC, repeat=2)
    assert cmp.verified is False
    assert cmp.new.status == "wrong-result"
    assert cmp.speedup is None
    assert cmp.new.detail.startswith("C[47][0]: "), cmp.new.detail
    assert "48 of 2304 elements differ" in cmp.new.detail


# a region whose result depends on the run: one that only reads the environment, so that
# the test is deterministic where a real data race is not (a check run is started for its
# arrays only, with POLYRL_REPEAT=0; the timed run has POLYRL_REPEAT >= 1)
RUN_DEPENDENT = INTERCHANGED + """
  {
    extern char *getenv(const char *);
    const char *r = getenv("POLYRL_REPEAT");
    if (r && r[0] == '0')
      C[3][5] += 1.0;
  }
"""


def test_a_result_that_changes_from_run_to_run_is_caught_by_a_second_check(gemm: Scop):
    ref = measure(gemm, None, TC, repeat=1)
    once = measure(gemm, RUN_DEPENDENT, TC, repeat=1, reference=ref.dump)
    assert once.status == "ok" and once.verified is True, once.detail
    twice = measure(gemm, RUN_DEPENDENT, TC, repeat=1, reference=ref.dump, checks=2)
    assert twice.status == "wrong-result" and twice.verified is False
    assert twice.detail.startswith("run 2 of 2: C[3][5]: ") and "change from run to run" in twice.detail, twice.detail
    steady = measure(gemm, INTERCHANGED, TC, repeat=1, reference=ref.dump, checks=3)
    assert steady.status == "ok" and steady.verified is True, steady.detail


def test_compile_error_is_a_status(gemm: Scop):
    m = measure(gemm, "  this is not C;\n", TC, repeat=1)
    assert m.status == "compile-error"
    assert "error" in m.detail and "optimized region" in m.detail


def test_infinite_loop_is_a_timeout(gemm: Scop):
    m = measure(gemm, "  while (1) { C[0][0] += 1.0; }\n", TC, repeat=1, timeout_s=1.5)
    assert m.status == "timeout"
    assert m.times == ()


def test_interrupt_while_running_stops_the_program(gemm: Scop, tmp_path: Path):
    """Ctrl-C during a run must not leave the measured program running in its session."""
    import signal
    import time

    from polyrl.runtime import build, instrument, run

    pidfile = tmp_path / "pid"
    spin = f'  {{ FILE *f = fopen("{pidfile}", "w"); fprintf(f, "%d", (int)getpid()); fclose(f); }}\n' \
        "  while (1) { C[0][0] += 1.0; }\n"
    flags = ("-O1", "-include", "stdio.h", "-include", "unistd.h")
    b = build(instrument(gemm, spin), Toolchain(flags=flags, threads=1), tmp_path / "w")
    assert b.status == "ok", b.message

    def interrupt(*_):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, interrupt)
    signal.alarm(1)
    try:
        with pytest.raises(KeyboardInterrupt):
            run(b.exe, 60.0, 1, 1)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    pid = int(pidfile.read_text())
    time.sleep(0.2)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_compile_timeout_stops_everything_the_compiler_started(gemm: Scop, tmp_path: Path, slow_compiler):
    """gcc runs cc1 as a child: a timeout that killed the driver alone left cc1 compiling on."""
    import time

    start = time.monotonic()
    b = build(instrument(gemm, "  C[0][0] = 1.0;\n"), Toolchain(cc=str(slow_compiler.path), threads=1), tmp_path / "w",
              timeout_s=1.0)
    assert b.status == "compile-timeout" and "ran over 1 s" in b.message
    assert time.monotonic() - start < 20
    assert slow_compiler.started()  # the harness's compile and the program's
    slow_compiler.assert_all_stopped()


def test_crash_and_exit_code_are_statuses(gemm: Scop):
    crash = measure(gemm, "  { volatile int *p = 0; *p = 1; }\n", TC, repeat=1)
    assert crash.status == "crash" and crash.detail == "signal SIGSEGV"
    ex = measure(gemm, "  exit(3);\n", Toolchain(flags=("-O1", "-include", "stdlib.h"), threads=1), repeat=1)
    assert ex.status == "exit-code 3"


def test_function_called_twice_scalars_and_runtime_sizes(tmp_path: Path):
    scop = prefix_scop(tmp_path / "prefix.c")
    m = measure(scop, None, TC, repeat=2, min_time=0.0)
    assert m.status == "ok", m.detail
    assert len(m.times) == 2
    d = m.dump
    assert set(d) == {"acc", "y", "acc@2", "y@2"}
    assert d["y"].shape == (10,) and d["y@2"].shape == (20,)  # only the written extent, from n
    assert d["acc"].shape == () and float(d["acc"]) == sum(0.5 * i for i in range(10))
    assert float(d["acc@2"]) == sum(0.5 * i for i in range(20))
    # a region that forgets the last element on the second call is caught there
    bad = "  acc = 0.0;\n  for (i = 0; i < n; i++) { acc += x[i]; if (i < 19) y[i] = acc; }\n"
    w = measure(scop, bad, TC, repeat=1, reference=d)
    assert w.status == "wrong-result" and w.detail.startswith("y@2[19]: "), w.detail


def test_compare_dumps_rules():
    a = {"A": np.array([1.0, np.nan, 3.0]), "k": np.array([1, 2], dtype=np.int32)}
    b = {"A": np.array([1.0 + 1e-12, np.nan, 3.0]), "k": np.array([1, 2], dtype=np.int32)}
    assert compare_dumps(a, b, exact=False).ok
    assert not compare_dumps(a, b, exact=True).ok
    c = {"A": np.array([1.0, np.nan, 3.0]), "k": np.array([1, 3], dtype=np.int32)}
    v = compare_dumps(a, c, exact=False)
    assert not v.ok and v.detail.startswith("k[1]: 2 vs 3")
    assert not compare_dumps(a, {"A": a["A"]}, exact=False).ok


def test_tolerance_follows_the_element_precision():
    # a float result an ulp away (an FMA fused differently) is equal; a real error is not
    f = {"E": np.array([0.86944705, 2.0], dtype=np.float32)}
    assert compare_dumps(f, {"E": np.array([0.86944711, 2.0], dtype=np.float32)}, exact=False).ok
    assert not compare_dumps(f, {"E": np.array([0.8695, 2.0], dtype=np.float32)}, exact=False).ok
    # doubles keep 1e-9, with a floor for results that cancel to near zero
    d = {"D": np.array([0.0, 1.0])}
    assert compare_dumps(d, {"D": np.array([1.1e-16, 1.0])}, exact=False).ok
    assert not compare_dumps(d, {"D": np.array([0.0, 1.0 + 1e-8])}, exact=False).ok
    # a scalar that cancels to near zero is scaled by the program's other results (durbin's alpha
    # at -O1 and -O3); one off by more than the tolerance of those results is still wrong
    s = {"alpha": np.array(-1.457438505476454e-54), "y": np.array([0.5, -2.0])}
    assert compare_dumps(s, {"alpha": np.array(-0.0), "y": np.array([0.5, -2.0])}, exact=False).ok
    assert not compare_dumps(s, {"alpha": np.array(1e-6), "y": np.array([0.5, -2.0])}, exact=False).ok


def test_tolerant_comparison_looks_at_every_differing_element():
    # an -O1 against -O3 result: most elements an ulp or two apart (FMA), NaNs in the same
    # places, one element truly wrong; the detail names it (in C order, among all), counts
    # the wrong ones only, and a correct array reports the largest relative error of all
    rng = np.random.default_rng(7)
    a = rng.standard_normal((300, 200))
    a[5, 7] = a[250, 3] = np.nan
    a[6, 1] = np.inf  # equal infinities are equal, in a chunk where most elements differ
    b = a.copy()
    b[::2] = np.nextafter(b[::2], np.inf)
    b[1::3] = b[1::3] * (1 + 3e-16)
    v = compare_dumps({"A": a, "s": np.array(2.0)}, {"A": b, "s": np.array(2.0)}, exact=False)
    with np.errstate(invalid="ignore"):
        rel = np.abs(a - b) / np.maximum(np.abs(a), np.abs(b))
    assert v.ok and v.detail == f"max rel err {np.nanmax(rel):.3g} (2 arrays, 60001 elements)"
    b[123, 45] += 1e-6
    b[200, 1] = 0.0 if a[200, 1] else 1.0
    v = compare_dumps({"A": a}, {"A": b}, exact=False)
    assert not v.ok and v.detail == f"A[123][45]: {float(a[123, 45])!r} vs {float(b[123, 45])!r} (2 of 60000 elements differ)"
    assert not compare_dumps({"A": a}, {"A": b}, exact=True).ok


def test_store_answers_second_compare_without_building(gemm: Scop, tmp_path: Path):
    # a real compiler behind a wrapper that counts compilations (not --version queries)
    log = tmp_path / "cc.log"
    cc = tmp_path / "counting-cc"
    # (nor the harness object, compiled once per toolchain and then reused)
    cc.write_text(f'#!/bin/sh\ncase "$*" in --version|*" -c polyrl_harness.c"*) ;; *) echo x >> "{log}";; esac\n'
                  'exec gcc "$@"\n')
    cc.chmod(cc.stat().st_mode | stat.S_IEXEC)
    tc = Toolchain(cc=str(cc), threads=1)
    store = MemoStore(tmp_path / "memo.sqlite")
    first = compare(gemm, INTERCHANGED, "sched-1", tc, store=store, repeat=2)
    assert first.verified and not first.new.cached
    builds = len(log.read_text().splitlines())
    assert builds == 3  # baseline, its -O1 reference build, and new
    assert first.baseline.verified is True and "agrees with its -O1 build" in first.baseline.detail
    second = compare(gemm, INTERCHANGED, "sched-1", tc, store=store, repeat=2)
    assert len(log.read_text().splitlines()) == builds
    assert second.baseline.cached and second.new.cached
    assert second.new.times == first.new.times and second.speedup == first.speedup
    # a new schedule in a fresh process-state still verifies (baseline re-run for its data;
    # it was checked already, so its reference build is not built again)
    from polyrl.runtime import execute

    execute._REFERENCES.clear()
    execute._EXACT_ORIGINALS.clear()  # (an earlier test may have built this gemm without contraction)
    third = compare(gemm, OFF_BY_ONE, "sched-2", tc, store=store, repeat=2)
    assert third.baseline.cached and third.new.status == "wrong-result"
    # baseline and new, then both again without multiply-add contraction (the rounding
    # re-check), which keeps the verdict; then the new one without the auto-vectorizer, and
    # that build's own rounding re-check (the original and the new one without either), which
    # keep it too: the off-by-one is the variant's, not the compiler's
    assert len(log.read_text().splitlines()) == builds + 4 + 3
    assert third.new.status == "wrong-result" and "-fno-tree-vectorize" not in third.new.detail
    assert "without multiply-add contraction" not in third.new.detail
    # the reference build adds no store keys: the baseline's key is the one it always had
    assert sorted(k.schedule for k, _ in store.items()) == ["", "sched-1", "sched-2"]
    assert {k.toolchain for k, _ in store.items()} == {tc.key()}
    store.close()


def test_missing_compiler(gemm: Scop):
    tc = Toolchain(cc="polyrl-no-such-cc")
    with pytest.raises(
        PolyrlError, match=r"compiler `polyrl-no-such-cc` not found; install it or pass --cc gcc"
    ):
        measure(gemm, None, tc)
    with pytest.raises(PolyrlError):
        compare(gemm, INTERCHANGED, "s", tc)


def test_threads_setting_reaches_the_program(tmp_path: Path):
    src = GEMM.replace('printf("%.6f\\n", s);', 'printf("%.6f %s\\n", s, getenv("OMP_NUM_THREADS"));')
    src = "#include <stdlib.h>\n" + src
    scop = gemm_scop(tmp_path / "g.c")
    scop.source = src
    scop.region = _region(src)
    from polyrl.runtime import build, run

    b = build(instrument(scop, None), Toolchain(threads=2), tmp_path / "w")
    assert b.status == "ok", b.message
    r = run(b.exe, 30, 1, threads=2)
    assert r.status == "ok" and r.stdout.split()[-1] == "2"
    assert load_dump(r.dump)["C"].shape == (48, 48)
    assert os.path.exists(r.dump)


def test_via_frontend_when_available(tmp_path: Path):
    frontend = pytest.importorskip("polyrl.frontend")
    load_scops = getattr(frontend, "load_scops", None)
    if load_scops is None:
        pytest.skip("polyrl.frontend.load_scops not available yet")
    path = tmp_path / "gemm.c"
    path.write_text(GEMM)
    scops = load_scops(str(path))
    assert scops, "the frontend found no scop in the gemm test program"
    scop = scops[0]
    assert "C" in scop.written_arrays()
    ref = measure(scop, None, TC, repeat=1)
    assert ref.status == "ok", ref.detail
    assert ref.dump["C"].shape == (48, 48)
    m = measure(scop, INTERCHANGED, TC, repeat=1, reference=ref.dump)
    assert m.status == "ok" and m.verified, m.detail


VLA = r"""#include <stdio.h>
#include <stdlib.h>

static void scale(int n, int m, double A[n][m])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = 2.0 * A[i][j] + i;
#pragma endscop
}

int main(int argc, char **argv)
{
  int n = 30, m = 20, i, j;
  double (*A)[m] = malloc(sizeof(double[n][m]));
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = i - j;
  scale(n, m, A);
  printf("%f\n", A[n - 1][m - 1]);
  free(A);
  return 0;
}
"""

PARALLEL = """
#pragma omp parallel for private(j)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = 2.0 * A[i][j] + i;
"""


def test_vla_parameter_and_openmp_region(tmp_path: Path):
    path = tmp_path / "vla.c"
    path.write_text(VLA)
    dom = isl.Set("[n, m] -> { S0[i, j] : 0 <= i < n and 0 <= j < m }")
    acc = isl.Map("[n, m] -> { S0[i, j] -> A[i, j] }")
    st = Statement(
        "S0", ("i", "j"), dom, ArrayRef("A", (Iter(0), Iter(1))), "=", Num("0"), acc,
        isl.UnionMap.from_map(acc), isl.Map("[n, m] -> { S0[i, j] -> [0, i, 0, j, 0] }"), 10, "",
    )  # fmt: skip
    scop = Scop(
        source_path=str(path),
        source=VLA,
        function="scale",
        region=_region(VLA),
        params=("n", "m"),
        param_values={"n": None, "m": None},
        context=isl.Set("[n, m] -> { : n >= 0 and m >= 0 }"),
        arrays={"A": Array("A", "double", (None, None))},
        statements=[st],
    )
    tc = Toolchain(threads=2)
    base = measure(scop, None, tc, repeat=2)
    assert base.status == "ok", base.detail
    a = base.dump["A"]
    assert a.shape == (30, 20)
    assert a[29][19] == 2.0 * (29 - 19) + 29  # one application, although the region ran 3 times
    par = measure(scop, PARALLEL, tc, repeat=2, reference=base.dump)
    assert par.status == "ok" and par.verified, par.detail


def _batch(scop: Scop, regions: list[str | None], tmp_path: Path, **kw):
    b = build(instrument_batch(scop, regions), TC, tmp_path)
    assert b.status == "ok", b.message
    return run_batch(b.exe, len(regions), threads=1, **kw)


def test_a_batch_times_its_variants_interleaved_and_dumps_each(gemm: Scop, tmp_path: Path):
    r = _batch(gemm, [None, INTERCHANGED, OFF_BY_ONE], tmp_path, timeout_s=60, repeat=3, min_time=0.01)
    assert r.status == "ok" and r.statuses == ("ok", "ok", "ok"), r
    # each variant runs while it wants runs and not once more: at least `repeat` runs adding up to the minimum time
    # (or MAX_TIMED_RUNS), and past `repeat` its runs but the last add up to less than it (how many each gets
    # depends on its speed and the machine's load, not on the others)
    for times in r.times:
        assert len(times) >= 3 and all(t > 0 for t in times)
        assert sum(times) >= 0.01 or len(times) == MAX_TIMED_RUNS
        assert len(times) == 3 or sum(times[:-1]) < 0.01 * (1 + 1e-6), times  # times as written: 10 digits
    base = measure(gemm, None, TC, repeat=1)
    original = load_dump(r.dumps[0])
    dumps = [original] + [load_dump(d, same_as=original) for d in r.dumps[1:]]
    assert np.array_equal(dumps[0]["C"], base.dump["C"])  # the original, as a lone binary computes it
    assert compare_dumps(dumps[0], dumps[1], False).ok
    wrong = compare_dumps(dumps[0], dumps[2], False)
    assert not wrong.ok and wrong.detail.startswith("C[47][0]: ")


def test_a_batch_variant_bitwise_equal_to_the_original_dumps_headers_only(gemm: Scop, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch):
    # variant 1 is the original's loops again: its C is bitwise the original's, and its dump
    # says so in a header line instead of repeating the bytes; the wrong variant's C is whole
    r = _batch(gemm, [None, None, OFF_BY_ONE], tmp_path, timeout_s=60, repeat=1, min_time=0.0)
    assert r.status == "ok" and r.statuses == ("ok", "ok", "ok"), r
    original = load_dump(r.dumps[0])
    assert r.dumps[1].read_bytes().startswith(b"polyrl-same C ") and r.dumps[1].stat().st_size < 200
    assert r.dumps[2].stat().st_size > original["C"].nbytes
    same = load_dump(r.dumps[1], same_as=original)
    assert same.keys() == original.keys() and np.array_equal(same["C"], original["C"])
    assert compare_dumps(original, same, True).ok
    assert not compare_dumps(original, load_dump(r.dumps[2], same_as=original), False).ok
    with pytest.raises(ValueError, match="C is marked as the original's, which was not given"):
        load_dump(r.dumps[1])
    # with nothing kept for the comparison (POLYRL_SAME_LIMIT 0), every array is written whole
    b = build(instrument_batch(gemm, [None, None]), TC, tmp_path / "nolimit")
    monkeypatch.setenv("POLYRL_SAME_LIMIT", "0")
    r = run_batch(b.exe, 2, 60, 1, threads=1, min_time=0.0)
    assert r.dumps[1].read_bytes().startswith(b"polyrl-array C ")
    assert np.array_equal(load_dump(r.dumps[1])["C"], original["C"])


def test_a_batch_holds_quiet_cores_for_its_timed_rounds_only(gemm: Scop, tmp_path: Path):
    # what the quiet hold finds on entering: every variant's warm-up has written its arrays, and
    # no timed run has been written yet (the harness waits for the go before its first round)
    seen = []

    @contextlib.contextmanager
    def quiet():
        seen.append(("enter", sorted(p.name for p in tmp_path.glob("dump.bin.*")),
                     (tmp_path / "times.txt").exists() and (tmp_path / "times.txt").read_text()))
        yield
        seen.append(("exit",))

    r = _batch(gemm, [None, INTERCHANGED], tmp_path, timeout_s=60, repeat=3, min_time=0.0, quiet=quiet)
    assert r.status == "ok" and r.statuses == ("ok", "ok"), r
    assert seen == [("enter", ["dump.bin.0", "dump.bin.1"], ""), ("exit",)], seen
    assert [len(t) for t in r.times] == [3, 3]
    # with no timed run (repeat 0) it is never asked for
    seen.clear()
    r = _batch(gemm, [None, INTERCHANGED], tmp_path, timeout_s=60, repeat=0, min_time=0.0, quiet=quiet)
    assert r.status == "ok" and seen == [], (r, seen)


def test_a_batch_variant_too_slow_for_the_timeout_is_not_timed(gemm: Scop, tmp_path: Path):
    # about 0.1-0.3 s a run: with 3 timed runs after the warm-up it cannot fit 0.3 s
    slow = INTERCHANGED + "  { volatile double x = 0.0; long s; for (s = 0; s < 60000000L; s++) x += 1.0; }\n"
    r = _batch(gemm, [None, slow], tmp_path, timeout_s=0.3, repeat=3, min_time=0.0)
    assert r.status == "ok" and r.statuses == ("ok", "timeout"), r
    assert len(r.times[0]) >= 3 and r.times[1] == ()


def test_a_batch_whose_warm_up_runs_over_a_lone_variants_limit_is_stopped_then(gemm: Scop, tmp_path: Path):
    # variant 2's warm-up alone is a busy loop of 3e10 steps (500 times the 6e7 of the test above, which took
    # 0.29 s a run on session 77's Zen 1) where a lone run of it may take 0.5 s: a measuring worker's batch (with
    # its quiet hold) is stopped as that warm-up passes twice the limit and a second (WARM_UP_LIMIT,
    # WARM_UP_SLACK_S), not after it, and says which variant; the worker then measures the variants alone
    slow = INTERCHANGED + "  { volatile double x = 0.0; long s; for (s = 0; s < 30000000000L; s++) x += 1.0; }\n"
    start = time.monotonic()
    r = _batch(gemm, [None, INTERCHANGED, slow], tmp_path, timeout_s=0.5, repeat=3, min_time=0.0,
               quiet=contextlib.nullcontext)
    took = time.monotonic() - start
    assert r.status == "timeout" and "variant 2's warm-up ran over 2 s" in r.detail, r
    assert took < 6, took
    # without the worker's pipes the harness is not followed: the warm-up runs out, and the variant is not timed
    fast = INTERCHANGED + "  { volatile double x = 0.0; long s; for (s = 0; s < 300000000L; s++) x += 1.0; }\n"
    r = _batch(gemm, [None, fast], tmp_path, timeout_s=0.5, repeat=3, min_time=0.0)
    assert r.status == "ok" and r.statuses == ("ok", "timeout"), r


def test_a_batch_prunes_a_variant_far_slower_than_its_fastest_after_one_round(gemm: Scop, tmp_path: Path):
    # the same interchanged gemm, one copy with a busy loop that makes it several times slower
    slow = INTERCHANGED + "  { volatile double x = 0.0; long s; for (s = 0; s < 20000000L; s++) x += 1.0; }\n"
    r = _batch(gemm, [None, INTERCHANGED, slow], tmp_path, timeout_s=60, repeat=4, min_time=0.0, prune=2.0)
    assert r.status == "ok" and r.statuses == ("ok", "ok", "ok"), r
    assert r.pruned == frozenset({2}), r
    assert len(r.times[2]) == 1 and len(r.times[0]) == len(r.times[1]) == 4
    assert min(r.times[2]) > 2.0 * min(min(r.times[0]), min(r.times[1]))
    # a pruned variant still leaves its arrays to verify (a variant whose arrays come out bitwise
    # the original's, as the interchanged copies may on a machine, has its dump marked so)
    ref = load_dump(r.dumps[0])
    assert compare_dumps(ref, load_dump(r.dumps[2], same_as=ref), False).ok
    # without pruning (the default) every variant gets its runs
    r = _batch(gemm, [None, INTERCHANGED, slow], tmp_path, timeout_s=60, repeat=4, min_time=0.0)
    assert r.pruned == frozenset() and [len(t) for t in r.times] == [4, 4, 4], r


def test_a_batch_prunes_a_short_variant_only_after_runs_that_say_something(gemm: Scop, tmp_path: Path):
    # a slow copy whose runs take well under PRUNE_AFTER_S: one run of a fraction of a millisecond
    # is noise, so it is timed as often as the others (no prune), and its minimum still says slow (about
    # 0.4 ms a run: room for a loaded machine's slow runs under PRUNE_AFTER_S)
    slow = INTERCHANGED + "  { volatile double x = 0.0; long s; for (s = 0; s < 100000L; s++) x += 1.0; }\n"
    r = _batch(gemm, [None, INTERCHANGED, slow], tmp_path, timeout_s=60, repeat=4, min_time=0.0, prune=1.05)
    assert r.status == "ok" and r.statuses == ("ok", "ok", "ok"), r
    assert sum(r.times[2]) < PRUNE_AFTER_S, r.times  # the case: four runs that add up to less
    assert r.pruned == frozenset() and [len(t) for t in r.times] == [4, 4, 4], r
    assert min(r.times[2]) > min(r.times[1])
    assert min(r.times[2]) > 1.05 * min(min(t) for t in r.times[:2])  # one run would have pruned it before


def test_a_batch_dumps_every_call_of_a_function_called_twice(tmp_path: Path):
    scop = prefix_scop(tmp_path / "prefix.c")
    bad = "  acc = 0.0;\n  for (i = 0; i < n; i++) { acc += x[i]; if (i < 19) y[i] = acc; }\n"
    r = _batch(scop, [None, bad], tmp_path, timeout_s=60, repeat=2, min_time=0.0)
    assert r.status == "ok", r
    ref = load_dump(r.dumps[0])
    got = load_dump(r.dumps[1], same_as=ref)
    assert set(ref) == set(got) == {"acc", "y", "acc@2", "y@2"}
    # acc comes out bitwise the original's in both calls: its dump holds only headers for it
    with pytest.raises(ValueError, match="acc is marked as the original's"):
        load_dump(r.dumps[1])
    assert float(ref["acc@2"]) == sum(0.5 * i for i in range(20))
    v = compare_dumps(ref, got, False)
    assert not v.ok and v.detail.startswith("y@2[19]: "), v.detail


def test_a_timed_run_restores_only_what_the_region_reads_before_writing(gemm: Scop, tmp_path: Path):
    # gemm's C += ... reads the C it was given; the prefix sum writes acc and y before it reads them
    assert [w.name for w in written_extents(gemm)] == ["C"] and "C" in read_before_written(gemm)
    scop = prefix_scop(tmp_path / "prefix.c")
    assert {w.name for w in written_extents(scop)} == {"acc", "y"} and not read_before_written(scop) & {"acc", "y"}
    reads_y = "  acc = 0.0;\n  for (i = 0; i < n; i++) { acc += x[i]; y[i] = y[i] + acc; }\n"
    text = instrument_batch(scop, [None, reads_y])
    assert "if (!polyrl_batch_timing()) polyrl_restore(&acc, " in text
    assert "if (!polyrl_batch_timing()) polyrl_restore(y, " in text
    assert "if (!polyrl_batch_timing()) polyrl_restore(C, " not in instrument_batch(gemm, [None])
    # a run whose arrays are dumped restores everything: the variant that reads y finds main's -1.0
    # there, not what the original's run left, and its error shows
    r = _batch(scop, [None, reads_y], tmp_path, timeout_s=60, repeat=3, min_time=0.0)
    assert r.status == "ok" and [len(t) for t in r.times] == [3, 3], r
    ref = load_dump(r.dumps[0])
    got = load_dump(r.dumps[1], same_as=ref)
    sums = np.cumsum(0.5 * np.arange(10))
    assert np.array_equal(ref["y"][:10], sums) and np.array_equal(got["y"][:10], sums - 1.0)
    assert not compare_dumps(ref, got, False).ok
