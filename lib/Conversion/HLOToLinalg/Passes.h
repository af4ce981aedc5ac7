//===- Passes.h - hlo -> linalg lowering and the CPU codegen pipeline -----===//
#ifndef TFMLIR_LIB_CONVERSION_HLOTOLINALG_PASSES_H
#define TFMLIR_LIB_CONVERSION_HLOTOLINALG_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace tfmlir {

#define GEN_PASS_DECL
#include "lib/Conversion/HLOToLinalg/Passes.h.inc"

/// The textual pass pipeline of `hlo-to-llvm-pipeline`: hlo-legalize-to-linalg
/// (with emit-c-interface), canonicalize, linalg element-wise fusion,
/// one-shot-bufferize across function boundaries (identity layouts), the
/// buffer deallocation pipeline, linalg -> loops, and the lowering of
/// scf/cf/arith/math (libm calls for functions LLVM has no intrinsic
/// for)/memref/func to the llvm dialect. Runs on a builtin.module.
const char *hloToLLVMPipelineText();

/// Appends the hlo-to-llvm pipeline to `pm` (a pass manager on
/// builtin.module). Fails (with a diagnostic on stderr) only when an
/// upstream pass of the pipeline is not registered: call
/// mlir::registerAllPasses() (or register those passes) first.
mlir::LogicalResult buildHLOToLLVMPipeline(mlir::OpPassManager &pm);

/// registerHLOToLinalgPasses() registers hlo-legalize-to-linalg.
#define GEN_PASS_REGISTRATION
#include "lib/Conversion/HLOToLinalg/Passes.h.inc"

/// Registers hlo-legalize-to-linalg and the `hlo-to-llvm-pipeline` pass
/// pipeline (for tf-opt).
void registerHLOCodegenPasses();

} // namespace tfmlir

#endif
