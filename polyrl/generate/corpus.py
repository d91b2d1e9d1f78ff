"""Corpora of generated programs: file names, per-program seeds, the manifest, the summary.

A corpus is a folder of `prog_<index>.c` files and `manifest.jsonl`, one JSON object per
program (id, seed, sha256, depth, branches, accesses, patterns, dtype, sizes, ...). The
seed of program `index` is derived from the corpus seed alone, so any program of a
corpus can be regenerated on its own.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from polyrl.generate.patterns import PATTERNS, Weights
from polyrl.generate.program import generate_program, memory_bytes
from polyrl.generate.structure import Program

MANIFEST = "manifest.jsonl"


def program_seed(corpus_seed: int, index: int) -> int:
    """A 63-bit seed from (corpus seed, index); sha256, so identical everywhere."""
    digest = hashlib.sha256(f"polyrl-generate:{corpus_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def program_name(index: int) -> str:
    return f"prog_{index:06d}"


def manifest_entry(name: str, prog: Program, text: str) -> dict:
    stmts = prog.statements()
    return {
        "id": name,
        "file": f"{name}.c",
        "seed": prog.seed,
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "generator": prog.version,
        "dtype": prog.dtype,
        "nests": len(prog.nests),
        "depth": prog.depth(),
        "branches": prog.branches(),
        "statements": len(stmts),
        "accesses": prog.accesses(),
        "max_accesses": max(s.accesses for s in stmts),
        "patterns": prog.patterns,
        "chains": prog.chains,
        "sizes": {n: s.value for n, s in prog.sizes.items()},
        "estimate_ms": round(prog.estimate_ms, 3),
        "memory_bytes": memory_bytes(prog, {n: s.value for n, s in prog.sizes.items()}),
    }


def write_corpus(out: str | Path, count: int, seed: int, weights: Weights | None = None,
                 start: int = 0, scale: float = 1) -> list[dict]:
    """Write programs start..start+count-1 and the manifest (replaced); returns its entries.
    `scale` multiplies every program's target time (generate_program)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    entries = []
    for index in range(start, start + count):
        name = program_name(index)
        prog = generate_program(program_seed(seed, index), weights, scale)
        text = prog.c_text()
        (out / f"{name}.c").write_text(text)
        entries.append(manifest_entry(name, prog, text))
    tmp = out / (MANIFEST + ".tmp")
    tmp.write_text("".join(json.dumps(e, sort_keys=True) + "\n" for e in entries))
    tmp.replace(out / MANIFEST)
    return entries


def read_manifest(folder: str | Path) -> list[dict]:
    path = Path(folder) / MANIFEST
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _histogram(title: str, counts: Counter, total: int, keys: Iterable | None = None) -> str:
    keys = list(keys) if keys is not None else sorted(counts)
    parts = [f"{k}: {counts.get(k, 0)} ({100 * counts.get(k, 0) / max(total, 1):.0f}%)" for k in keys]
    return f"{title:<12}" + ", ".join(parts)


def summary(entries: list[dict]) -> str:
    """The distribution of a corpus, one line per property."""
    n = len(entries)
    kernels = Counter(p for e in entries for p in e["patterns"])
    with_pattern = Counter(p for e in entries for p in set(e["patterns"]))
    lines = [f"{n} programs"]
    nk = sum(kernels.values())
    lines.append("patterns")
    for p in PATTERNS:
        lines.append(f"  {p:<16}{kernels.get(p, 0):>6} kernels ({100 * kernels.get(p, 0) / max(nk, 1):4.1f}%), "
                     f"in {with_pattern.get(p, 0)} programs")
    lines.append(_histogram("depth", Counter(e["depth"] for e in entries), n, range(1, 6)))
    lines.append(_histogram("nests", Counter(e["nests"] for e in entries), n, range(1, 6)))
    branches = Counter(min(e["branches"], 10) for e in entries)
    lines.append(_histogram("branches", branches, n, range(1, 11)).replace("10:", "10+:"))
    lines.append(_histogram("dtype", Counter(e["dtype"] for e in entries), n, ("float", "double")))
    chained = sum(1 for e in entries if e["chains"] > 0)
    multi = sum(1 for e in entries if e["nests"] > 1)
    lines.append(f"{'chains':<12}{chained} programs ({100 * chained / max(n, 1):.0f}%) read what an earlier "
                 f"nest wrote ({multi} have 2+ nests); {sum(e['chains'] for e in entries)} links in all")
    acc = sorted(e["max_accesses"] for e in entries)
    if acc:
        lines.append(f"{'accesses':<12}per statement up to {acc[-1]}; median of the program maxima "
                     f"{acc[len(acc) // 2]}")
    est = sorted(e["estimate_ms"] for e in entries)
    if est:
        lines.append(f"{'estimate':<12}baseline {est[0]:.1f} .. {est[-1]:.1f} ms, median {est[len(est) // 2]:.1f} ms "
                     "(size model, not a measurement)")
    return "\n".join(lines)
