"""Session 32: FORM_MARGIN again, now that codegen separates the innermost loop (session 30).

Session 29 chose the form check's margin on four held-out sets from the forms' speedups then
measured (`fallback.py`'s rows, `fb-*.sqlite`). Session 30 measured again, side by side, the
forms whose code the separation changes (`reports/session30/sep-*.txt`: original, plain and
separated code in one run). Here each form's speedup is the separated one where the code
changed and the stored one where it did not, and each margin's rule (keep the form unless
the picking cost model predicts the original at least MARGIN times faster) is scored again.
Nothing is timed.

    python margin_separated.py S29_RUNS SEP_DIR [MODEL_SUFFIX [ROWS_DIR]]
    (S29_RUNS: session 29's folder with f*/ corpora, fb-*.json and fb-*.sqlite; the model is
    the one whose path in the rows ends with MODEL_SUFFIX, costmodel-pick.pt by default,
    and the rows fb-*.json are read from ROWS_DIR, S29_RUNS by default: form_ratios.py's
    output adds other models)
"""
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session27"))
from common import Measured, geomean  # noqa: E402

MARGINS = (1.0, 1.25, 1.5, 2.0, 3.0)
SETS = {"gs": "seed 81", "gu": "seed 83, stencils", "gv": "seed 77, scale 16", "gz": "seed 84, stencils"}


def separated(path: Path) -> dict[str, float]:
    out = {}
    for line in path.read_text().splitlines():
        m = re.match(r"(prog_\d+): original .* separated ([\d.]+)x", line)
        if m:
            out[m.group(1)] = float(m.group(2))
    return out


def main() -> None:
    runs, sep_dir = Path(sys.argv[1]), Path(sys.argv[2])
    pick = sys.argv[3] if len(sys.argv) > 3 else "costmodel-pick.pt"
    rows_dir = Path(sys.argv[4]) if len(sys.argv) > 4 else runs
    print("| set | forms | " + " | ".join(f"margin {m:g}" for m in MARGINS) + " | never the form | better of two |")
    print("|---|---:|" + "---:|" * (len(MARGINS) + 2))
    for s, name in SETS.items():
        speed = Measured(str(runs / f"f{s}"), str(runs / f"fb-{s}.sqlite")).speedup
        sep = separated(sep_dir / f"sep-{s}.txt")
        rows, seen = [], set()
        for r in json.loads((rows_dir / f"fb-{s}.json").read_text()):
            if not r["whole"] or r["id"] in seen:
                continue
            seen.add(r["id"])
            x = sep.get(r["id"]) or speed(r["id"], r["schedule"])
            if x is None:
                continue
            ratio = next(v for k, v in r["ratio"].items() if k.endswith(pick))
            rows.append((x, ratio))
        cells = []
        for m in MARGINS:
            ys = [x if ratio * m > 1 else 1.0 for x, ratio in rows]
            cells.append(f"{geomean(ys):.3f}x ({sum(y < 0.95 for y in ys)} < 0.95x)")
        print(f"| {name} | {len(rows)} | " + " | ".join(cells)
              + f" | 1.000x | {geomean([max(x, 1.0) for x, _ in rows]):.3f}x |")


if __name__ == "__main__":
    main()
