#!/usr/bin/env bash
# session 46: PolyBench MEDIUM with the searches (session 37's variants: base, pluto, pluto-nounrolljam,
# polyrl-policy, polyrl-checked, polyrl-search and random-search at budget 32) on this Zen 4, never run here
# before: the issue's one-shot share and search/random figures. Into bench/s46-medium; nothing else running.
#   PATH=.venv/bin:$PATH bash reports/session46/bench46-medium.sh
NAME=s46-medium exec bash "$(dirname "$0")/../session37/bench37-medium.sh"
