//===- Pipeline.h - hlo-to-llvm-pipeline (CPU codegen) ---------*- C++ -*-===//
//
// The CPU code generator's entry points: the pass pipeline from hlo
// functions to the llvm dialect, and what a context running it needs. Used
// by the JIT (runtime/session/CpuExecutable), tf-compile
// (lib/Pipelines/AotCodegen), the benchmarks and tf-opt.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_CODEGEN_CPU_PIPELINE_H
#define TFMLIR_LIB_CODEGEN_CPU_PIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

#include <string>

namespace tfmlir {

/// Appends the hlo-to-llvm pipeline to `pm` (a pass manager on
/// builtin.module): hlo-cpu-gemm-ukernel (f32 GEMMs and convolutions to the
/// runtime/cpu microkernels), hlo-legalize-to-linalg (with
/// emit-c-interface), canonicalize, hlo-fuse-elementwise, hlo-cpu-tile
/// (cache blocks, then register tiles, peeled), hlo-cpu-vectorize,
/// one-shot-bufferize across function boundaries (identity layouts),
/// hlo-cpu-hoist-vector-transfers (a contraction's accumulator stays in
/// vector registers across its reduction loop), the buffer deallocation
/// pipeline, the remaining linalg ops -> loops, the outermost parallel tile
/// loops outlined into tasks called through tfmlir_rt_parallel_for, vector
/// transfers unrolled to 1-D, vector.contract -> outer products -> FMAs,
/// hlo-cpu-math-intrinsics, libm calls for functions LLVM has no intrinsic
/// for, hlo-cpu-name-alloc-sites, and the lowering of
/// vector/memref/arith/index/func/cf/ub to the llvm dialect, with heap
/// buffers through MLIR's generic allocation functions
/// (_mlir_memref_to_llvm_alloc/free: the JIT maps them to the runtime's
/// arena, runtime/cpu/Alloc.h). Every pass is added by a direct call.
/// Always succeeds (the LogicalResult is kept for callers that chain it).
mlir::LogicalResult buildHLOToLLVMPipeline(mlir::OpPassManager &pm);

/// Prints `module` (an hlo module about to be re-parsed in a codegen
/// context: CpuExecutable, tf-compile) with each op's location reduced to
/// the bare TF node name it carries (a NameLoc without its file position;
/// unknown when none), so that hlo-cpu-name-alloc-sites can name the node
/// of a failed allocation and the text stays compact. Changes the
/// locations of `module` itself: pass a copy.
std::string printHLOModuleForCodegen(mlir::ModuleOp module);

/// Registers what a context that runs hlo-to-llvm-pipeline and translates
/// the result to LLVM IR needs: every upstream dialect and extension, the
/// hlo dialect, and the builtin/llvm-dialect LLVM IR translations. Shared by
/// the JIT (CpuExecutable) and tf-compile (AotCodegen).
void registerHLOToLLVMDialects(mlir::DialectRegistry &registry);

/// Registers hlo-legalize-to-linalg and the other HLOToLinalg passes, the
/// CPU codegen passes and the `hlo-to-llvm-pipeline` pass pipeline (for
/// tf-opt).
void registerHLOCodegenPasses();

} // namespace tfmlir

#endif // TFMLIR_LIB_CODEGEN_CPU_PIPELINE_H
