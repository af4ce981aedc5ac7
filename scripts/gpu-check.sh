#!/usr/bin/env bash
# The GPU check of issue 15 §5, in two halves.
#
#   scripts/gpu-check.sh build [SAMPLE]   (here: needs our build, the CUDA
#       toolkit and the corpus) compiles SAMPLE (default 200) dl4j corpus
#       cases and an element-wise chain over 2^28 floats with hlo-gpu-compile
#       (sm_90 cubins, launch plans, TF's reference values) into
#       build/gpu-check/data, and builds build/gpu-check/tfmlir-gpu-check:
#       runtime/gpu (libcuda.so.1 dlopen'ed) + absl + libstdc++ linked
#       statically, generic x86-64 code, only glibc shared. Everything stays
#       under 64 MiB (the bundle is checked). Then runs `run` once here, which
#       on a machine without a GPU stops at "no GPU" (exit 2).
#   scripts/gpu-check.sh run              (on the GPU machine: no MLIR/LLVM
#       needed; cuBLAS from the CUDA toolkit or PyTorch's wheels for the
#       matrix products) runs every shipped case twice, compares with TF's
#       values,
#       and times the chain against a device copy of the same bytes; then
#       tfmlir-gpu-bench runs the bench models that tf-compile --target=cuda
#       compiled (the MobileNet-like convnet and the MLP at batch 1 and 64,
#       GEMM 4096^3 f32 and bf16) and test/gpu/gpu_bench_peers.py times the
#       same models in PyTorch and JAX, compares outputs and prints one
#       table.
#
# With the device tool: run(command="bash scripts/gpu-check.sh run",
#   carry=["build/gpu-check"]).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUNDLE=${GPU_CHECK_DIR:-$ROOT/build/gpu-check}
MODE=${1:-build}

# cuBLAS and cuDNN, which the plans' GEMMs and convolutions call
# (runtime/gpu/Cublas.h dlopens libcublas.so.13/.12/.11, Cudnn.h
# libcudnn.so.9): the toolkit's lib64, then the copies that PyTorch's wheels
# ship (nvidia/cublas/lib, nvidia/cudnn/lib), ahead of the loader's path.
cublas_path() {
  local dirs="${CUDA_HOME:-/usr/local/cuda}/lib64"
  local wheel pkg
  for pkg in cublas cudnn; do
    wheel=$(python3 -c "import os, nvidia.$pkg as c; print(os.path.join(list(c.__path__)[0], 'lib'))" 2>/dev/null || true)
    [[ -n $wheel ]] && dirs="$dirs:$wheel"
  done
  echo "$dirs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
}

run_check() {
  export LD_LIBRARY_PATH
  LD_LIBRARY_PATH=$(cublas_path)
  if [[ ! -x "$BUNDLE/tfmlir-gpu-check" ]]; then
    echo "gpu-check: $BUNDLE/tfmlir-gpu-check not found: run 'scripts/gpu-check.sh build' first" >&2
    exit 1
  fi
  set +e
  "$BUNDLE/tfmlir-gpu-check" "$BUNDLE/data"
  local rc=$?
  set -e
  if [[ $rc == 2 ]]; then
    echo "gpu-check: stopped at the 'no GPU' point (nothing ran on a GPU)"
    return $rc
  fi
  # The bench models (tf-compile --target=cuda), then the same models in
  # PyTorch and JAX on the same GPU, one table (test/gpu/gpu_bench_peers.py).
  local out=${GPU_BENCH_OUT:-/tmp/tfmlir-gpu-bench}
  mkdir -p "$out"
  set +e
  "$BUNDLE/tfmlir-gpu-bench" "$BUNDLE/bench" "$out" 20 | tee "$out/tfmlir.txt"
  local brc=${PIPESTATUS[0]}
  python3 test/gpu/gpu_bench_peers.py "$BUNDLE/bench" "$out"
  local prc=$?
  set -e
  if [[ $rc == 0 && ( $brc != 0 || $prc != 0 ) ]]; then
    rc=1
  fi
  return $rc
}

if [[ $MODE == run ]]; then
  run_check
  exit $?
fi
if [[ $MODE != build ]]; then
  echo "usage: scripts/gpu-check.sh build [SAMPLE] | run" >&2
  exit 1
