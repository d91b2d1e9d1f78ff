#!/usr/bin/env bash
# session 77: the PolyBench kernels whose one-shot schedule on this AMD family 23 machine changes when Z77 replaces
# Z76 (changed_polybench77.py, listed before anything is timed: changed-LARGE.txt, changed-MEDIUM.txt), measured side
# by side with session 66's bench66.sh: polyrl-schedule = the schedules before (shipped-*.txt), polyrl-policy = with
# Z77 (shipped), PLUTO as the peer. Nothing else running.
#   bash reports/session77/bench77.sh
N=77 exec bash "$(dirname "$0")/../session66/bench66.sh"
