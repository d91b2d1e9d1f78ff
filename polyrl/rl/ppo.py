"""PPO for the scheduling environment, in one file to be audited (after CleanRL's ppo.py).

Every iteration collects `batch_size` environment steps with the current policy
(polyrl.rl.rollout), computes advantages with GAE, then runs `epochs` passes of
shuffled minibatches over them. Per minibatch of stored steps t:

    ratio_t   = exp(logp_new(a_t | s_t, mask_t) - logp_old(a_t | s_t, mask_t))
                  the SAME mask_t at rollout and update: it is stored with the step
    A_t       = GAE(gamma, lambda) advantage, normalised over the minibatch
    L_clip    = mean_t max(-A_t * ratio_t, -A_t * clip(ratio_t, 1 - eps, 1 + eps))
    L_value   = 0.5 * mean_t (V(s_t) - R_t)^2,      R_t = A_t + V_old(s_t)  (before normalising)
    H         = mean_t entropy of pi(. | s_t, mask_t), over the legal actions only
    loss      = L_clip + vf_coef * L_value - ent_coef * H
    Adam step after clipping the gradient norm to max_grad_norm

ent_coef decays linearly from its start value to 0 over the run's `steps`. Episodes end
by `Next` on the last branch or by truncation; either way the schedule is final, so
nothing is bootstrapped past an episode's end. Defaults are the seed paper's (Table 2):
clip 0.3, gamma 0.99, lambda 0.95, value coefficient 2, entropy coefficient 0.1 -> 0,
batch 512, minibatch 64, 5 epochs, learning rate 1e-4; gradient clipping 0.5.

`train` is the loop of `polyrl train`: checkpoint after every iteration (and on Ctrl-C),
resume from it, log to CSV/PNG/TensorBoard (polyrl.rl.trainlog).
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import torch
from torch import Tensor, nn
from torch_geometric.data import Batch, Data

from polyrl.errors import PolyrlError
from polyrl.model.actor_critic import ActorCritic, MaskedCategorical
from polyrl.rl.checkpoint import load_policy, save_policy
from polyrl.rl.rollout import REWARDS, EnvSpec, LocalRollouts, ProcessRollouts, RayRollouts, Segment
from polyrl.rl.state import corpus_programs
from polyrl.rl.trainlog import TrainLog, csv_path, curve_path
from polyrl.runtime import Toolchain


@dataclass
class TrainConfig:
    corpus: str
    out: str = "policy.pt"
    store: str | None = None
    steps: int = 100_000  # total environment steps of the run (a resumed run continues to it)
    reward: str = "surrogate"  # measured | surrogate | mixed
    costmodel: str | None = None  # initialises the backbone; the surrogate of surrogate/mixed rewards
    workers: int = 1  # 1: collect in this process; more: local worker processes (or Ray actors)
    ray: str | None = None  # Ray cluster address, or "local"; None: no Ray
    resume: bool = False
    init: str | None = None  # a policy checkpoint to start from (weights only), e.g. `polyrl distill`'s
    seed: int = 0
    max_steps: int = 20  # episode truncation
    lazy_masks: bool = False  # legality of the sampled action only (polyrl.rl.env)
    toolchain: Toolchain = field(default_factory=Toolchain)
    repeat: int = 5
    timeout_s: float = 60.0
    # PPO, the seed paper's Table 2
    batch_size: int = 512
    minibatch_size: int = 64
    epochs: int = 5
    lr: float = 1e-4
    gamma: float = 0.99
    gae_lambda: float = 0.95
    clip: float = 0.3
    vf_coef: float = 2.0
    ent_coef: float = 0.1  # start value; decays linearly to 0 over `steps`
    max_grad_norm: float = 0.5
    norm_adv: bool = True
    # stop an update's epochs once a minibatch's approximate KL from the rollout policy
    # passes 1.5 x this (None: always run every epoch, as the seed paper does)
    target_kl: float | None = None
    tensorboard: bool = True
    progress: bool = True
    # program graphs are small: one intra-op thread is fastest, and more would contend
    # with the rollout workers and the timed runs for the cores
    torch_threads: int = 1


# ---------------------------------------------------------------- the PPO pieces


def compute_gae(rewards: np.ndarray, values: np.ndarray, dones: np.ndarray, last_value: float,
                gamma: float, lam: float) -> tuple[np.ndarray, np.ndarray]:
    """GAE advantages and returns of one segment. `dones[t]` = the episode ended with step
    t, so step t + 1 (if any) starts a new one and nothing flows back across it."""
    T = len(rewards)
    advantages = np.zeros(T, dtype=np.float32)
    gae = 0.0
    for t in reversed(range(T)):
        nonterminal = 1.0 - float(dones[t])
        next_value = values[t + 1] if t + 1 < T else last_value
        delta = rewards[t] + gamma * next_value * nonterminal - values[t]
        gae = delta + gamma * lam * nonterminal * gae
        advantages[t] = gae
    return advantages, advantages + values.astype(np.float32)


def entropy_coefficient(step: int, total_steps: int, start: float) -> float:
    """Linear decay from `start` at step 0 to 0 at `total_steps`."""
    return start * max(0.0, 1.0 - step / max(total_steps, 1))


def normalize(advantages: Tensor) -> Tensor:
    if advantages.numel() < 2:
        return advantages
    return (advantages - advantages.mean()) / (advantages.std() + 1e-8)


def clipped_surrogate_loss(ratio: Tensor, advantages: Tensor, clip: float) -> Tensor:
    """PPO's pessimistic policy loss: mean of max(-A * r, -A * clip(r, 1 - eps, 1 + eps))."""
    return torch.max(-advantages * ratio, -advantages * torch.clamp(ratio, 1 - clip, 1 + clip)).mean()


