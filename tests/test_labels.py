"""The label set on real measurements: a measured store becomes a shard, a second export
writes only what is new, import rebuilds a store and a corpus that `pretrain` can join, and
stats count verified labels per machine, pattern and size class."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from polyrl.cli import main
from polyrl.generate.corpus import write_corpus
from polyrl.measure.labels import export_shard, import_labels, label_stats, read_labels, shard_paths, size_class
from polyrl.measure.scheduler import MeasureOptions, run_measurement
from polyrl.model.costmodel import read_manifest
from polyrl.runtime import MemoStore, Toolchain
from polyrl.runtime.store import Record, StoreKey

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
    with MemoStore(store) as a, MemoStore(rebuilt) as b:
        assert dict(a.items()) == dict(b.items())
    assert import_labels(labels, rebuilt, out_corpus)[:2] == (0, 7)  # again: nothing to write

    # the rebuilt corpus gives each program's hash, which is what pretrain joins the store on
    entries = read_manifest(out_corpus)
    with MemoStore(rebuilt) as b:
        assert {e.hash for e in entries} == {k.program for k, _ in b.items()}
    from polyrl.api import load
    from polyrl.runtime.store import program_hash

    for e in entries:
        assert program_hash(load(e.path).scop) == e.hash


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
