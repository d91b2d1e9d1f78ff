"""Session 75: the PolyBench kernels whose one-shot schedule on this machine changes when AMD family 23 machines ask
Z75's two files alone in place of F52 blended with F67 (decide75b.md, FORMS_FAMILY), at one dataset size; nothing
is timed (PolyBench decides nothing: this only says what to measure after). Writes the pipeline's schedules before
the change (F52 blended with F67) of the changed kernels as a `polyrl bench --schedules` file, so that
`polyrl-schedule` (before) and `polyrl-policy` (with Z75) run side by side in one bench (session 66's bench66.sh).
`changed` is also session 76's changed_polybench76.py's, with Z76 in Z75's place.
  .venv/bin/python reports/session75/changed_polybench75.py LARGE|MEDIUM Z75-forms-export.pt Z75-tuned-export.pt OUT.txt"""
import sys
from pathlib import Path

from polyrl.bench.suite import discover, resolve_suite
from polyrl.machine import cpu_family, cpu_vendor
from polyrl.search import Policy
from polyrl.search import policy as pol


def changed(dataset: str, family: dict, name: str, out: Path, session: int) -> None:
    """Print and write (`out`, a --schedules file of the schedules before) the kernels whose schedule at `dataset`
    changes when AMD family 23 asks `family` (FORMS_FAMILY's entry: shipped path -> (path, blend)), called `name`,
    in place of F52 blended with F67."""
    if (cpu_vendor(), cpu_family()) != ("amd", 23):
        raise SystemExit(f"run this on an AMD family 23 machine: elsewhere {name} changes nothing")
    pol.FORMS_FAMILY = {}  # before: every AMD machine asks F52 blended with F67
    before = Policy.load(None, check=True, pick=True)
    pol.FORMS_FAMILY = {("amd", 23): family}
    after = Policy.load(None, check=True, pick=True)
    assert (after.forms.path, tuple(after.forms.blend)) == family[pol.DEFAULT_FORMS], after.forms
    lines = [f"# session {session}: the one-shot schedules before {name} (F52 blended with F67) of the PolyBench "
             f"kernels at {dataset} whose schedule on this AMD family 23 machine changes with {name} in their place"]
    for k in discover(resolve_suite("polybench")[1]):
        prog = k.load(dataset)
        a, b = before.greedy(prog).text, after.greedy(k.load(dataset)).text
        if a != b:
            print(f"{k.name:15s} before `{a or 'original'}` -> {name} `{b or 'original'}`", flush=True)
            lines.append(f"{k.name}: {a}")
    print(f"{dataset}: {len(lines) - 1} kernel(s) change")
    out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    dataset, forms, tuned, out = sys.argv[1], Path(sys.argv[2]).resolve(), Path(sys.argv[3]).resolve(), Path(sys.argv[4])
    changed(dataset, {pol.DEFAULT_FORMS: (forms, ()), pol.DEFAULT_FORMS_TUNED: (tuned, ())}, "Z75 alone", out, 75)