def value_loss(values: Tensor, returns: Tensor) -> Tensor:
    return 0.5 * ((values - returns) ** 2).mean()


@dataclass
class Rollout:
    """One iteration's steps, flattened over segments, with advantages and returns."""

    obs: list[Data]
    masks: Tensor  # bool [N, A]
    actions: Tensor  # int64 [N]
    logps: Tensor  # [N]
    values: Tensor  # [N]
    advantages: Tensor  # [N]
    returns: Tensor  # [N]
    episodes: list[dict]
    lookups: int = 0  # measured speedups asked for (polyrl.rl.rollout.Segment)
    measured: int = 0  # of those, the ones that were measured

    @classmethod
    def from_segments(cls, segments: list[Segment], gamma: float, lam: float) -> Rollout:
        advantages, returns = zip(*(compute_gae(s.rewards, s.values, s.dones, s.last_value, gamma, lam)
                                    for s in segments), strict=True)
        return cls(
            obs=[o for s in segments for o in s.obs],
            masks=torch.as_tensor(np.concatenate([s.masks for s in segments])),
            actions=torch.as_tensor(np.concatenate([s.actions for s in segments])),
            logps=torch.as_tensor(np.concatenate([s.logps for s in segments])),
            values=torch.as_tensor(np.concatenate([s.values for s in segments])),
            advantages=torch.as_tensor(np.concatenate(advantages)),
            returns=torch.as_tensor(np.concatenate(returns)),
            episodes=[e for s in segments for e in s.episodes],
            lookups=sum(s.lookups for s in segments), measured=sum(s.measured for s in segments),
        )

    def __len__(self) -> int:
        return len(self.obs)


def evaluate(model: ActorCritic, rollout: Rollout, idx: Tensor) -> tuple[MaskedCategorical, Tensor]:
    """The policy (under the stored masks) and values of the steps `idx`."""
    batch = Batch.from_data_list([rollout.obs[i] for i in idx.tolist()])
    return model.distribution(batch, rollout.masks[idx])


