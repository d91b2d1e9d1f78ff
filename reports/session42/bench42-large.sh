#!/usr/bin/env bash
# session 42: PolyBench LARGE on the Zen 3 with every variant the issue names, Polly included this time
# (clang-16 with Polly from Debian: apt-get install clang-16 libpolly-16-dev libomp-16-dev), and
# polyrl-checked (without the macro pick): session 37's run, into bench/s42-large; nothing else running.
NAME=s42-large exec bash "$(dirname "$0")/../session37/bench37-large.sh"
