"""Hashes of the region text each schedule generates, with the polyrl this Python imports:
run once per build, then compare the two files (the schedules whose code a change alters).

    region_texts.py corpus DIR OUT.json               every macro schedule of DIR's prog_*.c
    region_texts.py bench RESULTS.md DATASET OUT.json  the schedules of a bench's inference tables
"""
import hashlib
import json
import re
import sys
from pathlib import Path

INFERENCE_ROW = re.compile(r"\| ([\w-]+) \| [\d.]+ \w+ \| \d+ \| `([^`]*)` \|")
INFERENCE_TABLE = re.compile(r"### (\S+): policy inference time")


def inference_schedules(results_md: str | Path) -> dict[str, dict[str, str]]:
    """variant -> kernel -> the schedule its inference table lists (a bench's results.md)."""
    out: dict[str, dict[str, str]] = {}
    variant = None
    for line in Path(results_md).read_text().splitlines():
        if m := INFERENCE_TABLE.match(line):
            variant = m.group(1)
        elif (m := INFERENCE_ROW.match(line)) and variant:
            out.setdefault(variant, {})[m.group(1)] = m.group(2)
    return out


def digest(prog, schedule: str) -> str:
    return hashlib.sha256(prog.apply(schedule).region_text.encode()).hexdigest()


def corpus(folder: str) -> dict[str, str]:
    from polyrl.api import load
    from polyrl.poly.macros import macro_schedules

    out = {}
    for path in sorted(Path(folder).glob("prog_*.c")):
        try:
            prog = load(path)
            for schedule in macro_schedules(prog.model).values():
                out[f"{path.stem}: {schedule}"] = digest(prog, str(schedule))
        except Exception as e:  # noqa: BLE001 - a program the front end refuses is left out
            print(f"{path.name}: {type(e).__name__}: {e}", file=sys.stderr)
    return out


def bench(results_md: str, dataset: str) -> dict[str, str]:
    from polyrl.bench.suite import discover, resolve_suite

    kernels = {k.name: k for k in discover(resolve_suite("polybench")[1])}
    pairs = {(k, s) for table in inference_schedules(results_md).values() for k, s in table.items()
             if k in kernels and s not in ("none", "")}
    return {f"{k}: {s}": digest(kernels[k].load(dataset), s) for k, s in sorted(pairs)}


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    out = corpus(args[0]) if mode == "corpus" else bench(args[0], args[1])
    Path(args[-1]).write_text(json.dumps(out, indent=0, sort_keys=True))
    print(f"{len(out)} schedules")
