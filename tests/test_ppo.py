"""PPO (polyrl.rl.ppo): the loss pieces on hand-computed values, the stored masks, one
update, rollout workers, and a tiny `polyrl train` run that checkpoints and resumes."""

from __future__ import annotations

import csv
import math
import shutil
from pathlib import Path

import numpy as np
import pytest
import torch
from torch_geometric.data import Batch

from polyrl.cli import main
from polyrl.errors import PolyrlError
from polyrl.model.actor_critic import NUM_ACTIONS, ActorCritic, MaskedCategorical
from polyrl.model.costmodel import CHECKPOINT_FORMAT, CHECKPOINT_VERSION, FEATURES_KEY, CostModel
from polyrl.rl.checkpoint import load_policy
from polyrl.rl.ppo import (
    Rollout,
    TrainConfig,
    clipped_surrogate_loss,
    compute_gae,
    entropy_coefficient,
    evaluate,
    ppo_update,
    value_loss,
)
from polyrl.rl.rollout import EnvSpec, LocalRollouts, ProcessRollouts, RayRollouts
from polyrl.rl.state import ProgramSpec
from polyrl.rl.trainlog import COLUMNS, csv_path, curve_path
from polyrl.runtime import Toolchain
from polyrl.search import save_policy

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "datasets" / "corpus-sample"


@pytest.fixture(scope="module", autouse=True)
def one_thread():
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.fixture(scope="module")
def costmodel(tmp_path_factory) -> Path:
    torch.manual_seed(0)
    m = CostModel()
    path = tmp_path_factory.mktemp("cm") / "costmodel.pt"
    torch.save({"format": CHECKPOINT_FORMAT, "version": CHECKPOINT_VERSION, "features": FEATURES_KEY,
                "hparams": m.hparams, "model": m.state_dict(), "best_model": None,
                "target": {"mean": -8.0, "std": 1.5}}, path)
    return path


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """Two small generated programs (one and two branches), no manifest: the .c files count."""
    d = tmp_path_factory.mktemp("corpus")
    for name in ("prog_000007.c", "prog_000004.c"):
        shutil.copy(SAMPLE / name, d / name)
    return d


# ---------------------------------------------------------------- the loss pieces, by hand


def test_gae_on_a_three_step_trajectory_with_a_terminal():
    rewards = np.array([1.0, 0.0, 2.0], dtype=np.float32)
    values = np.array([0.5, 0.4, 0.3], dtype=np.float32)
    dones = np.array([0.0, 1.0, 0.0], dtype=np.float32)  # the episode ends with step 1
    adv, ret = compute_gae(rewards, values, dones, last_value=0.6, gamma=0.9, lam=0.8)
    # t=2: delta = 2 + 0.9 * 0.6 - 0.3 = 2.24                   (bootstraps from last_value)
    # t=1: delta = 0 - 0.4 = -0.4, nothing flows back across the episode's end
    # t=0: delta = 1 + 0.9 * 0.4 - 0.5 = 0.86; A = 0.86 + 0.9 * 0.8 * (-0.4) = 0.572
    assert adv == pytest.approx([0.572, -0.4, 2.24], abs=1e-6)
    assert ret == pytest.approx([1.072, 0.0, 2.54], abs=1e-6)
    # the seed paper's gamma and lambda on the same steps
    adv, _ = compute_gae(rewards, values, dones, 0.6, 0.99, 0.95)
    assert adv[0] == pytest.approx((1 + 0.99 * 0.4 - 0.5) + 0.99 * 0.95 * (-0.4), abs=1e-6)


