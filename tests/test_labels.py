"""The label set on real measurements: a measured store becomes a shard, a second export
writes only what is new, import rebuilds a store and a corpus that `pretrain` can join, and
stats count verified labels per machine, pattern and size class."""

from __future__ import annotations

import json
import shutil
import statistics
from dataclasses import replace
from pathlib import Path

import pytest

from polyrl.cli import main
from polyrl.generate.corpus import write_corpus
from polyrl.measure.labels import (
    TIMES_KEPT,
    export_shard,
    import_labels,
    kept_times,
    label_stats,
    read_labels,
    shard_paths,
    size_class,
)
from polyrl.measure.scheduler import MeasureOptions, run_measurement
from polyrl.model.costmodel import read_manifest
from polyrl.runtime import MemoStore, Toolchain
from polyrl.runtime.store import CODEGEN_VERSION, Record, StoreKey

TC = Toolchain(threads=1)


@pytest.fixture(scope="module")
def measured(tmp_path_factory) -> tuple[Path, Path]:
    """Two quick generated programs, each measured with two random schedules."""
    gen = tmp_path_factory.mktemp("gen")
    entries = write_corpus(gen, 16, seed=5)
    picks = sorted((e for e in entries if e["nests"] <= 2), key=lambda e: (e["estimate_ms"], e["id"]))[:2]
    corpus = tmp_path_factory.mktemp("corpus")
    for e in picks:
        shutil.copy(gen / e["file"], corpus / e["file"])
    (corpus / "manifest.jsonl").write_text("".join(json.dumps(e) + "\n" for e in picks))
    store = tmp_path_factory.mktemp("store") / "m.sqlite"
    summary = run_measurement(MeasureOptions(corpus, "random:2", workers=1, store=store, toolchain=TC, repeat=1,
                                             progress=False))
    assert summary.statuses == {"ok": 6}, summary.text()
    return corpus, store


def test_export_writes_only_new_records_and_import_rebuilds_the_store(measured, tmp_path: Path):
    corpus, measured_store = measured
    store = tmp_path / "m.sqlite"  # this test adds a record: the module's store stays as measured
    shutil.copy(measured_store, store)
    shutil.copy(str(measured_store) + ".plans.jsonl", str(store) + ".plans.jsonl")
    labels = tmp_path / "labels"
    path, rows, skipped = export_shard(store, labels)
    assert rows == 6 and skipped == 0 and path is not None and path.suffix == ".parquet"
    assert export_shard(store, labels) == (None, 0, 0)  # nothing new: no second shard

    with MemoStore(store) as s:  # one more measurement arrives: only it goes into the next shard
        key, rec = next((k, r) for k, r in s.items() if k.schedule)
        s.put(StoreKey(key.program, "B0:P(0)", key.machine, key.toolchain),
              Record(True, "timeout", (), None, "stopped after 20 s", "2099-01-01T00:00:00+00:00"))
    path2, rows2, _ = export_shard(store, labels)
    assert rows2 == 1 and len(shard_paths(labels)) == 2
    new = list(read_labels(labels))
    assert len(new) == 7
    assert sum(1 for r in new if r.is_label) == 6  # the timeout is kept, but it is no label
    assert all(r.source is not None for r in new if r.key.schedule == "" or r.key.schedule == "B0:P(0)")
    gen_entry = next(r for r in new if r.source is not None).origin
    assert gen_entry["generator"] == 1 and gen_entry["memory_bytes"] > 0 and "file" not in gen_entry

    rebuilt, out_corpus = tmp_path / "r.sqlite", tmp_path / "corpus"
    written, kept, programs = import_labels(labels, rebuilt, out_corpus)
    assert (written, kept, programs) == (7, 0, 2)
    with MemoStore(store) as a, MemoStore(rebuilt) as b:  # each label with the runs a shard keeps (kept_times)
        assert {k: replace(r, times=tuple(kept_times(r.times))) for k, r in a.items()} == dict(b.items())
    assert import_labels(labels, rebuilt, out_corpus)[:2] == (0, 7)  # again: nothing to write

    # the rebuilt corpus gives each program's hash, which is what pretrain joins the store on
    entries = read_manifest(out_corpus)
    with MemoStore(rebuilt) as b:
        assert {e.hash for e in entries} == {k.program for k, _ in b.items()}
    from polyrl.api import load
    from polyrl.runtime.store import program_hash

    for e in entries:
        assert program_hash(load(e.path).scop) == e.hash


def test_a_shard_keeps_the_code_generation_and_older_shards_read_as_before_versions(measured, tmp_path: Path):
    import pyarrow.parquet as pq

    _, store = measured
    labels = tmp_path / "labels"
    path, rows, _ = export_shard(store, labels)
    assert rows == 6 and {r.record.codegen for r in read_labels(labels)} == {CODEGEN_VERSION}
    # a shard of format 1 (before session 74) has no codegen column: its rows are of no known code generation
    table = pq.read_table(path)
    old = table.drop_columns(["codegen"]).replace_schema_metadata({b"polyrl-labels": b"1"})
    path.unlink()
    pq.write_table(old, labels / "old.parquet")
    assert {r.record.codegen for r in read_labels(labels)} == {0}
    assert label_stats(labels).codegens == {0: 6}
    rebuilt = tmp_path / "r.sqlite"
    assert import_labels(labels, rebuilt, tmp_path / "corpus")[0] == 6
    with MemoStore(rebuilt) as s:
        keys = [k for k, _ in s.items()]
        assert all(s.get(k, any_codegen=True) is not None for k in keys)  # all kept, for training
        assert [k.schedule for k in keys if s.get(k) is not None] == ["", ""]  # served: only the baselines


