#!/usr/bin/env bash
# session 48: the macro schedules of MACROS_VERSION 12 (an array read twice packed for its streamed reference) on
# session 47's three training selections of LARGE-sized contractions, in their stores (only what a store lacks is
# measured: the new plans, and the rest of seed 177's programs), one after the other, while the machine would
# otherwise idle. Stopped with pkill -INT (run again to go on); each store exported as s48-gSEEDbig-...
#   bash label48.sh
for seed in 173 175 177; do bash "$(dirname "$0")/../session47/label47.sh" big $seed || exit $?; done
