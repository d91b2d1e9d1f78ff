"""`polyrl dataset export`: the memo store as a table, one row per measured variant.

Owns the dataset's columns: program hash and path (from the plan cache beside the store,
when the program was measured with `polyrl measure`), schedule, machine, toolchain,
threads, legal, status, verified, every time, the minimum, the baseline minimum of the
same program, machine and toolchain, and the speedup over it (only for verified runs).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

from polyrl.errors import PolyrlError
from polyrl.measure.scheduler import PlanCache
from polyrl.runtime.store import MemoStore, Record, StoreKey

COLUMNS = ("program", "path", "schedule", "machine", "toolchain", "threads", "legal", "status", "verified",
           "times", "min_time", "baseline_min_time", "speedup", "detail", "timestamp")


def _threads(toolchain: str) -> int | None:
    m = re.search(r"threads=(\d+)", toolchain)
    return int(m.group(1)) if m else None


def dataset_rows(store: MemoStore, paths: dict[str, str] | None = None) -> Iterator[dict]:
    """Rows in store order; the baseline of each (program, machine, toolchain) comes first."""
    paths = paths or {}
    group: tuple[str, str, str] | None = None
    base_min: float | None = None
    for key, rec in store.items():
        g = (key.program, key.machine, key.toolchain)
        if g != group:
            group, base_min = g, None
            if key.schedule != "":  # the baseline sorts first when present
                b = store.get(StoreKey(key.program, "", key.machine, key.toolchain))
                base_min = _min_ok(b)
        if key.schedule == "":
            base_min = _min_ok(rec)
        mn = min(rec.times) if rec.times else None
        speedup = None
        if base_min and mn and rec.status == "ok" and (rec.verified or key.schedule == ""):
            speedup = base_min / mn
        yield {
            "program": key.program,
            "path": paths.get(key.program),
            "schedule": key.schedule,
            "machine": key.machine,
            "toolchain": key.toolchain,
            "threads": _threads(key.toolchain),
            "legal": rec.legal,
            "status": rec.status,
            "verified": rec.verified,
            "times": list(rec.times),
            "min_time": mn,
            "baseline_min_time": base_min,
            "speedup": speedup,
            "detail": rec.detail,
            "timestamp": rec.timestamp,
        }


def _min_ok(r: Record | None) -> float | None:
    return min(r.times) if r is not None and r.status == "ok" and r.times else None


def export(store_path: str | Path, out: str | Path) -> int:
    """Write the dataset as .jsonl or .parquet (by the suffix of `out`); returns the row count."""
    store_path, out = Path(store_path), Path(out)
    if not store_path.is_file():
        raise PolyrlError("no such memo store", str(store_path))
    if out.suffix not in (".jsonl", ".parquet"):
        raise PolyrlError("the output must end in .jsonl or .parquet", str(out))
    paths = PlanCache(store_path).paths()
    with MemoStore(store_path) as store:
        rows = list(dataset_rows(store, paths))
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.suffix == ".jsonl":
        tmp = out.with_name(out.name + ".tmp")
        with open(tmp, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
        tmp.replace(out)
        return len(rows)
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise PolyrlError("writing .parquet needs pyarrow: pip install pyarrow (or export to .jsonl)") from None
    schema = pa.schema([
        ("program", pa.string()), ("path", pa.string()), ("schedule", pa.string()), ("machine", pa.string()),
        ("toolchain", pa.string()), ("threads", pa.int32()), ("legal", pa.bool_()), ("status", pa.string()),
        ("verified", pa.bool_()), ("times", pa.list_(pa.float64())), ("min_time", pa.float64()),
        ("baseline_min_time", pa.float64()), ("speedup", pa.float64()), ("detail", pa.string()),
        ("timestamp", pa.string()),
    ])
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), out)
    return len(rows)
