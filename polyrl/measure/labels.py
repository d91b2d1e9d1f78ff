"""The label set: every measurement polyrl has made, kept in git as append-only shards.

Owns the shard format (Parquet, zstd; one file per export), writing a shard with the rows
of a memo store that the set does not hold yet, rebuilding a store and a corpus folder from
the set, and its statistics. Not how things are measured (`scheduler`) nor the store's
schema (`runtime.store`): a shard row is a store record plus what identifies its program.

A program travels as its C text (on its first row in each shard; Parquet's dictionary and
zstd keep that small) and its origin: the generator manifest's entry where it came from a
generated corpus (generator version, seed, sha256, patterns, sizes, memory_bytes).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from polyrl.errors import PolyrlError
from polyrl.runtime.store import CODEGEN_VERSION, MemoStore, Record, StoreKey

SHARD_FORMAT = 2  # 2: the codegen column (session 74); format 1 shards are read as codegen 0
_READABLE_FORMATS = tuple(str(v).encode() for v in range(1, SHARD_FORMAT + 1))
SHARD_SUFFIX = ".parquet"
DETAIL_CHARS = 400  # a detail is a diagnosis, not a log: wrong-result and compiler messages are cut
# a label keeps at most this many of its timed runs: evenly spaced order statistics, the fastest, the median (or
# one of the two middle runs) and the slowest among them (kept_times). Fast programs are timed a hundred times or more per schedule
# (`measure --min-time`), and those doubles were 95% of a shard's bytes (session 64); what reads the labels asks
# the fastest (training, distillation), the median or the spread, which these keep.
TIMES_KEPT = 15
_ORIGIN_DROP = ("file", "id", "path", "hash")  # where a file was lies in the manifest, not in the program


def default_labels_dir() -> Path:
    """`datasets/labels` of the checkout polyrl runs from (editable install), else of the cwd."""
    repo = Path(__file__).resolve().parents[2]
    if (repo / "datasets").is_dir():
        return repo / "datasets" / "labels"
    return Path("datasets") / "labels"


def _schema():
    import pyarrow as pa

    return pa.schema([
        ("program", pa.string()),  # program hash (runtime.store.program_hash)
        ("source", pa.string()),  # the C text, on the program's first row of the shard, else null
        ("origin", pa.string()),  # JSON: the generator manifest's entry, or {} for a user's file
        ("memory_bytes", pa.int64()),  # the arrays' total size, where known
        ("patterns", pa.list_(pa.string())),
        ("schedule", pa.string()),  # canonical schedule text, "" for the original program
        ("machine", pa.string()),
        ("toolchain", pa.string()),  # compiler, flags and threads (Toolchain.key)
        ("legal", pa.bool_()),
        ("status", pa.string()),
        ("verified", pa.bool_()),
        ("times", pa.list_(pa.float64())),
        ("detail", pa.string()),
        ("timestamp", pa.string()),
        ("codegen", pa.int32()),  # runtime.store.CODEGEN_VERSION of the code timed
    ], metadata={b"polyrl-labels": str(SHARD_FORMAT).encode()})


@dataclass(frozen=True)
class LabelRow:
    key: StoreKey
    record: Record
    source: str | None
    origin: dict
    memory_bytes: int | None
    patterns: tuple[str, ...]

    @property
    def is_label(self) -> bool:
        """A verified measurement: a timed baseline, or a schedule whose results matched it."""
        if self.record.status != "ok" or not self.record.times:
            return False
        return self.key.schedule == "" or bool(self.record.verified)


def kept_times(times) -> list[float]:
    """At most TIMES_KEPT of `times`: all when there are no more, else TIMES_KEPT evenly spaced order
    statistics of them (ascending; the first is the fastest, the last the slowest, the middle one
    the median or, for an even count, one of the two middle runs)."""
    times = list(times)
    if len(times) <= TIMES_KEPT:
        return times
    ordered, n = sorted(times), len(times)
    return [ordered[round(i * (n - 1) / (TIMES_KEPT - 1))] for i in range(TIMES_KEPT)]


def shard_paths(labels: Path) -> list[Path]:
    return sorted(p for p in Path(labels).glob(f"*{SHARD_SUFFIX}") if p.is_file())


def _read_table(path: Path):
    """The shard's Arrow table, or a PolyrlError when it is damaged or not a label shard of SHARD_FORMAT."""
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(path)
    except Exception as e:  # pyarrow raises several types for a damaged file
        raise PolyrlError(f"not a readable label shard ({type(e).__name__}: {e})", str(path)) from None
    meta = table.schema.metadata or {}
    if meta.get(b"polyrl-labels") not in _READABLE_FORMATS:
        raise PolyrlError(f"not a polyrl label shard of format {' or '.join(f.decode() for f in _READABLE_FORMATS)}",
                          str(path))
    return table


