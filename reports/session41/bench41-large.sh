#!/usr/bin/env bash
# session 41: PolyBench LARGE on the Zen 3 with the issue's variants (base, graphite, polly, pluto,
# polyrl-schedule: the hand schedules, polyrl-policy: the shipped default, with this session's AMD
# fine-tunes in the blend) and polyrl-checked (without the macro pick): session 37's run, into
# bench/s41-large; nothing else running.
NAME=s41-large exec bash "$(dirname "$0")/../session37/bench37-large.sh"
