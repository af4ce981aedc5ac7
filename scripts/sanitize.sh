#!/usr/bin/env bash
# Sanitizer runs. Any sanitizer report fails the run (non-zero exit).
#
#   scripts/sanitize.sh            ASan+UBSan build (./build-asan) of the
#                                  importer tools; the GraphDef lit tests, the
#                                  corpus round trip and the mutation test.
#   scripts/sanitize.sh --all [CTEST ARGS...]
#                                  ASan+UBSan build of the whole tree
#                                  (./build-asan, every target ctest runs),
#                                  then the whole ctest suite under the
#                                  sanitizers; extra args go to ctest (e.g.
#                                  -E 'corpus-' to leave the corpus out).
#                                  BUILD_ONLY=TARGETS builds just those.
#   scripts/sanitize.sh --tsan     TSan build (./build-tsan, -DTFMLIR_TSAN=ON:
#                                  the runtime and the concurrency tests
#                                  instrumented) and the Session, executor,
#                                  intra-op pool and lite interpreter
#                                  concurrency tests under it
#                                  (TSAN_TESTS="binaries" for a subset).
#
# libMLIR.so / libLLVM.so come uninstrumented from Debian, and so does code
# the JIT generates: ASan/TSan see our code, not theirs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
MODE=importer
case "${1:-}" in
--all) MODE=all; shift ;;
--tsan) MODE=tsan; shift ;;
"") ;;
*) echo "usage: $0 [--all [ctest args...] | --tsan]" >&2; exit 2 ;;
esac
NINJA=(ninja -j"${JOBS:-2}" -l "${LOAD:-3}")

# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs from
# header code compiled into our (instrumented) binaries, while the
# uninstrumented libMLIR.so hands that memory out without unpoisoning it,
# which ASan would report as use-after-poison in correct code.
# allocator_may_return_null=1: tests check that huge allocations fail
# cleanly (RESOURCE_EXHAUSTED), which the sanitizer allocators would
# otherwise abort on.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allow_user_poisoning=0:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

if [[ $MODE == tsan ]]; then
  B=build-tsan
  # Release, as the main build: the uninstrumented libraries are ccache hits.
  if [[ ! -f $B/build.ninja ]]; then
    cmake -G Ninja -S . -B $B -DCMAKE_BUILD_TYPE=Release -DTFMLIR_TSAN=ON
  fi
  # TSAN_TESTS="a b": only those test binaries.
  # shellcheck disable=SC2206
  TESTS=(${TSAN_TESTS:-tfmlir-session-concurrency-tests
         tfmlir-session-threads-tests tfmlir-executor-tests
         tfmlir-session-tests tfmlir-cpu-runtime-tests tfmlir-lite-tests})
  "${NINJA[@]}" -C $B "${TESTS[@]}"
  # second_deadlock_stack: both stacks of a lock-order inversion.
  export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:exitcode=66:allocator_may_return_null=1
  status=0
  for t in "${TESTS[@]}"; do
    args=()
    # The lite binary: its threading tests (the kernels' optimized-vs-
    # reference sweeps are single-threaded and slow under TSan).
    [[ $t == tfmlir-lite-tests ]] &&
      args=(--gtest_filter='LiteThreadPool.*:LiteConcurrentInterpreters.*')
    echo "== $t ${args[*]}"
    start=$SECONDS
    if ! $B/test/unit/$t "${args[@]}" > $B/$t.tsan.log 2>&1; then
      echo "FAILED: $t (log: $B/$t.tsan.log)"
      grep -m5 -E 'WARNING: ThreadSanitizer|FAILED' $B/$t.tsan.log || true
      status=1
    else
      echo "ok: $t ($((SECONDS - start)) s; $(grep -c '^\[       OK' $B/$t.tsan.log) tests)"
    fi
  done
  exit $status
fi

B=build-asan
if [[ ! -f $B/build.ninja ]]; then
  # -O1 -gline-tables-only: symbolized reports at half the compile time of
  # -O2 -g; NDEBUG as libMLIR.so's headers expect.
  cmake -G Ninja -S . -B $B -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" \
    "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" \
    -DTFMLIR_ENABLE_SANITIZERS=ON
fi

if [[ $MODE == all ]]; then
  # shellcheck disable=SC2086
  "${NINJA[@]}" -C $B ${BUILD_ONLY:-all}
  # The python tests load the instrumented extension into the system's
  # (uninstrumented) python: the ASan runtime must come first
  # (LD_PRELOAD), and python's own allocations at exit are not ours to
  # report (detect_leaks=0 for them only).
  ASAN_RT=$(/usr/bin/clang-22 -print-file-name=libclang_rt.asan-x86_64.so)
  status=0
  ctest --test-dir $B --output-on-failure --timeout 3600 -E '^python-' "$@" ||
    status=1
  LD_PRELOAD=$ASAN_RT ASAN_OPTIONS=${ASAN_OPTIONS/detect_leaks=1/detect_leaks=0} \
    ctest --test-dir $B --output-on-failure --timeout 3600 -R '^python-' "$@" ||
    status=1
  exit $status
fi

"${NINJA[@]}" -C $B tf-translate tf-opt tfmlir-graphdef-corpus tfmlir-graphdef-mutate
/usr/lib/llvm-22/bin/lit -sv $B/test/Translate
CORPUS=${TFMLIR_CORPUS_DIR:-../shared/corpus}
if [[ -d $CORPUS ]]; then
  $B/bin/tfmlir-graphdef-corpus "$CORPUS" $B/corpus-graphdef-report.md test/corpus/graphdef_known_failures.txt
  $B/bin/tfmlir-graphdef-mutate "$CORPUS" "${MUTANTS:-5000}" 7
else
  echo "corpus not found at $CORPUS: corpus runs skipped"
fi
