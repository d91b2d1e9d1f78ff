"""Session 33: the form check's model and margin on six held-out sets: session 29's four
(forms' speedups as margin_separated.py takes them: separated code where session 30 measured it)
and this session's two stencil sets of PolyBench-like sizes (seeds 85 and 86: the rows of
fallback.py --without-form-check, measured in fb-gp/fb-gq.sqlite). For each model and margin,
each set's geometric mean over its forms (the form kept unless the model predicts the original MARGIN times faster, else 1x),
and the product over the sets. Nothing is timed.

    python margins_six.py S29_RUNS SEP_DIR S32_ROWS S33_RUNS
"""
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session27"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session32"))
from common import Measured, geomean  # noqa: E402
from margin_separated import separated  # noqa: E402

MARGINS = (1.0, 1.25, 1.5, 2.0)
MODELS = ("costmodel-pick.pt", "C32-207.pt")  # C32-207.pt ships as costmodel-forms.pt
OLD = {"gs": "seed 81", "gu": "seed 83, stencils", "gv": "seed 77, scale 16", "gz": "seed 84, stencils"}
NEW = {"gp": "seed 85, stencils, PolyBench-like sizes", "gq": "seed 86, stencils, PolyBench-like sizes"}


def rows_of(rows_path: Path, speed, sep: dict[str, float]) -> list[tuple[float, dict[str, float]]]:
    out, seen = [], set()
    for r in json.loads(rows_path.read_text()):
        if not r["whole"] or r["id"] in seen:
            continue
        seen.add(r["id"])
        x = sep.get(r["id"]) or speed(r["id"], r["schedule"])
        if x is not None:
            out.append((x, {m: next(v for k, v in r["ratio"].items() if k.endswith(m)) for m in MODELS}))
    return out


def main() -> None:
    s29, sep_dir, s32_rows, s33 = (Path(a) for a in sys.argv[1:5])
    sets = {}
    for s, name in OLD.items():
        speed = Measured(str(s29 / f"f{s}"), str(s29 / f"fb-{s}.sqlite")).speedup
        sets[name] = rows_of(s32_rows / f"fb-{s}.json", speed, separated(sep_dir / f"sep-{s}.txt"))
    for s, name in NEW.items():
        speed = Measured(str(s33 / f"f{s}"), str(s33 / f"fb-{s}.sqlite")).speedup
        sets[name] = rows_of(s33 / f"fb-{s}.json", speed, {})
    head = [f"{m} x{margin:g}" for m in MODELS for margin in MARGINS]
    print("| set | forms | " + " | ".join(head) + " | every form | better of two |")
    print("|---|---:|" + "---:|" * (len(head) + 2))
    logs: dict[str, dict[str, float]] = {}  # set -> rule -> log of its geometric mean
    for name, rows in sets.items():
        cells = []
        for m in MODELS:
            for margin in MARGINS:
                g = geomean([x if ratio[m] * margin > 1 else 1.0 for x, ratio in rows])
                logs.setdefault(name, {})[f"{m} x{margin:g}"] = math.log(g)
                cells.append(f"{g:.3f}x")
        print(f"| {name} | {len(rows)} | " + " | ".join(cells)
              + f" | {geomean([x for x, _ in rows]):.3f}x | {geomean([max(x, 1.0) for x, _ in rows]):.3f}x |")
    for label, names in (("six sets", list(sets)), ("seeds 85 and 86", list(NEW.values()))):
        print(f"| product, {label} | | "
              + " | ".join(f"{math.exp(sum(logs[n][h] for n in names)):.2f}" for h in head) + " | | |")
    print("\nlog-mean gain per set: "
          + ", ".join(f"{h} {sum(v[h] for v in logs.values()) / len(sets):.3f}" for h in head))


if __name__ == "__main__":
    main()
