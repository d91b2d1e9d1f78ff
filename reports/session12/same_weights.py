"""Are two policy checkpoints' networks bitwise identical?  python same_weights.py A.pt B.pt"""
import sys
import torch
a, b = (torch.load(p, weights_only=False)["model"] for p in sys.argv[1:3])
same = a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
print(f"{len(a)} tensors, {'bitwise identical' if same else 'different'}")
