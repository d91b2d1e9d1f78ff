"""The memo store: measured results keyed by program, schedule, machine and toolchain.

Each record also names the code generation that wrote the program it timed (CODEGEN_VERSION):
a transformed program's record from another one is stale, and look-ups do not serve it (it is
measured again and replaced), since the same schedule may now print other C. A baseline (the
user's own code) and an illegal schedule (isl's verdict) do not depend on it.

One SQLite file in WAL mode, shared by several processes (each record is written in its
own short transaction; a busy timeout waits out other writers). Owns the schema; not
what is measured. A file that is not a polyrl store is refused and never modified.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path

from polyrl.errors import PolyrlError
from polyrl.ir import Scop
from polyrl.machine import cpuinfo

SCHEMA_NAME = "polyrl-memo-store"
SCHEMA_VERSION = 2  # 2: the codegen column (session 74); a version 1 store is upgraded in place, its records codegen 0
# Bump when the C text polyrl writes for some schedule changes (polyrl.codegen, csrc/, polyrl.poly's transforms):
# records timed with another value are not served. tests/test_pipeline.py holds a digest of the text of a set of
# schedules for the current value, and fails when the text changes under the same value.
# 0: records written before versions (sessions 1-73, several emitters); 1: session 73's emitter (E73c).
CODEGEN_VERSION = 1
_SQLITE_MAGIC = b"SQLite format 3\x00"
_BUSY_MS = 60_000
_REFUSE = "refusing to modify it"


@dataclass(frozen=True)
class StoreKey:
    program: str  # program_hash(scop)
    schedule: str  # canonical schedule text, "" for the baseline
    machine: str  # machine_fingerprint()
    toolchain: str  # Toolchain.key()


@dataclass(frozen=True)
class Record:
    legal: bool | None
    status: str
    times: tuple[float, ...]
    verified: bool | None
    detail: str
    timestamp: str = ""  # ISO 8601, UTC; filled in by put() when empty
    codegen: int | None = None  # the CODEGEN_VERSION that wrote the timed program; put() fills in the current one


def is_current(key: StoreKey, record: Record) -> bool:
    """Whether `record` still answers for `key`: a baseline or an illegal schedule always, a
    transformed program's measurement only when this code generation wrote it."""
    return key.schedule == "" or record.status == "illegal" or record.codegen == CODEGEN_VERSION


def program_hash(scop: Scop) -> str:
    """sha256 of the source text, the region span and the function name."""
    h = hashlib.sha256()
    h.update(scop.source.encode())
    h.update(f"\0{scop.region[0]}:{scop.region[1]}\0{scop.function}".encode())
    return h.hexdigest()


def _cpu_name(info: dict[str, str]) -> str:
    for key in ("model name", "Processor", "cpu model", "uarch"):
        if info.get(key):
            return info[key]
    return "unknown-cpu"


def _caches() -> str:
    """`L1d 48K L2 1024K L3 32768K`: the data and unified caches of cpu0 (sysfs)."""
    found = []
    for index in sorted(Path("/sys/devices/system/cpu/cpu0/cache").glob("index*")):
        try:
            level, kind, size = ((index / f).read_text().strip() for f in ("level", "type", "size"))
        except OSError:
            continue
        if kind in ("Data", "Unified"):
            found.append(f"L{level}{'d' if kind == 'Data' else ''} {size}")
    return " ".join(found)


def legacy_fingerprint(info: dict[str, str] | None = None) -> str:
    """The machine key of stores written before polyrl told hosts apart (up to the
    eleventh session): CPU name and core count only. See `MemoStore.adopt`."""
    return f"{_cpu_name(cpuinfo() if info is None else info)} x{os.cpu_count() or 1}"


@lru_cache(maxsize=1)
def machine_fingerprint() -> str:
    """CPU name and core count, then the CPU's family, model and stepping and its cache
    sizes; independent of the host name. Virtual machines often report only a brand (`AMD
    EPYC`): hosts that differ in CPU generation (one timed PolyBench 2-5x slower than
    another, under the same name) must not answer each other's measurements."""
    info = cpuinfo()
    cpu = " ".join(f"{label} {info[key]}" for key, label in (("cpu family", "family"), ("model", "model"),
                                                              ("stepping", "stepping")) if info.get(key))
    details = ", ".join(x for x in (cpu, _caches()) if x)
    return legacy_fingerprint(info) + (f" ({details})" if details else "")


