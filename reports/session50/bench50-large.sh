#!/usr/bin/env bash
# session 50: PolyBench LARGE with every variant issue 27 names, the shipped pipeline after this session (F50 as the
# AMD fine-tunes), on this machine (AMD Zen 4), nothing else running: session 45's bench45-large.sh into
# bench/s50-large.
#   PATH=.venv/bin:$PATH bash reports/session50/bench50-large.sh
NAME=${NAME:-s50-large} exec bash "$(dirname "$0")/../session45/bench45-large.sh"
