"""Session 79: per shipped weights file, how many node-feature columns sit at the input scaling's floor (constant in
the data of the model's first training, so any other value reaches the network as a thousand standard deviations),
and how many columns the record of columns seen leaves to be read at their mean (the files hold no x_seen of their
own: GraphBackbone loads them with their scaling's columns plus seen-columns.json).
  .venv/bin/python reports/session79/floor79.py"""
import glob

import torch

from polyrl.model.backbone import STD_FLOOR, reference_seen
from polyrl.model.features import NODE_FEATURES


def scaling(saved: dict):
    """The first backbone.x_std in a checkpoint (at its top or one level down)."""
    for k, v in saved.items():
        if isinstance(k, str) and k.endswith("backbone.x_std"):
            return v
    for v in saved.values():
        if isinstance(v, dict) and (found := scaling(v)) is not None:
            return found
    return None


for path in sorted(glob.glob("polyrl/model/weights/*.pt")):
    std = scaling(torch.load(path, weights_only=False))
    floor = std <= STD_FLOOR * 1.0001
    seen = (std > STD_FLOOR) | reference_seen(NODE_FEATURES)
    print(f"{path.split('/')[-1]:36s} at the floor {int(floor.sum()):3d}, read at their mean {int((~seen).sum()):3d}")
