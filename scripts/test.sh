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
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j"${JOBS:-2}"
