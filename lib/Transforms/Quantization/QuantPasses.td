//===- QuantPasses.td - tfl quantization passes ---------------------------===//
//
// The TFLite post-training quantization flow, with TF's pass names:
//   dynamic range:  tfl-prepare-quantize-dynamic-range
//   float16:        tfl-prepare-quantize-dynamic-range{enable-float16-quantization}
//   full int8:      (calibration) -> tfl-prepare-quantize -> tfl-quantize
//                   -> tfl-post-quantize
// Types are upstream !quant.uniform; tfl.quantize / tfl.dequantize carry the
// conversions. Statistics are the `tfl.min_max` attributes the .tflite
// importer reads from QuantizationParameters.min/max and that calibration
// (tf-convert --representative-data) writes: on an op, an array with one
// {min = array<f32: ...>, max = array<f32: ...>} dictionary per result; on a
// function argument, that dictionary as the argument attribute.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TRANSFORMS_QUANTIZATION_PASSES_TD
#define TFMLIR_TRANSFORMS_QUANTIZATION_PASSES_TD

include "mlir/Pass/PassBase.td"

def PrepareDynamicRangeQuantize
    : Pass<"tfl-prepare-quantize-dynamic-range", "mlir::ModuleOp"> {
  let summary = "Int8 weights for float ops (hybrid kernels), or float16 weights";
  let description = [{
    Dynamic-range ("hybrid") quantization, TFLite's `--quantize=dynamic`:
    constant float32 weights with at least `min-elements-for-weights`
    elements (TF's default 1024) become int8 constants consumed directly by
    the float op, which then runs TFLite's hybrid kernel (it quantizes its
    float input on the fly; `asymmetric_quantize_inputs` is set to true as
    the TFLite converter does):
      - tfl.conv_2d filter [O,H,W,I]: per-channel symmetric along 0;
      - tfl.depthwise_conv_2d filter [1,H,W,O]: per-channel along 3;
      - tfl.fully_connected weights [O,I]: per-channel along 0;
      - tfl.batch_matmul constant rhs: per-tensor symmetric.
    Storage is i8 [-127, 127], zero point 0, scale_c = max|w_c| / 127
    (TFLite's scheme). Biases stay float.

    Before:
    ```mlir
    %w = "tfl.pseudo_const"() {value = dense<...> : tensor<64x3x3x32xf32>}
    %y = "tfl.conv_2d"(%x, %w, %b) {...} : (tensor<1x8x8x32xf32>,
        tensor<64x3x3x32xf32>, tensor<64xf32>) -> tensor<1x8x8x64xf32>
    ```
    After:
    ```mlir
    %w = "tfl.pseudo_const"() {value = dense<...> : tensor<64x3x3x32xi8>}
        : () -> tensor<64x3x3x32x!quant.uniform<i8<-127:127>:f32:0, {0.0123,...}>>
    %y = "tfl.conv_2d"(%x, %w, %b) {...} -> tensor<1x8x8x64xf32>
    ```

    With `enable-float16-quantization`, instead every float32 constant that
    an op reads (weights and biases, any size) becomes a float16 constant
    followed by tfl.dequantize, the form TFLite's float16 quantization (and
    the MediaPipe models) use:
    ```mlir
    %w16 = "tfl.pseudo_const"() {value = dense<...> : tensor<64x3x3x32xf16>}
    %w = "tfl.dequantize"(%w16) : (tensor<64x3x3x32xf16>) -> tensor<64x3x3x32xf32>
    ```
    Fails with "no float weights to quantize" when nothing qualifies and
    `fail-if-nothing` is set.
  }];
  let options = [
    Option<"enableFloat16", "enable-float16-quantization", "bool", "false",
           "Convert float weights to float16 + dequantize instead of int8">,
    Option<"minElements", "min-elements-for-weights", "int64_t", "1024",
           "Only quantize constant weights with at least this many elements">,
    Option<"failIfNothing", "fail-if-nothing", "bool", "false",
           "Fail when no weight was quantized">,
  ];
  let dependentDialects = ["::tfmlir::tfl::TFLDialect",
                           "::mlir::quant::QuantDialect"];
}

def PrepareQuantize : Pass<"tfl-prepare-quantize", "mlir::ModuleOp"> {
  let summary = "Insert quantize/dequantize pairs from min/max statistics";
  let description = [{
    For every float32 activation (function argument or op result) this pass
    picks an int8 type and inserts `tfl.quantize` + `tfl.dequantize` after
    it; every other use reads the dequantized value. The type is, in order:
      - fixed for ops whose int8 TFLite kernels require it: softmax and
        logistic 1/256 with zero point -128, tanh 1/128 with zero point 0,
        log_softmax 16/256 with zero point 127;
      - the input's type for ops that TFLite requires to keep the input's
        scale (reshape, squeeze, expand_dims, transpose, max_pool_2d,
        average_pool_2d, strided_slice, slice, pad, gather,
        resize_nearest_neighbor, resize_bilinear, depth_to_space,
        space_to_depth);
      - from the `tfl.min_max` statistics: asymmetric int8 over [min, max]
        extended to contain 0, with TF's FakeQuant nudging.
    Values with none of these stay float. Weights and biases are left to
    tfl-quantize.

    Before (`tfl.min_max` from calibration):
    ```mlir
    func.func @main(%x: tensor<1x4xf32> {tfl.min_max = {min = array<f32: -1.0>, max = array<f32: 1.0>}})
    ```
    After:
    ```mlir
    %q = "tfl.quantize"(%x) : (tensor<1x4xf32>)
        -> tensor<1x4x!quant.uniform<i8:f32, 0.0078431372549019607:-1>>
    %dq = "tfl.dequantize"(%q) : (...) -> tensor<1x4xf32>
    ```
  }];
  let dependentDialects = ["::tfmlir::tfl::TFLDialect",
                           "::mlir::quant::QuantDialect"];
}