fi
SAMPLE=${2:-200}
CUDA=${CUDA_HOME:-/usr/local/cuda}
if [[ ! -f $CUDA/include/cuda.h || ! -x $CUDA/bin/ptxas ]]; then
  echo "gpu-check: no CUDA toolkit (searched $CUDA/include/cuda.h and $CUDA/bin/ptxas; set CUDA_HOME)" >&2
  exit 1
fi
CORPUS=${TFMLIR_CORPUS_DIR:-$ROOT/../shared/corpus}
if [[ ! -f $CORPUS/dl4j_tf_graphs/INDEX.tsv ]]; then
  echo "gpu-check: corpus not found at $CORPUS (set TFMLIR_CORPUS_DIR)" >&2
  exit 1
fi
JOBS=${JOBS:-2} bash scripts/build.sh hlo-gpu-compile tf-translate tf-opt tf-compile tfmlir-model-bench
rm -rf "$BUNDLE"
mkdir -p "$BUNDLE"

# The runners: no MLIR, LLVM or protobuf; absl and libstdc++ static; code
# for any x86-64 (the GPU machine's CPU differs from ours).
CXX=${CXX:-clang++-22}
ABSL_LIBS=$(ls /usr/lib/x86_64-linux-gnu/libabsl_*.a)
GPU_RUNTIME="lib/Support/ABI/LaunchPlan.cpp runtime/gpu/CudaDriver.cpp runtime/gpu/Device.cpp
  runtime/gpu/Cublas.cpp runtime/gpu/Cudnn.cpp runtime/gpu/PlanExecutor.cpp test/gpu/GlibcCompat.cpp"
CUDNN_DEF=""
[[ -f "$CUDA/include/cudnn.h" ]] && CUDNN_DEF="-DTFMLIR_HAVE_CUDNN_H=1"
link_runner() { # OUT SOURCES...
  local out=$1
  shift
  $CXX -std=c++20 -O2 -march=x86-64 -mtune=generic -I"$ROOT" -I"$CUDA/include" $CUDNN_DEF \
    $GPU_RUNTIME "$@" -o "$out" \
    -static-libstdc++ -static-libgcc -Wl,--start-group $ABSL_LIBS -Wl,--end-group \
    -ldl -lpthread
  echo "gpu-check: $(basename "$out") built; shared libraries:"
  ldd "$out" | sed 's/^/  /'
  if ldd "$out" | grep -E -v 'linux-vdso|libc\.so|libm\.so|ld-linux|libdl|libpthread' | grep -q '=>'; then
    echo "gpu-check: $(basename "$out") depends on more than glibc" >&2
    exit 1
  fi
}
link_runner "$BUNDLE/tfmlir-gpu-check" test/gpu/GpuCheckRunner.cpp

# The bench models through tf-compile --target=cuda (header + data object
# each), linked into tfmlir-gpu-bench with runtime/gpu's CompiledGpuFunction.
BENCH_SRC=$ROOT/build/gpu-check-src
rm -rf "$BENCH_SRC"
/usr/bin/python3 test/gpu/gpu_bench_prepare.py build/bin "$BENCH_SRC" "$BUNDLE/bench"
link_runner "$BUNDLE/tfmlir-gpu-bench" -I"$BENCH_SRC" runtime/gpu/CompiledGpuFunction.cpp \
  runtime/aot/HostBuffers.cpp \
  test/gpu/GpuBenchRunner.cpp "$BENCH_SRC"/*.o
echo "gpu-check: newest glibc symbol version needed: $(objdump -T "$BUNDLE/tfmlir-gpu-check" "$BUNDLE/tfmlir-gpu-bench" | grep -o 'GLIBC_[0-9.]*' | sort -V | tail -1)"

# The data: 60 MiB for cubins, plans, constants and references (the runner
# and this script take the rest of the 64 MiB).
/usr/bin/python3 test/gpu/gpu_check_prepare.py "$CORPUS" build/bin "$BUNDLE/data" "$SAMPLE" 60
SIZE=$(du -sb "$BUNDLE" | cut -f1)
echo "gpu-check: bundle $BUNDLE is $((SIZE / 1024)) KiB"
if (( SIZE > 64 * 1024 * 1024 )); then
  echo "gpu-check: the bundle exceeds 64 MiB" >&2
  exit 1
fi
run_check || true
