"""The policy checkpoint: the one module that writes, reads and versions it.

A policy checkpoint is a `torch.save`d dict:

    format    "polyrl-policy"            (FORMAT; anything else is refused)
    version   1                          (VERSION)
    features  the feature layout's key   (polyrl.model.costmodel.FEATURES_KEY)
    actions   the action table's texts   (an older, shorter table is widened on reading)
    hparams   the ActorCritic's keyword arguments
    model     its state dict
    config    at least {"max_steps": n}: where the policy's episodes end
    members   optional: state dicts of further networks of the same shape (an ensemble)

plus what its writer adds: `polyrl train` its optimizer, step counts and history (it
resumes from them), `polyrl distill` its figures, `polyrl ensemble` its sources. Writes
are atomic (a temporary file, then a rename), so Ctrl-C never leaves half a checkpoint.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import torch

from polyrl.errors import PolyrlError
from polyrl.model.actor_critic import ActorCritic
from polyrl.model.costmodel import FEATURES_KEY
from polyrl.model.files import read_torch_file
from polyrl.rl.actions import ACTION_TEXTS, NUM_ACTIONS, widen_head

FORMAT = "polyrl-policy"
VERSION = 1
DEFAULT_MAX_STEPS = 20  # polyrl train's default, for checkpoints that do not say


def is_policy_checkpoint(obj: object) -> bool:
    """Whether a loaded file is a policy checkpoint (rather than, say, a cost model)."""
    return isinstance(obj, dict) and obj.get("format") == FORMAT


def save_policy(model: ActorCritic, path: str | Path, max_steps: int = DEFAULT_MAX_STEPS,
                members: Sequence[ActorCritic] = (), config: dict | None = None, **extra) -> Path:
    """Write `model` as a policy checkpoint, atomically. `members`: further networks of the
    same shape; with them the checkpoint is an ensemble whose "model" is its first member
    (the one `--init` takes). `config` (default {"max_steps": max_steps}) must give
    max_steps; `extra` entries are stored beside the rest."""
    if model.hparams["num_actions"] != NUM_ACTIONS:
        raise ValueError(f"the model has {model.hparams['num_actions']} actions, the action table {NUM_ACTIONS}")
    if any(m.hparams != model.hparams for m in members):
        raise ValueError("the policies have different network shapes (hyper-parameters); they cannot be averaged")
    if members:
        extra["members"] = [m.state_dict() for m in members]
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    torch.save({"format": FORMAT, "version": VERSION, "features": FEATURES_KEY, "actions": ACTION_TEXTS,
                "hparams": model.hparams, "model": model.state_dict(),
                "config": config if config is not None else {"max_steps": max_steps}, **extra}, tmp)
    os.replace(tmp, path)
    return path


def load_policy(path: str | Path) -> tuple[ActorCritic, dict]:
    """A policy checkpoint's network (eval mode) and the whole checkpoint; a file that is
    not a policy checkpoint of this feature layout and action table raises PolyrlError."""
    ckpt = read_torch_file(path, "policy checkpoint")
    if not is_policy_checkpoint(ckpt):
        raise PolyrlError("not a polyrl policy checkpoint", str(path))
    texts = tuple(ckpt.get("actions", ()))
    if ckpt.get("features") != FEATURES_KEY or not set(texts) <= set(ACTION_TEXTS):
        raise PolyrlError("the policy was trained with another feature layout or action table", str(path))
    if texts != ACTION_TEXTS:  # an earlier table (before the macro actions): widen the head
        try:
            ckpt = {**ckpt, "model": widen_head(ckpt["model"], texts),
                    "members": [widen_head(m, texts) for m in ckpt.get("members") or ()],
                    "hparams": {**ckpt["hparams"], "num_actions": NUM_ACTIONS}, "actions": ACTION_TEXTS,
                    "widened_from": len(texts)}
        except (ValueError, KeyError) as e:
            raise PolyrlError(f"the policy's head does not fit its action table ({e})", str(path)) from None
    model = _network(ckpt["hparams"], ckpt["model"], path, "the policy")
    return model, ckpt


def ensemble_members(ckpt: dict, path: str | Path) -> list[ActorCritic]:
    """The further networks of an ensemble checkpoint read by `load_policy` (none for one network)."""
    return [_network(ckpt["hparams"], state, path, "a member of the ensemble") for state in ckpt.get("members") or ()]


def max_steps_of(ckpt: dict) -> int:
    """Where the checkpoint's episodes end (DEFAULT_MAX_STEPS when it does not say)."""
    return int((ckpt.get("config") or {}).get("max_steps") or DEFAULT_MAX_STEPS)


def _network(hparams: dict, state: dict, path: str | Path, what: str) -> ActorCritic:
    model = ActorCritic(**hparams)
    try:
        model.load_state_dict(state)
    except (RuntimeError, TypeError, AttributeError) as e:
        raise PolyrlError(f"{what} does not load ({e})", str(path)) from None
    model.eval()
    return model
