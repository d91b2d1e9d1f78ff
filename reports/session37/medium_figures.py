"""Session 37: the issue's MEDIUM figures from a `polyrl bench` results.csv, for polyrl-policy
(the macro pick on) and polyrl-checked (the same without it) side by side: each one's share of
polyrl-search's log-gain, polyrl-search over random-search, PLUTO at its better setting per
kernel, and the kernels below 0.95x.

    python reports/session37/medium_figures.py bench/s37-medium/results.csv
"""
import csv
import math
import sys


def geo(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values))


def main(path: str) -> None:
    speed: dict[str, dict[str, float]] = {}
    for row in csv.DictReader(open(path)):
        if row["status"] == "ok" and row["speedup"]:
            speed.setdefault(row["variant"], {})[row["kernel"]] = float(row["speedup"])
    search, rnd = speed["polyrl-search"], speed["random-search"]
    for name in ("polyrl-policy", "polyrl-checked"):
        pol = speed.get(name, {})
        both = sorted(set(pol) & set(search))
        if not both:
            continue
        share = sum(math.log(pol[k]) for k in both) / sum(math.log(search[k]) for k in both)
        below = [(k, pol[k]) for k in both if pol[k] < 0.95]
        print(f"{name:15s} geomean {geo([pol[k] for k in both]):.3f}x over {len(both)}, polyrl-search "
              f"{geo([search[k] for k in both]):.3f}x: one-shot share {share:.1%}; below 0.95x: {below}")
    pair = sorted(set(search) & set(rnd))
    g_s, g_r = geo([search[k] for k in pair]), geo([rnd[k] for k in pair])
    print(f"polyrl-search {g_s:.3f}x, random-search {g_r:.3f}x over {len(pair)}: ratio {g_s / g_r:.3f} "
          f"(ahead on {sum(search[k] > rnd[k] for k in pair)}, behind on {sum(search[k] < rnd[k] for k in pair)})")
    pluto = {k: max(speed.get(v, {}).get(k, 0.0) for v in ("pluto", "pluto-nounrolljam")) for k in search}
    pluto = {k: v for k, v in pluto.items() if v > 0}
    if pluto:
        pol = speed["polyrl-policy"]
        ks = sorted(set(pluto) & set(pol))
        print(f"PLUTO at its better setting per kernel {geo([pluto[k] for k in ks]):.3f}x over {len(ks)}; "
              f"polyrl-policy on those {geo([pol[k] for k in ks]):.3f}x")
    pol, chk = speed.get("polyrl-policy", {}), speed.get("polyrl-checked", {})
    changed = [k for k in sorted(set(pol) & set(chk)) if abs(math.log(pol[k] / chk[k])) > 0.05]
    print("kernels where the two differ by more than 5%: "
          + ", ".join(f"{k} {chk[k]:.2f}x -> {pol[k]:.2f}x" for k in changed))


if __name__ == "__main__":
    main(sys.argv[1])