_SCHEMA = """
CREATE TABLE IF NOT EXISTS polyrl_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS measurements (
    program   TEXT NOT NULL,
    schedule  TEXT NOT NULL,
    machine   TEXT NOT NULL,
    toolchain TEXT NOT NULL,
    legal     INTEGER,
    status    TEXT NOT NULL,
    times     TEXT NOT NULL,
    verified  INTEGER,
    detail    TEXT NOT NULL,
    timestamp TEXT NOT NULL,
    codegen   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (program, schedule, machine, toolchain)
);
"""
_RECORD = "legal, status, times, verified, detail, timestamp, codegen"
_COLUMNS = "program, schedule, machine, toolchain, " + _RECORD
_UPGRADABLE = "1"  # the schema version _upgrade_from_1 takes to SCHEMA_VERSION


def _is_busy(e: sqlite3.OperationalError) -> bool:
    msg = str(e).lower()
    return "locked" in msg or "busy" in msg


def _bool_in(v: bool | None) -> int | None:
    return None if v is None else int(bool(v))


def _bool_out(v: int | None) -> bool | None:
    return None if v is None else bool(v)


def _record(legal, status, times, verified, detail, ts, codegen) -> Record:
    return Record(_bool_out(legal), status, tuple(json.loads(times)), _bool_out(verified), detail, ts, codegen)