def ppo_update(model: ActorCritic, optimizer: torch.optim.Optimizer, rollout: Rollout, config: TrainConfig,
               ent_coef: float, generator: torch.Generator) -> dict[str, float]:
    """`config.epochs` passes of shuffled minibatches; returns the losses and diagnostics
    of the last pass that took a step, averaged, and `update_epochs`: the passes run (a
    fraction when `config.target_kl` stopped the update inside one)."""
    model.train()
    n = len(rollout)
    keys = ("policy_loss", "value_loss", "entropy", "approx_kl", "clipfrac")
    stats: dict[str, list[float]] = {k: [] for k in keys}
    minibatches = max(1, math.ceil(n / config.minibatch_size))
    done = 0  # minibatch steps taken
    stopped = False
    for _ in range(config.epochs):
        order = torch.randperm(n, generator=generator)
        current: dict[str, list[float]] = {k: [] for k in keys}
        for start in range(0, n, config.minibatch_size):
            idx = order[start : start + config.minibatch_size]
            dist, new_values = evaluate(model, rollout, idx)
            new_logp = dist.log_prob(rollout.actions[idx])
            entropy = dist.entropy().mean()
            log_ratio = new_logp - rollout.logps[idx]
            ratio = log_ratio.exp()
            with torch.no_grad():
                # the low-variance KL estimator of CleanRL (http://joschu.net/blog/kl-approx.html)
                approx_kl = float(((ratio - 1) - log_ratio).mean())
            if config.target_kl is not None and approx_kl > 1.5 * config.target_kl:
                stopped = True
                break
            advantages = rollout.advantages[idx]
            if config.norm_adv:
                advantages = normalize(advantages)
            pg_loss = clipped_surrogate_loss(ratio, advantages, config.clip)
            v_loss = value_loss(new_values, rollout.returns[idx])
            loss = pg_loss + config.vf_coef * v_loss - ent_coef * entropy
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), config.max_grad_norm)
            optimizer.step()
            done += 1
            current["approx_kl"].append(approx_kl)
            current["clipfrac"].append(float(((ratio.detach() - 1.0).abs() > config.clip).float().mean()))
            current["policy_loss"].append(pg_loss.item())
            current["value_loss"].append(v_loss.item())
            current["entropy"].append(entropy.item())
        if current["approx_kl"]:  # the last pass that took a step (a stop may end one before its first)
            stats = current
        if stopped:
            break
    model.eval()
    out = {k: float(np.mean(v)) if v else float("nan") for k, v in stats.items()}
    out["update_epochs"] = done / minibatches
    var = float(rollout.returns.var()) if n > 1 else 0.0
    out["explained_variance"] = (float("nan") if var == 0
                                 else 1.0 - float((rollout.returns - rollout.values).var()) / var)
    return out


# ---------------------------------------------------------------- the training loop


def _row(iteration: int, global_step: int, rollout: Rollout, stats: dict, ent_coef: float, seconds: float) -> dict:
    returns = [e["return"] for e in rollout.episodes]
    speedups = [e["speedup"] for e in rollout.episodes]
    return {
        "iteration": iteration, "global_step": global_step, "episodes": len(returns),
        "mean_return": float(np.mean(returns)) if returns else float("nan"),
        "geomean_speedup": float(np.exp(np.mean(np.log(speedups)))) if speedups else float("nan"),
        "mean_length": float(np.mean([e["length"] for e in rollout.episodes])) if returns else float("nan"),
        "legal_actions": float(rollout.masks.sum(dim=1).float().mean()),
        "lookups": rollout.lookups, "measured": rollout.measured,
        "store_hit_rate": 1 - rollout.measured / rollout.lookups if rollout.lookups else float("nan"),
        **stats, "ent_coef": ent_coef, "steps_per_s": len(rollout) / max(seconds, 1e-9), "seconds": seconds,
    }


