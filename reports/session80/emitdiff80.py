"""Session 80: does the jam fix (additive(), a06eadd) change the C written for any PolyBench schedule the shipped
pipeline chose on this Zen 1? Every schedule of the inference tables of the given bench reports (later files win per
kernel and size), applied (nothing compiled or timed), its region text hashed; run once with each _emit build and
compared with `diff`.
  .venv/bin/python reports/session80/emitdiff80.py LARGE:reports/session74/bench-s74-large.md ... > OUT.txt"""
import hashlib
import re
import sys

import polyrl.bench.suite as su

ROW = re.compile(r"^\| ([\w-]+) \| [^|]+ \| \d+ \| `([^`]*)` \|")


def schedules(args: list[str]) -> dict[tuple[str, str], str]:
    out = {}
    for arg in args:
        size, path = arg.split(":", 1)
        for line in open(path):
            m = ROW.match(line)
            if m:
                out[(size, m.group(1))] = m.group(2)
    return out


if __name__ == "__main__":
    kernels = {k.name: k for k in su.discover(su.datasets_root() / "polybench")}
    for (size, name), schedule in sorted(schedules(sys.argv[1:]).items()):
        program = kernels[name].load(size)
        text = program.apply(schedule).region_text if schedule not in ("", "none") else ""
        print(size, name, hashlib.sha256(text.encode()).hexdigest()[:16], "a conditional" if " ? " in text else "")
