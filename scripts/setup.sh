#!/usr/bin/env bash
# Creates .venv and installs polyrl (editable, with the C++ emitter built) and its
# test tools. Idempotent: a second run only rebuilds what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
# torch is pinned to the CPU build (pip finds it locally on these machines); installing
# it first keeps the resolver from ever choosing a CUDA build for torch-geometric.
.venv/bin/pip install --quiet torch==2.13.0
.venv/bin/pip install --quiet -e ".[dev]"
