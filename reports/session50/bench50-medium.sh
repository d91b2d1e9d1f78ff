#!/usr/bin/env bash
# session 50: PolyBench MEDIUM with the searches (session 37's variants: base, pluto, pluto-nounrolljam,
# polyrl-policy, polyrl-checked, polyrl-search and random-search at budget 32) on this Zen 4 with the pipeline shipped
# here (F50 as the AMD fine-tunes): the issue's one-shot share and search/random figures. Into bench/s50-medium;
# nothing else running.
#   PATH=.venv/bin:$PATH bash reports/session50/bench50-medium.sh
NAME=s50-medium exec bash "$(dirname "$0")/../session37/bench37-medium.sh"
