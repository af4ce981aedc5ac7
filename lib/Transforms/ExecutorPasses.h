//===- ExecutorPasses.h - passes over tf_executor graphs ------------------===//
//
// Declarations of the passes in ExecutorPasses.td (graph pruning, island
// coarsening, executor<->functional conversion, switch folding) and of the
// `tf-standard-pipeline` (Pipelines.cpp).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_EXECUTORPASSES_H
#define TFMLIR_LIB_TRANSFORMS_EXECUTORPASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFOps.h"

#include <memory>

namespace tfmlir {

#define GEN_PASS_DECL
#include "lib/Transforms/ExecutorPasses.h.inc"

/// Options of `tf-standard-pipeline`.
struct StandardPipelineOptions
    : public mlir::PassPipelineOptions<StandardPipelineOptions> {
  Option<bool> skipFunctionalization{
      *this, "skip-functionalization",
      llvm::cl::desc("Do not run tf-functionalize-control-flow (V1 control "
                     "flow then stays in tf_executor form)"),
      llvm::cl::init(false)};
};

/// Adds the passes of `tf-standard-pipeline` to `pm` (a module pass
/// manager). Passes of other components that are not registered in this
/// build (tf-functionalize-control-flow, tf-shape-inference) are skipped.
void buildTFStandardPipeline(mlir::OpPassManager &pm,
                             const StandardPipelineOptions &options);

/// Registers `tf-standard-pipeline`.
void registerTFStandardPipeline();

#define GEN_PASS_REGISTRATION
#include "lib/Transforms/ExecutorPasses.h.inc"

} // namespace tfmlir

#endif
