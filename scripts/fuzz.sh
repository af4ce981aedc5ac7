#!/usr/bin/env bash
# libFuzzer runs of tfmlir's fuzz targets (test/fuzz/Fuzz*.cpp).
#
#   scripts/fuzz.sh [--build-dir DIR] [--no-build] [--runs N | --time S] [TARGET...]
#       Builds the targets in DIR (default $BUILD_DIR or build, the main
#       build: the fuzzers are its targets outside 'all', see
#       test/fuzz/CMakeLists.txt) unless --no-build, and runs each: -runs=N
#       executions (default 100000) or -max_total_time=S seconds. Seeds come
#       from the corpus ($TFMLIR_CORPUS_DIR, default ../shared/corpus),
#       copied (and for 'bundle' and 'feeds' framed) into a temporary folder
#       that is removed afterwards; nothing is written into the corpus or
#       the repository. Crash, leak, timeout and out-of-memory inputs go to
#       DIR/fuzz-artifacts/<target>/, and each one a run saved is named on a
#       line "fuzz.sh: <target>: crash input: <path>". Prints one summary
#       line per target: executions, coverage (cov), features (ft), seeds,
#       crashes, wall time. Exit 1 if any target crashed, 77 without the
#       corpus.
#   scripts/fuzz.sh --ci
#       What CI runs (scripts/test.sh unless TFMLIR_FUZZ_CI=0): build the
#       fuzz targets in DIR, then ctest -L fuzz (a bounded run of each,
#       TFMLIR_FUZZ_CI_SECONDS, and the crash-report self test).
#
# Targets: graphdef tflite bundle tfjs feeds (default: all), and selftest
# (test/fuzz/FuzzSelfTest.cpp: its one seed crashes; for
# test/fuzz/check-crash-report.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
B=${BUILD_DIR:-build}
RUNS=100000
TIME=
TARGETS=()
CI=0
BUILD=1
while [[ $# -gt 0 ]]; do
  case $1 in
    --build-dir) B=$2; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    --runs) RUNS=$2; shift 2 ;;
    --time) TIME=$2; shift 2 ;;
    --ci) CI=1; shift ;;
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) TARGETS+=("$1"); shift ;;
  esac
