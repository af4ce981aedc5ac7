//===- Pipelines.cpp - tfmlir pass pipelines ------------------------------===//
//
// `tf-standard-pipeline`: from an imported GraphDef (tf_executor.graph of
// one island per node) to plain functions in the tf dialect, as TF's
// standard pipeline does. Each pass below says why it is there.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ExecutorPasses.h"
#include "lib/Transforms/FunctionalizePasses.h"
#include "lib/Transforms/Passes.h"
#include "lib/Transforms/ShapeInference.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace tfmlir {
void buildTFStandardPipeline(OpPassManager &pm,
                             const StandardPipelineOptions &options) {
  // 1. Drop the nodes the fetches (outputs and targets) do not need, so that
  //    nothing later spends time on them or reports errors about them.
  pm.addNestedPass<func::FuncOp>(createExecutorGraphPruningPass());
  // 2. Resolve Switches with constant predicates (e.g. `is_training`
  //    flags) and remove the dead branches, so that functionalization sees
  //    less V1 control flow and none that is statically decided.
  pm.addNestedPass<func::FuncOp>(createSwitchFoldPass());
  // 3. Turn the remaining V1 control flow (Switch/Merge conds, Enter/Exit
  //    loops) into functional tf.If / tf.While, so that the graph holds only
  //    islands.
  if (!options.skipFunctionalization)
    pm.addPass(createFunctionalizeControlFlowPass());
  // 4. Merge the per-node islands, so that the next pass has one (or few)
  //    islands to inline and the ops end up in one topological order.
  pm.addNestedPass<func::FuncOp>(createExecutorIslandCoarseningPass());
  // 5. Dissolve graphs with only islands into the function bodies: the
  //    later (functional) passes and the legalizations work on plain SSA.
  pm.addNestedPass<func::FuncOp>(createExecutorToFunctionalConversionPass());
  // 5b. Inline function calls (PartitionedCall, StatefulPartitionedCall,
  //     function-call nodes) as tf2xla does, nested ones too: TF2 graphs
  //     (SavedModel signatures, TF.js and grappler outputs) keep their
  //     computation in library functions, which neither legalization
  //     compiles as calls. It needs functional bodies (after 5) and runs
  //     before shape inference so that shapes flow through the inlined ops.
  pm.addPass(createInlineCallsPass());
  // 5c. Split grappler's fused ops (_FusedConv2D, _FusedMatMul, ...) into
  //     the ops they fuse: the legalizations compile those (TFL re-fuses
  //     them), and shape inference then sees ops it knows.
  //     No warnings yet: what is left is tried again at 6b.
  pm.addNestedPass<func::FuncOp>(
      createDecomposeFusedOpsPass({/*warnNotDecomposed=*/false}));
  // 6. Refine tensor types from the feeds' shapes through the ops and the
  //    function calls.
  pm.addPass(createTFShapeInference());
  // 6b. Decompose what needed shapes (BlockLSTM is unrolled over its now
  //     static time dimension; its ops get static types, so no second
  //     shape inference), and warn about what is still left.
  pm.addNestedPass<func::FuncOp>(createDecomposeFusedOpsPass());
  // 6c. Rewrite Einsum into Transpose/Reshape/BatchMatMulV2/Sum, which both
  //     legalizations compile; it needs the operand shapes found in 6.
  pm.addNestedPass<func::FuncOp>(createEinsumPass());
  // 7. Fold constants, forward identities and remove ops whose results are
  //    unused (pure ones only).
  pm.addPass(createCanonicalizerPass());
  // 8. Remove library functions that nothing calls any more (public ones,
  //    such as @main, are kept).
  pm.addPass(createSymbolDCEPass());
}

void registerTFStandardPipeline() {
  PassPipelineRegistration<StandardPipelineOptions>(
      "tf-standard-pipeline",
      "Imported GraphDef to tf-dialect functions: prune, fold switches, "
      "functionalize control flow, coarsen islands, executor to functional, "
      "inline calls, decompose fused ops, shape inference, decompose fused ops "
      "that needed shapes (BlockLSTM), einsum, canonicalize, symbol DCE",
      buildTFStandardPipeline);
}

} // namespace tfmlir
