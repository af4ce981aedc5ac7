#!/usr/bin/env bash
# The test command: installs dependencies (apt, idempotent), builds, and
# runs every test with ctest: the lit/FileCheck suite, GoogleTest unit
# tests, the GraphDef corpus round trip and the importer mutation test.
# Corpus tests use ../shared/corpus when it exists (always in CI) and
# report "skipped" otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
# libFuzzer targets (test/fuzz/Fuzz*.cpp): instrumented copies of the
# sources each tests, linked with this build (ninja tfmlir-fuzzers, outside
# 'all'), and a bounded run of each in ctest (label 'fuzz', 25 s per target,
# TFMLIR_FUZZ_CI_SECONDS); a crash fails the run and names the saved input.
# TFMLIR_FUZZ_CI=0 skips both.
ctest_args=()
if [[ ${TFMLIR_FUZZ_CI:-1} == 0 ]]; then
  ctest_args=(-LE fuzz)
else
  if ! ninja -C "${BUILD_DIR:-build}" -t query tfmlir-fuzzers >/dev/null 2>&1; then
    echo "test.sh: no fuzz targets in ${BUILD_DIR:-build} (TFMLIR_BUILD_FUZZERS is" \
      "OFF: clang-22 cannot link -fsanitize=fuzzer); TFMLIR_FUZZ_CI=0 skips them" >&2
    exit 1
  fi
  bash scripts/build.sh tfmlir-fuzzers
fi
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j"${JOBS:-2}" "${ctest_args[@]}"
