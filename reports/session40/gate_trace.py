"""Where a measuring run's cores went, from a gate trace (POLYRL_GATE_TRACE, a patched worker: one
line per hold, "pid cores held_before t_asked t_got t_released"): the wall time with 0, 1 and 2
cores held, the time spent inside the two-core holds (a batch's timed rounds), and the time those
waited for their cores. Usage: python gate_trace.py RUN.trace [...]"""
import sys

for path in sys.argv[1:]:
    rows = [line.split() for line in open(path)]
    holds = [(int(n), int(b), float(a), float(g), float(r)) for _, n, b, a, g, r, *_ in rows]
    events = []
    for n, b, _, g, r in holds:
        # a two-core hold inside a one-core hold adds one core to the one already counted
        extra = n - b
        events += [(g, extra), (r, -extra)]
    events.sort()
    level, last, spent = 0, events[0][0], {0: 0.0, 1: 0.0, 2: 0.0}
    for t, d in events:
        spent[min(2, max(0, level))] += t - last
        level, last = level + d, t
    two = [(g, r, a) for n, b, a, g, r in holds if n == 2]
    wall = events[-1][0] - events[0][0]
    print(f"{path}: {wall:.1f} s traced; cores held 0/1/2: " + ", ".join(f"{spent[k]:.1f} s" for k in (0, 1, 2))
          + f"; two-core holds {len(two)}, inside {sum(r - g for g, r, _ in two):.1f} s,"
          f" waiting for them {sum(g - a for g, _, a in two):.1f} s")

# with call sites (a trace whose lines end in "function:line"): what the two-core holds waited for,
# as the seconds of the other workers' holds that overlap the waits, per call site
for path in sys.argv[1:]:
    rows = [line.split() for line in open(path)]
    if not rows or len(rows[0]) < 7:
        continue
    holds = [(int(p), int(n), int(b), float(a), float(g), float(r), site) for p, n, b, a, g, r, site in rows]
    waited: dict[str, float] = {}
    for p, n, _, a, g, _, _ in holds:
        if n != 2:
            continue
        for q, m, b2, _, g2, r2, site in holds:
            if q == p or m - b2 <= 0 or m == 2:
                continue
            o = min(g, r2) - max(a, g2)
            if o > 0:
                waited[site] = waited.get(site, 0.0) + o
    print("  waits overlapped by the other worker's holds:",
          ", ".join(f"{k} {v:.1f} s" for k, v in sorted(waited.items(), key=lambda kv: -kv[1])))
