"""Session 77: session 75's changed_polybench75.py for decide77.md's candidate: the PolyBench kernels whose one-shot
schedule on this AMD family 23 machine changes when it asks Z77's two files (alone) in place of the shipped Z76, at
one dataset size; nothing is timed (PolyBench decides nothing). Writes the schedules before the change of the changed
kernels as a `polyrl bench --schedules` file (session 66's bench66.sh).
  .venv/bin/python reports/session77/changed_polybench77.py LARGE|MEDIUM Z77-forms-export.pt Z77-tuned-export.pt OUT.txt"""
import sys
from pathlib import Path

from polyrl.search import policy as pol

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session75"))
from changed_polybench75 import changed  # noqa: E402

dataset, forms, tuned, out = sys.argv[1], Path(sys.argv[2]).resolve(), Path(sys.argv[3]).resolve(), Path(sys.argv[4])
changed(dataset, {pol.DEFAULT_FORMS: (forms, ()), pol.DEFAULT_FORMS_TUNED: (tuned, ())}, "Z77", out, 77,
        before=("Z76, shipped", pol.FORMS_FAMILY[("amd", 23)]))
