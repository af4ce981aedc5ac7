//===- Passes.h - CPU codegen passes (lib/Codegen/CPU) ---------*- C++ -*-===//
//
// Threading of generated CPU code: hlo-cpu-outline-parallel-loops and
// hlo-cpu-lower-parallel-calls (see Passes.td), which make the outer
// parallel loops of hlo-to-llvm-pipeline call tfmlir_rt_parallel_for
// (runtime/cpu/Parallel.h).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_CODEGEN_CPU_PASSES_H
#define TFMLIR_LIB_CODEGEN_CPU_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tfmlir {

/// The unit attribute that hlo-cpu-tile puts on the scf.for loops it makes
/// over parallel dims of an op (iterations write disjoint tiles), for
/// hlo-cpu-outline-parallel-loops.
inline constexpr char kParallelLoopAttr[] = "tfmlir.parallel";
/// The unit attribute of an outlined task function.
inline constexpr char kParallelTaskAttr[] = "tfmlir.parallel_task";
/// The i64 attribute of a task function: one iteration's estimated cost
/// (~ns), passed to tfmlir_rt_parallel_for.
inline constexpr char kTaskCostAttr[] = "tfmlir.task_cost";

#define GEN_PASS_DECL
#include "lib/Codegen/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "lib/Codegen/CPU/Passes.h.inc"

} // namespace tfmlir

#endif