def test_clipped_surrogate_inside_and_outside_the_clip_range():
    adv = torch.tensor([1.0, -2.0])
    # inside [0.7, 1.3]: the plain surrogate -A * r: (-1.1 + 2.4) / 2
    assert clipped_surrogate_loss(torch.tensor([1.1, 1.2]), adv, 0.3).item() == pytest.approx(0.65)
    # outside: r = 1.5 with A = 1 is clipped to 1.3 (-1.3, the max of -1.5 and -1.3);
    # r = 1.5 with A = -2 keeps the unclipped, worse 3.0 (max of 3.0 and 2.6): (-1.3 + 3.0) / 2
    assert clipped_surrogate_loss(torch.tensor([1.5, 1.5]), adv, 0.3).item() == pytest.approx(0.85)
    # r = 0.5: A = 1 keeps -0.5 (max of -0.5, -0.7); A = -2 is clipped to 0.7 * 2 = 1.4: (-0.5 + 1.4) / 2
    assert clipped_surrogate_loss(torch.tensor([0.5, 0.5]), adv, 0.3).item() == pytest.approx(0.45)


def test_value_loss():
    assert value_loss(torch.tensor([1.0, 2.0]), torch.tensor([0.0, 4.0])).item() == pytest.approx(0.5 * (1 + 4) / 2)


