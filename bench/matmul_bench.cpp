//===- matmul_bench.cpp - GFLOP/s of JIT-compiled f32 matmuls -------------===//
//
// Google Benchmark over square f32 matmuls C[M,N] = A[M,K] * B[K,N]
// (hlo.dot_general, contracting A's dim 1 with B's dim 0) compiled by
// CpuExecutable (hlo-to-llvm-pipeline + ORC JIT at -O3 for the host CPU).
// Each size is compiled once (outside the timed loop); the timed loop is
// one CpuExecutable::run, which includes allocating and copying out the
// result. Counters: GFLOP/s = 2*M*N*K per iteration; compile_ms.
// Run: build/bin/tfmlir-matmul-bench [--benchmark_filter=...]
//===----------------------------------------------------------------------===//
#include "runtime/cpu/Gemm.h"
#include "runtime/session/CpuExecutable.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace tfmlir::session;

namespace {

std::string matmulModule(int64_t m, int64_t k, int64_t n) {
  auto t = [](int64_t a, int64_t b) {
    return "tensor<" + std::to_string(a) + "x" + std::to_string(b) + "xf32>";
  };
  return "func.func @main(%a: " + t(m, k) + ", %b: " + t(k, n) + ") -> " +
         t(m, n) +
         " {\n  %0 = hlo.dot_general %a, %b, <lhs_batch = [], "
         "rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (" +
         t(m, k) + ", " + t(k, n) + ") -> " + t(m, n) +
         "\n  return %0 : " + t(m, n) + "\n}\n";
}

void fill(HostTensor &t, float seed) {
  float *p = t.data<float>();
  for (int64_t i = 0; i < t.numElements(); ++i)
    p[i] = static_cast<float>((i * 7 + 3) % 17) * 0.0625f - 0.5f + seed;
}

void BM_Matmul(benchmark::State &state) {
  int64_t s = state.range(0);
  auto t0 = std::chrono::steady_clock::now();
  auto exe = CpuExecutable::compile(matmulModule(s, s, s), "main");
  auto t1 = std::chrono::steady_clock::now();
  if (!exe.ok()) {
    state.SkipWithError(exe.status().ToString().c_str());
    return;
  }
  HostTensor a(DType::kF32, {s, s}), b(DType::kF32, {s, s});
  fill(a, 0.f);
  fill(b, 0.25f);
  for (auto _ : state) {
    auto r = (*exe)->run({&a, &b});
    if (!r.ok()) {
      state.SkipWithError(r.status().ToString().c_str());
      return;
    }
    benchmark::DoNotOptimize(r->front().raw());
  }
  state.counters["GFLOP/s"] = benchmark::Counter(
      2.0 * s * s * s, benchmark::Counter::kIsIterationInvariantRate,
      benchmark::Counter::kIs1000);
  state.counters["compile_ms"] =
      std::chrono::duration<double, std::milli>(t1 - t0).count();
}

/// The runtime/cpu microkernel alone (tfmlir_rt_sgemm_packed on a B packed
/// beforehand, as for constant weights): the ceiling of the compiled path.
void BM_SgemmPacked(benchmark::State &state) {
  int64_t s = state.range(0);
  HostTensor a(DType::kF32, {s, s}), b(DType::kF32, {s, s}),
      c(DType::kF32, {s, s});
  fill(a, 0.f);
  fill(b, 0.25f);
  std::vector<float> packed(tfmlir_rt_sgemm_packed_size(s, s));
  tfmlir_rt_sgemm_pack_b(s, s, b.data<float>(), s, 1, packed.data());
  for (auto _ : state) {
    tfmlir_rt_sgemm_packed(s, s, s, a.data<float>(), s, packed.data(),
                           c.data<float>(), s, nullptr, nullptr, 0,
                           TFMLIR_RT_ACT_NONE);
    benchmark::DoNotOptimize(c.raw());
  }
  state.counters["GFLOP/s"] = benchmark::Counter(
      2.0 * s * s * s, benchmark::Counter::kIsIterationInvariantRate,
      benchmark::Counter::kIs1000);
}

} // namespace

BENCHMARK(BM_Matmul)
    ->Arg(64)
    ->Arg(128)
    ->Arg(256)
    ->Arg(512)
    ->Arg(1024)
    ->Arg(2048)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK(BM_SgemmPacked)
    ->Arg(256)
    ->Arg(1024)
    ->Arg(2048)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
