"""Write the shipped cost model's program split (session 10's run C) as a file that
`polyrl pretrain --split-from` and evaluate.py read: split_programs over the program hashes
of g8m that had samples then (all but the 2 whose originals gcc miscompiled), seed 0.

  python split_c.py g8m split-c.pt
"""
import sys

import torch

from polyrl.model.costmodel import CHECKPOINT_FORMAT, _hash_of, read_manifest, split_programs

corpus, out = sys.argv[1], sys.argv[2]
bad = {"prog_000076", "prog_000471"}  # baseline-miscompiled in session 10: no samples
hashes = [_hash_of(e) for e in read_manifest(corpus) if e.id not in bad]
split = split_programs(hashes, 0)
torch.save({"format": CHECKPOINT_FORMAT, "split": split}, out)
print({k: len(v) for k, v in split.items()}, "->", out)
