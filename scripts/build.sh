#!/usr/bin/env bash
# Configures (once) and builds tfmlir in ./build (Release, Ninja, ccache,
# clang-22 + lld, shared libMLIR.so). Extra args are passed to ninja.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
if [[ ! -f "$BUILD_DIR/build.ninja" ]]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release
fi
# Two cores: -j2 keeps peak memory well under the machine's 24 GiB.
ninja -C "$BUILD_DIR" -j"${JOBS:-2}" "$@"