def test_stats_count_verified_labels_per_machine_pattern_and_size(measured, tmp_path: Path, capsys):
    _, store = measured
    labels = tmp_path / "labels"
    assert main(["dataset", "export", str(store), "--labels", str(labels)]) == 0
    st = label_stats(labels)
    assert st.labels == 6 and st.programs == 2 and st.rows == 6
    assert sum(n for n, _ in st.per_machine.values()) == 6
    assert sum(n for n, _ in st.per_size.values()) == 6
    assert st.per_pattern and all(p <= 2 for _, p in st.per_pattern.values())
    assert main(["dataset", "stats", "--labels", str(labels)]) == 0
    out = capsys.readouterr().out
    assert "6 verified labels over 2 programs" in out and "per size class" in out


def test_size_class_uses_the_measuring_machines_caches():
    m = "AMD EPYC x2 (family 26 model 2 stepping 1, L1d 48K L2 1024K L3 32768K)"
    assert size_class(512 << 10, m) == "L2"
    assert size_class(8 << 20, m) == "L3"
    assert size_class(40 << 20, m) == "memory"
    assert size_class(8 << 20, "AMD EPYC x2") == "unknown"


def test_a_damaged_shard_and_a_missing_label_set_are_one_line_errors(tmp_path: Path, capsys):
    labels = tmp_path / "labels"
    labels.mkdir()
    (labels / "bad.parquet").write_bytes(b"not parquet at all")
    assert main(["dataset", "stats", "--labels", str(labels)]) == 2
    assert "not a readable label shard" in capsys.readouterr().err
    assert main(["dataset", "import", "--labels", str(tmp_path / "none"), "--store", str(tmp_path / "s.sqlite")]) == 2
    assert "no label shards" in capsys.readouterr().err


def test_kept_times_are_order_statistics_with_the_fastest_median_and_slowest():
    few = [3.0, 1.0, 2.0]
    assert kept_times(few) == few  # no more than TIMES_KEPT: every run, in its order
    many = [1.0 + ((7 * k) % 101) / 100 for k in range(101)]  # 101 distinct runs, shuffled
    kept = kept_times(many)
    assert len(kept) == TIMES_KEPT and kept == sorted(kept)
    assert kept[0] == min(many) and kept[-1] == max(many)
    assert statistics.median(kept) == statistics.median(many)  # odd count: the median itself
    even = many[:100]
    assert statistics.median(kept_times(even)) in sorted(even)[49:51]


def test_compact_cuts_old_shards_runs_and_keeps_every_row(measured, tmp_path: Path, capsys):
    """A label timed many times (a fast program under --min-time) keeps TIMES_KEPT runs when exported,
    and a shard written with all of them, as exports did before, is rewritten by `dataset compact`
    with the same rows and the same fastest and slowest run, and read and imported as before."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    corpus, _ = measured
    store = tmp_path / "many.sqlite"
    summary = run_measurement(MeasureOptions(corpus, "random:1", workers=1, store=store, toolchain=TC, repeat=3,
                                             progress=False, min_time_s=0.3))
    assert summary.statuses == {"ok": 4}, summary.text()
    with MemoStore(store) as s:
        runs = {k: r.times for k, r in s.items()}
    assert max(len(t) for t in runs.values()) > TIMES_KEPT  # real runs, more than a label keeps

    labels = tmp_path / "labels"
    path, rows, _ = export_shard(store, labels)
    assert rows == 4
    exported = {r.key: r.record.times for r in read_labels(labels)}
    assert all(list(exported[k]) == kept_times(t) for k, t in runs.items())

    # the same shard as an older export wrote it: every run
    table = pq.read_table(path)
    full = [list(runs[StoreKey(p, sch, m, tc)]) for p, sch, m, tc in
            zip(*(table.column(c).to_pylist() for c in ("program", "schedule", "machine", "toolchain")), strict=True)]
    old = table.set_column(table.schema.get_field_index("times"), table.schema.field("times"),
                           pa.array(full, type=table.schema.field("times").type))
    pq.write_table(old, path, compression="zstd")
    assert max(len(r.record.times) for r in read_labels(labels)) > TIMES_KEPT

    assert main(["dataset", "compact", "--labels", str(labels)]) == 0
    assert "compacted 1 shards" in capsys.readouterr().out
    after = pq.read_table(path)
    assert after.num_rows == table.num_rows and after.schema == table.schema
    for name in table.column_names:
        if name != "times":
            assert after.column(name).equals(table.column(name))
    compacted = {r.key: r.record.times for r in read_labels(labels)}
    for k, t in runs.items():
        assert len(compacted[k]) == min(len(t), TIMES_KEPT)
        assert min(compacted[k]) == min(t) and max(compacted[k]) == max(t)
    assert not list(labels.glob("*.tmp"))
    assert main(["dataset", "compact", "--labels", str(labels)]) == 0  # again: nothing to do
    assert "nothing to compact" in capsys.readouterr().out
    written, _, programs = import_labels(labels, tmp_path / "r.sqlite", tmp_path / "corpus")
    assert (written, programs) == (4, 2)
