"""What session 27's scripts share: the programs they take from a generated corpus, and the
speedups a memo store measured for them."""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from polyrl.model.costmodel import index_corpus, read_manifest, read_store

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from heldout import chosen_programs  # noqa: E402


def chosen(corpus: str, count: int, max_mib: float = 0, min_time_steps: int = 0) -> list[dict]:
    """The manifest entries taken: scripts/heldout.py's (the first `count` with a size
    estimate of 10-300 ms), or with `max_mib` the first `count` whose arrays take at most
    that many MiB, whose estimate is at least 2 ms and whose time loop (if
    `min_time_steps`) runs at least that many steps."""
    if not max_mib:
        return chosen_programs(corpus, count)
    entries = [json.loads(x) for x in (Path(corpus) / "manifest.jsonl").read_text().splitlines() if x]
    return [e for e in entries if e["memory_bytes"] <= max_mib * 2**20 and e["estimate_ms"] >= 2
            and e["sizes"].get("T", 0) >= min_time_steps][:count]


class Measured:
    """The seconds `store` holds for the programs of `corpus`, by (program id, schedule)."""

    def __init__(self, corpus: str, store: str):
        samples, _ = read_store(store)
        ids = {h: e.id for h, e in index_corpus(read_manifest(corpus), {}, 1, lambda _: None).items()}
        self.seconds = {(ids.get(s.program), s.schedule): s.seconds for s in samples}

    def speedup(self, program: str, schedule: str) -> float | None:
        """The original's time over the schedule's; None where either is not measured."""
        base, t = self.seconds.get((program, "")), self.seconds.get((program, schedule))
        return base / t if base and t else None


def geomean(xs: list[float]) -> float:
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")
