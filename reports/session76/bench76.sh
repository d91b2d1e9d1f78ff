#!/usr/bin/env bash
# session 76: the PolyBench kernels whose one-shot schedule on this AMD family 23 machine changes when Z76 alone
# replaces F52 blended with F67 (changed_polybench76.py, listed before anything was timed: changed-LARGE.txt,
# changed-MEDIUM.txt), measured side by side with session 66's bench66.sh: polyrl-schedule = the schedules before
# (shipped-*.txt), polyrl-policy = with Z76 alone (shipped), PLUTO as the peer. Nothing else running.
#   bash reports/session76/bench76.sh
N=76 exec bash "$(dirname "$0")/../session66/bench66.sh"
