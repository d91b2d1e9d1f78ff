#!/usr/bin/env bash
# session 47: PolyBench MEDIUM with the searches (session 37's variants: base, pluto, pluto-nounrolljam,
# polyrl-policy, polyrl-checked, polyrl-search and random-search at budget 32) on this Zen 4 with mix47: the issue's
# one-shot share and search/random figures. Into bench/s47-medium; nothing else running.
#   PATH=.venv/bin:$PATH bash reports/session47/bench47-medium.sh
NAME=s47-medium exec bash "$(dirname "$0")/../session37/bench37-medium.sh"