def _write_table(table, path: Path, check: Callable | None = None) -> None:
    """Write a shard as zstd Parquet through a temporary file beside `path`, which replaces `path` only once
    written (and once `check(table read back)` has returned, when given); a failure or a stop removes it."""
    import pyarrow.parquet as pq

    tmp = path.with_name(path.name + ".tmp")
    try:
        pq.write_table(table, tmp, compression="zstd", compression_level=19)
        if check is not None:
            check(pq.read_table(tmp))
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)


def read_shard(path: Path) -> Iterator[LabelRow]:
    for r in _read_table(path).to_pylist():
        key = StoreKey(r["program"], r["schedule"], r["machine"], r["toolchain"])
        rec = Record(r["legal"], r["status"], tuple(r["times"] or ()), r["verified"], r["detail"] or "",
                     r["timestamp"] or "", r.get("codegen") or 0)
        yield LabelRow(key, rec, r["source"], json.loads(r["origin"] or "{}"), r["memory_bytes"],
                       tuple(r["patterns"] or ()))


def read_labels(labels: Path) -> Iterator[LabelRow]:
    for path in shard_paths(labels):
        yield from read_shard(path)


def _identity(key: StoreKey, rec: Record) -> tuple:
    return (key.program, key.schedule, key.machine, key.toolchain, rec.timestamp)


# ---------------------------------------------------------------- export


def _program_info(store_path: Path) -> dict[str, tuple[str, dict]]:
    """Program hash -> (C text, origin) for the programs whose measured file is still there
    with the bytes it had when measured (the plan cache beside the store has its sha256)."""
    from polyrl.generate.corpus import read_manifest
    from polyrl.measure.scheduler import PlanCache

    manifests: dict[Path, dict[str, dict]] = {}
    out: dict[str, tuple[str, dict]] = {}
    for e in PlanCache(store_path).entries.values():
        prog, path = e.get("program"), Path(e.get("path", ""))
        if not prog or prog in out or not path.is_file():
            continue
        text = path.read_text()
        if hashlib.sha256(text.encode()).hexdigest() != e.get("sha256"):
            continue  # the file changed since it was measured: its hash would not match
        folder = path.parent
        if folder not in manifests:
            manifests[folder] = {m.get("file", ""): m for m in read_manifest(folder)}
        origin = {k: v for k, v in manifests[folder].get(path.name, {}).items() if k not in _ORIGIN_DROP}
        if origin and "memory_bytes" not in origin and "seed" in origin and "sizes" in origin:
            origin["memory_bytes"] = _generated_memory_bytes(origin)
        out[prog] = (text, origin)
    return out


def _generated_memory_bytes(origin: dict) -> int | None:
    """The array bytes of a generated program from a manifest written before manifests had them."""
    from polyrl.generate.program import GENERATOR_VERSION, generate_program, memory_bytes

    if origin.get("generator") != GENERATOR_VERSION:
        return None
    try:
        return memory_bytes(generate_program(int(origin["seed"])), {k: int(v) for k, v in origin["sizes"].items()})
    except (KeyError, ValueError):
        return None


def export_shard(store_path: str | Path, labels: str | Path, name: str | None = None) -> tuple[Path | None, int, int]:
    """Write the store's records that the label set lacks as one new shard in `labels`.

    Returns (shard path or None when there was nothing new, rows written, records skipped
    because their program's file is gone or changed)."""
    import pyarrow as pa

    store_path, labels = Path(store_path), Path(labels)
    if not store_path.is_file():
        raise PolyrlError("no such memo store", str(store_path))
    known = {_identity(r.key, r.record) for r in read_labels(labels)} if labels.is_dir() else set()
    info = _program_info(store_path)
    rows, skipped, with_source = [], 0, set()
    with MemoStore(store_path) as store:
        for key, rec in store.items():
            if _identity(key, rec) in known:
                continue
            if key.program not in info:
                skipped += 1
                continue
            text, origin = info[key.program]
            first = key.program not in with_source
            with_source.add(key.program)
            rows.append({
                "program": key.program, "source": text if first else None,
                "origin": json.dumps(origin, sort_keys=True) if first else None,
                "memory_bytes": origin.get("memory_bytes"), "patterns": list(origin.get("patterns", ())),
                "schedule": key.schedule, "machine": key.machine, "toolchain": key.toolchain,
                "legal": rec.legal, "status": rec.status, "verified": rec.verified, "times": kept_times(rec.times),
                "detail": rec.detail[:DETAIL_CHARS], "timestamp": rec.timestamp, "codegen": rec.codegen,
            })
    if not rows:
        return None, 0, skipped
    labels.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    digest = hashlib.sha256("".join(sorted(r["program"] + r["schedule"] for r in rows)).encode()).hexdigest()[:8]
    out = labels / f"{name or stamp}-{digest}{SHARD_SUFFIX}"
    if out.exists():
        raise PolyrlError("a shard of that name exists; shards are never overwritten", str(out))
    _write_table(pa.Table.from_pylist(rows, schema=_schema()), out)
    return out, len(rows), skipped


