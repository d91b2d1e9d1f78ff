#!/usr/bin/env bash
# session 42: PolyBench MEDIUM with the searches on the Zen 3 (never run on this machine kind):
# session 37's run (base, pluto, pluto-nounrolljam, polyrl-policy, polyrl-checked, polyrl-search and
# random-search at budget 32), into bench/s42-medium; nothing else running.
NAME=s42-medium exec bash "$(dirname "$0")/../session37/bench37-medium.sh"
