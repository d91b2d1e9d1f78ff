"""What `polyrl train` leaves beside its checkpoint: the per-iteration CSV, the training
curve (PNG: mean episode reward and geometric-mean training speedup against environment
steps) and, when tensorboard is installed, TensorBoard scalars. Owns file formats only.
"""

from __future__ import annotations

import csv
import math
import os
from pathlib import Path

from polyrl.model.files import beside

COLUMNS = ("iteration", "global_step", "episodes", "mean_return", "geomean_speedup", "mean_length",
           "legal_actions", "lookups", "measured", "store_hit_rate", "policy_loss", "value_loss", "entropy",
           "approx_kl", "clipfrac", "update_epochs", "explained_variance", "ent_coef", "steps_per_s", "seconds")


def csv_path(out: str | Path) -> Path:
    return beside(out, ".train.csv")


def curve_path(out: str | Path) -> Path:
    return beside(out, ".train.png")


def tensorboard_dir(out: str | Path) -> Path:
    return beside(out, ".tb")


class TrainLog:
    """Rewrites the CSV and the PNG from the whole history (so a resumed run's files are
    whole), and appends TensorBoard scalars as iterations finish."""

    def __init__(self, out: str | Path, tensorboard: bool = True, reward: str = "surrogate"):
        self.out = Path(out)
        self.reward = reward
        self.writer = None
        if tensorboard:
            try:
                from torch.utils.tensorboard import SummaryWriter
            except ImportError:  # tensorboard is optional at run time
                SummaryWriter = None
            if SummaryWriter is not None:
                self.writer = SummaryWriter(str(tensorboard_dir(self.out)))

    def iteration(self, row: dict, history: list[dict]) -> None:
        if self.writer is not None:
            for k in COLUMNS[2:]:
                v = row.get(k)
                if isinstance(v, int | float) and math.isfinite(v):
                    self.writer.add_scalar(f"train/{k}", v, row["global_step"])
            self.writer.flush()
        self.write(history)

    def write(self, history: list[dict]) -> None:
        path = csv_path(self.out)
        tmp = path.with_name(path.name + ".tmp")
        with open(tmp, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=COLUMNS, extrasaction="ignore")
            w.writeheader()
            for row in history:
                w.writerow({k: row.get(k, "") for k in COLUMNS})
        os.replace(tmp, path)
        if history:
            plot_curve(history, curve_path(self.out), self.reward)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def plot_curve(history: list[dict], path: Path, reward: str = "surrogate") -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [h["global_step"] for h in history]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    top.plot(steps, [h["mean_return"] for h in history], marker="o", markersize=3)
    top.set_ylabel("mean episode reward\n(log4 of final speedup)")
    top.axhline(0.0, color="gray", lw=0.8)
    bottom.plot(steps, [h["geomean_speedup"] for h in history], marker="o", markersize=3, color="tab:green")
    bottom.set_ylabel(f"geometric-mean speedup\n({reward} reward)")
    bottom.axhline(1.0, color="gray", lw=0.8)
    bottom.set_xlabel("environment steps")
    for ax in (top, bottom):
        ax.grid(alpha=0.3)
    top.set_title("polyrl train")
    fig.tight_layout()
    tmp = path.with_name(path.stem + ".tmp.png")
    fig.savefig(tmp, dpi=100)
    plt.close(fig)
    os.replace(tmp, path)