def train(config: TrainConfig, log: Callable[[str], None] | None = None) -> dict:
    """Train (or with config.resume continue) a policy; returns the last history row
    (with "interrupted": True when Ctrl-C stopped it; the checkpoint is saved either way)."""
    log = log or (lambda s: print(s, file=sys.stderr, flush=True))
    if config.reward not in REWARDS:
        raise PolyrlError(f"--reward must be one of {', '.join(REWARDS)}")
    if config.reward != "measured" and config.costmodel is None:
        raise PolyrlError(f"the {config.reward} reward needs --costmodel (a `polyrl pretrain` checkpoint)")
    if config.batch_size < 1 or config.minibatch_size < 1 or config.epochs < 1 or config.workers < 1:
        raise PolyrlError("batch size, minibatch size, epochs and workers must be at least 1")
    out = Path(config.out)
    out.parent.mkdir(parents=True, exist_ok=True)

    torch.set_num_threads(config.torch_threads)
    torch.manual_seed(config.seed)
    ckpt = None
    if config.resume:
        if not out.is_file():
            raise PolyrlError("--resume: no checkpoint to resume from", str(out))
        model, ckpt = load_policy(out)
    elif config.init is not None:
        model, init_ckpt = load_policy(config.init)  # its weights; the optimizer and the step count start afresh
        log(f"starting from the policy {config.init}"
            + (" (the first network of the ensemble)" if init_ckpt.get("members") else ""))
    elif config.costmodel is not None:
        model = ActorCritic.from_costmodel(config.costmodel)
    else:
        model = ActorCritic()
    model.eval()
    optimizer = torch.optim.Adam(model.parameters(), lr=config.lr, eps=1e-5)
    history: list[dict] = []
    global_step, iteration = 0, 0
    if ckpt is not None:
        optimizer.load_state_dict(ckpt["optimizer"])
        for group in optimizer.param_groups:
            group["lr"] = config.lr
        history, global_step, iteration = ckpt["history"], ckpt["global_step"], ckpt["iteration"]
        log(f"resuming from {out} at step {global_step} (iteration {iteration})")
    if global_step >= config.steps:
        log(f"{out} has already trained {global_step} steps; raise --steps to train further")
        return history[-1] if history else {}

    def save(interrupted: bool = False) -> None:
        save_policy(model, out, config=asdict(config), optimizer=optimizer.state_dict(), global_step=global_step,
                    iteration=iteration, history=history, interrupted=interrupted)

    programs = tuple(corpus_programs(config.corpus))
    spec = EnvSpec(programs, config.reward, config.costmodel, config.store, config.toolchain, config.repeat,
                   config.timeout_s, config.max_steps, config.lazy_masks)
    # a resumed run draws other programs than the run it continues
    seed = config.seed + 7919 * global_step
    if config.ray is not None:
        rollouts = RayRollouts(spec, model.hparams, seed, config.workers, config.ray)
    elif config.workers == 1:
        rollouts = LocalRollouts(spec, model.hparams, seed)
    else:
        rollouts = ProcessRollouts(spec, model.hparams, seed, config.workers)
    trainlog = TrainLog(out, config.tensorboard, config.reward)
    progress = _Progress(config.progress and sys.stderr.isatty(), config.steps, global_step)
    log(f"training on {len(programs)} programs, {config.reward} reward, {config.workers} worker(s), "
        f"{config.steps - global_step} steps to go")
    interrupted = False
    try:
        while global_step < config.steps:
            started = time.monotonic()
            n = min(config.batch_size, config.steps - global_step)
            ent_coef = entropy_coefficient(global_step, config.steps, config.ent_coef)
            segments = rollouts.collect({k: v.detach().clone() for k, v in model.state_dict().items()}, n)
            rollout = Rollout.from_segments(segments, config.gamma, config.gae_lambda)
            generator = torch.Generator().manual_seed(config.seed * 100003 + iteration)
            stats = ppo_update(model, optimizer, rollout, config, ent_coef, generator)
            global_step += len(rollout)
            iteration += 1
            row = _row(iteration, global_step, rollout, stats, ent_coef, time.monotonic() - started)
            history.append(row)
            save()
            trainlog.iteration(row, history)
            progress.update(global_step, row)
            episodes = (f"mean reward {row['mean_return']:+.3f}  geomean speedup {row['geomean_speedup']:.3f}x"
                        if row["episodes"] else "no episode ended")
            hits = (f"  store hits {row['lookups'] - row['measured']}/{row['lookups']}" if row["lookups"] else "")
            log(f"iter {iteration}  steps {global_step}/{config.steps}  episodes {row['episodes']}  {episodes}  "
                f"entropy {row['entropy']:.3f}  kl {row['approx_kl']:.3f} ({row['update_epochs']:.1f} epochs)  "
                f"value loss {row['value_loss']:.4f}{hits}  "
                f"({row['steps_per_s']:.1f} steps/s)")
    except KeyboardInterrupt:
        interrupted = True
        save(interrupted=True)
        log(f"interrupted: checkpoint saved at step {global_step}; --resume continues from it")
    finally:
        progress.stop()
        rollouts.close()
        trainlog.close()
    for why in rollouts.skipped[:10]:
        log(f"  skipped program: {why}")
    log(f"policy: {out}  log: {csv_path(out)}  curve: {curve_path(out)}")
    last = dict(history[-1]) if history else {}
    last["interrupted"] = interrupted
    return last


class _Progress:
    """A rich progress bar of environment steps on stderr, or nothing."""

    def __init__(self, enabled: bool, total: int, done: int):
        self._bar = None
        if not enabled:
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self._bar = Progress(TextColumn("[bold]train"), BarColumn(), MofNCompleteColumn(),
                             TextColumn("reward {task.fields[reward]}"), TimeElapsedColumn(),
                             console=Console(stderr=True))
        self._bar.start()
        self._task = self._bar.add_task("train", total=total, completed=done, reward="-")

    def update(self, step: int, row: dict) -> None:
        if self._bar is not None:
            r = row["mean_return"]
            self._bar.update(self._task, completed=step, reward=f"{r:+.3f}" if math.isfinite(r) else "-")

    def stop(self) -> None:
        if self._bar is not None:
            self._bar.stop()
