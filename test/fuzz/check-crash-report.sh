#!/usr/bin/env bash
# ctest fuzz-reports-crash: a crash in a fuzz run must fail scripts/fuzz.sh
# (so ctest -L fuzz and scripts/test.sh fail) and its output must name the
# saved crash input, an existing file holding the input. Runs the selftest
# target (test/fuzz/FuzzSelfTest.cpp), whose one seed overflows a heap
# buffer.
#   check-crash-report.sh <scripts/fuzz.sh> <build dir>
set -uo pipefail
fuzz=$1 build=$2
out=$(bash "$fuzz" --build-dir "$build" --no-build --runs 100 selftest 2>&1)
rc=$?
echo "$out"
fail() { echo "check-crash-report: FAIL: $*"; exit 1; }
[[ $rc == 1 ]] || fail "fuzz.sh exited $rc on a crashing input, expected 1"
grep -q 'ERROR: AddressSanitizer: heap-buffer-overflow' <<<"$out" ||
  fail "no AddressSanitizer report in the output"
path=$(sed -n 's/^fuzz.sh: selftest: crash input: \([^ ]*\).*/\1/p' <<<"$out" | head -1)
[[ -n $path ]] || fail "the output names no crash input"
[[ -f $path ]] || fail "the named crash input $path does not exist"
grep -q '^tfmlir-fuzz-selftest-crash' "$path" ||
  fail "$path does not hold the crashing input"
echo "check-crash-report: PASS ($path)"
