//===- Passes.td - tf -> hlo legalization ---------------------------------===//
#ifndef TFMLIR_CONVERSION_TFTOHLO_PASSES_TD
#define TFMLIR_CONVERSION_TFTOHLO_PASSES_TD

include "mlir/Pass/PassBase.td"

def LegalizeTFToHLO : Pass<"xla-legalize-tf", "mlir::ModuleOp"> {
  let summary = "Lower functional-form tf ops to the hlo dialect";
  let description = [{
    Input: what `tf-standard-pipeline` produces (func.func bodies of tf ops
    with shape-inferred types). Every supported tf op is replaced by hlo ops
    with XLA semantics and static shapes: NumPy broadcasting becomes
    hlo.broadcast_in_dim, MatMul/BatchMatMul hlo.dot_general, convolutions
    hlo.convolution (layouts kept in the dimension numbers), reductions
    hlo.reduce, pools hlo.reduce_window, and shape ops with constant shape
    operands static slices/reshapes/pads/concatenates. The patterns are
    OpConversionPatterns on the typed tf ops run by applyPartialConversion,
    one folder per tf dialect family (Math/, NN/, Reduce/, Shape/,
    Indexing/, Image/, Linalg/, Random/, Quant/, Control/), the op's file
    named in docs/OpCoverage.md.

    Ops that cannot be legalized (no lowering, or dynamic shapes / non-constant
    shape operands) stay in place, and the pass fails with ONE error holding a
    histogram of them, most frequent first, with their node names:
    `cannot legalize: tf.Where (count 3: nodes a, b, c); tf.TopKV2 (count 1:
    nodes t)`. A remark on each such op gives the reason when there is one.
    With `allow-partial=true` the histogram is a warning and the pass
    succeeds.

    GatherV2, GatherNd, ScatterNd and UnsortedSegment{Sum,Prod,Max,Min} get
    a run-time index check in front, as TF's CPU kernels have:
    `hlo.custom_call "tfmlir_rt_check_indices"(%flat_indices)` whose
    backend_config names the kind, the indices' shape, the limits and the
    node (runtime/cpu/IndexCheck.h); an out-of-range index fails the Run
    with TF's InvalidArgument ("indices[3] = 7 is not in [0, 5)"). With
    `clamp-indices=true` there are no checks and XLA's semantics hold
    (gathers clamp, scatters drop).

    Before:
    ```mlir
    %0 = "tf.MatMul"(%x, %w) {transpose_a = false, transpose_b = false}
        : (tensor<1x3xf32>, tensor<3x2xf32>) -> tensor<1x2xf32>
    %1 = "tf.Relu"(%0) : (tensor<1x2xf32>) -> tensor<1x2xf32>
    ```
    After:
    ```mlir
    %0 = hlo.dot_general %x, %w, #hlo.dot<lhs_batch = [], rhs_batch = [],
        lhs_contract = [1], rhs_contract = [0]>
        : (tensor<1x3xf32>, tensor<3x2xf32>) -> tensor<1x2xf32>
    %c = hlo.constant dense<0.000000e+00> : tensor<1x2xf32>
    %1 = hlo.maximum %0, %c : tensor<1x2xf32>
    ```
  }];
  let options = [
    Option<"allowPartial", "allow-partial", "bool", "false",
           "Leave unsupported ops in place with a warning instead of failing">,
    Option<"clampIndices", "clamp-indices", "bool", "false",
           "No run-time index checks: out-of-range gather indices are "
           "clamped and scatter/segment indices dropped, as XLA does">,
  ];
  let dependentDialects = ["::tfmlir::hlo::HLODialect",
                           "::mlir::func::FuncDialect"];
}

#endif
