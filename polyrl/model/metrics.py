"""How well predicted times rank measured ones: the figures `polyrl pretrain` reports and
the scripts that compare cost models use. A group is the samples that can be ranked
against each other: one program's schedules (on one machine, `costmodel.Sample.group`)."""

from __future__ import annotations

import math

import numpy as np


def mape(predicted_seconds: np.ndarray, seconds: np.ndarray) -> float:
    """Mean absolute percentage error, in percent."""
    if len(seconds) == 0:
        return float("nan")
    return float(np.mean(np.abs(predicted_seconds - seconds) / seconds) * 100.0)


def _ranks(a: np.ndarray) -> np.ndarray:
    order = np.argsort(a, kind="stable")
    ranks = np.empty(len(a), dtype=np.float64)
    ranks[order] = np.arange(len(a), dtype=np.float64)
    # ties share the average of their ranks
    _, inverse, counts = np.unique(a, return_inverse=True, return_counts=True)
    sums = np.bincount(inverse, weights=ranks)
    return sums[inverse] / counts[inverse]


def spearman(a: np.ndarray, b: np.ndarray) -> float:
    """Spearman rank correlation (Pearson correlation of the ranks, ties averaged)."""
    if len(a) < 2:
        return float("nan")
    ra, rb = _ranks(np.asarray(a, dtype=np.float64)), _ranks(np.asarray(b, dtype=np.float64))
    ra -= ra.mean()
    rb -= rb.mean()
    den = math.sqrt(float((ra * ra).sum() * (rb * rb).sum()))
    return float((ra * rb).sum() / den) if den > 0 else float("nan")


def groups_of(programs: list[str]) -> dict[str, np.ndarray]:
    """Sample indices by group (a program, or a program on one machine), in first-seen order."""
    out: dict[str, list[int]] = {}
    for k, p in enumerate(programs):
        out.setdefault(p, []).append(k)
    return {p: np.array(ix) for p, ix in out.items()}


def spearman_within(predicted: np.ndarray, seconds: np.ndarray, programs: list[str]) -> float:
    """Mean over programs (with at least 3 schedules) of the Spearman correlation of
    predicted and measured times among that program's schedules."""
    vals = [spearman(predicted[ix], seconds[ix]) for ix in groups_of(programs).values() if len(ix) >= 3]
    vals = [v for v in vals if math.isfinite(v)]
    return float(np.mean(vals)) if vals else float("nan")


def ndcg_at_1(predicted: np.ndarray, seconds: np.ndarray, programs: list[str]) -> float:
    """nDCG@1 of the speedup ranking within each program (at least 2 schedules), averaged:
    relevance is speed (1 / time), so a program scores best time / time of the schedule
    predicted fastest."""
    vals = [float(seconds[ix].min() / seconds[ix][np.argmin(predicted[ix])])
            for ix in groups_of(programs).values() if len(ix) >= 2]
    return float(np.mean(vals)) if vals else float("nan")
