"""polyrl.rl: the scheduling environment (Gymnasium API, 123 masked actions, rewards from
measurements or the cost model), PPO and its rollout workers, and `polyrl train`.

The model's layers are polyrl.model's (actor_critic, backbone). Importing this package is
cheap; the submodules import torch and islpy.
"""
