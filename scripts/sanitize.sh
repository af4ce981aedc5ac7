#!/usr/bin/env bash
# ASan+UBSan build (./build-asan) of the importer/exporter and its tools,
# then the GraphDef lit tests, the corpus round trip and the mutation test
# under the sanitizers. Any sanitizer report fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
B=build-asan
if [[ ! -f $B/build.ninja ]]; then
  cmake -G Ninja -S . -B $B -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTFMLIR_ENABLE_SANITIZERS=ON
fi
ninja -C $B -j"${JOBS:-2}" tf-translate tf-opt tfmlir-graphdef-corpus tfmlir-graphdef-mutate
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs from
# header code compiled into our (instrumented) binaries, while the
# uninstrumented libMLIR.so hands that memory out without unpoisoning it,
# which ASan would report as use-after-poison in correct code.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allow_user_poisoning=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
/usr/lib/llvm-22/bin/lit -sv $B/test/Translate
CORPUS=${TFMLIR_CORPUS_DIR:-../shared/corpus}
if [[ -d $CORPUS ]]; then
  $B/bin/tfmlir-graphdef-corpus "$CORPUS" $B/corpus-graphdef-report.md test/corpus/graphdef_known_failures.txt
  $B/bin/tfmlir-graphdef-mutate "$CORPUS" "${MUTANTS:-5000}" 7
else
  echo "corpus not found at $CORPUS: corpus runs skipped"
fi
