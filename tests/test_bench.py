"""`polyrl bench` end to end on a few MINI kernels, plus its parts: suites, schedule
files, PLUTO region extraction, reports, the memo store and interruption."""

from __future__ import annotations

import csv
import os
import re
import stat
from pathlib import Path

import pytest

from polyrl.bench import Build, CompilerVariant, Settings, Skip, Variant, register_variant, unregister_variant
from polyrl.bench.pluto import PlutoError, extract_region
from polyrl.bench.report import geomean, markdown, read_csv
from polyrl.bench.runner import Row
from polyrl.bench.schedules import parse_schedules, shipped_schedules
from polyrl.bench.suite import datasets_root, discover, resolve_suite, select
from polyrl.bench.variants import Base, Case
from polyrl.cli import main
from polyrl.errors import PolyrlError

ROOT = datasets_root()
pytestmark = pytest.mark.skipif(ROOT is None, reason="datasets/ is not beside the polyrl package")
POLYBENCH = ROOT / "polybench" if ROOT is not None else Path()


class MissingCompiler(CompilerVariant):
    name = "test-missing-cc"
    summary = "a compiler that is not installed"
    cc = "polyrl-test-no-such-compiler"


class OffByOne(Variant):
    """The original region with its last loop stopping one iteration early."""

    name = "test-off-by-one"
    summary = "a deliberately wrong region"

    def prepare(self, case: Case) -> Build | Skip:
        scop = case.program.scop
        text = scop.source[scop.region[0] : scop.region[1]]
        m = list(re.finditer(r"for\s*\([^;]*;\s*\w+\s*<\s*([^;]+);", text))[-1]
        wrong = text[: m.start(1)] + f"({m.group(1)}) - 1" + text[m.end(1) :]
        base = Base(self.settings).prepare(case)
        assert isinstance(base, Build)
        return Build(base.toolchain, wrong, "variant:test-off-by-one")


class FixedRegion(Variant):
    """A region of the test's choosing, built like base."""

    text = ""

    def prepare(self, case: Case) -> Build | Skip:
        base = Base(self.settings).prepare(case)
        assert isinstance(base, Build)
        return Build(base.toolchain, self.text, f"variant:{self.name}")


class Hang(FixedRegion):
    name = "test-hang"
    text = "{ volatile int spin = 1; while (spin) { } }\n"


class NotC(FixedRegion):
    name = "test-not-c"
    text = "this is not C;\n"


class Original(Variant):
    """What a policy or search variant builds when it keeps the program as it is."""

    name = "test-original"
    summary = "the original region with the base toolchain"

    def prepare(self, case: Case) -> Build | Skip:
        base = Base(self.settings).prepare(case)
        assert isinstance(base, Build)
        return Build(base.toolchain, None, "variant:original")


class Interrupting(Variant):
    name = "test-interrupt"
    summary = "Ctrl-C while preparing the second kernel"
    calls = 0

    def prepare(self, case: Case) -> Build | Skip:
        Interrupting.calls += 1
        if Interrupting.calls == 2:
            raise KeyboardInterrupt
        return Skip("no-schedule", "nothing to run")


@pytest.fixture
def test_variants():
    classes = (MissingCompiler, OffByOne, Hang, NotC, Interrupting, Original)
    for cls in classes:
        register_variant(cls)
    yield
    for cls in classes:
        unregister_variant(cls.name)


def _rows(out: Path) -> dict[tuple[str, str], dict[str, str]]:
    with (out / "results.csv").open(newline="") as fh:
        return {(r["kernel"], r["variant"]): r for r in csv.DictReader(fh)}


def test_bench_end_to_end(tmp_path: Path, test_variants, capsys) -> None:
    sched = tmp_path / "s.txt"
    sched.write_text("# test schedules\ngemm: B1:T3(0,1,2,4,4,8) B1:P(0)  # tiled\n")
    out = tmp_path / "out"
    rc = main(["bench", "--polybench-dir", str(POLYBENCH), "--dataset", "MINI", "--kernels", "gemm,atax",
               "--variants", "base,graphite,polyrl-schedule,test-missing-cc,test-off-by-one",
               "--schedules", str(sched), "--threads", "2", "--repeat", "1", "--timeout", "60",
               "--out", str(out)])
    assert rc == 0
    rows = _rows(out)
    assert len(rows) == 10
    for k in ("gemm", "atax"):
        base = rows[(k, "base")]
        assert (base["status"], base["verified"], base["speedup"]) == ("ok", "reference", "1.0000")
        assert float(base["seconds"]) > 0 and int(base["repeat"]) >= 1 and base["dataset"] == "MINI"
        g = rows[(k, "graphite")]
        assert g["status"] in ("ok", "not-available")
        if g["status"] == "ok":
            assert g["verified"] == "yes" and float(g["speedup"]) > 0
        missing = rows[(k, "test-missing-cc")]
        assert missing["status"] == "not-available" and "polyrl-test-no-such-compiler" in missing["detail"]
        wrong = rows[(k, "test-off-by-one")]
        assert (wrong["status"], wrong["verified"], wrong["speedup"]) == ("wrong-result", "no", "")
    sched_row = rows[("gemm", "polyrl-schedule")]
    assert (sched_row["status"], sched_row["verified"]) == ("ok", "yes")
    assert rows[("atax", "polyrl-schedule")]["status"] == "no-schedule"

    md = (out / "results.md").read_text()
    assert md in capsys.readouterr().out
    assert "| kernel | base time | graphite | polyrl-schedule | test-missing-cc | test-off-by-one |" in md
    assert "| gemm |" in md and "WRONG" in md and "n/a" in md and "no schedule" in md
    assert re.search(r"\| \*\*failed\*\* \| 0 \| 0 \| 0 \| 0 \| 2 \|", md)
    assert re.search(r"\| \*\*not available\*\* \| 0 \| \d \| 0 \| 2 \| 0 \|", md)
    assert re.search(r"\| \*\*geomean speedup \(kernels\)\*\* \| 1\.00x \(2\) \|", md)
    assert (out / "speedups.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_timeouts_and_compile_errors_are_counted(tmp_path: Path, test_variants) -> None:
    out = tmp_path / "out"
    assert main(["bench", "--dataset", "MINI", "--kernels", "jacobi-1d", "--variants", "base,test-hang,test-not-c",
                 "--repeat", "1", "--threads", "1", "--timeout", "2", "--out", str(out)]) == 0
    rows = _rows(out)
    assert rows[("jacobi-1d", "test-hang")]["status"] == "timeout"
    assert rows[("jacobi-1d", "test-not-c")]["status"] == "compile-error"
    assert "| **failed** | 0 | 1 | 1 |" in (out / "results.md").read_text()


def test_the_base_binary_is_not_timed_twice(tmp_path: Path, test_variants) -> None:
    # a variant that keeps the original program builds the base binary: it gets the base's time
    # (exactly 1x) rather than a second timing of the same binary, which would only be noise
    out = tmp_path / "out"
    assert main(["bench", "--dataset", "MINI", "--kernels", "atax", "--variants", "base,test-original",
                 "--repeat", "2", "--threads", "1", "--out", str(out)]) == 0
    rows = _rows(out)
    same, base = rows[("atax", "test-original")], rows[("atax", "base")]
    assert (same["status"], same["verified"], same["speedup"]) == ("ok", "yes", "1.0000")
    assert same["seconds"] == base["seconds"] and "the base build" in same["detail"]


def test_memo_store_answers_a_rerun(tmp_path: Path) -> None:
    args = ["bench", "--dataset", "MINI", "--kernels", "gemm", "--variants", "base,polyrl-schedule",
            "--repeat", "1", "--threads", "1", "--store", str(tmp_path / "memo.db")]
    assert main([*args, "--out", str(tmp_path / "a")]) == 0
    assert main([*args, "--out", str(tmp_path / "b")]) == 0
    first, second = _rows(tmp_path / "a"), _rows(tmp_path / "b")
    assert {r["cached"] for r in first.values()} == {"0"}
    assert {r["cached"] for r in second.values()} == {"1"}
    assert first[("gemm", "polyrl-schedule")]["seconds"] == second[("gemm", "polyrl-schedule")]["seconds"]
    assert main([*args, "--fresh", "--out", str(tmp_path / "c")]) == 0  # measures again despite the store
    assert {r["cached"] for r in _rows(tmp_path / "c").values()} == {"0"}


def test_a_record_of_another_code_generation_is_timed_again_and_said(tmp_path: Path, capsys) -> None:
    import sqlite3

    from polyrl.runtime.store import CODEGEN_VERSION

    db = tmp_path / "memo.db"
    args = ["bench", "--dataset", "MINI", "--kernels", "gemm", "--variants", "base,polyrl-schedule",
            "--repeat", "1", "--threads", "1", "--store", str(db)]
    assert main([*args, "--out", str(tmp_path / "a")]) == 0
    with sqlite3.connect(db) as con:  # as if an older emitter had written the transformed program's record
        assert con.execute("UPDATE measurements SET codegen = ? WHERE schedule != ''",
                           (CODEGEN_VERSION - 1,)).rowcount == 1
    capsys.readouterr()
    assert main([*args, "--out", str(tmp_path / "b")]) == 0
    log = capsys.readouterr().err
    rows = _rows(tmp_path / "b")
    assert (rows[("gemm", "base")]["cached"], rows[("gemm", "polyrl-schedule")]["cached"]) == ("1", "0")
    assert rows[("gemm", "polyrl-schedule")]["verified"] == "yes"
    assert "timed again: 1 schedule(s)" in log and "another code generation's]" in log
    assert main([*args, "--out", str(tmp_path / "c")]) == 0  # the new record replaced the stale one
    assert "timed again" not in capsys.readouterr().err
    assert {r["cached"] for r in _rows(tmp_path / "c").values()} == {"1"}


def test_the_affine_variant_is_the_pluto_form_and_verifies(tmp_path: Path) -> None:
    args = ["bench", "--dataset", "MINI", "--kernels", "jacobi-2d,gemm", "--variants", "base,polyrl-affine",
            "--repeat", "1", "--threads", "1", "--store", str(tmp_path / "memo.db"), "--out", str(tmp_path / "a")]
    assert main(args) == 0
    rows = _rows(tmp_path / "a")
    for kernel in ("jacobi-2d", "gemm"):
        row = rows[(kernel, "polyrl-affine")]
        assert (row["status"], row["verified"]) == ("ok", "yes"), row
    from polyrl.runtime import MemoStore

    with MemoStore(tmp_path / "memo.db") as store:
        schedules = {k.schedule for k, _ in store.items()}
    # gemm's product tiled in isl's order (MINI's loops are too small to run in parallel:
    # test_affine and test_macros check the parallel forms at MEDIUM and LARGE)
    assert "B0:A(0) B0:V() B1:T3(0,1,2,32,32,32) B1:I(4,5) B1:J(4,4) B1:V()" in schedules, schedules


def test_interrupt_keeps_what_was_measured(tmp_path: Path, test_variants) -> None:
    Interrupting.calls = 0
    out = tmp_path / "out"
    rc = main(["bench", "--dataset", "MINI", "--kernels", "atax,bicg", "--variants", "base,test-interrupt",
               "--repeat", "1", "--threads", "1", "--out", str(out)])
    assert rc == 130
    rows = read_csv(out / "results.csv")
    assert [(r.kernel, r.variant, r.status) for r in rows] == [("atax", "base", "ok"),
                                                                ("atax", "test-interrupt", "no-schedule")]
    assert "[interrupted]" in (out / "results.md").read_text()


def _fake_polycc(tmp_path: Path, body: str) -> None:
    exe = tmp_path / "bin" / "polycc"
    exe.parent.mkdir()
    exe.write_text("#!/bin/sh\n" + body)
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)


def test_pluto_variant_with_a_stand_in_polycc(tmp_path: Path, monkeypatch) -> None:
    # like polycc: helper macros on top, the region rewritten (here: via min()) without pragmas
    _fake_polycc(tmp_path, r"""in="$1"; shift
while [ $# -gt 0 ]; do [ "$1" = "-o" ] && out="$2"; shift; done
{ printf '#include <omp.h>\n#define min(x,y) ((x) < (y) ? (x) : (y))\n'
  sed -e 's/#pragma scop/\/* Start of CLooG code *\//' -e 's/#pragma endscop/\/* End of CLooG code *\//' \
      -e 's/j < _PB_NJ;/j < min(_PB_NJ, _PB_NJ + 1);/' "$in"; } > "$out"
""")
    # given as --polycc (not on PATH, relative to the working folder), in both settings; the
    # report gives PLUTO at its best
    out = tmp_path / "out"
    monkeypatch.chdir(tmp_path)
    assert main(["bench", "--dataset", "MINI", "--kernels", "gemm", "--variants", "base,pluto,pluto-nounrolljam",
                 "--polycc", "bin/polycc", "--repeat", "1", "--threads", "1", "--out", str(out)]) == 0
    rows = _rows(out)
    for name in ("pluto", "pluto-nounrolljam"):
        assert (rows[("gemm", name)]["status"], rows[("gemm", name)]["verified"]) == ("ok", "yes"), rows
    best = max(float(rows[("gemm", n)]["speedup"]) for n in ("pluto", "pluto-nounrolljam"))
    assert (f"pluto at its best (per kernel the faster verified of pluto, pluto-nounrolljam): "
            f"geomean {best:.2f}x over 1 kernels") in (out / "results.md").read_text()


def test_polycc_from_the_environment_and_a_bad_polycc(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("POLYRL_POLYCC", str(tmp_path / "nowhere" / "polycc"))
    out = tmp_path / "out"
    assert main(["bench", "--dataset", "MINI", "--kernels", "gemm", "--variants", "pluto",
                 "--repeat", "1", "--threads", "1", "--out", str(out)]) == 0
    row = _rows(out)[("gemm", "pluto")]
    assert row["status"] == "not-available" and "nowhere/polycc" in row["detail"], row
    capsys.readouterr()
    assert main(["bench", "--dataset", "MINI", "--kernels", "gemm", "--variants", "pluto",
                 "--polycc", str(tmp_path / "nowhere" / "polycc"), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("polyrl: error: --polycc:") and "not an executable" in err[0], err


def test_pluto_failure_is_reported(tmp_path: Path, monkeypatch) -> None:
    _fake_polycc(tmp_path, 'echo "[pluto] syntax error" >&2\nexit 3\n')
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    out = tmp_path / "out"
    assert main(["bench", "--dataset", "MINI", "--kernels", "gemm", "--variants", "pluto",
                 "--repeat", "1", "--threads", "1", "--out", str(out)]) == 0
    row = _rows(out)[("gemm", "pluto")]
    assert row["status"] == "tool-failed" and "syntax error" in row["detail"]


def test_extract_region_between_anchors() -> None:
    original = "int f(void)\n{\n  int i;\n#pragma scop\n  for (i = 0; i < 4; i++) x[i] = 0;\n#pragma endscop\n}\n"
    start = original.index("#pragma scop")
    end = original.index("#pragma endscop") + len("#pragma endscop")
    output = ("#define ceild(n,d) ((n)+(d)-1)/(d)\nint f(void)\n{\n  int i;\n  int t1;\n"
              "for (t1 = 0; t1 <= 3; t1++) x[t1] = 0;\n}\n")
    region = extract_region(original, (start, end), output)
    assert "for (t1 = 0; t1 <= 3; t1++)" in region and "int t1;" in region
    assert region.startswith("#ifndef ceild\n#define ceild") and region.rstrip().endswith("#undef ceild")
    assert "int f(void)" not in region and "}" not in region.replace("{", "")
    with pytest.raises(PlutoError):
        extract_region(original, (start, end), "int g(void) {}\n")


def test_suites_and_selection() -> None:
    polybench = discover(resolve_suite("polybench", str(POLYBENCH))[1])
    assert len(polybench) == 30
    gemm = select(polybench, ["gemm"])[0]
    assert gemm.category == "linear-algebra/blas"
    assert any((d / "polybench.h").is_file() for d in gemm.include_dirs)
    assert gemm.compile_flags("LARGE")[0] == "-DLARGE_DATASET"
    pearl = discover(resolve_suite("pearl")[1])
    assert len(pearl) == 8 and all(any((d / "polybench.h").is_file() for d in k.include_dirs) for k in pearl)
    with pytest.raises(PolyrlError, match="unknown kernel"):
        select(polybench, ["gemm", "nope"])
    assert main(["bench", "--kernels", "gemm", "--variants", "base,nope"]) == 2


def test_schedule_files() -> None:
    s = parse_schedules("# c\n\ngemm:  B1:T2(0,1,32,32)   B1:P(0) # tiles\nmvt: B0:P(0)\n")
    assert s == {"gemm": "B1:T2(0,1,32,32) B1:P(0)", "mvt": "B0:P(0)"}
    with pytest.raises(PolyrlError, match=r"f\.txt:2"):
        parse_schedules("gemm: B0:P(0)\nmvt: B0:Q(0)\n", "f.txt")
    with pytest.raises(PolyrlError, match="second schedule"):
        parse_schedules("gemm: B0:P(0)\ngemm: B0:P(0)\n")


def test_shipped_schedules_are_legal() -> None:

    schedules = shipped_schedules("polybench")
    assert len(schedules) >= 12
    kernels = {k.name: k for k in discover(POLYBENCH)}
    for name, text in schedules.items():
        program = kernels[name].load("MINI")
        opt = program.apply(text)  # raises when illegal
        assert opt.schedule.actions and "for (" in opt.region_text, name


def test_markdown_counts_and_geomean() -> None:
    rows = [Row("a", "MINI", "base", "ok", 2.0, 0.0, 3, 1.0, "reference"),
            Row("a", "MINI", "v", "ok", 1.0, 0.0, 3, 2.0, "yes"),
            Row("b", "MINI", "base", "ok", 1.0, 0.0, 3, 1.0, "reference"),
            Row("b", "MINI", "v", "ok", 0.125, 0.0, 3, 8.0, "yes"),
            Row("c", "MINI", "base", "ok", 1.0, 0.0, 3, 1.0, "reference"),
            Row("c", "MINI", "v", "timeout", detail="ran over 1 s")]
    md = markdown(rows, ["base", "v"])
    assert "| **geomean speedup (kernels)** | 1.00x (3) | 4.00x (2) |" in md
    assert "| **failed** | 0 | 1 |" in md and "- c / v: timeout: ran over 1 s" in md
    assert geomean([]) is None


def test_variant_settings_reach_the_compiler() -> None:
    from polyrl.bench.variants import Graphite

    assert "-ftree-parallelize-loops=3" in Graphite(Settings(threads=3)).flags()


def test_polly_without_clang_is_not_available(monkeypatch) -> None:
    from polyrl.bench.variants import Polly

    monkeypatch.setenv("POLYRL_POLLY_CC", "polyrl-test-no-such-clang")
    why = Polly(Settings()).unavailable()
    assert why is not None and "polyrl-test-no-such-clang" in why and "libpolly-16-dev" in why