# ---------------------------------------------------------------- compact


@dataclass(frozen=True)
class Compacted:
    path: Path
    rows: int
    bytes_before: int
    bytes_after: int


def compact_shards(labels: str | Path, progress: Callable[[int, int], None] | None = None) -> list[Compacted]:
    """Rewrite each shard of the set written before exports kept at most TIMES_KEPT runs per label
    (kept_times), under its own name: the same rows in the same order, every column but `times` as
    it was. Each rewrite goes to a temporary file that is read back and checked (the schema, every
    other column, and each row's runs against kept_times of the shard's) before it replaces the
    shard, so a stop at any point leaves each shard either as it was or compacted. Returns the
    shards rewritten."""
    import pyarrow as pa

    labels = Path(labels)
    paths = shard_paths(labels)
    if not paths:
        raise PolyrlError("no label shards (*.parquet) here", str(labels))
    done = []
    for i, path in enumerate(paths):
        table = _read_table(path)
        times = table.column("times").to_pylist()
        if any(t is not None and len(t) > TIMES_KEPT for t in times):
            kept = [None if t is None else kept_times(t) for t in times]
            column = pa.array(kept, type=table.schema.field("times").type)
            out = table.set_column(table.schema.get_field_index("times"), table.schema.field("times"), column)
            before = path.stat().st_size
            _write_table(out, path, partial(_check_compacted, table, path=path))
            done.append(Compacted(path, table.num_rows, before, path.stat().st_size))
        if progress:
            progress(i + 1, len(paths))
    return done


def _check_compacted(old, new, path: Path) -> None:
    """`new` is `old` with each row's runs cut to kept_times: else a PolyrlError (the shard is left as it was)."""
    if new.schema != old.schema or new.num_rows != old.num_rows:
        wrong = "its schema or rows"
    else:
        wrong = next((f"column {name}" for name in old.column_names
                      if name != "times" and not new.column(name).equals(old.column(name))), None)
    if wrong is None and any(b != (None if a is None else kept_times(a)) for a, b in
                             zip(old.column("times").to_pylist(), new.column("times").to_pylist(), strict=True)):
        wrong = "the runs kept"
    if wrong is not None:
        raise PolyrlError(f"a compacted shard read back differs in {wrong}; the shard is left as it was", str(path))


# ---------------------------------------------------------------- import


def program_file_name(program: str) -> str:
    return f"p_{program[:16]}.c"


def import_labels(labels: str | Path, store_path: str | Path, corpus: str | Path,
                  progress: Callable[[int, int], None] | None = None) -> tuple[int, int, int]:
    """Fill `store_path` from the label set and write its programs into `corpus` (C files and a
    manifest.jsonl with each program's hash, as `polyrl pretrain`/`distill` read them).

    Where two shards hold the same (program, schedule, machine, toolchain), the later
    measurement wins. A record already in the store is replaced only by a later one.
    Returns (records written, records already there or older, programs)."""
    labels, store_path, corpus = Path(labels), Path(store_path), Path(corpus)
    paths = shard_paths(labels)
    if not paths:
        raise PolyrlError("no label shards (*.parquet) here", str(labels))
    latest: dict[StoreKey, Record] = {}
    programs: dict[str, tuple[str, dict]] = {}
    for i, path in enumerate(paths):
        for r in read_shard(path):
            old = latest.get(r.key)
            if old is None or r.record.timestamp > old.timestamp:
                latest[r.key] = r.record
            if r.source is not None and r.key.program not in programs:
                programs[r.key.program] = (r.source, r.origin)
        if progress:
            progress(i + 1, len(paths))
    missing = {k.program for k in latest} - set(programs)
    if missing:
        raise PolyrlError(f"{len(missing)} programs have labels but no source in any shard "
                          f"(e.g. {sorted(missing)[0][:16]})", str(labels))
    corpus.mkdir(parents=True, exist_ok=True)
    entries = []
    for prog, (text, origin) in sorted(programs.items()):
        name = program_file_name(prog)
        f = corpus / name
        if not f.is_file() or f.read_text() != text:
            f.write_text(text)
        entries.append({**origin, "id": name[:-2], "file": name, "hash": prog,
                        "sha256": hashlib.sha256(text.encode()).hexdigest()})
    tmp = corpus / "manifest.jsonl.tmp"
    tmp.write_text("".join(json.dumps(e, sort_keys=True) + "\n" for e in entries))
    tmp.replace(corpus / "manifest.jsonl")
    written = kept = 0
    with MemoStore(store_path) as store:
        todo = []
        for key, rec in latest.items():
            have = store.get(key, any_codegen=True)
            if have is not None and have.timestamp >= rec.timestamp:
                kept += 1
                continue
            todo.append((key, rec))
        for i in range(0, len(todo), 5000):
            store.put_many(todo[i:i + 5000])
        written = len(todo)
    return written, kept, len(programs)


