"""Session 76: session 75's changed_polybench75.py for decide76.md's variant: the PolyBench kernels whose one-shot
schedule on this AMD family 23 machine changes when it asks Z76's two files (alone, or blended with F52: BLEND=1) in
place of F52 blended with F67, at one dataset size; nothing is timed (PolyBench decides nothing). Writes the
schedules before the change of the changed kernels as a `polyrl bench --schedules` file (session 66's bench66.sh).
  [BLEND=1] .venv/bin/python reports/session76/changed_polybench76.py LARGE|MEDIUM Z76-forms-export.pt Z76-tuned-export.pt OUT.txt"""
import os
import sys
from pathlib import Path

from polyrl.search import policy as pol

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session75"))
from changed_polybench75 import changed  # noqa: E402

dataset, forms, tuned, out = sys.argv[1], Path(sys.argv[2]).resolve(), Path(sys.argv[3]).resolve(), Path(sys.argv[4])
if os.environ.get("BLEND") == "1":  # F52 (the shipped base forms models) blended with Z76
    family = {pol.DEFAULT_FORMS: (pol.DEFAULT_FORMS, (forms,)), pol.DEFAULT_FORMS_TUNED: (pol.DEFAULT_FORMS_TUNED, (tuned,))}
else:
    family = {pol.DEFAULT_FORMS: (forms, ()), pol.DEFAULT_FORMS_TUNED: (tuned, ())}
changed(dataset, family, "Z76", out, 76)
