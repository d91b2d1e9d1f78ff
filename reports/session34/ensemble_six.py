"""Session 34: the form check with both cost models on session 33's six held-out sets (the
rows margins_six.py reads). Rules: each model alone (no margin), the original kept only where
both predict it faster ("both"), or where the geometric mean of their two predictions does
("mean"). Each set's geometric mean over its forms, and the product over the sets. Nothing is timed.

    python ensemble_six.py S29_RUNS SEP_DIR S32_ROWS S33_RUNS
"""
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session33"))
import margins_six as six  # noqa: E402
from common import Measured, geomean  # noqa: E402  (session 27's, on margins_six's path)
from margin_separated import separated  # noqa: E402

PICK, FORMS = six.MODELS
RULES = {
    "pick": lambda r: r[PICK] > 1,
    "forms": lambda r: r[FORMS] > 1,
    "both": lambda r: r[PICK] > 1 or r[FORMS] > 1,  # the form goes unless both predict the original faster
    "mean": lambda r: r[PICK] * r[FORMS] > 1,
}


def main() -> None:
    s29, sep_dir, s32_rows, s33 = (Path(a) for a in sys.argv[1:5])
    sets = {}
    for s, name in six.OLD.items():
        speed = Measured(str(s29 / f"f{s}"), str(s29 / f"fb-{s}.sqlite")).speedup
        sets[name] = six.rows_of(s32_rows / f"fb-{s}.json", speed, separated(sep_dir / f"sep-{s}.txt"))
    for s, name in six.NEW.items():
        speed = Measured(str(s33 / f"f{s}"), str(s33 / f"fb-{s}.sqlite")).speedup
        sets[name] = six.rows_of(s33 / f"fb-{s}.json", speed, {})
    print("| set | forms | " + " | ".join(RULES) + " | every form |")
    print("|---|---:|" + "---:|" * (len(RULES) + 1))
    logs = {rule: 0.0 for rule in RULES}
    for name, rows in sets.items():
        cells = []
        for rule, keep_form in RULES.items():
            g = geomean([x if keep_form(ratio) else 1.0 for x, ratio in rows])
            logs[rule] += math.log(g)
            cells.append(f"{g:.3f}x")
        print(f"| {name} | {len(rows)} | " + " | ".join(cells) + f" | {geomean([x for x, _ in rows]):.3f}x |")
    print("| product, six sets | | " + " | ".join(f"{math.exp(v):.2f}" for v in logs.values()) + " | |")


if __name__ == "__main__":
    main()
