"""The cost model: predicts log execution time of (program, schedule) from its program
graph, and `pretrain`, which trains it on memo-store measurements.

Data: a corpus folder (the programs' C files and `manifest.jsonl`, one JSON object per
line with at least `id`; optional `hash` (the program hash the memo store keys on; when
absent, as in `polyrl generate`'s manifests, the program is loaded to compute it),
`path`/`file` (default `<id>.c`), `defines` (dict or list of NAME=VALUE),
`include_dirs`, `function`, `scop`) and a memo store. Store records are joined with the
corpus on the program hash; each record's schedule is applied with polyrl.api to get the
LoopNest, then its graph. Targets are log(min time) of verified runs of one machine and
toolchain. Programs, not schedules, are split into train/validation/test, so no program
is seen in two splits. Graphs (and computed program hashes) are cached beside the
checkpoint (`<out>.graphs.pt`), so a resumed run does not rebuild them.

The backbone is `GraphBackbone` (shared with the actor-critic); the head is an MLP
(hidden, hidden, 1) with SELU, shaped like the actor-critic's value head, predicting the
standardised log time. Both initialise the actor-critic (`ActorCritic.from_costmodel`).

Metrics, on each split: MAPE of the predicted times, Spearman rank correlation over all
samples and within programs (the mean over programs with at least 3 schedules), and
nDCG@1 of the schedule ranking within each program: the schedule the model ranks fastest
is worth best time / its time (1 when the model picks the fastest), averaged over
programs with at least 2 schedules.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import numpy as np
import torch
from torch import Tensor, nn
from torch_geometric.data import Data
from torch_geometric.loader import DataLoader

from polyrl.errors import PolyrlError
from polyrl.model.backbone import GraphBackbone, mlp_head, torch_threads
from polyrl.model.features import FEATURE_BLOCKS, NODE_FEATURES, NUM_EDGE_TYPES, program_graph
from polyrl.model.files import beside, read_torch_file
from polyrl.model.metrics import groups_of, mape, ndcg_at_1, spearman, spearman_within

CHECKPOINT_FORMAT = "polyrl-costmodel"
CHECKPOINT_VERSION = 3  # 2: MLP head shaped like the value head; 3: input scaling in the backbone
# any change to the feature layout invalidates cached graphs and checkpoints
FEATURES_KEY = hashlib.sha256(repr(FEATURE_BLOCKS).encode()).hexdigest()[:16]


class CostModel(nn.Module):
    """GraphBackbone + a linear head: a batch of graphs -> standardised log time per graph."""

    def __init__(self, in_channels: int = NODE_FEATURES, edge_dim: int | None = NUM_EDGE_TYPES,
                 hidden_channels: int = 128, num_layers: int = 2, heads: int = 4, dropout: float = 0.0):
        super().__init__()
        self.hparams = dict(in_channels=in_channels, edge_dim=edge_dim, hidden_channels=hidden_channels,
                            num_layers=num_layers, heads=heads, dropout=dropout)
        self.backbone = GraphBackbone(in_channels, hidden_channels, num_layers, heads, edge_dim=edge_dim,
                                      dropout=dropout)
        self.head = mlp_head(self.backbone.out_channels, (hidden_channels, hidden_channels, 1))

    def reset_parameters(self) -> None:
        self.backbone.reset_parameters()
        for layer in self.head:
            if isinstance(layer, nn.Linear):
                layer.reset_parameters()

    def forward(self, data: Data) -> Tensor:
        batch = getattr(data, "batch", None)
        h = self.backbone(data.x, data.edge_index, batch, getattr(data, "edge_attr", None))
        return self.head(h).squeeze(-1)


# ---------------------------------------------------------------- data

# the `--machine` of pretrain and distill that takes the labels of every machine
ANY_MACHINE = "all"


@dataclass(frozen=True)
class Sample:
    program: str  # program hash
    schedule: str  # canonical schedule text, "" for the original program
    seconds: float  # minimum of the timed runs
    # whose times: (machine fingerprint, toolchain key); "" where one (machine, toolchain)
    # was read. Times are compared only within one program and one `measured_on`.
    measured_on: str = ""

    @property
    def group(self) -> str:
        """The samples whose times can be ranked against each other: one program's on one
        machine with one toolchain."""
        return f"{self.program}@{self.measured_on}" if self.measured_on else self.program


@dataclass(frozen=True)
class CorpusEntry:
    id: str
    hash: str | None  # program hash; None when the manifest does not give it
    path: str
    defines: dict[str, str] = field(default_factory=dict)
    include_dirs: tuple[str, ...] = ()
    function: str | None = None
    scop: int = 0

    def key(self) -> str:
        """The file's bytes and how it is read: what its program hash depends on."""
        h = hashlib.sha256(Path(self.path).read_bytes())
        h.update(json.dumps([sorted(self.defines.items()), self.include_dirs, self.function, self.scop]).encode())
        return h.hexdigest()