class MemoStore:
    """`get(key)` / `put(key, record)` on one SQLite file; usable from several processes."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        # Several processes may open (and create) the same store at once; SQLite answers
        # some of those races with an immediate "locked" instead of waiting: retry them.
        deadline = time.monotonic() + _BUSY_MS / 1000
        while True:
            try:
                self._check_foreign()
                meta = self._open()
                break
            except sqlite3.OperationalError as e:
                if not _is_busy(e) or time.monotonic() > deadline:
                    raise PolyrlError(f"cannot open the memo store: {e}", str(self.path)) from None
                time.sleep(0.01 + 0.05 * random.random())
            except sqlite3.Error as e:
                raise PolyrlError(f"cannot open the memo store: {e}", str(self.path)) from None
        self._check_meta(meta)

    def _open(self) -> dict[str, str]:
        db = sqlite3.connect(str(self.path), timeout=_BUSY_MS / 1000, isolation_level=None)
        try:
            db.execute(f"PRAGMA busy_timeout = {_BUSY_MS}")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("BEGIN IMMEDIATE")
            try:
                for stmt in _SCHEMA.split(";"):
                    if stmt.strip():
                        db.execute(stmt)
                db.execute(
                    "INSERT OR IGNORE INTO polyrl_meta VALUES ('schema', ?), ('version', ?)",
                    (SCHEMA_NAME, str(SCHEMA_VERSION)),
                )
                meta = dict(db.execute("SELECT key, value FROM polyrl_meta").fetchall())
                if meta.get("schema") == SCHEMA_NAME and meta.get("version") == _UPGRADABLE:
                    meta = self._upgrade_from_1(db)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        except BaseException:
            db.close()
            raise
        self._db = db
        return meta

    @staticmethod
    def _upgrade_from_1(db: sqlite3.Connection) -> dict[str, str]:
        """Version 1 had no codegen column: its records get codegen 0 (inside the caller's transaction)."""
        db.execute("ALTER TABLE measurements ADD COLUMN codegen INTEGER NOT NULL DEFAULT 0")
        db.execute("UPDATE polyrl_meta SET value = ? WHERE key = 'version'", (str(SCHEMA_VERSION),))
        return dict(db.execute("SELECT key, value FROM polyrl_meta").fetchall())

    # A file we did not write must not be touched: look before opening read-write.
    def _check_foreign(self) -> None:
        if not self.path.exists() or self.path.stat().st_size == 0:
            return
        if self.path.is_dir():
            raise PolyrlError("memo store is a directory, not a file", str(self.path))
        with open(self.path, "rb") as f:
            head = f.read(len(_SQLITE_MAGIC))
        if head != _SQLITE_MAGIC:
            raise PolyrlError(f"not a polyrl memo store (not an SQLite file); {_REFUSE}", str(self.path))
        try:
            ro = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=_BUSY_MS / 1000)
            try:
                tables = {r[0] for r in ro.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if not tables:
                    return  # an SQLite file another process is just creating
                if "polyrl_meta" not in tables:
                    raise PolyrlError(
                        f"not a polyrl memo store (SQLite file without polyrl's tables); {_REFUSE}",
                        str(self.path),
                    )
                self._check_meta(dict(ro.execute("SELECT key, value FROM polyrl_meta").fetchall()), upgradable=True)
            finally:
                ro.close()
        except sqlite3.Error as e:
            if isinstance(e, sqlite3.OperationalError) and _is_busy(e):
                raise  # another process is writing; the caller retries
            raise PolyrlError(f"not a usable polyrl memo store ({e}); {_REFUSE}", str(self.path)) from None

    def _check_meta(self, meta: dict[str, str], upgradable: bool = False) -> None:
        if meta.get("schema") != SCHEMA_NAME:
            raise PolyrlError("not a polyrl memo store (unknown schema marker)", str(self.path))
        if meta.get("version") != str(SCHEMA_VERSION) and not (upgradable and meta.get("version") == _UPGRADABLE):
            raise PolyrlError(
                f"memo store has schema version {meta.get('version')}, this polyrl reads {SCHEMA_VERSION}; "
                "use a new store file",
                str(self.path),
            )

    @contextlib.contextmanager
    def _damage_is_an_error(self) -> Iterator[None]:
        """A store whose pages are damaged past what opening reads fails with a clear error."""
        try:
            yield
        except sqlite3.DatabaseError as e:
            if isinstance(e, sqlite3.OperationalError):
                raise
            raise PolyrlError(f"the memo store is damaged ({e}); {_REFUSE}", str(self.path)) from None

    def get(self, key: StoreKey, any_codegen: bool = False) -> Record | None:
        """The record of `key`; None when there is none or (unless `any_codegen`) it is stale (is_current)."""
        with self._damage_is_an_error():
            rec = self._get(key)
        if rec is not None and not any_codegen and not is_current(key, rec):
            return None
        return rec

    def _get(self, key: StoreKey) -> Record | None:
        row = self._db.execute(
            f"SELECT {_RECORD} FROM measurements WHERE program = ? AND schedule = ? AND machine = ? AND toolchain = ?",
            (key.program, key.schedule, key.machine, key.toolchain),
        ).fetchone()
        return None if row is None else _record(*row)

    def put(self, key: StoreKey, record: Record) -> None:
        self.put_many([(key, record)])

    def put_many(self, items: list[tuple[StoreKey, Record]]) -> None:
        """Several records in one transaction: all of them are stored, or (on an error or
        an interrupt) none."""
        with self._damage_is_an_error():
            self._put(items)

    @contextlib.contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed when the block ends, rolled back on an error or
        an interrupt (which can land after the commit went through: nothing to undo then)."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    def _put(self, items: list[tuple[StoreKey, Record]]) -> None:
        now = datetime.now(UTC).isoformat(timespec="seconds")
        with self._writing() as db:
            for key, record in items:
                db.execute(
                    f"INSERT OR REPLACE INTO measurements ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        key.program,
                        key.schedule,
                        key.machine,
                        key.toolchain,
                        _bool_in(record.legal),
                        record.status,
                        json.dumps(list(record.times)),
                        _bool_in(record.verified),
                        record.detail,
                        record.timestamp or now,
                        CODEGEN_VERSION if record.codegen is None else record.codegen,
                    ),
                )

    def items(self) -> Iterator[tuple[StoreKey, Record]]:
        """Every record, stale ones too, ordered by program, machine, toolchain and schedule (baseline first)."""
        with self._damage_is_an_error():
            rows = self._db.execute(
                f"SELECT {_COLUMNS} FROM measurements ORDER BY program, machine, toolchain, schedule"
            )
            for program, schedule, machine, toolchain, *record in rows:
                yield StoreKey(program, schedule, machine, toolchain), _record(*record)

    def adopt(self, old: str, new: str) -> tuple[int, int]:
        """Give the records of machine `old` the machine key `new` (the caller vouches that
        they were measured on the machine `new` names); (moved, kept): a record `new`
        already has stays, and so does the `old` one it would have replaced."""
        with self._damage_is_an_error(), self._writing() as db:
            moved = db.execute("UPDATE OR IGNORE measurements SET machine = ? WHERE machine = ?", (new, old)).rowcount
            kept = db.execute("SELECT COUNT(*) FROM measurements WHERE machine = ?", (old,)).fetchone()[0]
        return moved, kept if old != new else 0

    def machines(self) -> dict[str, int]:
        """Machine key -> number of records."""
        with self._damage_is_an_error():
            return dict(self._db.execute("SELECT machine, COUNT(*) FROM measurements GROUP BY machine").fetchall())

    def __len__(self) -> int:
        with self._damage_is_an_error():
            return self._db.execute("SELECT COUNT(*) FROM measurements").fetchone()[0]

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> MemoStore:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
