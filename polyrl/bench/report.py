"""Bench reports: the results CSV (written row by row), the Markdown table, the bar chart.

Owns the output formats; not measuring. The geometric mean of a variant's speedups is
taken over the kernels where that variant ran and verified; everything else is counted.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from polyrl.bench.runner import BASE, NOT_AVAILABLE, NOT_RUN, Row
from polyrl.runtime.execute import format_seconds

CSV_FIELDS = ("kernel", "dataset", "variant", "seconds", "spread", "repeat", "speedup", "verified", "status",
              "detail", "cached")

_LABELS = {
    "wrong-result": "WRONG",
    "compile-error": "compile error",
    "compile-timeout": "compile timeout",
    "timeout": "timeout",
    "crash": "crash",
    "not-available": "n/a",
    "no-schedule": "no schedule",
    "illegal-schedule": "illegal schedule",
    "tool-failed": "tool failed",
    "front-end-error": "parse error",
    "no-reference": "no baseline",
    "baseline-miscompiled": "miscompiled",
    "compiler-miscompiled": "compiler's wrong code",
    "region-not-reached": "region not reached",
    "error": "error",
}


def _num(x: float | None, fmt: str) -> str:
    return "" if x is None else format(x, fmt)


class CsvWriter:
    """Appends rows to `path` and flushes each, so an interrupted bench keeps its rows."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._file: IO[str] = self.path.open("w", newline="")
        self._csv = csv.writer(self._file)
        self._csv.writerow(CSV_FIELDS)
        self._file.flush()

    def write(self, r: Row) -> None:
        self._csv.writerow([r.kernel, r.dataset, r.variant, _num(r.seconds, ".9g"), _num(r.spread, ".4f"), r.repeat,
                            _num(r.speedup, ".4f"), r.verified, r.status, r.detail, int(r.cached)])
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def read_csv(path: str | Path) -> list[Row]:
    def f(s: str) -> float | None:
        return float(s) if s else None

    with Path(path).open(newline="") as fh:
        return [Row(d["kernel"], d["dataset"], d["variant"], d["status"], f(d["seconds"]), f(d["spread"]),
                    int(d["repeat"] or 0), f(d["speedup"]), d["verified"], d["detail"], d.get("cached") == "1")
                for d in csv.DictReader(fh)]


def geomean(values: Sequence[float]) -> float | None:
    vals = [v for v in values if v and v > 0]
    return math.exp(sum(math.log(v) for v in vals) / len(vals)) if vals else None


def _fmt_speedup(s: float) -> str:
    return f"{s:.2f}x" if s >= 0.1 else f"{s:.2g}x"


def _cell(r: Row | None) -> str:
    if r is None:
        return ""
    if r.ok and r.speedup is not None:
        return _fmt_speedup(r.speedup)
    if r.status.startswith("exit-code"):
        return "exit " + r.status.split()[-1]
    return _LABELS.get(r.status, r.status)


def _columns(rows: Sequence[Row], variants: Sequence[str] | None) -> tuple[list[str], list[str]]:
    kernels = list(dict.fromkeys(r.kernel for r in rows))
    names = list(variants) if variants else list(dict.fromkeys(r.variant for r in rows))
    return kernels, names


