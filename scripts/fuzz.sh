#!/usr/bin/env bash
# libFuzzer runs of tfmlir's fuzz targets (test/fuzz/Fuzz*.cpp).
#
#   scripts/fuzz.sh [--build-dir DIR] [--runs N | --time S] [TARGET...]
#       Builds (configuring once, -DTFMLIR_FUZZ=ON) the targets in DIR
#       (default build-fuzz) and runs each: -runs=N executions (default
#       100000) or -max_total_time=S seconds. Seeds come from the corpus
#       ($TFMLIR_CORPUS_DIR, default ../shared/corpus), copied (and for
#       'bundle' and 'feeds' framed) into a temporary folder that is removed
#       afterwards; nothing is written into the corpus or the repository.
#       Crash inputs go to DIR/fuzz-artifacts/<target>/. Prints one summary
#       line per target: executions, coverage (cov), features (ft), crashes.
#       Exit 1 if any target crashed, 77 without the corpus.
#   scripts/fuzz.sh --ci
#       What CI runs (scripts/test.sh with TFMLIR_FUZZ_CI=1): configure and build build-fuzz with
#       only the fuzz targets, then ctest -L fuzz (a bounded run of each).
#
# Targets: graphdef tflite bundle tfjs feeds (default: all).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
B=build-fuzz
RUNS=100000
TIME=
TARGETS=()
CI=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --build-dir) B=$2; shift 2 ;;
    --runs) RUNS=$2; shift 2 ;;
    --time) TIME=$2; shift 2 ;;
    --ci) CI=1; shift ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) TARGETS+=("$1"); shift ;;
  esac
done
[[ ${#TARGETS[@]} -gt 0 ]] || TARGETS=(graphdef tflite bundle tfjs feeds)
CORPUS=${TFMLIR_CORPUS_DIR:-$ROOT/../shared/corpus}

configure_and_build() {
  if [[ ! -f $B/build.ninja ]]; then
    cmake -G Ninja -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DTFMLIR_FUZZ=ON \
      -DTFMLIR_BUILD_PYTHON=OFF >/dev/null
  fi
  ninja -C "$B" -j"${JOBS:-2}" "$@"
}

if [[ $CI == 1 ]]; then
  start=$(date +%s)
  configure_and_build tfmlir-fuzzers
  echo "fuzz.sh: build-fuzz built in $(( $(date +%s) - start )) s"
  ctest --test-dir "$B" -L fuzz --output-on-failure
  exit $?
fi

if [[ ! -d $CORPUS ]]; then
  echo "corpus not found at $CORPUS: fuzzing skipped"
  exit 77
fi
# The ctest entries call this script with the build dir they belong to,
# which is already built; a manual run builds what it needs.
if [[ -z ${TFMLIR_FUZZ_NO_BUILD:-} ]]; then
  configure_and_build "${TARGETS[@]/#/tfmlir-fuzz-}" >/dev/null
fi

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
      find "$CORPUS" /work/tfjs-models -name model.json 2>/dev/null |
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
    *) echo "fuzz.sh: unknown target $t" >&2; exit 2 ;;
  esac
}

export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
for t in "${TARGETS[@]}"; do
  bin=$B/bin/tfmlir-fuzz-$t
  [[ -x $bin ]] || { echo "fuzz.sh: $bin not built" >&2; exit 2; }
  seeds "$t"
  art=$B/fuzz-artifacts/$t
  mkdir -p "$art" "$TMP/new-$t"
  limit=(-runs="$RUNS")
  [[ -n $TIME ]] && limit=(-max_total_time="$TIME")
  log=$TMP/$t.log
  rc=0
  "$bin" "${limit[@]}" -timeout=20 -rss_limit_mb=4096 -max_len=1048576 \
    -print_final_stats=1 -artifact_prefix="$art/" \
    "$TMP/new-$t" "$TMP/seeds-$t" >"$log" 2>&1 || rc=$?
  nseeds=$(ls "$TMP/seeds-$t" | wc -l)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$({ grep -o 'cov: [0-9]*' "$log" || true; } | tail -1 | cut -d' ' -f2)
  ft=$({ grep -o 'ft: [0-9]*' "$log" || true; } | tail -1 | cut -d' ' -f2)
  cp "$log" "$art/last.log"
  crashes=0
  [[ $rc != 0 ]] && crashes=1 # libFuzzer stops at the first one
  echo "fuzz $t: ${execs:-?} execs, cov ${cov:-?}, ft ${ft:-?}, $nseeds seeds, $crashes crashes (exit $rc)"
  if [[ $rc != 0 ]]; then
    status=1
    echo "---- $t: last lines of the libFuzzer log (crash inputs in $art) ----"
    tail -60 "$log"
  fi
done
exit $status
