#!/usr/bin/env bash
# session 47: PolyBench LARGE with every variant issue 27 names (base, graphite, polly, pluto, polyrl-schedule,
# polyrl-policy), the shipped pipeline with session 47's AMD fine-tunes (mix47), on this machine (AMD Zen 4), nothing
# else running: session 45's bench45-large.sh into bench/s47-large (Polly's clang-16 installed by hand, as there).
#   PATH=.venv/bin:$PATH bash reports/session47/bench47-large.sh
NAME=${NAME:-s47-large} exec bash "$(dirname "$0")/../session45/bench45-large.sh"
