//===- Passes.td - tf -> tfl legalization passes --------------------------===//
#ifndef TFMLIR_CONVERSION_TFTOTFL_PASSES_TD
#define TFMLIR_CONVERSION_TFTOTFL_PASSES_TD

include "mlir/Pass/PassBase.td"

def LegalizeTFToTFL : Pass<"tfl-legalize-tf", "mlir::ModuleOp"> {
  let summary = "Rewrite functional-form tf ops into TFLite builtin (tfl) ops";
  let description = [{
    Input: what `tf-standard-pipeline` produces (func.func bodies of tf ops,
    constants as tf.Const). Every supported tf op is replaced by tfl ops with
    TFLite's layouts (NHWC activations, OHWI conv filters, 1HWO depthwise
    filters, [out, in] fully-connected weights); constants become
    tfl.pseudo_const; Identity-like ops are removed. Then fusions run: bias
    adds into conv_2d/depthwise_conv_2d/fully_connected, per-channel constant
    multiplies (e.g. from an inference-mode FusedBatchNorm) into their
    weights, and Relu/Relu6/Relu1 (not Tanh: stock TFLite kernels ignore a fused TANH) into the producer's
    fused_activation_function.

    Ops without a TFLite builtin fail the pass with one report listing the
    builtin ops used and the unsupported ops (count and node names), like
    tflite_convert; with `allow-custom-ops` they become `tfl.custom` with
    custom_code = the TF op name.

    Before:
    ```mlir
    %w = tf.Const {dtype = f32} dense<...> : tensor<3x2xf32>
    %b = tf.Const {dtype = f32} dense<...> : tensor<2xf32>
    %0 = "tf.MatMul"(%x, %w) {transpose_a = false, transpose_b = false}
        : (tensor<1x3xf32>, tensor<3x2xf32>) -> tensor<1x2xf32>
    %1 = "tf.BiasAdd"(%0, %b) {data_format = "NHWC"} : ... -> tensor<1x2xf32>
    %2 = "tf.Relu"(%1) : (tensor<1x2xf32>) -> tensor<1x2xf32>
    ```
    After:
    ```mlir
    %w = "tfl.pseudo_const"() {value = dense<...> : tensor<2x3xf32>}
    %b = "tfl.pseudo_const"() {value = dense<...> : tensor<2xf32>}
    %0 = "tfl.fully_connected"(%x, %w, %b) {fused_activation_function = "RELU",
        keep_num_dims = false, weights_format = "DEFAULT", ...}
        : (tensor<1x3xf32>, tensor<2x3xf32>, tensor<2xf32>) -> tensor<1x2xf32>
    ```
  }];
  let options = [
    Option<"allowCustomOps", "allow-custom-ops", "bool", "false",
           "Emit ops without a TFLite builtin as tfl.custom instead of failing">,
    Option<"enableFusions", "fuse", "bool", "true",
           "Run tfl-optimize's fusions after legalization">,
  ];
  let dependentDialects = ["::tfmlir::tfl::TFLDialect",
                           "::mlir::func::FuncDialect"];
}

def TFLOptimize : Pass<"tfl-optimize", "mlir::ModuleOp"> {
  let summary = "Fuse tfl ops: constant shape computations, dilated "
                "convolutions, constant multiplies, bias adds, activations";
  let description = [{
    The tfl-level fusions of the TFLite converter, run after
    tfl-legalize-tf (the converter pipeline runs them right after the
    legalization; tfl-legalize-tf's `fuse` option, on by default, runs them
    at its end): constant shape computations are folded,
    SpaceToBatchND -> conv -> BatchToSpaceND becomes a dilated conv,
    per-channel constant multiplies (e.g. from an inference-mode
    FusedBatchNorm) fold into the weights, bias adds into conv_2d /
    depthwise_conv_2d / fully_connected, and Relu / Relu6 / Relu1 (not
    Tanh: stock TFLite kernels ignore a fused TANH) into the producer's
    fused_activation_function.

    Before:
    ```mlir
    %0 = "tfl.fully_connected"(%x, %w, %none) {fused_activation_function = "NONE", ...}
    %1 = "tfl.add"(%0, %b) {fused_activation_function = "NONE"}
    %2 = "tfl.relu"(%1)
    ```
    After:
    ```mlir
    %0 = "tfl.fully_connected"(%x, %w, %b) {fused_activation_function = "RELU", ...}
    ```
  }];
  let dependentDialects = ["::tfmlir::tfl::TFLDialect"];
}

def SeparateOutputTensors : Pass<"tfl-separate-output-tensors", "mlir::ModuleOp"> {
  let summary = "Give every requested output its own tensor (a RESHAPE copy "
                "where an output is an input or repeats another output)";
  let description = [{
    TF's converter names each output tensor of a .tflite file after the
    output array it was asked for (`tf.entry_function` outputs). When a
    function returns one of its arguments (an Identity or a same-type
    Bitcast folded away) or returns one value twice, the output would share
    the input's (or the first output's) tensor and name, so `--output-arrays
    y` would show up as `x`. This pass inserts a `tfl.reshape` to the same
    shape for each such result (the new shape from a constant when the
    shape is static, else from `tfl.shape`), so each output is a tensor of
    its own that the exporter names after its output array (an input array
    that is itself requested as an output stays that one tensor, as in TF's
    exporter). String, resource and variant outputs are left as they are.
    Run it last,
    before export: canonicalization would fold the copies away.

    Before:
    ```mlir
    func.func @main(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
        attributes {tf.entry_function = {inputs = "x", outputs = "y,z"}} {
      return %arg0, %arg0 : tensor<2xf32>, tensor<2xf32>
    }
    ```
    After:
    ```mlir
      %s = "tfl.pseudo_const"() {value = dense<2> : tensor<1xi32>}
      %0 = "tfl.reshape"(%arg0, %s) {new_shape = array<i32: 2>} loc("y")
      %s1 = "tfl.pseudo_const"() {value = dense<2> : tensor<1xi32>}
      %1 = "tfl.reshape"(%arg0, %s1) {new_shape = array<i32: 2>} loc("z")
      return %0, %1 : tensor<2xf32>, tensor<2xf32>
    ```
  }];
  let dependentDialects = ["::tfmlir::tfl::TFLDialect"];
}

#endif
