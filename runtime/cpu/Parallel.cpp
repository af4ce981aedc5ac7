//===- Parallel.cpp - tfmlir_rt_parallel_for over the installed pool ------===//
//
// Dispatches to the ThreadPool installed on the calling thread (ScopedPool:
// the Session's intra-op pool during a Run); serial when none is.
//===----------------------------------------------------------------------===//
#include "runtime/cpu/Parallel.h"
#include "runtime/cpu/ThreadPool.h"

extern "C" TFMLIR_CALLS_GENERATED_CODE void
tfmlir_rt_parallel_for(int64_t n, int64_t cost_per_iteration,
                       tfmlir_rt_task_fn fn, void *ctx) {
  if (n <= 0)
    return;
  if (tfmlir::cpu::ThreadPool *pool = tfmlir::cpu::currentPool()) {
    pool->parallelFor(n, cost_per_iteration, fn, ctx);
    return;
  }
  fn(ctx, 0, n);
}

extern "C" int32_t tfmlir_rt_parallel_threads(void) {
  tfmlir::cpu::ThreadPool *pool = tfmlir::cpu::currentPool();
  return pool ? pool->numThreads() : 1;
}
