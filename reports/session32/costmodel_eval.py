"""Session 32: cost models side by side on the test programs of one `polyrl pretrain` split.

Every model predicts the same test samples (the split's test programs, the labels of the
machines matching MACHINE, graphs from the pretrain run's graph cache); the figures are
those pretrain reports, within-program Spearman and nDCG@1 per (program, machine) group,
and Spearman over all test pairs.

    python costmodel_eval.py STORE SPLIT.pt GRAPHS.pt MACHINE MODEL.pt [MODEL.pt ...]

A MODEL may be a blend `A.pt+B.pt` (session 50): the geometric mean of the models' predicted times,
CostCheck's `blend` (polyrl.search.policy.shipped_models blends where FORMS_ALONE does not name the vendor).
"""
import sys

import numpy as np
import torch

from polyrl.model.costmodel import ndcg_at_1, read_store, spearman, spearman_within
from polyrl.search.policy import CostCheck


def main() -> None:
    store, split_from, graphs_path, machine, *models = sys.argv[1:]
    test = set(torch.load(split_from, weights_only=False)["split"]["test"])
    graphs = torch.load(graphs_path, weights_only=False)["graphs"]
    samples, what = read_store(store, machine)
    samples = [s for s in samples if s.program in test and (s.program, s.schedule) in graphs]
    seconds = np.array([s.seconds for s in samples])
    groups = [s.group for s in samples]
    print(f"{len(samples)} test samples, {len(set(groups))} (program, machine) groups, "
          f"{len({s.program for s in samples})} programs; {what}")
    batch = [graphs[(s.program, s.schedule)] for s in samples]
    for spec in models:
        first, *rest = spec.split("+")
        predicted = CostCheck(first, blend=rest).predict(batch)
        print(f"{spec:40s} within-program Spearman {spearman_within(predicted, seconds, groups):.3f}  "
              f"nDCG@1 {ndcg_at_1(predicted, seconds, groups):.3f}  Spearman, all pairs "
              f"{spearman(predicted, seconds):.3f}")


if __name__ == "__main__":
    main()
