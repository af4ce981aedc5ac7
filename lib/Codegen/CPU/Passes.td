//===- Passes.td - CPU codegen passes (lib/Codegen/CPU) -------------------===//
#ifndef TFMLIR_CODEGEN_CPU_PASSES_TD
#define TFMLIR_CODEGEN_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def OutlineParallelLoops
    : Pass<"hlo-cpu-outline-parallel-loops", "mlir::ModuleOp"> {
  let summary = "Outline the outermost parallel tile loops into task functions";
  let description = [{
    The first half of XLA:CPU-style parallel task assignment, on buffers
    (after bufferization and convert-linalg-to-loops). Every outermost
    scf.for marked `tfmlir.parallel` by hlo-cpu-tile (a loop over a parallel
    dim: its iterations write disjoint tiles) that has no results and whose
    body allocates or frees no heap buffer (memref.alloc/dealloc/realloc
    stay on the Run's own thread, where a failed allocation can end the
    Run) and calls no function defined in the module is moved into a new private function
    `<func>__par<k>(captured values..., %begin: index, %end: index)` that
    runs iterations [begin, end) of the loop (in normalized iteration numbers
    0..n), and the loop is replaced by a call of it over [0, n). Captured
    constants are cloned into the function instead of passed. The function
    gets `tfmlir.parallel_task` and `tfmlir.task_cost` (i64: a static
    estimate of one iteration's cost in ~ns: vector ops weighted by their
    element count over 16 lanes, nested constant-trip loops multiplied out,
    two such ops per ns). hlo-cpu-lower-parallel-calls then turns the call
    into a call of the runtime's tfmlir_rt_parallel_for.

    Before:
      scf.for %i = %c0 to %c256 step %c8 {
        ... writes %buf[%i .. %i+8] ...
      } {tfmlir.parallel}
    After:
      %n = arith.ceildivsi (%c256 - %c0), %c8      // 32
      func.call @main__par0(%buf, %c0, %n) : (memref<..>, index, index) -> ()
      func.func private @main__par0(%buf: memref<..>, %b: index, %e: index)
          attributes {tfmlir.parallel_task, tfmlir.task_cost = 1024 : i64} {
        scf.for %j = %b to %e step %c1 {
          %i = %c0 + %j * %c8
          ... writes %buf[%i .. %i+8] ...
        }
        return
      }
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
    "::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def LowerParallelCalls
    : Pass<"hlo-cpu-lower-parallel-calls", "mlir::ModuleOp"> {
  let summary = "Call tfmlir_rt_parallel_for for the task functions of hlo-cpu-outline-parallel-loops";
  let description = [{
    The second half, in the llvm dialect (after convert-func-to-llvm and
    reconcile-unrealized-casts). Each llvm.call of an llvm.func marked
    `tfmlir.parallel_task` (operands: the captured values as the LLVM
    calling convention expanded them, then begin = 0 and end = n) becomes:
    the operands stored into a struct on the caller's stack (one alloca in
    its entry block), and
      llvm.call @tfmlir_rt_parallel_for(%n, %cost, @<task>__task, %ctx)
    where the new `<task>__task(ptr ctx, i64 begin, i64 end)` loads the
    operands back and calls the task function on [begin, end). The runtime
    (runtime/cpu/Parallel.h) splits [0, n) over the Session's intra-op pool
    or runs it serially (cost model). Functions without such calls are
    unchanged.

    Before:
      llvm.call @main__par0(%p0, %p1, %off, %s0, %s1, %st0, %st1, %c0, %n)
    After:
      llvm.store ... into %ctx (an alloca of !llvm.struct<(ptr, ptr, i64, ...)>)
      %f = llvm.mlir.addressof @main__par0__task : !llvm.ptr
      llvm.call @tfmlir_rt_parallel_for(%n, %cost, %f, %ctx)
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif
