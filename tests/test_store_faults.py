"""Faults the measurement path must survive: generated code that does not compile, crashes
or never ends is a recorded result, a writer killed with SIGKILL loses nothing it had
committed, and a damaged store file is refused with a clear error and left untouched."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.runtime import MemoStore, Record, StoreKey, Toolchain, compare, machine_fingerprint, program_hash

KERNEL = r"""#include <stdio.h>
#define N 64
double A[N], B[N];

void kernel(void)
{
  int i;
#pragma scop
  for (i = 1; i < N; i++)
    A[i] = A[i - 1] * 0.5 + B[i];
#pragma endscop
}

int main(void)
{
  int i;
  for (i = 0; i < N; i++) {
    A[i] = 1.0 / (i + 1);
    B[i] = 0.25 * i;
  }
  kernel();
  printf("%f\n", A[N - 1]);
  return 0;
}
"""

TC = Toolchain(flags=("-O2", "-fopenmp", "-ffp-contract=off"), threads=1)

BROKEN_REGIONS = {
    # schedule text (the store key) -> (region text, status, words the detail must contain)
    "fault:compile": ("  this is not C;\n", "compile-error", "error"),
    "fault:segfault": ("  { volatile int *p = 0; *p = 1; }\n", "crash", "SIGSEGV"),
    "fault:forever": ("  while (1) { A[0] += 1.0; }\n", "timeout", "ran over 2 s"),
}


def test_broken_generated_code_is_recorded_and_the_run_goes_on(tmp_path: Path):
    src = tmp_path / "kernel.c"
    src.write_text(KERNEL)
    prog = load(src)
    scop = prog.scop
    store_path = tmp_path / "store.sqlite"
    with MemoStore(store_path) as store:
        for schedule, (region, status, words) in BROKEN_REGIONS.items():
            t0 = time.monotonic()
            cmp = compare(scop, region, schedule, TC, store=store, repeat=1, timeout_s=2.0, legal=True)
            assert cmp.new.status == status, cmp.new
            assert words in cmp.new.detail, cmp.new.detail
            assert cmp.verified is None and cmp.speedup is None
            if status == "timeout":
                assert time.monotonic() - t0 < 60, "the endless program was not stopped"
        good = prog.apply("")  # the codegen round trip of the original loops
        cmp = compare(scop, good.region_text, "good:roundtrip", TC, store=store, repeat=1, timeout_s=30.0,
                      legal=True)
        assert cmp.new.status == "ok" and cmp.verified is True, cmp.new

    # what a later process finds in the store: each fault with its reason
    with MemoStore(store_path) as store:
        key = (program_hash(scop), machine_fingerprint(), TC.key())
        for schedule, (_, status, words) in BROKEN_REGIONS.items():
            rec = store.get(StoreKey(key[0], schedule, key[1], key[2]))
            assert rec is not None and rec.status == status and words in rec.detail, rec
            assert rec.legal is True and rec.verified is None and rec.times == ()
        ok = store.get(StoreKey(key[0], "good:roundtrip", key[1], key[2]))
        assert ok is not None and ok.status == "ok" and ok.verified is True and len(ok.times) >= 1


# ---------------------------------------------------------------- SIGKILL mid-run

WRITER = textwrap.dedent("""
    import sys
    from polyrl.runtime.store import MemoStore, Record, StoreKey

    store = MemoStore(sys.argv[1])
    i = 0
    while True:
        key = f"sched {i}"
        store.put(StoreKey("prog", key, "m", "t"), Record(True, "ok", (float(i),), True, "x" * (i % 300)))
        print(key, flush=True)  # printed only after put() returned: the record is committed
        i += 1
""")


def test_sigkill_loses_nothing_committed(tmp_path: Path):
    path = tmp_path / "killed.sqlite"
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    child = subprocess.Popen([sys.executable, str(script), str(path)], stdout=subprocess.PIPE, text=True,
                             cwd=Path(__file__).resolve().parent.parent)
    reported: list[str] = []
    assert child.stdout is not None
    target = random.Random(5).randint(150, 400)
    while len(reported) < target:
        line = child.stdout.readline()
        assert line, f"the writer stopped after {len(reported)} records (exit {child.poll()})"
        reported.append(line.strip())
    os.kill(child.pid, signal.SIGKILL)
    rest, _ = child.communicate(timeout=60)
    reported += [x.strip() for x in rest.splitlines() if x.strip()]
    assert child.returncode == -signal.SIGKILL

    with MemoStore(path) as store:
        for i, key in enumerate(reported):
            assert key == f"sched {i}"
            rec = store.get(StoreKey("prog", key, "m", "t"))
            assert rec is not None and rec.times == (float(i),) and rec.detail == "x" * (i % 300), key
        assert len(store) >= len(reported)
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        db.close()


# ---------------------------------------------------------------- damaged files


def _store_with_pages(path: Path, records: int = 400) -> bytes:
    with MemoStore(path) as s:
        for i in range(records):
            s.put(StoreKey("p", f"sched {i}", "m", "t"), Record(True, "ok", (float(i),), True, "d" * 200))
    data = path.read_bytes()
    assert len(data) > 8 * 4096, "the store should span many pages"
    return data


def _assert_refused_untouched(path: Path) -> None:
    before = path.read_bytes()
    with pytest.raises(PolyrlError) as e:
        with MemoStore(path) as s:
            # opening may only notice damage when pages are read: a read must fail the same way
            list(s.items())
    msg = str(e.value)
    assert str(path) in msg and "\n" not in msg, msg
    assert path.read_bytes() == before
    # SQLite's own read-side files of a WAL database may appear; nothing may wait in them
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0


def test_truncated_mid_page_refused_and_untouched(tmp_path: Path):
    path = tmp_path / "truncated.sqlite"
    data = _store_with_pages(path)
    path.write_bytes(data[: 4096 * (len(data) // 4096 // 2) + 1234])  # ends in the middle of a page
    _assert_refused_untouched(path)


def test_random_bytes_after_header_refused_and_untouched(tmp_path: Path):
    path = tmp_path / "scrambled.sqlite"
    data = _store_with_pages(path)
    rng = random.Random(11)
    path.write_bytes(data[:100] + bytes(rng.randrange(256) for _ in range(len(data) - 100)))
    _assert_refused_untouched(path)


def test_random_bytes_in_later_pages_refused_and_untouched(tmp_path: Path):
    path = tmp_path / "damaged.sqlite"
    data = _store_with_pages(path)
    rng = random.Random(12)
    start = 4 * 4096  # page 1 (schema) and the meta table intact: the damage is in the records
    path.write_bytes(data[:start] + bytes(rng.randrange(256) for _ in range(len(data) - start)))
    _assert_refused_untouched(path)