def test_entropy_of_a_masked_distribution_and_zero_probabilities():
    logits = torch.log(torch.tensor([[1.0, 2.0, 50.0, 1.0]]))
    mask = torch.tensor([[True, True, False, True]])
    dist = MaskedCategorical(logits, mask)
    assert dist.probs[0].tolist() == pytest.approx([0.25, 0.5, 0.0, 0.25])
    assert dist.probs[0, 2].item() == 0.0  # exactly
    assert dist.entropy().item() == pytest.approx(-(2 * 0.25 * math.log(0.25) + 0.5 * math.log(0.5)))
    uniform = MaskedCategorical(torch.zeros(1, NUM_ACTIONS), torch.arange(NUM_ACTIONS).reshape(1, -1) % 4 == 0)
    assert uniform.entropy().item() == pytest.approx(math.log((NUM_ACTIONS + 3) // 4))
    assert int((uniform.probs > 0).sum()) == (NUM_ACTIONS + 3) // 4


def test_entropy_coefficient_decays_linearly_to_zero():
    assert entropy_coefficient(0, 1000, 0.1) == pytest.approx(0.1)
    assert entropy_coefficient(250, 1000, 0.1) == pytest.approx(0.075)
    assert entropy_coefficient(1000, 1000, 0.1) == 0.0
    assert entropy_coefficient(2000, 1000, 0.1) == 0.0


# ---------------------------------------------------------------- rollouts and updates


@pytest.mark.parametrize("lazy", [False, True])
def test_rollout_keeps_the_masks_and_an_update_starts_at_ratio_one(costmodel, corpus, lazy):
    torch.manual_seed(0)
    model = ActorCritic()
    spec = EnvSpec(tuple(ProgramSpec(str(p)) for p in sorted(corpus.glob("*.c"))), "surrogate", str(costmodel),
                   lazy_masks=lazy)
    rollouts = LocalRollouts(spec, model.hparams, seed=0)
    segments = rollouts.collect(model.state_dict(), 12)
    seg = segments[0]
    assert seg.masks.shape == (12, NUM_ACTIONS) and seg.masks.dtype == np.bool_
    assert all(seg.masks[t, a] for t, a in enumerate(seg.actions))  # sampled under its mask
    rollout = Rollout.from_segments(segments, 0.99, 0.95)
    assert len(rollout) == 12 and torch.equal(rollout.masks, torch.as_tensor(seg.masks))
    with torch.no_grad():
        dist, values = evaluate(model, rollout, torch.arange(12))
        # the same weights under the same stored masks: the ratio starts at exactly 1
        assert torch.allclose(dist.log_prob(rollout.actions), rollout.logps, atol=1e-5)
        assert torch.allclose(values, rollout.values, atol=1e-5)
        assert torch.all(dist.probs[~rollout.masks] == 0)
    # a target KL stops the update: the first minibatch starts at KL 0 and takes its step,
    # the next sees the moved policy (KL > 1.5 x 1e-9) and ends the update there
    tight = TrainConfig(corpus=str(corpus), minibatch_size=4, epochs=2, target_kl=1e-9)
    before = [p.detach().clone() for p in model.parameters()]
    before_state = {k: v.clone() for k, v in model.state_dict().items()}
    stats = ppo_update(model, torch.optim.Adam(model.parameters(), lr=1e-3), rollout, tight, 0.05,
                       torch.Generator().manual_seed(0))
    assert stats["update_epochs"] == pytest.approx(1 / 3)  # 1 of 3 minibatches of 4
    assert stats["approx_kl"] == 0.0 and math.isfinite(stats["policy_loss"])
    # one minibatch per pass: the first pass steps, the second stops before its first
    # step; the stats are the first pass's (they were NaN once)
    whole = TrainConfig(corpus=str(corpus), minibatch_size=12, epochs=2, target_kl=1e-9)
    fresh = ActorCritic(**model.hparams)
    fresh.load_state_dict(before_state)
    stats = ppo_update(fresh, torch.optim.Adam(fresh.parameters(), lr=1e-3), rollout, whole, 0.05,
                       torch.Generator().manual_seed(0))
    assert stats["update_epochs"] == 1.0
    assert stats["approx_kl"] == 0.0 and math.isfinite(stats["entropy"]) and math.isfinite(stats["value_loss"])
    assert any(not torch.equal(a, b) for a, b in zip(before, model.parameters(), strict=True))
    # without one, every epoch runs
    config = TrainConfig(corpus=str(corpus), minibatch_size=4, epochs=2)
    before = [p.detach().clone() for p in model.parameters()]
    stats = ppo_update(model, torch.optim.Adam(model.parameters(), lr=1e-3), rollout, config, 0.05,
                       torch.Generator().manual_seed(0))
    assert all(math.isfinite(stats[k]) for k in ("policy_loss", "value_loss", "entropy", "approx_kl"))
    assert stats["update_epochs"] == 2.0
    assert any(not torch.equal(a, b) for a, b in zip(before, model.parameters(), strict=True))


def test_process_rollouts_collect_from_worker_processes(costmodel, corpus):
    torch.manual_seed(0)
    model = ActorCritic()
    spec = EnvSpec((ProgramSpec(str(corpus / "prog_000007.c")),), "surrogate", str(costmodel))
    rollouts = ProcessRollouts(spec, model.hparams, seed=0, workers=2)
    try:
        segments = rollouts.collect(model.state_dict(), 7)
    finally:
        rollouts.close()
    assert sorted(len(s.obs) for s in segments) == [3, 4]
    batch = Batch.from_data_list([o for s in segments for o in s.obs])
    assert batch.num_graphs == 7


def test_process_rollouts_measure_inside_a_step_under_the_core_gate(costmodel, corpus, tmp_path):
    # mixed reward: each worker's steps hold one core of the gate and their final-state
    # measurements two (all of a 2-core gate) inside it; both workers finish their episodes
    torch.manual_seed(0)
    model = ActorCritic()
    spec = EnvSpec((ProgramSpec(str(corpus / "prog_000007.c")),), "mixed", str(costmodel),
                   str(tmp_path / "s.sqlite"), Toolchain(threads=2), repeat=1, timeout_s=30, max_steps=2,
                   lazy_masks=True)
    rollouts = ProcessRollouts(spec, model.hparams, seed=0, workers=2)
    try:
        segments = rollouts.collect(model.state_dict(), 4)
    finally:
        rollouts.close()
    episodes = [e for s in segments for e in s.episodes]
    assert len(episodes) == 2 and all(e["speedup"] > 0 for e in episodes)


def test_ray_rollouts_collect_from_actors(costmodel, corpus):
    pytest.importorskip("ray")
    torch.manual_seed(0)
    model = ActorCritic()
    spec = EnvSpec((ProgramSpec(str(corpus / "prog_000007.c")),), "surrogate", str(costmodel))
    rollouts = RayRollouts(spec, model.hparams, seed=0, workers=2, address="local")
    try:
        segments = rollouts.collect(model.state_dict(), 5)
    finally:
        rollouts.close()
    assert sorted(len(s.obs) for s in segments) == [2, 3]
    for s in segments:  # every sampled action was allowed by the mask it was sampled under
        assert all(s.masks[t, a] for t, a in enumerate(s.actions))


# ---------------------------------------------------------------- polyrl train


def test_train_writes_checkpoint_csv_png_and_resumes(costmodel, corpus, tmp_path, capsys):
    out = tmp_path / "policy.pt"
    args = ["train", "--corpus", str(corpus), "--store", str(tmp_path / "store.sqlite"), "--out", str(out),
            "--reward", "surrogate", "--costmodel", str(costmodel), "--batch-size", "32", "--minibatch-size", "16",
            "--epochs", "1", "--max-steps", "8"]
    assert main(args + ["--steps", "64"]) == 0
    model, ckpt = load_policy(out)
    assert ckpt["global_step"] == 64 and ckpt["iteration"] == 2 and len(ckpt["history"]) == 2
    assert ckpt["config"]["costmodel"] == str(costmodel) and model.hparams["num_actions"] == NUM_ACTIONS
    rows = list(csv.DictReader(open(csv_path(out))))
    assert [int(r["global_step"]) for r in rows] == [32, 64] and tuple(rows[0]) == COLUMNS
    assert float(rows[0]["ent_coef"]) == pytest.approx(0.1) and float(rows[1]["ent_coef"]) == pytest.approx(0.05)
    assert curve_path(out).stat().st_size > 0

    assert main(args + ["--steps", "96", "--resume"]) == 0
    _, ckpt = load_policy(out)
    assert ckpt["global_step"] == 96 and len(ckpt["history"]) == 3
    assert [int(r["global_step"]) for r in csv.DictReader(open(csv_path(out)))] == [32, 64, 96]
    assert "resuming from" in capsys.readouterr().err


def test_train_starts_from_a_policy_with_init(costmodel, corpus, tmp_path, capsys):
    torch.manual_seed(3)
    start = save_policy(ActorCritic(), tmp_path / "start.pt", max_steps=8)
    out = tmp_path / "policy.pt"
    args = ["train", "--corpus", str(corpus), "--store", str(tmp_path / "store.sqlite"), "--out", str(out),
            "--reward", "surrogate", "--costmodel", str(costmodel), "--batch-size", "8", "--minibatch-size", "8",
            "--epochs", "1", "--max-steps", "8", "--steps", "8", "--lr", "0"]
    assert main([*args, "--init", str(start)]) == 0
    # with a zero learning rate the run's weights are exactly the starting policy's
    trained, _ = load_policy(out)
    initial, _ = load_policy(start)
    assert all(torch.equal(a, b) for a, b in zip(trained.state_dict().values(), initial.state_dict().values(),
                                                 strict=True))
    assert "starting from the policy" in capsys.readouterr().err
    # without --init the same run starts from the cost model: other weights
    assert main(args) == 0
    fresh, _ = load_policy(out)
    assert not torch.equal(fresh.policy[-1].weight, initial.policy[-1].weight)
    assert main([*args, "--init", str(start), "--resume"]) == 2
    assert main([*args, "--init", str(tmp_path / "missing.pt")]) == 2
    assert "not both" in capsys.readouterr().err


def test_train_refuses_what_it_cannot_do(costmodel, corpus, tmp_path, capsys):
    base = ["train", "--corpus", str(corpus), "--out", str(tmp_path / "p.pt")]
    assert main(base + ["--steps", "8"]) == 2  # no --store
    assert main(base + ["--store", str(tmp_path / "s.sqlite"), "--steps", "8"]) == 2  # surrogate without --costmodel
    assert main(base + ["--store", str(tmp_path / "s.sqlite"), "--resume", "--reward", "measured"]) == 2
    err = capsys.readouterr().err
    assert "--store" in err and "--costmodel" in err and "no checkpoint" in err
    (tmp_path / "junk.pt").write_bytes(b"not a checkpoint")
    with pytest.raises(PolyrlError):
        load_policy(tmp_path / "junk.pt")
