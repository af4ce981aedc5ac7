//===- Parallel.cpp - default (serial) tfmlir_rt_parallel_for -------------===//
//
// Serial until a thread pool is installed (see Parallel.h).
//===----------------------------------------------------------------------===//
#include "runtime/cpu/Parallel.h"

extern "C" void tfmlir_rt_parallel_for(int64_t n, int64_t cost_per_iteration,
                                       tfmlir_rt_task_fn fn, void *ctx) {
  (void)cost_per_iteration;
  if (n <= 0)
    return;
  fn(ctx, 0, n);
}
