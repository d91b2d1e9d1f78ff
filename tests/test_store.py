"""The memo store: round trips, several writing processes, refusing foreign files."""

from __future__ import annotations

import multiprocessing as mp
import sqlite3
from pathlib import Path

import pytest

from polyrl.errors import PolyrlError
from polyrl.runtime.store import (
    CODEGEN_VERSION,
    MemoStore,
    Record,
    StoreKey,
    legacy_fingerprint,
    machine_fingerprint,
)

KEY = StoreKey("prog", "{ S0[i] -> [i] }", "cpu x2", "gcc 12 | -O3 | threads=2")


def test_round_trip(tmp_path: Path):
    with MemoStore(tmp_path / "m.sqlite") as s:
        assert s.get(KEY) is None
        s.put(KEY, Record(True, "ok", (1.5e-3, 1.25e-3), True, "max rel err 0"))
        s.put(StoreKey("prog", "", "cpu x2", "tc"), Record(None, "timeout", (), None, "ran over 2 s"))
    with MemoStore(tmp_path / "m.sqlite") as s:  # reopened: data persisted
        r = s.get(KEY)
        assert r is not None
        assert (r.legal, r.status, r.times, r.verified, r.detail) == (
            True,
            "ok",
            (1.5e-3, 1.25e-3),
            True,
            "max rel err 0",
        )
        assert r.timestamp  # filled in by put()
        b = s.get(StoreKey("prog", "", "cpu x2", "tc"))
        assert b is not None and b.legal is None and b.verified is None and b.times == ()
        assert s.get(StoreKey("prog", "", "other cpu", "tc")) is None
        assert len(s) == 2
        # the same key again replaces the record
        s.put(KEY, Record(False, "wrong-result", (2.0,), False, "C[0]: 1.0 vs 2.0"))
        assert s.get(KEY).status == "wrong-result" and len(s) == 2
        mode = s._db.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"


def test_machine_fingerprint_is_stable_and_says_more_than_the_cpu_name():
    fp = machine_fingerprint()
    assert fp == machine_fingerprint() and " x" in fp
    # the old key (CPU name and core count) comes first; the CPU's family and caches follow
    assert fp.startswith(legacy_fingerprint())
    cpuinfo = Path("/proc/cpuinfo").read_text()
    if "cpu family" in cpuinfo:
        family = next(line for line in cpuinfo.splitlines() if line.startswith("cpu family")).split(":")[1].strip()
        assert f"family {family}" in fp
    l2 = Path("/sys/devices/system/cpu/cpu0/cache/index2/size")
    if l2.exists() and Path("/sys/devices/system/cpu/cpu0/cache/index2/level").read_text().strip() == "2":
        assert f"L2 {l2.read_text().strip()}" in fp


def test_adopt_files_old_records_under_this_machine(tmp_path: Path, capsys):
    from polyrl.cli import main

    path = tmp_path / "s.sqlite"
    old, new = legacy_fingerprint(), machine_fingerprint()
    with MemoStore(path) as s:
        s.put(StoreKey("p", "", old, "t"), Record(True, "ok", (1.0,), True, "old base"))
        s.put(StoreKey("p", "B0:P(0)", old, "t"), Record(True, "ok", (0.5,), True, "old"))
        s.put(StoreKey("p", "B0:P(0)", new, "t"), Record(True, "ok", (0.6,), True, "measured here since"))
        s.put(StoreKey("q", "", "Other CPU x8", "t"), Record(True, "ok", (2.0,), True, "another machine"))
    assert main(["dataset", "adopt", str(path)]) == 0
    assert "1 records of" in capsys.readouterr().out
    with MemoStore(path) as s:
        assert s.get(StoreKey("p", "", new, "t")).detail == "old base"
        assert s.get(StoreKey("p", "B0:P(0)", new, "t")).detail == "measured here since"  # kept
        assert s.get(StoreKey("p", "B0:P(0)", old, "t")).detail == "old"  # and the old one beside it
        assert s.get(StoreKey("q", "", "Other CPU x8", "t")).detail == "another machine"
        assert s.machines() == {new: 2, old: 1, "Other CPU x8": 1}
    # another key by name; a key the store does not have is an error that lists what it has
    assert main(["dataset", "adopt", str(path), "--machine", "Other CPU x8"]) == 0
    assert main(["dataset", "adopt", str(path), "--machine", "Nope x1"]) == 2
    assert "no records of machine `Nope x1`" in capsys.readouterr().err
    assert main(["dataset", "adopt", str(tmp_path / "missing.sqlite")]) == 2
    assert not (tmp_path / "missing.sqlite").exists()


def _writer(path: str, proc: int, n: int) -> None:
    s = MemoStore(path)
    for i in range(n):
        s.put(
            StoreKey(f"p{proc}", f"sched {i}", "m", "t"), Record(True, "ok", (float(i),), True, f"{proc}/{i}")
        )
    s.close()