# ---------------------------------------------------------------- stats

_CODEGEN_NAMES = {0: "before versions", CODEGEN_VERSION: "current"}
_CACHE_RE = re.compile(r"L2 (\d+)K L3 (\d+)K")


def size_class(memory_bytes: int | None, machine: str) -> str:
    """Where the arrays fit on the machine that measured them: `L2` (in its L2), `L3` (beyond
    L2, within L3) or `memory` (beyond L3). Beyond L2 is what this project calls cache-bound."""
    m = _CACHE_RE.search(machine)
    if memory_bytes is None or not m:
        return "unknown"
    l2, l3 = int(m.group(1)) << 10, int(m.group(2)) << 10
    if memory_bytes <= l2:
        return "L2"
    return "L3" if memory_bytes <= l3 else "memory"


@dataclass
class LabelStats:
    shards: int = 0
    shard_bytes: int = 0
    rows: int = 0
    labels: int = 0
    programs: int = 0
    cache_bound_programs: int = 0
    statuses: Counter = field(default_factory=Counter)
    codegens: Counter = field(default_factory=Counter)  # verified labels per CODEGEN_VERSION
    # (labels, programs) per machine key, per generator pattern and per size class
    per_machine: dict[str, tuple[int, int]] = field(default_factory=dict)
    per_pattern: dict[str, tuple[int, int]] = field(default_factory=dict)
    per_size: dict[str, tuple[int, int]] = field(default_factory=dict)

    def text(self) -> str:
        def table(title: str, d: dict) -> list[str]:
            out = [f"{title}:"]
            for k, (n, p) in sorted(d.items(), key=lambda kv: -kv[1][0]):
                out.append(f"  {n:>8} labels {p:>7} programs  {k}")
            return out

        lines = [f"{self.shards} shards, {self.shard_bytes / 1e6:.2f} MB",
                 f"{self.rows} rows, {self.labels} verified labels over {self.programs} programs "
                 f"({self.cache_bound_programs} cache-bound: arrays beyond the measuring machine's L2)",
                 "statuses: " + ", ".join(f"{s} {n}" for s, n in self.statuses.most_common()),
                 "verified labels per code generation: " + ", ".join(
                     f"{v} ({_CODEGEN_NAMES.get(v, 'other')}) {n}"
                     for v, n in sorted(self.codegens.items()))]
        lines += table("per machine", self.per_machine)
        lines += table("per generator pattern (a program counts under each of its patterns)", self.per_pattern)
        lines += table("per size class", self.per_size)
        return "\n".join(lines)


def label_stats(labels: str | Path) -> LabelStats:
    labels = Path(labels)
    paths = shard_paths(labels)
    st = LabelStats(shards=len(paths), shard_bytes=sum(p.stat().st_size for p in paths))
    counts: dict[str, dict[str, list]] = {"machine": defaultdict(lambda: [0, set()]),
                                          "pattern": defaultdict(lambda: [0, set()]),
                                          "size": defaultdict(lambda: [0, set()])}
    programs, cache_bound = set(), set()
    for r in read_labels(labels):
        st.rows += 1
        st.statuses[r.record.status] += 1
        if not r.is_label:
            continue
        st.labels += 1
        st.codegens[r.record.codegen] += 1
        p = r.key.program
        programs.add(p)
        size = size_class(r.memory_bytes, r.key.machine)
        if size in ("L3", "memory"):
            cache_bound.add(p)
        for table, k in [("machine", r.key.machine), ("size", size)] + [("pattern", x) for x in set(r.patterns)]:
            counts[table][k][0] += 1
            counts[table][k][1].add(p)
    st.programs, st.cache_bound_programs = len(programs), len(cache_bound)
    st.per_machine, st.per_pattern, st.per_size = (
        {k: (n, len(ps)) for k, (n, ps) in counts[t].items()} for t in ("machine", "pattern", "size"))
    return st
