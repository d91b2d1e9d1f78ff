#!/usr/bin/env bash
# Build PLUTO's polycc from its public sources, for `polyrl bench --polycc PATH`.
#
# PLUTO is a peer polyrl is measured against, not a part of polyrl: nothing in polyrl
# needs it to run or to pass its tests. Debian does not package it, so this script
# builds it on a Debian 12 machine (network access needed for apt and git):
#
#   bash scripts/build_pluto.sh [PREFIX]        # default PREFIX: ~/.local/pluto
#   polyrl bench --polycc PREFIX/bin/polycc ...  # or: export POLYRL_POLYCC=PREFIX/bin/polycc
#
# What it does, in order:
#   1. apt-get installs the build tools and LLVM/clang 14 (PLUTO's clan/pet front ends
#      link libclang; pet also needs clang's own headers at run time);
#   2. clones bondhugula/pluto at the commit polyrl's benches used (dc46216) with its
#      pinned submodules (isl, openscop, clan, candl, cloog-isl, piplib, pet);
#   3. ./autogen.sh, ./configure --with-clang-prefix=/usr/lib/llvm-14, make, make install.
#
# cloog's PDF manual needs TeX; an empty placeholder skips it. The build takes about 15
# minutes on 2 cores. At run time polycc finds `pluto` and `inscop` next to itself, and
# writes scratch files into its working folder (polyrl runs it in a temporary one).
set -euo pipefail

PREFIX=${1:-$HOME/.local/pluto}
COMMIT=${PLUTO_COMMIT:-dc46216}
SRC=${PLUTO_SRC:-$(mktemp -d)/pluto}
JOBS=$(nproc 2>/dev/null || echo 2)

echo "building PLUTO $COMMIT in $SRC, installing into $PREFIX" >&2

if command -v apt-get >/dev/null; then
  SUDO=$([ "$(id -u)" -eq 0 ] && echo "" || echo sudo)
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq git build-essential autoconf automake libtool pkg-config \
    flex bison texinfo libgmp-dev libyaml-dev llvm-14-dev libclang-14-dev libclang-common-14-dev
fi

if [ ! -d "$SRC/.git" ]; then
  git clone https://github.com/bondhugula/pluto.git "$SRC"
fi
cd "$SRC"
git checkout -q "$COMMIT"
git submodule update --init --recursive

# cloog-isl's manual is built with TeX, which the benches never need
mkdir -p cloog-isl/doc && [ -s cloog-isl/doc/cloog.pdf ] || : > cloog-isl/doc/cloog.pdf

./autogen.sh
./configure --prefix="$PREFIX" --with-clang-prefix=/usr/lib/llvm-14
make -j"$JOBS"
make install

"$PREFIX/bin/polycc" --version | head -1
echo "done: polyrl bench --polycc $PREFIX/bin/polycc (or export POLYRL_POLYCC=$PREFIX/bin/polycc)" >&2