done
[[ ${#TARGETS[@]} -gt 0 ]] || TARGETS=(graphdef tflite bundle tfjs feeds)
CORPUS=${TFMLIR_CORPUS_DIR:-$ROOT/../shared/corpus}

# Configures DIR if needed (scripts/build.sh) and builds the given targets.
build_targets() {
  if [[ -f $B/build.ninja ]] && ! ninja -C "$B" -t query tfmlir-fuzzers >/dev/null 2>&1; then
    echo "fuzz.sh: $B has no fuzz targets: TFMLIR_BUILD_FUZZERS is OFF there" \
      "(it needs clang-22 with libclang-rt-22-dev, which scripts/setup.sh installs;" \
      "reconfigure with -DTFMLIR_BUILD_FUZZERS=ON)" >&2
    exit 2
  fi
  BUILD_DIR=$B bash scripts/build.sh "$@"
}

if [[ $CI == 1 ]]; then
  start=$(date +%s)
  build_targets tfmlir-fuzzers
  echo "fuzz.sh: fuzz targets built in $B in $(( $(date +%s) - start )) s"
  ctest --test-dir "$B" -L fuzz --output-on-failure -j"${JOBS:-2}"
  exit $?
fi

for t in "${TARGETS[@]}"; do
  if [[ $t != selftest && ! -d $CORPUS ]]; then
    echo "corpus not found at $CORPUS: fuzzing skipped"
    exit 77
  fi
done
if [[ $BUILD == 1 ]]; then
  build_targets "${TARGETS[@]/#/tfmlir-fuzz-}" >/dev/null
fi
B=$(cd "$B" && pwd)

TMP=$(mktemp -d "${TMPDIR:-/tmp}/tfmlir-fuzz.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# Copies at most $2 files of at most $3 bytes listed on stdin (sorted, evenly
# spaced) into $1.
take() {
  local dir=$1 max=$2 size=$3
  mkdir -p "$dir"
  mapfile -t all < <(while read -r f; do
    [[ $(stat -c %s "$f") -le $size ]] && echo "$f"; done | sort)
  local n=${#all[@]} step=1 i=0 k=0
  (( n > max )) && step=$(( (n + max - 1) / max ))
  for (( i = 0; i < n; i += step )); do
    cp "${all[$i]}" "$dir/seed-$k"; k=$((k + 1))
  done
}

seeds() {
  local t=$1 dir=$TMP/seeds-$1
  case $t in
    graphdef)
      { find "$CORPUS/dl4j_tf_graphs" -name frozen_model.pb
        find "$CORPUS/tensorflow" -name '*.pbtxt'; } | take "$dir" 300 32768 ;;
    tflite)
      find "$CORPUS" \( -name '*.tflite' -o -name '*.bin' \) | while read -r f; do
        [[ $(head -c 8 "$f" | tail -c 4 | tr -d '\0') == TFL3 ]] && echo "$f"; done |
        take "$dir" 200 262144 ;;
    tfjs)
      mkdir -p "$dir"
      cp test/Translate/tfjs/Inputs/synthetic/model.json "$dir/seed-synthetic"
      # Extra TF.js models outside the repo are optional (the corpus has
      # none today); a folder that is missing must not fail the run.
      { for d in "$CORPUS" /work/tfjs-models; do
          [[ -d $d ]] && find "$d" -name model.json 2>/dev/null; done; true; } |
        take "$dir-more" 50 1048576
      cp "$dir-more"/* "$dir"/ 2>/dev/null || true ;;
    bundle)
      # <4-byte LE length of .index><.index><.data-00000-of-00001>
      mkdir -p "$dir"
      find "$CORPUS" -name '*.index' | while read -r idx; do
        data=${idx%.index}.data-00000-of-00001
        [[ -f $data ]] || continue
        /usr/bin/python3 -c 'import sys,struct
i=open(sys.argv[1],"rb").read(); d=open(sys.argv[2],"rb").read()
if len(i)+len(d) <= 1<<20:
    open(sys.argv[3],"wb").write(struct.pack("<I",len(i))+i+d)' \
          "$idx" "$data" "$dir/seed-$(echo "$idx" | md5sum | cut -c1-12)"
      done ;;
    feeds)
      # <mode><dtype><d0><d1><file bytes>: CSV seeds from the corpus's
      # placeholder values (as float32, int32, bool) and .npy seeds that
      # NumPy writes here.
      mkdir -p "$dir"
      find "$CORPUS/dl4j_tf_graphs" -name '*.placeholder.csv' | head -60 |
        while read -r f; do
          [[ $(stat -c %s "$f") -le 65536 ]] || continue
          h=$(echo "$f" | md5sum | cut -c1-12)
          { printf '\x00\x00\x00\x00'; cat "$f"; } > "$dir/csv-f32-$h"
          { printf '\x02\x07\x02\x03'; cat "$f"; } > "$dir/csv-i32-$h"
        done
      /usr/bin/python3 - "$dir" <<'PY'
import sys, io, numpy as np
d = sys.argv[1]
arrs = [np.arange(6, dtype=np.float32).reshape(2, 3), np.array(3.5),
        np.array([True, False]), np.arange(4, dtype=np.int64),
        np.zeros((0, 2), np.float16), np.arange(8, dtype=np.uint8)]
for k, a in enumerate(arrs):
    b = io.BytesIO(); np.save(b, a)
    open(f"{d}/npy-{k}", "wb").write(b"\x01\x00\x00\x00" + b.getvalue())
PY
      ;;
    selftest)
      mkdir -p "$dir"
      printf 'tfmlir-fuzz-selftest-crash' > "$dir/seed-0" ;;
    *) echo "fuzz.sh: unknown target $t" >&2; exit 2 ;;
  esac
}

# The inputs that once crashed a target (test/fuzz/regressions/<target>/,
# one file each, named after the bug) join its seeds, so that every run,
# the short CI one too, replays them first.
regressions() {
  local t=$1 dir=$TMP/seeds-$1
  if [[ -d test/fuzz/regressions/$t ]]; then
    for f in test/fuzz/regressions/"$t"/*; do
      cp "$f" "$dir/regression-$(basename "$f")"
    done
  fi
}

export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
if [[ -z ${ASAN_SYMBOLIZER_PATH:-} && -x /usr/lib/llvm-22/bin/llvm-symbolizer ]]; then
  export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-22/bin/llvm-symbolizer
fi
status=0
for t in "${TARGETS[@]}"; do
  bin=$B/bin/tfmlir-fuzz-$t
  [[ -x $bin ]] || { echo "fuzz.sh: $bin not built (ninja -C $B tfmlir-fuzzers)" >&2; exit 2; }
  seeds "$t"
  regressions "$t"
  art=$B/fuzz-artifacts/$t
  mkdir -p "$art" "$TMP/new-$t"
  limit=(-runs="$RUNS")
  [[ -n $TIME ]] && limit=(-max_total_time="$TIME")
  log=$TMP/$t.log
  touch "$TMP/start-$t"
  start=$(date +%s)
  rc=0
  "$bin" "${limit[@]}" -timeout=20 -rss_limit_mb=4096 -max_len=1048576 \
    -print_final_stats=1 -artifact_prefix="$art/" \
    "$TMP/new-$t" "$TMP/seeds-$t" >"$log" 2>&1 || rc=$?
  wall=$(( $(date +%s) - start ))
  nseeds=$(ls "$TMP/seeds-$t" | wc -l)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$({ grep -o 'cov: [0-9]*' "$log" || true; } | tail -1 | cut -d' ' -f2)
  ft=$({ grep -o 'ft: [0-9]*' "$log" || true; } | tail -1 | cut -d' ' -f2)
  cp "$log" "$art/last.log"
  # The inputs this run saved (libFuzzer stops at the first crash, leak,
  # timeout or out-of-memory).
  mapfile -t saved < <(find "$art" -maxdepth 1 -type f -newer "$TMP/start-$t" \
    \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
  crashes=${#saved[@]}
  [[ $rc != 0 && $crashes == 0 ]] && crashes=1
  echo "fuzz $t: ${execs:-?} execs, cov ${cov:-?}, ft ${ft:-?}, $nseeds seeds, $crashes crashes, ${wall} s (exit $rc)"
  if [[ $rc != 0 ]]; then
    status=1
    # The report from its first line (sanitizer or libFuzzer), else the
    # log's last lines.
    first=$(grep -n -m1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:' \
      "$log" | cut -d: -f1 || true)
    echo "---- $t: the libFuzzer log ($art/last.log) ----"
    if [[ -n $first ]]; then tail -n +"$first" "$log" | head -200; else tail -60 "$log"; fi
    echo "----"
    for f in "${saved[@]}"; do
      echo "fuzz.sh: $t: crash input: $f (reproduce: $bin $f)"
    done
    [[ ${#saved[@]} -gt 0 ]] ||
      echo "fuzz.sh: $t: exit $rc and no saved input (see $art/last.log)"
  fi
done
exit $status
