//===- Passes.td - tfmlir transformation passes ---------------------------===//
//
// Pass flags follow TensorFlow's names where TF has one. Each description
// shows the IR before and after.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TRANSFORMS_PASSES_TD
#define TFMLIR_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def InlineCallsPass : Pass<"tf-inline-calls", "::mlir::ModuleOp"> {
  let summary = "Inlines tf.PartitionedCall, tf.StatefulPartitionedCall and "
                "function-call nodes into their callers";
  let description = [{
    Replaces every call of a library function -- `tf.PartitionedCall`,
    `tf.StatefulPartitionedCall` and `tf.LegacyCall` (a GraphDef node whose
    op names a function) -- by the callee's body, in every function of the
    module, as tf2xla does before compiling (its functions are inlined into
    one graph). Nested calls are inlined too: callees are processed before
    their callers, so each caller ends up with no calls at all. Functions
    referenced by `tf.If`/`tf.Case`/`tf.While` are not inlined (they are
    control flow, lowered by the legalizations), but calls inside them are.
    Only functions reachable from a public function (such as @main) are
    processed; the others never run and are left to symbol DCE.

    Inlined ops get CallSiteLoc locations (the callee's node name at the
    call node), so later diagnostics name both. Where a call passes a more
    precise type than the callee declares (`tensor<2x3xf32>` for
    `tensor<*xf32>`), or the callee returns a more or less precise type than
    the call's result, a `tensor.cast` bridges them (shape inference and
    canonicalization then remove it). The functions themselves are kept; the
    standard pipeline's symbol DCE removes those nothing uses any more.

    Errors (the pass fails; each names the call node and the function): a
    recursive call chain (`node 'c' calls function @f recursively: @f -> @g
    -> @f`; TF cannot inline these either) and types that no cast can
    bridge (different element types). A callee that cannot be inlined -- only
    declared (the importer declares functions a graph names but does not
    define), more than one block, still a tf_executor graph, or generic
    (arguments typed by an attr placeholder such as `T`) -- gets a warning
    naming the node and the reason, and the call stays: TF, too, fails only
    when such a node runs, and the legalizations name it if it is needed.

    Before:
    ```mlir
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %0 = "tf.StatefulPartitionedCall"(%x) {f = @outer, config = "", config_proto = "", executor_type = ""} : (tensor<2xf32>) -> tensor<*xf32>
      %1 = tensor.cast %0 : tensor<*xf32> to tensor<2xf32>
      func.return %1 : tensor<2xf32>
    }
    func.func private @outer(%a: tensor<*xf32>) -> tensor<*xf32> {
      %0 = "tf.LegacyCall"(%a) {f = @inner} : (tensor<*xf32>) -> tensor<*xf32>
      func.return %0 : tensor<*xf32>
    }
    func.func private @inner(%a: tensor<*xf32>) -> tensor<*xf32> {
      %0 = "tf.Relu"(%a) : (tensor<*xf32>) -> tensor<*xf32>
      func.return %0 : tensor<*xf32>
    }
    ```
    After (@outer and @inner unchanged apart from @outer's call):
    ```mlir
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %0 = tensor.cast %x : tensor<2xf32> to tensor<*xf32>
      %1 = "tf.Relu"(%0) : (tensor<*xf32>) -> tensor<*xf32>
      %2 = tensor.cast %1 : tensor<*xf32> to tensor<2xf32>
      func.return %2 : tensor<2xf32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def DecomposeFusedOpsPass
    : Pass<"tf-decompose-fused-ops", "::mlir::func::FuncOp"> {
  let summary = "Decomposes grappler's fused ops (_FusedConv2D, _FusedMatMul, "
                "...) into the ops they fuse";
  let description = [{
    Grappler's remapper (and TF.js's converter) replace Conv2D /
    DepthwiseConv2dNative / MatMul + BiasAdd or FusedBatchNorm + Add +
    activation chains by one fused op. This pass undoes that with TF's
    kernel semantics (conv_ops_fused_impl.h, matmul_op_fused.cc,
    fused_batch_norm_op.cc), so that xla-legalize-tf compiles the parts and
    tfl-legalize-tf fuses them again into tfl.conv_2d /
    tfl.depthwise_conv_2d / tfl.fully_connected with a
    `fused_activation_function`:

    - `tf._FusedConv2D`, `tf._FusedDepthwiseConv2dNative`,
      `tf.FusedDepthwiseConv2dNative` (TF.js): the convolution, then per
      `fused_ops`: `BiasAdd` (args[0]) and optionally `Add` (args[1]), or
      `FusedBatchNorm` (args = scale, offset, mean, variance; `epsilon`;
      inference mode), then an activation: Relu, Relu6, Elu, LeakyRelu
      (`leakyrelu_alpha`), Tanh, Sigmoid, or TF.js's Prelu (its alpha is
      the next arg).
    - `tf._FusedMatMul`: MatMul, then BiasAdd [Add] and the same
      activations plus GeluExact (0.5 x (1 + erf(x / sqrt 2))) and
      GeluApproximate (0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))).
    - `tf._FusedBatchNormEx`: FusedBatchNormV3, + side input (AddV2), +
      Relu when `activation_mode` is Relu.
    - TF.js's standalone `tf.Prelu(x, alpha)`: relu(x) - alpha * relu(-x).
    - TF's block RNN ops (DecomposeRNNOps.cpp, math of lstm_ops.cc and
      gru_ops.cc): `tf.LSTMBlockCell` becomes xh = ConcatV2(x, h_prev),
      gates = BiasAdd(MatMul(xh, w), b), Split into i, c, f, o; then
      i = Sigmoid(gi [+ cs_prev * wci]), ci = Tanh(gc),
      f = Sigmoid(gf + forget_bias [+ cs_prev * wcf]),
      cs = i * ci + f * cs_prev (Minimum/Maximum when cell_clip > 0),
      co = Tanh(cs), o = Sigmoid(go [+ cs * wco]), h = o * co.
      `tf.BlockLSTM` and `tf.BlockLSTMV2` (whose gates are in the order
      i, f, c, o and which has no forget_bias) are unrolled over x's time
      dimension, which must be static (so they are decomposed once shape
      inference has run): x is Unpacked, each step's results are
      SelectV2(t < seq_len_max, v, 0) and Packed. `tf.GRUBlockCell`: [r, u] = Sigmoid(BiasAdd(MatMul(
      ConcatV2(x, h_prev), w_ru), b_ru)), c = Tanh(BiasAdd(MatMul(
      ConcatV2(x, r * h_prev), w_c), b_c)), h = u * (h_prev - c) + c.
    - `tf._FusedConv3D`: Conv3D, then BiasAdd (channel dim of NDHWC or
      NCDHW) and the activation.
    - `tf.FusedPadConv2D`: MirrorPad (`mode`) then Conv2D;
      `tf.FusedResizeAndPadConv2D`: ResizeBilinear (align_corners =
      `resize_align_corners`, half_pixel_centers = false) first (TF's
      conv_ops_fused_image_transform.cc; NHWC).

    Ops it cannot decompose (another fused_ops list, filter_format OIHW,
    quantized host args, data_format NCHW_VECT_C, a BlockLSTM whose time
    dimension is not static) stay, with a warning that names the node and
    the reason (unless `warn-not-decomposed=false`: the standard pipeline
    runs the pass before shape inference without warnings and again after
    it with them); the legalizations then list them.

    Before:
    ```mlir
    %0 = "tf._FusedConv2D"(%x, %w, %b) {T = f32, data_format = "NHWC", fused_ops = ["BiasAdd", "Relu6"], num_args = 1 : i64, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
    ```
    After:
    ```mlir
    %0 = "tf.Conv2D"(%x, %w) {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32>
    %1 = "tf.BiasAdd"(%0, %b) {data_format = "NHWC"} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
    %2 = "tf.Relu6"(%1) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
    ```
  }];
  let options = [
    Option<"warnNotDecomposed", "warn-not-decomposed", "bool", "true",
           "Warn about each op left undecomposed (and why)">
  ];
}

def EinsumPass : Pass<"tf-einsum", "::mlir::func::FuncOp"> {
  let summary = "Rewrites tf.Einsum into StridedSlice/Sum/Transpose/Reshape/"
                "BatchMatMulV2 (TF-MLIR's -tf-einsum)";
  let description = [{
    Both lowerings (xla-legalize-tf, tfl-legalize-tf) compile the ops this
    pass writes, with the semantics of TF's Einsum CPU kernel
    (einsum_op_impl.h), for one or two operands of any dtype:
    - a label repeated within one operand ("ii->i") takes the diagonal: its
      c axes of size d move last, are merged into d^c elements and every
      ((d^c - 1) / (d - 1))-th is kept (tf.StridedSlice), as TF strides;
    - a label only one operand has and the output lacks is summed (tf.Sum);
    - one operand: a tf.Transpose into the output's order ("ij->ji");
    - two operands: each is transposed to [..., batch, free, contracted]
      (resp. [..., batch, contracted, free]) and reshaped to
      [..., prod(batch), M, K] / [..., prod(batch), K, N];
      tf.BatchMatMulV2 broadcasts the "..." dims right-aligned, as numpy
      does; the product is reshaped and transposed into the output's order.
    Named labels must have one size everywhere (TF does not broadcast them).
    An invalid equation (wrong operand count, an output label no input has,
    a bad character, shapes that do not match it) is an error naming the
    node; a repeated output label (TF inflates) is reported as
    Unimplemented. Einsum ops whose operand shapes are not static stay (the
    legalizations list them), so the pass runs after shape inference.

    Before:
    ```mlir
    %0 = "tf.Einsum"(%a, %b) {equation = "bij,bkj->bik"} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x3x5xf32>
    ```
    After:
    ```mlir
    %p = "tf.Const"() {value = dense<[0, 2, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
    %1 = "tf.Transpose"(%b, %p) : (tensor<2x5x4xf32>, tensor<3xi32>) -> tensor<2x4x5xf32>
    %0 = "tf.BatchMatMulV2"(%a, %1) : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
    ```
  }];
}

def MarkForCompilationPass
    : Pass<"xla-mark-for-compilation", "::mlir::func::FuncOp"> {
  let summary = "Groups the ops xla-legalize-tf lowered into acyclic clusters "
                "(TF's MarkForCompilationPass, simplified)";
  let description = [{
    Runs on a function that `xla-legalize-tf{allow-partial=true}` left
    half lowered: ops it could lower with static shapes are hlo ops (the
    legalizer's own check decides, there is no second list), the rest are
    still tf ops that the Session's executor runs on host kernels.

    Every op of the function's body that is not a tf op, not a constant
    (`hlo.constant`, `tf.Const`: cloned into each cluster that uses them,
    as TF does with constants) and not the terminator is compilable. Each
    compilable op gets a string attr `_XlaCluster = "cluster_<n>"` (TF's
    attr name). Clusters are formed without cycles through non-compiled
    nodes: with `level(op)` = the largest, over the op's operands, of the
    producer's level plus one when the producer is not of the op's cluster
    class (a tf op is never clustered here), levels never decrease along
    an edge and strictly increase after leaving a class, so grouping the
    compilable ops of one level along their def-use edges (connected
    components) cannot create a cycle in the contracted graph. (The
    Session's executor also forms a second class, tf ops compiled at run
    time for their input shapes; see runtime/session/Executor.h.)
    Compilable ops that are not connected stay in separate clusters, so the
    executor can run them in parallel. Resource variables are not seen
    here: the Session passes a variable's value as an argument and its new
    value as a result. Functional control flow that could not be lowered
    (tf.While/tf.If) stays a host node, as does anything inside it.

    Before:
    ```mlir
    %0 = hlo.add %a, %b : tensor<4xf32>
    %1 = "tf.Where"(%0) : (tensor<4xf32>) -> tensor<?x1xi64>
    %2 = hlo.multiply %0, %a : tensor<4xf32>
    %3 = hlo.negate %1 : tensor<?x1xi64>    // (if the legalizer took it)
    ```
    After:
    ```mlir
    %0 = hlo.add %a, %b {_XlaCluster = "cluster_0"} : tensor<4xf32>
    %1 = "tf.Where"(%0) : (tensor<4xf32>) -> tensor<?x1xi64>
    %2 = hlo.multiply %0, %a {_XlaCluster = "cluster_0"} : tensor<4xf32>
    %3 = hlo.negate %1 {_XlaCluster = "cluster_1"} : tensor<?x1xi64>
    ```
    (%2 uses %0 at the same level, so it joins cluster_0; %3 is behind the
    host op tf.Where, one level up.)
  }];
}

def TensorArrayOpsDecompositionPass
    : Pass<"tf-tensor-array-ops-decomposition", "::mlir::ModuleOp"> {
  let summary = "Rewrites TF1 TensorArrays (also through tf.While / tf.If) "
                "into stacked tensors, or TensorLists when their size or "
                "element shape is only known at run time, carried by their "
                "flow values";
  let description = [{
    tf2xla's and TF-MLIR's tensor-array-ops-decomposition idea, on the
    functional form (after functionalization and shape inference): every
    TensorArray op takes the array's `flow`, so the flow can carry the
    whole array as one tensor of shape [size, element...] (dtype `dtype`)
    and the resource handle becomes dead. tf.nn.dynamic_rnn and
    bidirectional_dynamic_rnn scatter the input into one array, read it
    and write another in a tf.While, and gather the result after the loop.

    - `TensorArrayV3`: its flow becomes zeros of the buffer type (TF reads
      of never-written elements of a known shape give zeros as well);
    - `TensorArrayWriteV3(h, i, v, flow)`: TensorScatterUpdate(flow, [[i]],
      [v]); `TensorArrayScatterV3(h, idx, v, flow)`: TensorScatterUpdate(
      flow, idx[:, None], v);
    - `TensorArrayReadV3` / `TensorArrayGatherV3`: GatherV2(flow, i, 0)
      (an out-of-range index is the same run-time error as TF's);
    - `TensorArraySplitV3` with `size` equal constant lengths: Reshape of
      the value to the buffer shape; `TensorArrayConcatV3`: Reshape to
      [size * d0, rest...] and constant int64 lengths;
    - `TensorArraySizeV3`: the constant size; `TensorArrayCloseV3`: erased.

    The flow's type changes along its way: forwarding ops (Identity,
    IdentityN, Snapshot, StopGradient), tf.While / tf.StatelessWhile loop
    variables (operand, cond and body arguments, body result, result),
    tf.If / tf.StatelessIf operands and results, and the functions'
    signatures (and the `T`/`Tin`/`Tout` attrs). The handles that only
    pass through control flow afterwards are removed from it, and shape
    inference and canonicalization run again so that reads see static
    types. This repeats while it makes progress: an array whose element
    shape comes from values read from another array (a dynamic_rnn output
    array without element_shape) is decomposed in the next round.

    Needs: a constant size (the size operand folds with the static feed
    shapes; for `dynamic_size` arrays the largest constant index written +
    1 or the number of split pieces when larger, and every write index
    constant), a static element shape
    (the `element_shape` attr merged with the shapes of the written, read,
    scattered and gathered values), an integer or float dtype, functions
    with one caller, and no other use of the handle or flow (e.g.
    TensorArrayGradV3).

    list-fallback (default on): when a round decomposes nothing, each
    remaining array that only lacks a constant size or a static element
    shape (a size from a fed value, a `dynamic_size` array written at a
    loop index, elements whose shape is known at run time) becomes TF2's
    form of a TensorArray (tensor_array_ops.py's _GraphTensorArrayV2): the
    flow, and so the While/If loop variables and function signatures, is a
    TensorList (`tensor<!tf_type.variant>`), which the Session's host
    kernels run (--jit=auto|off; compiled code cannot take a list):
    TensorArrayV3 -> TensorListReserve(element_shape, size);
    Write -> TensorListSetItem (`resize_if_index_out_of_bounds` =
    `dynamic_size`); Read -> TensorListGetItem; Gather -> TensorListGather;
    Scatter -> TensorListScatterIntoExistingList; Split -> TensorListSplit;
    Concat -> TensorListConcatV2 (element_shape [?, element[1:]...], no
    leading_dims); Size -> TensorListLength; Close erased. The
    element_shape operands are the partial element shape (-1 dims, or the
    scalar -1 for an unknown rank). TF1 semantics that TF2's lists do not
    keep (and this pass does not either): clear_after_read, and the error
    on a second write to an element. With `list-fallback=false`, or for an
    array that even a list cannot hold (its dtype, the structural reasons
    above), the array is an error naming the TensorArrayV3 node and the
    reason, and the pass fails (no host kernel runs TensorArray ops, so
    nothing after it could).

    Before:
    ```mlir
    %h, %f = "tf.TensorArrayV3"(%c4) {dtype = f32, element_shape = #tf_type.shape<3>}
    %f1 = "tf.TensorArrayScatterV3"(%h, %idx, %x, %f) : (..., tensor<4x3xf32>, tensor<f32>) -> tensor<f32>
    %r:3 = "tf.While"(%i0, %f1, %h) {body = @body, cond = @cond}
        : (tensor<i32>, tensor<f32>, tensor<!tf_type.resource>) -> ...
    // @body(%i, %fl: tensor<f32>, %hh): "tf.TensorArrayReadV3"(%hh, %i, %fl)
    ```
    After:
    ```mlir
    %z = tf.Const dense<0.0> : tensor<4x3xf32>
    %f1 = "tf.TensorScatterUpdate"(%z, %idx2, %x) -> tensor<4x3xf32>
    %r:2 = "tf.While"(%i0, %f1) {body = @body, cond = @cond}
        : (tensor<i32>, tensor<4x3xf32>) -> (tensor<i32>, tensor<4x3xf32>)
    // @body(%i, %fl: tensor<4x3xf32>): "tf.GatherV2"(%fl, %i, %c0) -> tensor<3xf32>
    ```
  }];
  let options = [
    Option<"listFallback", "list-fallback", "bool", "true",
           "Rewrite arrays without a constant size or static element shape "
           "into TensorList ops (host kernels) instead of failing; off for "
           "whole-graph compilation">
  ];
  // tf-shape-inference, run inside, casts results of public functions.
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

#endif
