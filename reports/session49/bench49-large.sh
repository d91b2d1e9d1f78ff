#!/usr/bin/env bash
# session 49: PolyBench LARGE with every variant issue 27 names, the shipped pipeline after this session (the new
# emitter, MACROS_VERSION 13, F48 as the AMD fine-tunes), on this machine (AMD Zen 4), nothing else running:
# session 45's bench45-large.sh into bench/s49-large.
#   PATH=.venv/bin:$PATH bash reports/session49/bench49-large.sh
NAME=${NAME:-s49-large} exec bash "$(dirname "$0")/../session45/bench45-large.sh"
