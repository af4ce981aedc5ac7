#!/usr/bin/env bash
# Installs every build and test dependency of tfmlir from Debian's apt.
# Idempotent and non-interactive: packages already present are skipped, so a
# second run costs only a dpkg query. Works on a fresh Debian 12 (bookworm).
set -euo pipefail

PKGS=(
  # LLVM/MLIR 22 (shared libMLIR.so / libLLVM.so), lit, FileCheck
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  # compiler, linker, build
  clang-22 lld-22 ninja-build ccache cmake
  # the tree is LLVM style (.clang-format), checked by ctest clang-format-clean
  clang-format-22
  # GraphDef protos, .tflite FlatBuffers, absl::Status
  libprotobuf-dev protobuf-compiler libflatbuffers-dev flatbuffers-compiler libabsl-dev
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev
  # sanitizer runtimes and libFuzzer: the ASan+UBSan build (scripts/sanitize.sh)
  # and the fuzz targets that scripts/test.sh builds and runs (ctest -L fuzz)
  libclang-rt-22-dev
  # python package and reference oracles
  pybind11-dev python3-numpy python3-dev
  # pip install of the python package in a venv (ctest python-pip-install)
  python3-venv python3-pip python3-setuptools python3-wheel
  # Arm NN 20.08 (TFLite parser; its CpuRef backend is only a recommended
  # package): the independent TFLite oracle of test/corpus/lite and of our
  # exported .tflite files
  python3-pyarmnn libarmnn-cpuref-backend22
  # zlib / zstd / libedit etc. that LLVMConfig.cmake may want
  zlib1g-dev libzstd-dev libedit-dev libxml2-dev libcurl4-openssl-dev
)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all dependencies present"
fi
