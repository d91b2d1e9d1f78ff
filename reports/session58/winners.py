"""Session 58: for each PolyBench kernel of a bench run with polyrl-search, whether the search's winner is among the
one-shot macro pick's candidates (and what the two pick models predict for it), from the bench's results.md and
reports/session55/candidates.py's output at the same size. Nothing is timed.
  .venv/bin/python reports/session55/candidates.py MEDIUM KERNELS > candidates-medium.txt
  python3 reports/session58/winners.py bench/s58-medium/results.md candidates-medium.txt"""
import re
import sys

md, cands = open(sys.argv[1]).read(), open(sys.argv[2]).read()
winners = {}
for line in md.split("### polyrl-search")[1].split("###")[0].splitlines():
    m = re.match(r"\| (\S+) \| \d+ \| ([\d.]+)x \| `(.*)` \|", line)
    if m:
        winners[m.group(1)] = (m.group(2), "" if m.group(3) == "original" else m.group(3))
among = 0
for block in cands.split("== ")[1:]:
    lines = block.splitlines()
    kernel = lines[0].split(":")[0]
    final = re.search(r"final '(.*?)'", lines[0]).group(1)
    options = {}
    for line in lines[1:]:
        m = re.match(r"\s+(\S*?)\s*([\d.]+)x\s+([\d.]+)x\s+(.*)", line)
        if m:
            options[m.group(4).strip()] = (m.group(1) or "checked", m.group(2), m.group(3))
    speedup, winner = winners.get(kernel, ("?", None))
    if winner == final:
        what = "the pipeline's own choice"
    elif winner in options:
        name, a, b = options[winner]
        what = f"among the candidates ({name}, predicted {a}x and {b}x over the checked schedule)"
    elif winner == "":
        what = "the original loops"
    else:
        what = "not a candidate"
    among += winner in options or winner == final
    print(f"{kernel:15s} search {speedup:>6s}x: {what}")
print(f"{among} of {len(winners)} winners are the pipeline's choice or among its candidates")
