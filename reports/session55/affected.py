"""Session 55: which programs of a generated corpus get other macro schedules (every profile, the Pluto forms
included) with this checkout's macros (MACROS_VERSION 16: scalars expanded where that runs more in parallel) than
with 15 (no expansion: old_macros.no_expansions). Nothing is timed; session 53's affected.py does the comparing.

    python reports/session55/affected.py CORPUS [LIMIT]
"""

from __future__ import annotations

import sys

from old_macros import no_expansions, session53

if __name__ == "__main__":
    sys.exit(session53("affected").main("_expansions", no_expansions))
