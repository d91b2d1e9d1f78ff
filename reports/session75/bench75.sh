#!/usr/bin/env bash
# session 75: the PolyBench kernels whose one-shot schedule on this AMD family 23 machine changes when Z75 alone
# replaces F52 blended with F67 (changed_polybench75.py, listed before anything was timed: changed-LARGE.txt,
# changed-MEDIUM.txt), measured side by side with session 66's bench66.sh: polyrl-schedule = the schedules before
# (shipped-*.txt), polyrl-policy = with Z75 alone, PLUTO as the peer. Nothing else running.
#   bash reports/session75/bench75.sh
N=75 exec bash "$(dirname "$0")/../session66/bench66.sh"
