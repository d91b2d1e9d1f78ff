"""Session 79: the columns of the program graphs that generated programs make vary, for the shipped models' record
of the inputs they were taught (polyrl/model/weights/seen-columns.json). Two sources, both generated programs only:
the graphs of the Zen 1 fine-tunes' training labels (every schedule the pipeline and the policy wrote, cached by
`polyrl pretrain` in sessions 76-78), and the original loops of a broad generated corpus (every pattern weighted on,
with scalars, BLAS order, divisions and deep time loops; MEDIUM and scale 128 sizes).
  .venv/bin/python reports/session79/reference79.py corpus OUT_DIR          # generate + graph the broad corpus
  .venv/bin/python reports/session79/reference79.py columns CACHE ... --corpus OUT_DIR > polyrl/model/weights/seen-columns.json"""
import json
import subprocess
import sys
import time
from pathlib import Path

import torch

WEIGHTS = ("elementwise=1,broadcast=1,reduction=1,contraction=1,stencil_jacobi=1,stencil_seidel=1,transpose=1,"
           "skewed=1,triangular=1,imperfect=1,triangular_update=1,pivot_update=1,scalar_temp=1,scalars=0.5,"
           "blas_order=0.3,ops=0.3,time_steps=40")
SEED = 901  # far from every labelled seed (odd: a training seed, never a held-out one)


def corpus(out: Path) -> None:
    from polyrl.api import load
    from polyrl.model.features import program_graph

    for name, scale in (("medium", None), ("scale128", "128")):
        d = out / name
        if not d.is_dir():
            cmd = [".venv/bin/polyrl", "generate", "--count", "600", "--seed", str(SEED), "--out", str(d),
                   "--weights", WEIGHTS]
            subprocess.run(cmd + (["--scale", scale] if scale else ["--scale", "0.05"]), check=True)
    lo = hi = None
    n, start = 0, time.monotonic()
    for c in sorted(out.glob("*/prog_*.c")):
        try:
            x = program_graph(load(c).scop).x
        except Exception as e:  # noqa: BLE001
            print(c, "skipped:", str(e)[:100], flush=True)
            continue
        a, b = x.min(0).values, x.max(0).values
        lo = a if lo is None else torch.minimum(lo, a)
        hi = b if hi is None else torch.maximum(hi, b)
        n += 1
        if n % 100 == 0:
            print(n, f"{time.monotonic() - start:.0f}s", flush=True)
    torch.save({"lo": lo, "hi": hi, "programs": n}, out / "range.pt")
    print(n, "programs graphed")


def columns(caches: list[str], out: Path) -> list[int]:
    from polyrl.model.features import BLOCK

    saved = torch.load(out / "range.pt")
    lo, hi = saved["lo"], saved["hi"]
    graphs = 0
    for path in caches:
        for g in torch.load(path, weights_only=False)["graphs"].values():
            lo, hi = torch.minimum(lo, g.x.min(0).values), torch.maximum(hi, g.x.max(0).values)
            graphs += 1
    cols = set((hi > lo).nonzero().flatten().tolist())
    print(f"{saved['programs']} generated programs' original loops and {graphs} training graphs: {len(cols)} of "
          f"{lo.numel()} columns vary", file=sys.stderr)
    # the policy's observations tag the branch it works on; no cost model's graph does
    cols |= set(range(BLOCK["loop.focus"].start, BLOCK["loop.focus"].stop))
    return sorted(cols)


MADE_BY = ("reports/session79/reference79.py (session 79): the node-feature columns that vary over the cached "
           "training graphs of the Zen 1 fine-tunes Z76, Z77 and Z79 (31,638 graphs: every schedule of the "
           "pipeline and the policy on generated training programs) and the original loops of 1,200 generated "
           "programs (seed 901, every pattern weighted on, scalars, BLAS order, divisions, time loops up to 40 "
           "steps; MEDIUM-like and scale-128 sizes). Weights saved without their own x_seen read these, and "
           "the columns their input scaling saw vary. Plus loop.focus, which only the policy's observations set "
           "(the branch it works on: polyrl.rl.state.GraphCache.observation); the cost models' graphs never tag it.")


def record(cols: list[int]) -> str:
    """seen-columns.json's text."""
    from polyrl.model.costmodel import FEATURES_KEY
    from polyrl.model.features import NODE_FEATURES

    text = (f'{{\n"width": {NODE_FEATURES},\n"features": "{FEATURES_KEY}",\n"made_by": {json.dumps(MADE_BY)},\n'
            f'"columns": {json.dumps(cols)}\n}}\n')
    json.loads(text)
    return text


if __name__ == "__main__":
    if sys.argv[1] == "corpus":
        corpus(Path(sys.argv[2]))
    else:
        i = sys.argv.index("--corpus")
        sys.stdout.write(record(columns(sys.argv[2:i], Path(sys.argv[i + 1]))))