def read_manifest(corpus: str | Path) -> list[CorpusEntry]:
    """The entries of `<corpus>/manifest.jsonl` whose file exists."""
    root = Path(corpus)
    manifest = root / "manifest.jsonl"
    if not manifest.is_file():
        raise PolyrlError("corpus has no manifest.jsonl", str(root))
    out: list[CorpusEntry] = []
    for n, line in enumerate(manifest.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            e = json.loads(line)
            pid = str(e["id"])
        except (json.JSONDecodeError, KeyError, TypeError) as err:
            raise PolyrlError(f"manifest line is not a JSON object with an id ({err})", str(manifest), n) from None
        defines = e.get("defines") or {}
        if isinstance(defines, list):
            defines = dict((d.split("=", 1) + ["1"])[:2] for d in defines)
        path = root / str(e.get("path") or e.get("file") or f"{pid}.c")
        if not path.is_file():
            continue
        includes = tuple(str(root / d) for d in e.get("include_dirs", ()))
        out.append(CorpusEntry(pid, str(e["hash"]) if e.get("hash") else None, str(path),
                               {str(k): str(v) for k, v in defines.items()}, includes, e.get("function"),
                               int(e.get("scop", 0))))
    return out


def _load_scop(entry: CorpusEntry):
    """The entry's scop (the one with its hash when known), or a message why not."""
    from polyrl.frontend import load_scops
    from polyrl.runtime import program_hash

    try:
        scops = load_scops(entry.path, function=entry.function, defines=entry.defines,
                           include_dirs=list(entry.include_dirs))
    except PolyrlError as e:
        return None, f"{entry.id}: {e}"
    first = [scops[entry.scop]] if entry.scop < len(scops) else []
    if entry.hash is None:
        return (first[0], "") if first else (None, f"{entry.id}: the file has no scop {entry.scop}")
    scop = next((s for s in first + scops if program_hash(s) == entry.hash), None)
    if scop is None:
        return None, f"{entry.id}: no scop of {entry.path} has the manifest's hash (the file changed?)"
    return scop, ""


def _hash_of(entry: CorpusEntry) -> str | None:
    from polyrl.runtime import program_hash

    scop, _ = _load_scop(entry)
    return program_hash(scop) if scop is not None else None


def _pool_map(fn, items: list, workers: int) -> list:
    if workers <= 1 or len(items) <= 1:
        return [fn(x) for x in items]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(fn, items, chunksize=max(1, len(items) // (4 * workers))))


def index_corpus(entries: list[CorpusEntry], known: dict[str, str], workers: int = 1,
                 log: Callable[[str], None] = print) -> dict[str, CorpusEntry]:
    """Program hash -> entry. Entries without a hash are loaded to compute it (the
    generator's manifest lists files, not program hashes); `known` caches those results
    by CorpusEntry.key() and is updated."""
    out = {e.hash: e for e in entries if e.hash}
    todo = [(e, e.key()) for e in entries if not e.hash]
    fresh = [(e, k) for e, k in todo if k not in known]
    if fresh:
        log(f"computing program hashes of {len(fresh)} corpus files")
        for (_, k), h in zip(fresh, _pool_map(_hash_of, [e for e, _ in fresh], workers), strict=True):
            known[k] = h or ""
    for e, k in todo:
        if known.get(k):
            out[known[k]] = replace(e, hash=known[k])
    return out


def read_store(store: str | Path, machine: str | None = None) -> tuple[list[Sample], str]:
    """Verified, successful measurements of one machine and toolchain: (samples, machine).

    Without `machine`, the (machine, toolchain) with the most records is used: times of
    different machines or compilers are not comparable. `machine` is a fingerprint; text
    that is not one takes every machine whose fingerprint contains it, and ANY_MACHINE
    ("all") takes every machine. Then each sample says whose times it has
    (`Sample.measured_on`), and only a group's samples (`Sample.group`: one program, one
    machine, one toolchain) are ranked against each other.
    """
    from polyrl.runtime import MemoStore

    path = Path(store)
    if not path.is_file():
        raise PolyrlError("no such memo store", str(path))
    with MemoStore(path) as db:  # refuses anything that is not a polyrl store
        good = [(k, r) for k, r in db.items() if r.status == "ok" and r.verified is not False and r.times]
    machines = Counter(k.machine for k, _ in good)
    several = machine is not None and machine not in machines  # text, or ANY_MACHINE
    if several:
        chosen = set(machines) if machine == ANY_MACHINE else {m for m in machines if machine in m}
        if not chosen:
            raise PolyrlError(f"the memo store has no successful measurements of a machine matching `{machine}`"
                              + (f" (it has: {'; '.join(sorted(machines))})" if machines else ""), str(path))
        good = [(k, r) for k, r in good if k.machine in chosen]
        pairs = {(k.machine, k.toolchain) for k, _ in good}
        what = f"{len(pairs)} (machine, toolchain) pairs matching `{machine}`: " + "; ".join(sorted(chosen))
    else:
        if machine is not None:
            good = [(k, r) for k, r in good if k.machine == machine]
        if not good:
            raise PolyrlError("the memo store has no successful measurements"
                              + (f" of machine `{machine}`" if machine else ""), str(path))
        (what, toolchain), _ = Counter((k.machine, k.toolchain) for k, _ in good).most_common(1)[0]
        good = [(k, r) for k, r in good if (k.machine, k.toolchain) == (what, toolchain)]
    samples = [Sample(k.program, k.schedule, min(r.times), f"{k.machine} | {k.toolchain}" if several else "")
               for k, r in good]
    return [s for s in samples if s.seconds > 0], what


def split_programs(programs: Iterable[str], seed: int, val: float = 0.1, test: float = 0.1
                   ) -> dict[str, list[str]]:
    """Programs -> "train"/"val"/"test" lists, by a seeded hash order (stable across runs).
    With 3 or more programs, validation and test get at least one each."""
    order = sorted(set(programs), key=lambda p: hashlib.sha256(f"{seed}:{p}".encode()).hexdigest())
    n = len(order)
    n_test = max(1, round(test * n)) if n >= 3 else 0
    n_val = max(1, round(val * n)) if n >= 2 else 0
    return {"test": order[:n_test], "val": order[n_test : n_test + n_val], "train": order[n_test + n_val :]}


def graph_fields(g: Data) -> dict:
    """A graph's fields with tensors as numpy arrays. Sent back from a pool worker as they
    are, torch tensors travel as shared-memory file descriptors that the receiving process
    keeps open, one per tensor: ten thousand graphs ran out of descriptors ("received 0
    items of ancdata")."""
    return {k: v.numpy() if isinstance(v, Tensor) else v for k, v in g.to_dict().items()}


def graph_from_fields(fields: dict) -> Data:
    return Data(**{k: torch.from_numpy(v) if isinstance(v, np.ndarray) else v for k, v in fields.items()})


def _graphs_of_program(job: tuple[CorpusEntry, list[str]]) -> tuple[list[tuple[str, dict]], list[str]]:
    """Graphs of one program under each schedule (as `graph_fields`); the messages of
    what was skipped."""
    from polyrl.api import Program

    entry, schedules = job
    scop, why = _load_scop(entry)
    if scop is None:
        return [], [why]
    prog = Program(scop)
    out, skipped = [], []
    for schedule in schedules:
        try:
            g = program_graph(scop, prog.apply(schedule).nest)
        except PolyrlError as e:
            skipped.append(f"{entry.id} [{schedule}]: {e}")
            continue
        del g.nodes  # plain tensors only: cached and batched
        out.append((schedule, graph_fields(g)))
    return out, skipped


def build_graphs(samples: list[Sample], corpus: dict[str, CorpusEntry], cache: dict[tuple[str, str], Data],
                 workers: int = 1, log: Callable[[str], None] = print) -> list[str]:
    """Fill `cache` with the graph of every sample not in it yet; returns what was skipped."""
    todo: dict[str, list[str]] = {}
    skipped: list[str] = []
    missing = set()
    for s in samples:
        if (s.program, s.schedule) in cache:
            continue
        if s.program not in corpus:
            missing.add(s.program)
            continue
        todo.setdefault(s.program, []).append(s.schedule)
    if missing:
        skipped.append(f"{len(missing)} program(s) of the store are not in the corpus")
    if not todo:
        return skipped
    jobs = [(corpus[p], sorted(set(scheds))) for p, scheds in todo.items()]
    log(f"building graphs of {sum(len(s) for _, s in jobs)} (program, schedule) pairs of {len(jobs)} programs")
    done = 0
    start = time.monotonic()

    def take(entry: CorpusEntry, result: tuple[list[tuple[str, dict]], list[str]]) -> None:
        nonlocal done
        graphs, why = result
        for schedule, fields in graphs:
            cache[(entry.hash, schedule)] = graph_from_fields(fields)
        skipped.extend(why)
        done += 1
        if done == len(jobs) or done % max(1, len(jobs) // 20) == 0:
            log(f"  graphs: {done}/{len(jobs)} programs ({time.monotonic() - start:.1f}s)")

    if workers <= 1 or len(jobs) == 1:
        for job in jobs:
            take(job[0], _graphs_of_program(job))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for job, result in zip(jobs, pool.map(_graphs_of_program, jobs), strict=True):
                take(job[0], result)
    return skipped


# ---------------------------------------------------------------- training


def program_batches(programs: list[str], batch_size: int, gen: torch.Generator) -> list[list[int]]:
    """Shuffled batches of sample indices that keep each program's samples together
    (programs in random order, filled up to about `batch_size` samples)."""
    order = [ix.tolist() for ix in groups_of(programs).values()]
    batches, current = [], []
    for i in torch.randperm(len(order), generator=gen).tolist():
        current = current + order[i]
        if len(current) >= batch_size:
            batches.append(current)
            current = []
    if current:
        batches.append(current)
    return batches


def within_program_mse(pred: Tensor, y: Tensor, pid: Tensor) -> Tensor:
    """Mean squared error of the predictions' deviations from their program's mean (in
    this batch) against the targets' deviations; programs with one sample contribute 0."""
    _, group = torch.unique(pid, return_inverse=True)
    n = torch.zeros(int(group.max()) + 1, dtype=pred.dtype, device=pred.device).index_add_(0, group, torch.ones_like(pred))
    mean_p = torch.zeros_like(n).index_add_(0, group, pred) / n
    mean_y = torch.zeros_like(n).index_add_(0, group, y) / n
    return nn.functional.mse_loss(pred - mean_p[group], y - mean_y[group])


def within_program_pairwise(pred: Tensor, y: Tensor, pid: Tensor, margin: float = 0.0) -> Tensor:
    """RankNet loss over the ordered pairs of one program's samples in the batch: for every
    pair whose targets differ by more than `margin` (in target units: pairs closer than
    that are measurement noise), softplus(-(p_i - p_j) * sign(y_i - y_j)), averaged. 0 when
    the batch has no such pair."""
    same = pid[:, None] == pid[None, :]
    dy = y[:, None] - y[None, :]
    keep = same & (dy > margin)  # i slower than j by more than the margin
    if not bool(keep.any()):
        return pred.sum() * 0.0
    dp = pred[:, None] - pred[None, :]
    return nn.functional.softplus(-dp[keep]).mean()


def within_program_listwise(pred: Tensor, y: Tensor, pid: Tensor, temperature: float) -> Tensor:
    """ListNet loss per program of the batch: the cross-entropy between the softmax of the
    negated targets and that of the negated predictions (both divided by `temperature`,
    in target units), over each program's samples, averaged over the programs with two or
    more samples; 0 when there are none. It weighs getting the fastest schedules first most."""
    from torch_geometric.utils import softmax

    _, group = torch.unique(pid, return_inverse=True)
    n = torch.zeros(int(group.max()) + 1, dtype=pred.dtype, device=pred.device).index_add_(0, group, torch.ones_like(pred))
    keep = n[group] > 1
    if not bool(keep.any()):
        return pred.sum() * 0.0
    target = softmax(-y / temperature, group)
    log_pred = torch.log(softmax(-pred / temperature, group).clamp_min(1e-12))
    per_program = torch.zeros_like(n).index_add_(0, group, -(target * log_pred) * keep)
    return per_program[n > 1].mean()


@dataclass
class PretrainConfig:
    store: str
    corpus: str | list[str]  # one corpus folder, or several (their programs are joined by hash)
    out: str = "costmodel.pt"
    epochs: int = 50
    seed: int = 0
    batch_size: int = 32
    # weight of the within-program loss: the squared error of each prediction's deviation
    # from its program's mean in the batch, against the measured one (what rankings of a
    # program's schedules depend on); batches hold whole programs for it
    within_weight: float = 1.0
    # weight of the within-program pairwise ranking loss (RankNet on pairs of one program
    # whose log times differ by more than rank_margin, 5% by default: closer is noise)
    rank_weight: float = 0.0
    rank_margin: float = 0.05
    # weight of the squared error of the (standardised) log time itself; 0 trains the
    # ranking within programs only (what the policy's check and reward use)
    mse_weight: float = 1.0
    # weight of a listwise (ListNet) loss over each program's schedules, its softmax
    # temperature in log-time units (0.1: schedules 10% apart weigh e times apart)
    list_weight: float = 0.0
    list_temperature: float = 0.1
    # which epoch's weights are kept: "loss" (lowest validation MSE) or "within" (highest
    # validation Spearman within programs)
    select: str = "loss"
    lr: float = 1e-3
    weight_decay: float = 1e-5
    dropout: float = 0.0
    torch_threads: int | None = 1  # None: torch's default
    resume: bool = False
    machine: str | None = None
    workers: int | None = None
    hidden_channels: int = 128
    num_layers: int = 2
    heads: int = 4
    val_fraction: float = 0.1
    test_fraction: float = 0.1
    # a pretrain checkpoint whose program split to keep (programs it does not know are
    # dealt by `seed`): a new run is then tested on the programs an earlier one was
    split_from: str | None = None
    # train on the first N training programs only (None: all); validation and test unchanged
    train_programs: int | None = None
    # start from this cost-model checkpoint's best weights, target scaling and (where it
    # has one) program split, with a fresh optimizer: more labels for a trained model
    init: str | None = None

    def corpora(self) -> list[str]:
        return [self.corpus] if isinstance(self.corpus, str | Path) else [str(c) for c in self.corpus]


@dataclass
class _Split:
    graphs: list[Data]
    seconds: np.ndarray
    programs: list[str]


def _atomic_save(obj: dict, path: Path) -> None:
    tmp = path.with_name(path.name + ".tmp")
    torch.save(obj, tmp)
    os.replace(tmp, path)


def _evaluate(model: CostModel, split: _Split, mean: float, std: float, batch_size: int) -> dict[str, float]:
    if not split.graphs:
        return {"loss": float("nan"), "mape": float("nan"), "spearman": float("nan"),
                "spearman_within": float("nan"), "ndcg1": float("nan"), "n": 0, "programs": 0}
    model.eval()
    preds = []
    with torch.no_grad():
        for batch in DataLoader(split.graphs, batch_size=batch_size, shuffle=False):
            preds.append(model(batch))
    pred = torch.cat(preds).double().numpy()
    target = (np.log(split.seconds) - mean) / std
    predicted_seconds = np.exp(pred * std + mean)
    return {"loss": float(np.mean((pred - target) ** 2)), "mape": mape(predicted_seconds, split.seconds),
            "spearman": spearman(predicted_seconds, split.seconds),
            "spearman_within": spearman_within(predicted_seconds, split.seconds, split.programs),
            "ndcg1": ndcg_at_1(predicted_seconds, split.seconds, split.programs),
            "n": len(split.graphs), "programs": len(set(split.programs))}


def _plot(history: list[dict], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    epochs = [h["epoch"] for h in history]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(epochs, [h["train_loss"] for h in history], marker="o", label="train")
    val = [h["val_loss"] for h in history]
    if any(math.isfinite(v) for v in val):
        ax.plot(epochs, val, marker="o", label="validation")
    ax.set_xlabel("epoch")
    ax.set_ylabel("MSE of standardised log time")
    if all(v > 0 for v in [h["train_loss"] for h in history] if math.isfinite(v)):
        ax.set_yscale("log")
    ax.set_title("cost model pretraining")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _fmt(m: dict[str, float]) -> str:
    if not m["n"]:
        return "n/a (no programs)"
    return (f"MAPE {m['mape']:.1f}%  Spearman {m['spearman']:.3f}  "
            f"within programs {m.get('spearman_within', float('nan')):.3f}  nDCG@1 {m.get('ndcg1', float('nan')):.3f}  "
            f"(n={m['n']}, {m.get('programs', '?')} programs)")


def loss_curve_path(out: str | Path) -> Path:
    return beside(out, ".loss.png")


def graph_cache_path(out: str | Path) -> Path:
    return beside(out, ".graphs.pt")


def pretrain(config: PretrainConfig, log: Callable[[str], None] | None = None) -> dict:
    """Train (or, with config.resume, continue training) the cost model; returns the
    final metrics. Writes the checkpoint after every epoch, the graph cache and the loss
    curve next to it. Torch runs with config.torch_threads intra-op threads."""
    with torch_threads(config.torch_threads):
        return _pretrain(config, log)


def _pretrain(config: PretrainConfig, log: Callable[[str], None] | None) -> dict:
    log = log or (lambda s: print(s, file=sys.stderr, flush=True))
    if config.train_programs is not None and config.train_programs < 1:  # before any graph is built
        raise PolyrlError(f"--train-programs must be at least 1, not {config.train_programs}")
    out = Path(config.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    checkpoint = None
    if config.resume:
        if not out.is_file():
            raise PolyrlError("--resume: no checkpoint to resume from", str(out))
        checkpoint = read_torch_file(out, "checkpoint to resume")
        if not isinstance(checkpoint, dict) or checkpoint.get("format") != CHECKPOINT_FORMAT or checkpoint.get("features") != FEATURES_KEY:
            raise PolyrlError("--resume: not a cost-model checkpoint of this feature layout", str(out))
        machine = checkpoint["data"]["machine"]
        kept_by = checkpoint.get("select", "loss")  # checkpoints before --select were chosen by loss
        if kept_by != config.select:
            raise PolyrlError(f"--resume: the checkpoint keeps its best epoch by --select {kept_by}, "
                              f"not {config.select}; resume with --select {kept_by}", str(out))
    else:
        machine = config.machine
    start = None  # the --init checkpoint
    if config.init and checkpoint is None:
        if not Path(config.init).is_file():
            raise PolyrlError("--init: no such cost-model checkpoint", str(config.init))
        start = read_checkpoint(config.init)

    samples, machine = read_store(config.store, machine)
    cache_path = graph_cache_path(out)
    cache: dict[tuple[str, str], Data] = {}
    hashes: dict[str, str] = {}
    if cache_path.is_file():
        saved = torch.load(cache_path, weights_only=False)
        hashes = saved.get("hashes", {})
        if saved.get("features") == FEATURES_KEY:
            cache = saved["graphs"]
    workers = config.workers if config.workers is not None else min(os.cpu_count() or 1, 8)
    corpus = index_corpus([e for c in config.corpora() for e in read_manifest(c)], hashes, workers, log)
    try:
        skipped = build_graphs(samples, corpus, cache, workers, log)
    finally:  # Ctrl-C or a crash keeps the graphs built so far: a re-run builds only the rest
        _atomic_save({"features": FEATURES_KEY, "graphs": cache, "hashes": hashes}, cache_path)
    for why in skipped[:10]:
        log(f"  skipped: {why}")
    if len(skipped) > 10:
        log(f"  ... and {len(skipped) - 10} more skipped")
    samples = [s for s in samples if (s.program, s.schedule) in cache]
    if not samples:
        raise PolyrlError("no measurement of the store could be joined with a program of the corpus", config.store)

    programs = sorted({s.program for s in samples})
    kept_split = checkpoint["split"] if checkpoint is not None else None
    if kept_split is None and start is not None and not config.split_from and isinstance(start.get("split"), dict):
        kept_split = {k: list(v) for k, v in start["split"].items()}
        log(f"program split of {config.init}: " + ", ".join(f"{k} {len(v)}" for k, v in kept_split.items())
            + " programs; the others dealt by --seed")
    if kept_split is None and config.split_from:
        kept_split = _split_of(config.split_from)
        log(f"program split of {config.split_from}: " + ", ".join(f"{k} {len(v)}" for k, v in kept_split.items())
            + " programs; the others dealt by --seed")
    if kept_split is not None:
        split = kept_split
        known = set().union(*map(set, split.values()))
        extra = split_programs([p for p in programs if p not in known], config.seed, config.val_fraction,
                               config.test_fraction)
        present = set(programs)
        split = {k: [p for p in split[k] if p in present] + extra[k] for k in split}
    else:
        split = split_programs(programs, config.seed, config.val_fraction, config.test_fraction)
    if config.train_programs is not None and checkpoint is None:  # a resumed run keeps the programs it saved
        split["train"] = split["train"][:config.train_programs]
    which = {p: k for k, ps in split.items() for p in ps}
    parts: dict[str, list[Sample]] = {"train": [], "val": [], "test": []}
    for s in samples:
        if s.program in which:  # programs left out by --train-programs are in no split
            parts[which[s.program]].append(s)
    if not parts["train"]:
        raise PolyrlError("no training programs: the store needs measurements of more programs", config.store)
    log(f"{len(samples)} measurements of {len(programs)} programs on `{machine}`: "
        + ", ".join(f"{k} {len(split[k])} programs / {len(parts[k])} samples" for k in ("train", "val", "test")))

    # the within-program losses and figures group one program's samples of one machine
    pid = {g: n for n, g in enumerate(sorted({s.group for s in samples}))}

    def make(k: str) -> _Split:
        graphs = []
        for s in parts[k]:
            g = cache[(s.program, s.schedule)].clone()
            g.y = torch.tensor([math.log(s.seconds)], dtype=torch.float32)
            g.pid = torch.tensor([pid[s.group]], dtype=torch.long)
            graphs.append(g)
        return _Split(graphs, np.array([s.seconds for s in parts[k]], dtype=np.float64),
                      [s.group for s in parts[k]])

    data = {k: make(k) for k in parts}
    if checkpoint is not None or start is not None:
        mean, std = (checkpoint or start)["target"]["mean"], (checkpoint or start)["target"]["std"]
    else:
        logs = np.log(data["train"].seconds)
        mean, std = float(logs.mean()), float(max(logs.std(), 1e-3))
    for part in data.values():
        for g in part.graphs:
            g.y = (g.y - mean) / std

    torch.manual_seed(config.seed)
    if checkpoint is not None:
        model = CostModel(**checkpoint["hparams"])
        model.load_state_dict(checkpoint["model"])
    elif start is not None:
        model = CostModel(**start["hparams"])
        model.load_state_dict(best_weights(start))
        log(f"starting from the best weights of {config.init}")
        # what this data makes vary is taught from here on (read, not zeroed, by the model saved)
        model.backbone.record_seen(torch.cat([g.x for g in data["train"].graphs]))
    else:
        model = CostModel(hidden_channels=config.hidden_channels, num_layers=config.num_layers, heads=config.heads,
                          dropout=config.dropout)
        model.backbone.set_input_scaling(torch.cat([g.x for g in data["train"].graphs]))
    optimizer = torch.optim.AdamW(model.parameters(), lr=config.lr, weight_decay=config.weight_decay)
    history: list[dict] = []
    first_epoch = 1
    best_state, best_score = None, math.inf
    if checkpoint is not None:
        optimizer.load_state_dict(checkpoint["optimizer"])
        history = checkpoint["history"]
        first_epoch = checkpoint["epoch"] + 1
        best_state = checkpoint["best_model"]
        best_score = checkpoint.get("best_score", checkpoint.get("best_val_loss"))
        log(f"resuming from {out} after epoch {checkpoint['epoch']}")

    def save(epoch: int, metrics: dict | None = None) -> None:
        _atomic_save({
            "format": CHECKPOINT_FORMAT, "version": CHECKPOINT_VERSION, "features": FEATURES_KEY,
            "hparams": model.hparams, "model": model.state_dict(), "optimizer": optimizer.state_dict(),
            # best_score: what --select minimises (validation loss, or minus the validation
            # Spearman within programs)
            "best_model": best_state, "best_score": best_score, "select": config.select,
            "epoch": epoch, "history": history,
            "target": {"mean": mean, "std": std}, "split": split, "config": asdict(config),
            "data": {"store": str(config.store), "corpus": ", ".join(config.corpora()), "machine": machine,
                     "samples": len(samples)},
            "metrics": metrics,
        }, out)

    for epoch in range(first_epoch, config.epochs + 1):
        start = time.monotonic()
        model.train()
        # a generator seeded per epoch makes a resumed run shuffle like an uninterrupted one
        gen = torch.Generator().manual_seed(config.seed * 100003 + epoch)
        loader = DataLoader(data["train"].graphs,
                            batch_sampler=program_batches(data["train"].programs, config.batch_size, gen))
        total, count = 0.0, 0
        for batch in loader:
            optimizer.zero_grad()
            pred = model(batch)
            loss = config.mse_weight * nn.functional.mse_loss(pred, batch.y)
            if config.list_weight:
                loss = loss + config.list_weight * within_program_listwise(pred, batch.y, batch.pid,
                                                                           config.list_temperature / std)
            if config.within_weight:
                loss = loss + config.within_weight * within_program_mse(pred, batch.y, batch.pid)
            if config.rank_weight:
                loss = loss + config.rank_weight * within_program_pairwise(pred, batch.y, batch.pid,
                                                                           config.rank_margin / std)
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            optimizer.step()
            total += loss.item() * batch.num_graphs
            count += batch.num_graphs
        val = _evaluate(model, data["val"], mean, std, config.batch_size)
        if not val["n"]:
            score = total / count
        elif config.select == "within":
            score = -val["spearman_within"] if math.isfinite(val["spearman_within"]) else math.inf
        else:
            score = val["loss"]
        if score < best_score or best_state is None:
            best_score = score
            best_state = {k: v.detach().clone() for k, v in model.state_dict().items()}
        history.append({"epoch": epoch, "train_loss": total / count, "val_loss": val["loss"],
                        "val_mape": val["mape"], "val_spearman": val["spearman"],
                        "val_spearman_within": val["spearman_within"], "val_ndcg1": val["ndcg1"]})
        save(epoch)
        log(f"epoch {epoch}/{config.epochs}  train loss {total / count:.4f}  val loss {val['loss']:.4f}  "
            f"val {_fmt(val)}  ({time.monotonic() - start:.1f}s)")

    final = CostModel(**model.hparams)
    final.load_state_dict(best_state if best_state is not None else model.state_dict())
    metrics = {k: _evaluate(final, data[k], mean, std, config.batch_size) for k in ("train", "val", "test")}
    save(history[-1]["epoch"] if history else 0, metrics)
    if history:
        _plot(history, loss_curve_path(out))
    by = "validation Spearman within programs" if config.select == "within" else "validation loss"
    print(f"cost model: {out} (best of {len(history)} epochs by {by})")
    for k, name in (("val", "validation"), ("test", "test")):
        print(f"  {name:<10} {_fmt(metrics[k])}")
    if history:
        print(f"  loss curve: {loss_curve_path(out)}")
    return metrics


def _split_of(path: str | Path) -> dict[str, list[str]]:
    """The program split saved in a `polyrl pretrain` checkpoint."""
    if not Path(path).is_file():
        raise PolyrlError("--split-from: no such checkpoint", str(path))
    ckpt = read_torch_file(path, "--split-from checkpoint")
    split = ckpt.get("split") if isinstance(ckpt, dict) and ckpt.get("format") == CHECKPOINT_FORMAT else None
    if not isinstance(split, dict) or set(split) != {"train", "val", "test"}:
        raise PolyrlError("--split-from: not a pretrain checkpoint with a program split (exported cost models "
                          "drop it)", str(path))
    return {k: list(v) for k, v in split.items()}


def read_checkpoint(path: str | Path) -> dict:
    """A cost-model checkpoint written by this polyrl (format, feature layout and version
    checked; a one-line PolyrlError otherwise)."""
    ckpt = read_torch_file(path, "cost-model checkpoint")
    if not isinstance(ckpt, dict) or ckpt.get("format") != CHECKPOINT_FORMAT:
        raise PolyrlError("not a polyrl cost-model checkpoint", str(path))
    if ckpt.get("features") != FEATURES_KEY:
        raise PolyrlError("the checkpoint was trained on another feature layout; pretrain again", str(path))
    if ckpt.get("version", 1) < CHECKPOINT_VERSION:
        raise PolyrlError("a cost-model checkpoint of an older polyrl; pretrain again", str(path))
    return ckpt


def best_weights(ckpt: dict) -> dict:
    """The state dict of a checkpoint's best epoch (its last when none was kept)."""
    return ckpt["best_model"] or ckpt["model"]


def load_costmodel(path: str | Path) -> tuple[CostModel, dict]:
    """The best weights of a checkpoint and its target scaling {"mean", "std"} (log seconds)."""
    ckpt = read_checkpoint(path)
    model = CostModel(**ckpt["hparams"])
    model.load_state_dict(best_weights(ckpt))
    model.eval()
    return model, ckpt["target"]


def export_costmodel(checkpoint: str | Path, out: str | Path) -> Path:
    """Write the best weights of a `polyrl pretrain` checkpoint with what describes them
    (data, metrics, history, config) but without the optimizer state and program split:
    the form a cost model ships in (`polyrl/model/weights/costmodel.pt`)."""
    ckpt = read_checkpoint(checkpoint)
    slim = {k: ckpt[k] for k in ("format", "version", "features", "hparams", "target", "data", "metrics",
                                 "config", "history", "epoch") if k in ckpt}
    slim["model"] = best_weights(ckpt)
    slim["best_model"] = None
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    _atomic_save(slim, out)
    return out


def predict_seconds(model: CostModel, target: dict, graphs: list[Data]) -> np.ndarray:
    """Predicted execution times (seconds) of program graphs."""
    model.eval()
    with torch.no_grad():
        pred = torch.cat([model(b) for b in DataLoader(graphs, batch_size=64)]).double().numpy()
    return np.exp(pred * target["std"] + target["mean"])