def test_several_processes_lose_nothing(tmp_path: Path):
    path = str(tmp_path / "shared.sqlite")
    ctx = mp.get_context("fork")
    procs = [ctx.Process(target=_writer, args=(path, p, 50)) for p in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    with MemoStore(path) as s:
        assert len(s) == 200
        for p in range(4):
            for i in range(50):
                r = s.get(StoreKey(f"p{p}", f"sched {i}", "m", "t"))
                assert r is not None and r.detail == f"{p}/{i}" and r.times == (float(i),)


def test_foreign_file_refused_and_untouched(tmp_path: Path):
    f = tmp_path / "notes.txt"
    f.write_bytes(b"my precious notes, not a database\n" * 10)
    before = f.read_bytes()
    with pytest.raises(PolyrlError, match="not a polyrl memo store") as e:
        MemoStore(f)
    assert str(f) in str(e.value)
    assert f.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_foreign_sqlite_refused_and_untouched(tmp_path: Path):
    f = tmp_path / "other.db"
    db = sqlite3.connect(f)
    db.execute("CREATE TABLE users (name TEXT)")
    db.execute("INSERT INTO users VALUES ('ada')")
    db.commit()
    db.close()
    before = f.read_bytes()
    with pytest.raises(PolyrlError, match="without polyrl's tables") as e:
        MemoStore(f)
    assert str(f) in str(e.value)
    assert f.read_bytes() == before


def test_other_schema_version_refused(tmp_path: Path):
    f = tmp_path / "old.sqlite"
    MemoStore(f).close()
    db = sqlite3.connect(f)
    db.execute("UPDATE polyrl_meta SET value = '999' WHERE key = 'version'")
    db.commit()
    db.close()
    with pytest.raises(PolyrlError, match="schema version 999"):
        MemoStore(f)


def test_a_measurement_of_code_another_code_generation_wrote_is_not_served(tmp_path: Path):
    # the same schedule text may print other C after an emitter change (session 73's split of covariance's
    # vector loop ran 1.5x faster): its old time must be measured again, not served
    base, illegal = StoreKey("prog", "", "m", "t"), StoreKey("prog", "B0:I(0,1)", "m", "t")
    old = CODEGEN_VERSION - 1
    with MemoStore(tmp_path / "m.sqlite") as s:
        s.put(KEY, Record(True, "ok", (1.0,), True, "old emitter", codegen=old))
        s.put(base, Record(True, "ok", (2.0,), True, "the user's code", codegen=old))
        s.put(illegal, Record(False, "illegal", (), None, "reverses a dependence", codegen=old))
        assert s.get(KEY) is None  # stale: a look-up misses it
        assert s.get(KEY, any_codegen=True).detail == "old emitter"  # still there, for what reads the labels
        assert s.get(base).times == (2.0,)  # a baseline and isl's verdict do not depend on the emitter
        assert s.get(illegal).status == "illegal"
        s.put(KEY, Record(True, "ok", (0.5,), True, "measured again"))  # the re-measurement replaces it
        assert s.get(KEY).times == (0.5,) and s.get(KEY).codegen == CODEGEN_VERSION
        assert len(s) == 3


def test_a_version_1_store_is_upgraded_in_place_and_keeps_its_records(tmp_path: Path):
    f = tmp_path / "v1.sqlite"
    db = sqlite3.connect(f)  # the schema polyrl wrote up to session 73
    db.executescript("""
        CREATE TABLE polyrl_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO polyrl_meta VALUES ('schema', 'polyrl-memo-store'), ('version', '1');
        CREATE TABLE measurements (program TEXT NOT NULL, schedule TEXT NOT NULL, machine TEXT NOT NULL,
            toolchain TEXT NOT NULL, legal INTEGER, status TEXT NOT NULL, times TEXT NOT NULL, verified INTEGER,
            detail TEXT NOT NULL, timestamp TEXT NOT NULL, PRIMARY KEY (program, schedule, machine, toolchain));
        INSERT INTO measurements VALUES ('prog', '', 'm', 't', 1, 'ok', '[2.0]', 1, '', '2026-11-01T00:00:00+00:00');
        INSERT INTO measurements VALUES ('prog', 'B0:P(0)', 'm', 't', 1, 'ok', '[1.0]', 1, '',
                                         '2026-11-01T00:00:00+00:00');
    """)
    db.commit()
    db.close()
    with MemoStore(f) as s:
        assert len(s) == 2
        assert s.get(StoreKey("prog", "", "m", "t")).times == (2.0,)  # the baseline is still served
        old = s.get(StoreKey("prog", "B0:P(0)", "m", "t"), any_codegen=True)
        assert old.times == (1.0,) and old.codegen == 0  # kept, as measured before code generations had versions
        assert s.get(StoreKey("prog", "B0:P(0)", "m", "t")) is None
    db = sqlite3.connect(f)
    assert db.execute("SELECT value FROM polyrl_meta WHERE key = 'version'").fetchone() == ("2",)
    db.close()
    with MemoStore(f) as s:  # opened again: nothing more to upgrade
        assert len(s) == 2


def test_truncated_sqlite_refused(tmp_path: Path):
    f = tmp_path / "broken.sqlite"
    with MemoStore(f) as s:
        s.put(KEY, Record(True, "ok", (1.0,), True, ""))
    data = f.read_bytes()
    f.write_bytes(data[:100] + b"\xff" * 200)  # header intact, pages garbage
    before = f.read_bytes()
    with pytest.raises(PolyrlError):
        MemoStore(f)
    assert f.read_bytes() == before


def test_put_many_stores_all_or_nothing(tmp_path: Path):
    with MemoStore(tmp_path / "m.sqlite") as s:
        good = (StoreKey("p", "", "m", "t"), Record(True, "ok", (1.0,), None, ""))
        bad = (StoreKey("p", "B0:P(0)", "m", "t"), Record(True, "ok", (object(),), True, ""))  # not JSON
        with pytest.raises(TypeError):
            s.put_many([good, bad])
        assert len(s) == 0
        s.put_many([good])
        assert len(s) == 1
