"""Fingerprints of what polyrl decides and writes for every PolyBench kernel, for checking
that a refactoring changed no behaviour.

For each kernel and size it prints one line per fact: the original program's graph and the
shipped policy's logits on it (hashes of the tensors' bytes), the policy's greedy schedule,
the working-set report, every macro schedule, and the generated region of each of those
schedules (a hash of the C text). Run it before and after a change and diff the outputs:

    .venv/bin/python scripts/identity_check.py --datasets MEDIUM,LARGE > before.txt
    ... change ...
    .venv/bin/python scripts/identity_check.py --datasets MEDIUM,LARGE > after.txt
    diff before.txt after.txt && echo identical
"""
from __future__ import annotations

import argparse
import hashlib
import sys

import torch

from polyrl.bench.suite import discover, resolve_suite, select
from polyrl.codegen import region_text
from polyrl.model.features import program_graph
from polyrl.poly.legality import apply_schedule
from polyrl.poly.macros import PROFILES, macro_schedule
from polyrl.poly.workingset import working_sets
from polyrl.poly.workingset_report import format_report
from polyrl.rl.state import GraphCache, LoadedProgram
from polyrl.search.policy import Policy


def digest(*parts: bytes | str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else p.encode())
    return h.hexdigest()[:16]


def tensor_bytes(t: torch.Tensor) -> bytes:
    return t.detach().contiguous().cpu().numpy().tobytes()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--datasets", default="MEDIUM,LARGE", help="PolyBench sizes, comma-separated")
    ap.add_argument("--kernels", default="", help="comma-separated kernel names (default: all)")
    args = ap.parse_args()
    kernels = discover(resolve_suite("polybench")[1])
    if args.kernels:
        kernels = select(kernels, args.kernels.split(","))
    policy = Policy.load()
    cache = GraphCache()
    out = sys.stdout
    for dataset in args.datasets.split(","):
        for kernel in kernels:
            tag = f"{dataset} {kernel.name}"
            program = kernel.load(dataset)
            model = program.model
            graph = program_graph(program.scop, model.original)
            print(tag, "graph", digest(tensor_bytes(graph.x), tensor_bytes(graph.edge_index),
                                       tensor_bytes(graph.edge_attr)), file=out)
            lp = LoadedProgram.of(program)
            obs = cache.observation(lp, "", model.original, model.original.branches()[0])
            with torch.no_grad():
                print(tag, "logits", digest(tensor_bytes(policy.logits(obs))), file=out)
            print(tag, "workingset", digest(format_report(program.scop, working_sets(program.scop, model.original))), file=out)
            schedules = {"policy": policy.greedy(lp).schedule}
            for profile in PROFILES:
                schedules[f"macro:{profile.name}"] = macro_schedule(model, profile)
            for name, schedule in schedules.items():
                nest = apply_schedule(model, schedule)
                print(tag, name, schedule, digest(region_text(model, nest, "auto")), file=out, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