def markdown(rows: Sequence[Row], variants: Sequence[str] | None = None, title: str = "") -> str:
    """Kernels x variants speedup table with per-variant geomean and counts, then the
    reasons for everything that did not run correctly."""
    kernels, names = _columns(rows, variants)
    at = {(r.kernel, r.variant): r for r in rows}
    others = [n for n in names if n != BASE]
    out = [f"## {title}", ""] if title else []

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(cells) + " |"

    out.append(line(["kernel", "base time", *others]))
    out.append("|---|---:|" + "---:|" * len(others))
    for k in kernels:
        b = at.get((k, BASE))
        base_cell = format_seconds(b.seconds) if b is not None and b.ok else _cell(b)
        out.append(line([k, base_cell, *(_cell(at.get((k, n))) for n in others)]))

    def per_variant(n: str) -> list[Row]:
        return [at[(k, n)] for k in kernels if (k, n) in at]

    def footer(label: str, fn) -> str:
        return line([f"**{label}**", fn(BASE), *(fn(n) for n in others)])

    def gm(n: str) -> str:
        good = [r.speedup for r in per_variant(n) if r.ok and r.speedup is not None]
        g = geomean(good)
        return "-" if g is None else f"{_fmt_speedup(g)} ({len(good)})"

    out.append(footer("geomean speedup (kernels)", gm))
    out.append(footer("ran correctly", lambda n: str(sum(r.ok for r in per_variant(n)))))
    out.append(footer("failed", lambda n: str(sum(r.failed for r in per_variant(n)))))
    out.append(footer("not available", lambda n: str(sum(r.status == NOT_AVAILABLE for r in per_variant(n)))))
    out.append(footer("not run", lambda n: str(sum(r.status in NOT_RUN for r in per_variant(n)))))

    for group in BEST_OF:
        if all(n in others for n in group):
            out += ["", best_of(rows, group)]

    problems = [r for r in rows if not r.ok and r.status not in ("no-schedule", NOT_AVAILABLE)]
    missing = {r.variant: r.detail for r in rows if r.status == NOT_AVAILABLE}
    if problems or missing:
        out += ["", "Not run correctly:", ""]
        for n, why in missing.items():
            out.append(f"- {n}: not available: {why}")
        for r in problems:
            out.append(f"- {r.kernel} / {r.variant}: {r.status}" + (f": {r.detail}" if r.detail else ""))
    return "\n".join(out) + "\n"


# columns that are one tool in several settings: the report also gives the tool at its best
BEST_OF: tuple[tuple[str, ...], ...] = (("pluto", "pluto-nounrolljam"),)


def best_of(rows: Sequence[Row], group: Sequence[str]) -> str:
    """One line: per kernel the fastest verified of the `group` columns, and the geomean
    of those bests over the kernels where at least one of them verified."""
    best: dict[str, float] = {}
    for r in rows:
        if r.variant in group and r.ok and r.speedup is not None:
            best[r.kernel] = max(best.get(r.kernel, 0.0), r.speedup)
    g = geomean(list(best.values()))
    what = "no kernel verified" if g is None else f"geomean {_fmt_speedup(g)} over {len(best)} kernels"
    return f"{group[0]} at its best (per kernel the faster verified of {', '.join(group)}): {what}"


def plot(rows: Sequence[Row], path: str | Path, variants: Sequence[str] | None = None, title: str = "") -> Path:
    """Grouped bars of each variant's speedup per kernel (log scale) plus the geomean;
    a kernel where a variant did not run correctly gets an x at 1 instead of a bar."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    kernels, names = _columns(rows, variants)
    at = {(r.kernel, r.variant): r for r in rows}
    # variants with nothing to draw (not available, never scheduled) would only clutter the legend
    others = [n for n in names if n != BASE
              and any(at[(k, n)].ok or at[(k, n)].failed for k in kernels if (k, n) in at)]
    groups = [*kernels, "geomean"]
    width = 0.8 / max(len(others), 1)
    fig, ax = plt.subplots(figsize=(min(22.0, max(6.0, len(groups) * (0.3 + 0.12 * len(others)) + 1.5)), 5.0))
    for j, n in enumerate(others):
        xs, ys, fails = [], [], []
        for i, k in enumerate(kernels):
            r = at.get((k, n))
            x = i + (j - (len(others) - 1) / 2) * width
            if r is not None and r.ok and r.speedup:
                xs.append(x)
                ys.append(r.speedup)
            elif r is not None and r.failed:
                fails.append(x)
        g = geomean([at[(k, n)].speedup or 0 for k in kernels if (k, n) in at and at[(k, n)].ok])
        if g is not None:
            xs.append(len(kernels) + (j - (len(others) - 1) / 2) * width)
            ys.append(g)
        # bars grow from 1 (no change), up for speedups and down for slowdowns
        ax.bar(xs, [y - 1.0 for y in ys], bottom=1.0, width=width, label=n, color=f"C{j}")
        if fails:
            ax.plot(fails, [1.0] * len(fails), "x", color=f"C{j}", markersize=7)
    ax.axhline(1.0, color="black", linewidth=0.8)
    if any(r.failed for r in rows if r.variant in others):
        ax.set_xlabel("x at 1: did not run correctly (see results.md)", fontsize=8)
    ax.set_yscale("log")
    ax.set_ylabel("speedup over base (log scale)")
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups, rotation=60, ha="right", fontsize=8)
    if title:
        ax.set_title(title, fontsize=10)
    if others:
        ax.legend(fontsize=8)
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
