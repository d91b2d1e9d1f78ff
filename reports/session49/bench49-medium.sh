#!/usr/bin/env bash
# session 49: PolyBench MEDIUM with the searches (session 37's variants: base, pluto, pluto-nounrolljam,
# polyrl-policy, polyrl-checked, polyrl-search and random-search at budget 32) on this Zen 4 with the pipeline shipped
# here (the new emitter, MACROS_VERSION 13, F48): the issue's one-shot share and search/random figures. Into
# bench/s49-medium; nothing else running.
#   PATH=.venv/bin:$PATH bash reports/session49/bench49-medium.sh
NAME=s49-medium exec bash "$(dirname "$0")/../session37/bench37-medium.sh"