def Quantize : Pass<"tfl-quantize", "mlir::ModuleOp"> {
  let summary = "Rewrite ops between dequantize and quantize to int8 ops";
  let description = [{
    An op that TFLite (and runtime/lite) has an int8 kernel for (conv_2d,
    depthwise_conv_2d, fully_connected, add, sub, mul, average/max_pool_2d,
    softmax, logistic, tanh, hard_swish, relu, relu6, relu_n1_to_1,
    leaky_relu, concatenation, mean, pad, padv2, resize_bilinear, reshape,
    squeeze, expand_dims, transpose, strided_slice, gather), whose float
    activation operands
    all come from tfl.dequantize and whose results all feed tfl.quantize, is
    rebuilt on the quantized values. Its constant operands are quantized:
      - conv_2d filter (axis 0), depthwise_conv_2d filter (axis 3) and
        fully_connected weights (axis 0): per-channel symmetric int8
        ([-127, 127], zero point 0);
      - their bias: int32, zero point 0, scale = input scale * weight scale
        (per channel);
      - other float constants: per-tensor asymmetric int8 over their range.
    Concatenation inputs are requantized to the output's type (TFLite's
    int8 CONCATENATION requires equal parameters). A conv_2d or
    depthwise_conv_2d without bias gets a zero int32 bias (as TFLite's
    converter emits; some runtimes, e.g. Arm NN, require one).
    `disable-per-channel-for-dense-layers` quantizes fully_connected weights
    per-tensor (TF's flag of that name; older runtimes lack per-channel FC).

    Before:
    ```mlir
    %a = "tfl.dequantize"(%qa) : (tensor<1x4x!quant.uniform<i8:f32, 0.1:3>>) -> tensor<1x4xf32>
    %y = "tfl.fully_connected"(%a, %w, %b) {...} -> tensor<1x2xf32>
    %qy = "tfl.quantize"(%y) : (tensor<1x2xf32>) -> tensor<1x2x!quant.uniform<i8:f32, 0.05:-10>>
    ```
    After:
    ```mlir
    %w8 = "tfl.pseudo_const"() {value = dense<...> : tensor<2x4xi8>}
        : () -> tensor<2x4x!quant.uniform<i8<-127:127>:f32:0, {...}>>
    %b32 = "tfl.pseudo_const"() {value = dense<...> : tensor<2xi32>}
        : () -> tensor<2x!quant.uniform<i32:f32:0, {...}>>
    %qy = "tfl.fully_connected"(%qa, %w8, %b32) {...}
        -> tensor<1x2x!quant.uniform<i8:f32, 0.05:-10>>
    ```
  }];
  let options = [
    Option<"disablePerChannelForDenseLayers",
           "disable-per-channel-for-dense-layers", "bool", "false",
           "Quantize fully_connected weights per-tensor">,
  ];
  let dependentDialects = ["::tfmlir::tfl::TFLDialect",
                           "::mlir::quant::QuantDialect"];
}

def PostQuantize : Pass<"tfl-post-quantize", "mlir::ModuleOp"> {
  let summary = "Remove redundant quantize/dequantize and set the I/O types";
  let description = [{
    - `tfl.quantize` of a float constant becomes a quantized constant
      (QAT weights);
    - `tfl.quantize(tfl.dequantize(%x))` becomes `%x` when the types agree,
      else a requantize `tfl.quantize(%x)`;
    - dead quantize/dequantize ops are removed.
    With `inference-input-type=int8`, a float32 argument of @main whose only
    uses are tfl.quantize to an int8 type gets that type and the quantize
    ops go; with `uint8` the argument becomes uint8 with zero point + 128
    and the quantize requantizes it to int8. `inference-output-type` does
    the same for results that are `tfl.dequantize` of an int8 value.
    `float32` (the default) keeps float interfaces.

    Before (inference-input-type=int8):
    ```mlir
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      %q = "tfl.quantize"(%x) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.1>>
    ```
    After:
    ```mlir
    func.func @main(%x: tensor<4x!quant.uniform<i8:f32, 0.1>>) -> ...
    ```
  }];
  let options = [
    Option<"inferenceInputType", "inference-input-type", "std::string",
           "\"float32\"", "float32, int8 or uint8">,
    Option<"inferenceOutputType", "inference-output-type", "std::string",
           "\"float32\"", "float32, int8 or uint8">,
  ];
  let dependentDialects = ["::tfmlir::tfl::TFLDialect",
                           "::mlir::quant::QuantDialect"];
}

#endif
