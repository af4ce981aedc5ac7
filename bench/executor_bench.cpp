//===- executor_bench.cpp - the Session executor's inter-op parallelism ---===//
//
// Google Benchmark: two independent branches of host nodes (each a chain of
// 3 TopKV2 over f32[N] with k = N / 2, on the executor's host kernels) run
// by GraphExecutor with 1 and 2 inter-op threads. One timed iteration is
// one GraphExecutor::run. With two threads the branches overlap (on a
// machine with free cores the time approaches half); the ratio of the two
// medians is the inter-op speed-up. Run with
//   --benchmark_repetitions=9 --benchmark_enable_random_interleaving=true
// so that both thread counts are measured interleaved under the same load.
//===----------------------------------------------------------------------===//
#include "runtime/session/Executor.h"

#include "dialects/hlo/HLOOps.h"
#include "dialects/tf/TFOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

using namespace tfmlir::session;

namespace {

/// @main(a, b): per input, three chained TopKV2 (k = n/2, then n/4, n/8),
/// with the dynamic result types a run-time k gives.
std::string twoBranches(int64_t n) {
  auto ty = [](int64_t m) { return "tensor<" + std::to_string(m) + "xf32>"; };
  std::string s = "func.func @main(%a: " + ty(n) + ", %b: " + ty(n) +
                  ") -> (tensor<?xf32>, tensor<?xf32>) {\n";
  std::string rets;
  for (std::string x : {"a", "b"}) {
    std::string in = "%" + x, inTy = ty(n);
    int64_t m = n;
    for (int i = 0; i < 3; ++i) {
      std::string k = "%k" + x + std::to_string(i);
      std::string v = "%v" + x + std::to_string(i);
      s += "  " + k + " = \"tf.Const\"() {value = dense<" +
           std::to_string(m / 2) + "> : tensor<i32>} : () -> tensor<i32>\n";
      s += "  " + v + ", " + v + "i = \"tf.TopKV2\"(" + in + ", " + k +
           ") : (" + inTy + ", tensor<i32>) -> (tensor<?xf32>, " +
           "tensor<?xi32>)\n";
      in = v;
      inTy = "tensor<?xf32>";
      m /= 2;
    }
    rets += (rets.empty() ? "" : ", ") + in;
  }
  return s + "  func.return " + rets + " : tensor<?xf32>, tensor<?xf32>\n}\n";
}

void BM_TwoBranches(benchmark::State &state) {
  int64_t n = 1 << 18;
  mlir::DialectRegistry registry;
  tfmlir::registerTFDialects(registry);
  tfmlir::registerHLODialect(registry);
  registry.insert<mlir::func::FuncDialect>();
  auto ctx = std::make_unique<mlir::MLIRContext>(
      registry, mlir::MLIRContext::Threading::DISABLED);
  ctx->loadAllAvailableDialects();
  auto module =
      mlir::parseSourceString<mlir::ModuleOp>(twoBranches(n), ctx.get());
  if (!module) {
    state.SkipWithError("the benchmark module does not parse");
    return;
  }
  ExecutorOptions opts;
  opts.interOpThreads = static_cast<int>(state.range(0));
  opts.compileClusters = false; // host kernels only
  auto exe = GraphExecutor::create(std::move(ctx), std::move(module), opts);
  if (!exe.ok()) {
    state.SkipWithError(std::string(exe.status().message()).c_str());
    return;
  }
  HostTensor a(DType::kF32, {n}), b(DType::kF32, {n});
  uint32_t seed = 12345;
  for (int64_t i = 0; i < n; ++i) {
    seed = seed * 1664525u + 1013904223u;
    a.data<float>()[i] = static_cast<float>(seed >> 8) / 16777216.0f;
    b.data<float>()[i] = 1.0f - a.data<float>()[i];
  }
  for (auto _ : state) {
    auto out = (*exe)->run({&a, &b});
    if (!out.ok()) {
      state.SkipWithError(std::string(out.status().message()).c_str());
      return;
    }
    benchmark::DoNotOptimize(out->front().raw());
  }
  state.counters["max_concurrent_nodes"] =
      static_cast<double>((*exe)->stats().maxConcurrentNodes);
}

} // namespace

BENCHMARK(BM_TwoBranches)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
