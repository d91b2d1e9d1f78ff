"""Rollout collection: environments stepped with the current policy, in this process or
in local worker processes, or in Ray actors (`--ray`), returning `Segment`s of consecutive
steps.

Owns the environment recipe that travels to workers (`EnvSpec`), the worker loop and
the collectors (`LocalRollouts`, `ProcessRollouts`, `RayRollouts`); not the PPO math
(polyrl.rl.ppo).
Each worker keeps its environment between collections, so an episode may span two
batches, as in CleanRL. Workers on one machine share a CoreGate (polyrl.measure.worker),
so measured rewards are never timed on cores another worker is using.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import signal
import traceback
from dataclasses import dataclass, field

import numpy as np
import torch
from torch_geometric.data import Data

from polyrl.errors import PolyrlError
from polyrl.model.actor_critic import ActorCritic
from polyrl.rl.actions import NUM_ACTIONS
from polyrl.rl.env import PolyEnv
from polyrl.rl.rewards import MeasuredRewarder, MixedRewarder, Rewarder, SurrogateRewarder
from polyrl.rl.state import ProgramSpec
from polyrl.runtime import MemoStore, Toolchain

REWARDS = ("measured", "surrogate", "mixed")


@dataclass(frozen=True)
class EnvSpec:
    """Everything a worker needs to build its environment; plain data."""

    programs: tuple[ProgramSpec, ...]
    reward: str = "surrogate"  # one of REWARDS
    costmodel: str | None = None  # checkpoint of the surrogate (surrogate, mixed)
    store: str | None = None  # memo store path
    toolchain: Toolchain = field(default_factory=Toolchain)
    repeat: int = 5
    timeout_s: float = 60.0
    max_steps: int = 20
    lazy_masks: bool = False  # see polyrl.rl.env: check legality of the sampled action only


def make_env(spec: EnvSpec, gate=None) -> PolyEnv:
    store = MemoStore(spec.store) if spec.store else None
    rewarder: Rewarder
    measured = MeasuredRewarder(spec.toolchain, store, spec.repeat, spec.timeout_s, gate)
    if spec.reward == "measured":
        rewarder = measured
    else:
        if spec.costmodel is None:
            raise ValueError(f"the {spec.reward} reward needs a cost-model checkpoint")
        surrogate = SurrogateRewarder.from_checkpoint(spec.costmodel)
        rewarder = surrogate if spec.reward == "surrogate" else MixedRewarder(surrogate, measured)
    return PolyEnv(rewarder, spec.programs, spec.max_steps, store, spec.toolchain, lazy_masks=spec.lazy_masks)


@dataclass
class Segment:
    """Consecutive steps of one environment under one policy. `dones[t]`: the episode
    ended with step t (terminated or truncated; a truncated schedule is final too, so
    nothing is bootstrapped past it). `last_value`: V of the observation after the last
    step, used when that step did not end an episode."""

    obs: list[Data]
    masks: np.ndarray  # bool [T, NUM_ACTIONS], the masks the actions were sampled under
    actions: np.ndarray  # int64 [T]
    logps: np.ndarray  # float32 [T]
    values: np.ndarray  # float32 [T]
    rewards: np.ndarray  # float32 [T]
    dones: np.ndarray  # float32 [T]
    last_value: float
    episodes: list[dict]  # finished episodes: program, schedule, return, final speedup, length
    lookups: int = 0  # measured speedups asked for during the segment
    measured: int = 0  # of those, the ones that were measured (no memo answered)


class RolloutWorker:
    """One environment and a copy of the policy."""

    def __init__(self, spec: EnvSpec, hparams: dict, seed: int, gate=None):
        self.env = make_env(spec, gate)
        # a step's graphs and forward passes hold one core, so they never run beside a timed run
        self.gate = gate
        self.model = ActorCritic(**hparams)
        self.model.eval()
        self.seed = seed
        self.obs: Data | None = None
        self.info: dict = {}
        self.length = 0

    def _measured_rewarder(self) -> MeasuredRewarder | None:
        r = self.env.rewarder
        if isinstance(r, MixedRewarder):
            r = r.measured
        return r if isinstance(r, MeasuredRewarder) else None

    def _core(self):
        return self.gate.hold(1) if self.gate is not None else contextlib.nullcontext()

    def collect(self, state_dict: dict, n_steps: int) -> Segment:
        self.model.load_state_dict(state_dict)
        measurer = self._measured_rewarder()
        before = (measurer.lookups, measurer.measured) if measurer is not None else (0, 0)
        if self.obs is None:
            with self._core():
                self.obs, self.info = self.env.reset(seed=self.seed)
            self.length = 0
        obs, masks, actions, logps, values, rewards, dones, episodes = [], [], [], [], [], [], [], []
        with torch.no_grad():
            for _ in range(n_steps):
                with self._core():
                    mask = torch.as_tensor(self.info["action_mask"]).reshape(1, NUM_ACTIONS)
                    dist, value = self.model.distribution(self.obs, mask)
                    action = dist.sample()
                    while not self.env.legal(int(action)):  # lazy masks: refused, so draw again without it
                        mask = mask.clone()
                        mask[0, int(action)] = False
                        dist, value = self.model.distribution(self.obs, mask)
                        action = dist.sample()
                    obs.append(self.obs)
                    masks.append(mask[0].numpy())
                    actions.append(int(action))
                    logps.append(float(dist.log_prob(action)))
                    values.append(float(value))
                    self.obs, reward, terminated, truncated, self.info = self.env.step(int(action))
                    self.length += 1
                    rewards.append(reward)
                    dones.append(float(terminated or truncated))
                    if terminated or truncated:
                        episodes.append({"program": self.info["program"], "schedule": self.info["schedule"],
                                         "return": self.info["episode_return"],
                                         "speedup": self.info["final_speedup"], "length": self.length})
                        self.obs, self.info = self.env.reset()
                        self.length = 0
            last_value = 0.0
            if not dones[-1]:
                _, v = self.model.distribution(self.obs, torch.as_tensor(self.info["action_mask"]).reshape(1, -1))
                last_value = float(v)
        after = (measurer.lookups, measurer.measured) if measurer is not None else (0, 0)
        return Segment(obs, np.stack(masks), np.array(actions, dtype=np.int64), np.array(logps, dtype=np.float32),
                       np.array(values, dtype=np.float32), np.array(rewards, dtype=np.float32),
                       np.array(dones, dtype=np.float32), last_value, episodes,
                       after[0] - before[0], after[1] - before[1])


def _split(n_steps: int, workers: int) -> list[int]:
    base, extra = divmod(n_steps, workers)
    return [base + (k < extra) for k in range(workers)]


class LocalRollouts:
    """One worker in this process."""

    def __init__(self, spec: EnvSpec, hparams: dict, seed: int):
        self.worker = RolloutWorker(spec, hparams, seed)

    @property
    def skipped(self) -> list[str]:
        return self.worker.env.skipped

    def collect(self, state_dict: dict, n_steps: int) -> list[Segment]:
        return [self.worker.collect(state_dict, n_steps)]

    def close(self) -> None:
        pass


def _worker_main(conn, spec: EnvSpec, hparams: dict, seed: int, gate) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the driver's to handle
    torch.set_num_threads(1)  # several workers share the cores
    torch.manual_seed(seed)
    try:
        worker = RolloutWorker(spec, hparams, seed, gate)
        conn.send(("ready", None))
        while True:
            msg = conn.recv()
            if msg[0] == "close":
                break
            _, state_dict, n = msg
            conn.send(("segment", (worker.collect(state_dict, n), list(worker.env.skipped))))
    except PolyrlError as e:  # the user's to fix: the driver raises it as such
        conn.send(("user-error", str(e)))
    except Exception as e:  # our bug: the driver re-raises it with the worker's traceback
        conn.send(("error", f"{type(e).__name__}: {e}\n{traceback.format_exc()}"))
    finally:
        conn.close()


class ProcessRollouts:
    """`workers` local processes (spawned: torch and isl do not survive fork well), each
    with its environment; a batch of n steps is split evenly between them."""

    def __init__(self, spec: EnvSpec, hparams: dict, seed: int, workers: int):
        from polyrl.measure.gate import CoreGate

        ctx = mp.get_context("spawn")
        gate = CoreGate(os.cpu_count() or 1, ctx) if spec.reward != "surrogate" else None
        self.conns, self.procs = [], []
        self._skipped: list[str] = []
        for k in range(workers):
            parent, child = ctx.Pipe()
            p = ctx.Process(target=_worker_main, args=(child, spec, hparams, seed + 1000 * k, gate), daemon=True)
            p.start()
            child.close()
            self.conns.append(parent)
            self.procs.append(p)
        for conn in self.conns:
            kind, payload = self._receive(conn)
            if kind != "ready":
                self.close()
                self._raise(kind, payload)

    @staticmethod
    def _receive(conn) -> tuple[str, object]:
        try:
            return conn.recv()
        except EOFError:
            return "error", "the worker process died"

    @staticmethod
    def _raise(kind: str, payload: object) -> None:
        if kind == "user-error":
            raise PolyrlError(str(payload))
        raise RuntimeError(f"a rollout worker failed: {payload}")

    @property
    def skipped(self) -> list[str]:
        return self._skipped

    def collect(self, state_dict: dict, n_steps: int) -> list[Segment]:
        shares = _split(n_steps, len(self.conns))
        for conn, n in zip(self.conns, shares, strict=True):
            if n:
                conn.send(("collect", state_dict, n))
        segments = []
        for conn, n in zip(self.conns, shares, strict=True):
            if not n:
                continue
            kind, payload = self._receive(conn)
            if kind != "segment":
                self._raise(kind, payload)
            segment, skipped = payload
            segments.append(segment)
            self._skipped.extend(s for s in skipped if s not in self._skipped)
        return segments

    def close(self) -> None:
        for conn in self.conns:
            try:
                conn.send(("close",))
            except (BrokenPipeError, OSError):
                pass
        for p in self.procs:
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()
                p.join(timeout=5)


class _RayWorker:
    """The body of a Ray actor: one RolloutWorker, kept between collections."""

    def __init__(self, spec: EnvSpec, hparams: dict, seed: int):
        torch.set_num_threads(1)
        torch.manual_seed(seed)
        self.worker = RolloutWorker(spec, hparams, seed)

    def collect(self, state_dict: dict, n_steps: int) -> tuple[Segment, list[str]]:
        return self.worker.collect(state_dict, n_steps), list(self.worker.env.skipped)


class RayRollouts:
    """`workers` Ray actors (one CPU each) on the cluster at `address`, or on a Ray started
    here for `address == "local"`. Every actor opens the memo store at `spec.store`, so on a
    cluster it must be a path all nodes share (SQLite WAL on one machine's disk; the
    surrogate reward needs no store hits); the cost model checkpoint likewise."""

    def __init__(self, spec: EnvSpec, hparams: dict, seed: int, workers: int, address: str = "local"):
        try:
            import ray
        except ImportError:
            raise PolyrlError("--ray needs Ray: pip install 'polyrl[ray]'") from None
        self.ray = ray
        self._started = not ray.is_initialized()
        if self._started:
            try:
                if address == "local":
                    ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
                else:
                    ray.init(address=address, log_to_driver=False)
            except (ConnectionError, RuntimeError, ValueError) as e:
                raise PolyrlError(f"cannot connect to the Ray cluster at {address}: {e}") from None
        actor = ray.remote(num_cpus=1)(_RayWorker)
        self.actors = [actor.remote(spec, hparams, seed + 1000 * k) for k in range(workers)]
        self._skipped: list[str] = []

    @property
    def skipped(self) -> list[str]:
        return self._skipped

    def collect(self, state_dict: dict, n_steps: int) -> list[Segment]:
        weights = self.ray.put(state_dict)  # sent once, shared by the actors of a node
        shares = _split(n_steps, len(self.actors))
        refs = [a.collect.remote(weights, n) for a, n in zip(self.actors, shares, strict=True) if n]
        segments = []
        for ref in refs:
            try:
                segment, skipped = self.ray.get(ref)
            except self.ray.exceptions.RayTaskError as e:
                if isinstance(e.cause, PolyrlError):
                    raise PolyrlError(str(e.cause)) from None
                raise RuntimeError(f"a rollout actor failed: {e}") from None
            segments.append(segment)
            self._skipped.extend(x for x in skipped if x not in self._skipped)
        return segments

    def close(self) -> None:
        for a in self.actors:
            try:
                self.ray.kill(a)
            except Exception:
                pass
        if self._started:
            self.ray.shutdown()
