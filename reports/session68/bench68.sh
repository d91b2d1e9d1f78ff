#!/usr/bin/env bash
# session 68: the PolyBench kernels whose one-shot schedule changed when F67 replaced F65 as the AMD forms models'
# second member (changed_polybench65.py, run before the swap: changed-LARGE.txt, changed-MEDIUM.txt), measured side by
# side with session 66's bench66.sh: polyrl-schedule = the shipped pipeline's schedules before the swap (shipped-*.txt),
# polyrl-policy = with F67, PLUTO as the peer. Nothing else running.
#   bash reports/session68/bench68.sh
N=68 exec bash "$(dirname "$0")/../session66/bench66.sh"
