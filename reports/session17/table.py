"""The validation and test figures of each training log (the last `validation` and `test`
lines `polyrl pretrain` prints), per run and as the mean of each configuration's seeds.

  python table.py W X Y Z      # reads W-0.log, W-1.log, ... in the current folder
"""
import re
import sys
from pathlib import Path

import numpy as np

LINE = re.compile(r"^\s+(validation|test)\s+MAPE ([\d.]+)%\s+Spearman ([\d.-]+)\s+within programs ([\d.-]+)\s+"
                  r"nDCG@1 ([\d.]+)\s+\(n=(\d+)")


def figures(path):
    out = {}
    for ln in Path(path).read_text().splitlines():
        m = LINE.match(ln)
        if m:
            out[m[1]] = {"mape": float(m[2]), "within": float(m[4]), "ndcg": float(m[5]), "n": int(m[6])}
    return out


print(f"{'run':8} {'train samples':>13} {'val within':>10} {'test within':>11} {'test nDCG@1':>11} {'test MAPE':>9}")
for config in sys.argv[1:]:
    rows = []
    for log in sorted(Path(".").glob(f"{config}-[0-9].log")):
        f = figures(log)
        if "test" not in f:
            continue
        m = re.search(r"train (\d+) programs / (\d+) samples", log.read_text())
        rows.append((log.stem, m[1] + "/" + m[2] if m else "?", f["validation"]["within"], f["test"]["within"],
                     f["test"]["ndcg"], f["test"]["mape"]))
        print(f"{rows[-1][0]:8} {rows[-1][1]:>13} {rows[-1][2]:10.3f} {rows[-1][3]:11.3f} {rows[-1][4]:11.3f} "
              f"{rows[-1][5]:8.1f}%")
    if rows:
        mean = np.mean([r[2:] for r in rows], axis=0)
        print(f"{config + ' mean':8} {rows[0][1]:>13} {mean[0]:10.3f} {mean[1]:11.3f} {mean[2]:11.3f} {mean[3]:8.1f}%")
