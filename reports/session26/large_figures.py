"""Per-variant figures of a `polyrl bench` LARGE results.csv: geomean over the kernels each
ran correctly, over the eight contraction kernels, the lowest; polyrl-policy against PLUTO.

    python3 reports/session26/large_figures.py bench/s26-large/results.csv
"""
import csv
import math
import sys

sp: dict[str, dict[str, float]] = {}
for r in csv.DictReader(open(sys.argv[1])):
    if r["status"] == "ok" and r["speedup"]:
        sp.setdefault(r["variant"], {})[r["kernel"]] = float(r["speedup"])


def geo(v):
    return math.exp(sum(map(math.log, v)) / len(v))


C = ["gemm", "2mm", "3mm", "syrk", "syr2k", "symm", "trmm", "doitgen"]
for v in [v for v in sp if v != "base"]:
    c = [sp[v][k] for k in C if k in sp[v]]
    print(f"{v:16s} all {geo(list(sp[v].values())):.2f}x ({len(sp[v])})  contractions {geo(c):.2f}x ({len(c)})  "
          f"min {min(sp[v].values()):.2f}x")
p, q = sp["polyrl-policy"], sp["pluto"]
both = [k for k in p if k in q]
print("policy vs pluto on common", len(both), f"{geo([p[k] for k in both]):.2f}x vs {geo([q[k] for k in both]):.2f}x")
print("policy behind pluto by >10%:", [(k, p[k], q[k]) for k in both if p[k] < 0.9 * q[k]])
print("policy below 0.95x:", [k for k in p if p[k] < 0.95])
