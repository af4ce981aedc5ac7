//===- TFLOps.td - TFLite builtin operators ------------------------------===//
//
// One op per TFLite builtin operator (see TFLOpBase.td for the conventions).
// Semantics are those of TFLite's reference kernels (tensorflow/lite/kernels
// /internal/reference); shapes follow NumPy broadcasting where an op says it
// broadcasts. Verifiers check the static shape rules of TFLite's Prepare
// functions when the shapes involved are static.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TFL_OPS_TD
#define TFMLIR_TFL_OPS_TD

include "dialects/tfl/TFLOpBase.td"

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

// y = f(x), element-wise, same shape. No options.
// With sameElementType, y has x's element type (quantized: the same storage
// type; scales may differ).
class TFL_UnaryOp<string mnemonic, string what, bit sameElementType = 1>
    : TFL_Op<mnemonic, [Pure]> {
  let summary = what;
  let description = "Element-wise: y[i] = " # what # " of x[i]; y has x's shape "
    "and (except where stated) element type. Matches TFLite's reference kernel.";
  let arguments = (ins TFL_Tensor:$x);
  let results = (outs TFL_Tensor:$y);
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::tfmlir::tfl::verifySameShape(*this, getX(), getY())))
        return ::mlir::failure();
      return }] # !if(sameElementType,
        "::tfmlir::tfl::verifySameElementKind(*this, {getX(), getY()});",
        "::mlir::success();") # [{
    }
  }];
}

// output = lhs (op) rhs with NumPy broadcasting.
// lhs and rhs have one element type (quantized: one storage type); so does
// the output unless it is a comparison (bool).
class TFL_BinaryOp<string mnemonic, string what, list<Trait> traits = [],
                   bit sameResultType = 1>
    : TFL_Op<mnemonic, !listconcat([Pure], traits)> {
  let summary = what;
  let description = "Element-wise " # what # " with NumPy broadcasting of lhs "
    "and rhs (TFLite supports up to 6-D broadcasts; equal ranks are not "
    "required); lhs, rhs and (except for comparisons) the output share one "
    "element type. Matches TFLite's reference kernel.";
  let arguments = (ins TFL_Tensor:$lhs, TFL_Tensor:$rhs);
  let results = (outs TFL_Tensor:$output);
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::tfmlir::tfl::verifyBroadcast(*this, getLhs(), getRhs(), getOutput())))
        return ::mlir::failure();
      return ::tfmlir::tfl::verifySameElementKind(*this, {getLhs(), getRhs()}]
        # !if(sameResultType, ", getOutput()", "") # [{});
    }
  }];
}

// Like TFL_BinaryOp, plus a fused activation applied to the result.
class TFL_BinaryActOp<string mnemonic, string what>
    : TFL_Op<mnemonic, [Pure]> {
  let summary = what;
  let description = "Element-wise " # what # " with NumPy broadcasting, then "
    "the fused activation (NONE, RELU, RELU_N1_TO_1, RELU6, TANH, SIGN_BIT). "
    "lhs, rhs and the output share one element type (quantized: one storage "
    "type). Matches TFLite's reference kernel.";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::tfmlir::tfl::verifyBroadcast(*this, getLhs(), getRhs(), getOutput())))
        return ::mlir::failure();
      return ::tfmlir::tfl::verifySameElementKind(*this, {getLhs(), getRhs(), getOutput()});
    }
  }];
  let results = (outs TFL_Tensor:$output);
}

// Comparison: bool result, NumPy broadcasting.
class TFL_CompareOp<string mnemonic, string what>
    : TFL_BinaryOp<mnemonic, what, [], 0> {
  let results = (outs TFL_BoolTensor:$output);
}

// Reductions over the axes given by a 1-D (or scalar) int32 tensor.
class TFL_ReduceOp<string mnemonic, string what> : TFL_Op<mnemonic, [Pure]> {
  let summary = what;
  let description = what # " of input over the axes in `axes` (int32, negative "
    "axes count from the end); reduced dims are kept as 1 when keep_dims is "
    "true and removed otherwise. Matches TFLite's reference kernel.";
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$axes, BoolAttr:$keep_dims);
  let results = (outs TFL_Tensor:$output);
}

// 2-D pooling over NHWC input.
class TFL_PoolOp<string mnemonic, string what> : TFL_Op<mnemonic, [Pure]> {
  let summary = what;
  let description = what # " over windows of filter_height x filter_width of an "
    "NHWC input with strides stride_h/stride_w and SAME/VALID padding (TF's "
    "rules; padded cells are excluded from averages), then the fused "
    "activation. Output is NHWC.";
  let arguments = (ins TFL_Tensor:$input, TFL_PaddingAttr:$padding,
    I32Attr:$stride_w, I32Attr:$stride_h, I32Attr:$filter_width,
    I32Attr:$filter_height, TFL_AFAttr:$fused_activation_function);
  let results = (outs TFL_Tensor:$output);
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::tfmlir::tfl::verifyPool(*this, getInput(), getOutput(),
          getStrideH(), getStrideW(), getFilterHeight(), getFilterWidth());
    }
  }];
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

def TFL_AddOp : TFL_BinaryActOp<"add", "addition"> {
  let arguments = (ins TFL_Tensor:$lhs, TFL_Tensor:$rhs,
    TFL_AFAttr:$fused_activation_function, BoolAttr:$pot_scale_int16);
}
def TFL_SubOp : TFL_BinaryActOp<"sub", "subtraction (lhs - rhs)"> {
  let arguments = (ins TFL_Tensor:$lhs, TFL_Tensor:$rhs,
    TFL_AFAttr:$fused_activation_function, BoolAttr:$pot_scale_int16);
}
def TFL_MulOp : TFL_BinaryActOp<"mul", "multiplication"> {
  let arguments = (ins TFL_Tensor:$lhs, TFL_Tensor:$rhs,
    TFL_AFAttr:$fused_activation_function);
}
def TFL_DivOp : TFL_BinaryActOp<"div", "division (lhs / rhs; IEEE for floats)"> {
  let arguments = (ins TFL_Tensor:$lhs, TFL_Tensor:$rhs,
    TFL_AFAttr:$fused_activation_function);
}
def TFL_SquaredDifferenceOp : TFL_BinaryOp<"squared_difference", "(lhs - rhs)^2">;
def TFL_MaximumOp : TFL_BinaryOp<"maximum", "maximum (NaN if either is NaN)">;
def TFL_MinimumOp : TFL_BinaryOp<"minimum", "minimum (NaN if either is NaN)">;
def TFL_PowOp : TFL_BinaryOp<"pow", "power lhs^rhs">;
def TFL_FloorDivOp : TFL_BinaryOp<"floor_div", "floor(lhs / rhs)">;
def TFL_FloorModOp : TFL_BinaryOp<"floor_mod",
    "lhs - floor(lhs / rhs) * rhs (result has the sign of rhs)">;

def TFL_LessOp : TFL_CompareOp<"less", "lhs < rhs">;
def TFL_LessEqualOp : TFL_CompareOp<"less_equal", "lhs <= rhs">;
def TFL_GreaterOp : TFL_CompareOp<"greater", "lhs > rhs">;
def TFL_GreaterEqualOp : TFL_CompareOp<"greater_equal", "lhs >= rhs">;
def TFL_EqualOp : TFL_CompareOp<"equal", "lhs == rhs">;
def TFL_NotEqualOp : TFL_CompareOp<"not_equal", "lhs != rhs">;
def TFL_LogicalAndOp : TFL_BinaryOp<"logical_and", "boolean and">;
def TFL_LogicalOrOp : TFL_BinaryOp<"logical_or", "boolean or">;

//===----------------------------------------------------------------------===//
// Unary math and activations
//===----------------------------------------------------------------------===//

def TFL_ExpOp : TFL_UnaryOp<"exp", "e^x">;
def TFL_LogOp : TFL_UnaryOp<"log", "natural logarithm">;
def TFL_SqrtOp : TFL_UnaryOp<"sqrt", "square root">;
def TFL_RsqrtOp : TFL_UnaryOp<"rsqrt", "1 / sqrt(x)">;
def TFL_SquareOp : TFL_UnaryOp<"square", "x * x">;
def TFL_AbsOp : TFL_UnaryOp<"abs", "absolute value">;
def TFL_NegOp : TFL_UnaryOp<"neg", "negation">;
def TFL_SinOp : TFL_UnaryOp<"sin", "sine (radians)">;
def TFL_CosOp : TFL_UnaryOp<"cos", "cosine (radians)">;
def TFL_FloorOp : TFL_UnaryOp<"floor", "round toward -inf">;
def TFL_CeilOp : TFL_UnaryOp<"ceil", "round toward +inf">;
def TFL_RoundOp : TFL_UnaryOp<"round", "round half to even (banker's rounding)">;
def TFL_SignOp : TFL_UnaryOp<"sign", "sign (-1, 0 or 1)">;
def TFL_LogicalNotOp : TFL_UnaryOp<"logical_not", "boolean not">;
def TFL_LogisticOp : TFL_UnaryOp<"logistic", "sigmoid 1 / (1 + e^-x)">;
def TFL_TanhOp : TFL_UnaryOp<"tanh", "hyperbolic tangent">;
def TFL_ReluOp : TFL_UnaryOp<"relu", "max(x, 0)">;
def TFL_Relu6Op : TFL_UnaryOp<"relu6", "min(max(x, 0), 6)">;
def TFL_Relu1Op : TFL_UnaryOp<"relu_n1_to_1", "min(max(x, -1), 1)">;
def TFL_Relu0To1Op : TFL_UnaryOp<"relu_0_to_1", "min(max(x, 0), 1)">;
def TFL_HardSwishOp : TFL_UnaryOp<"hard_swish", "x * relu6(x + 3) / 6">;
def TFL_EluOp : TFL_UnaryOp<"elu", "x if x > 0 else e^x - 1">;
def TFL_QuantizeOp : TFL_UnaryOp<"quantize",
    "quantization to the result's !quant.uniform type (or requantization); "
    "q = round(x / scale) + zero_point, saturated to the storage range", 0>;
def TFL_DequantizeOp : TFL_UnaryOp<"dequantize",
    "dequantization x -> scale * (q - zero_point); also float16 -> float32", 0>;
def TFL_DensifyOp : TFL_Op<"densify", [Pure]> {
  let summary = "sparse constant to dense";
  let description = [{ Expands a constant stored in TFLite's sparse format
    (the `sparsity` attribute of its tfl.pseudo_const) to a dense tensor of
    the result's shape. }];
  let arguments = (ins TFL_Tensor:$input);
  let results = (outs TFL_Tensor:$output);
}

def TFL_SoftmaxOp : TFL_Op<"softmax", [Pure]> {
  let summary = "softmax over the last dimension";
  let description = [{ y = exp(beta * x - max) / sum(exp(beta * x - max)) over
    the innermost dimension. Matches TFLite's reference kernel. }];
  let arguments = (ins TFL_Tensor:$input, F32Attr:$beta);
  let results = (outs TFL_Tensor:$output);
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::tfmlir::tfl::verifySameElementKind(*this, {getInput(), getOutput()});
    }
  }];
}
def TFL_LogSoftmaxOp : TFL_Op<"log_softmax", [Pure]> {
  let summary = "log of softmax over the last dimension";
  let description = [{ y = x - max - log(sum(exp(x - max))) over the innermost
    dimension. }];
  let arguments = (ins TFL_Tensor:$input);
  let results = (outs TFL_Tensor:$output);
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::tfmlir::tfl::verifySameElementKind(*this, {getInput(), getOutput()});
    }
  }];
}
def TFL_LeakyReluOp : TFL_Op<"leaky_relu", [Pure]> {
  let summary = "x if x >= 0 else alpha * x";
  let description = [{ Element-wise leaky ReLU with slope `alpha` below 0. }];
  let arguments = (ins TFL_Tensor:$input, F32Attr:$alpha);
  let results = (outs TFL_Tensor:$output);
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::tfmlir::tfl::verifySameElementKind(*this, {getInput(), getOutput()});
    }
  }];
}
def TFL_GeluOp : TFL_Op<"gelu", [Pure]> {
  let summary = "Gaussian error linear unit";
  let description = [{ 0.5 * x * (1 + erf(x / sqrt(2))); with approximate =
    true the tanh form 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3))). }];
  let arguments = (ins TFL_Tensor:$input, BoolAttr:$approximate);
  let results = (outs TFL_Tensor:$output);
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::tfmlir::tfl::verifySameElementKind(*this, {getInput(), getOutput()});
    }
  }];
}
def TFL_PReluOp : TFL_Op<"prelu", [Pure]> {
  let summary = "x if x >= 0 else alpha * x, alpha broadcast";
  let description = [{ Parametric ReLU; `alpha` broadcasts against `input`
    (typically shape [1, 1, C] for NHWC input). }];
  let arguments = (ins TFL_Tensor:$input, TFL_Tensor:$alpha);
  let results = (outs TFL_Tensor:$output);
}
def TFL_L2NormalizationOp : TFL_Op<"l2_normalization", [Pure]> {
  let summary = "x / sqrt(max(sum(x^2), epsilon)) over the last dimension";
  let description = [{ L2 normalisation along the innermost dimension
    (TFLite's epsilon is 1e-6). The fused activation is ignored by TFLite. }];
  let arguments = (ins TFL_Tensor:$input, TFL_AFAttr:$fused_activation_function);
  let results = (outs TFL_Tensor:$output);
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::tfmlir::tfl::verifySameElementKind(*this, {getInput(), getOutput()});
    }
  }];
}

//===----------------------------------------------------------------------===//
// Convolutions and matrix products
//===----------------------------------------------------------------------===//

def TFL_Conv2DOp : TFL_Op<"conv_2d", [Pure]> {
  let summary = "2-D convolution, NHWC input, OHWI filter";
  let description = [{ output[n, y, x, o] = bias[o] + sum over (kh, kw, i) of
    input[n, y*stride_h + kh*dilation_h_factor - pad_top,
          x*stride_w + kw*dilation_w_factor - pad_left, i] * filter[o, kh, kw, i],
    then the fused activation. input [N, H, W, I], filter [O, KH, KW, I/groups],
    optional bias [O] (absent, or tfl.no_value), output [N, OH, OW, O]. SAME/VALID padding as TF.
    Matches TFLite's reference CONV_2D kernel. quantized_bias_type is the
    bias/accumulator type of quantized models ("FLOAT32" = unset). }];
  let arguments = (ins TFL_Tensor:$input, TFL_Tensor:$filter,
    Optional<TFL_TensorOrNone>:$bias, TFL_PaddingAttr:$padding, I32Attr:$stride_w,
    I32Attr:$stride_h, TFL_AFAttr:$fused_activation_function,
    I32Attr:$dilation_w_factor, I32Attr:$dilation_h_factor,
    TFL_TensorTypeAttr:$quantized_bias_type);
  let results = (outs TFL_Tensor:$output);
  let hasVerifier = 1;
}

def TFL_DepthwiseConv2DOp : TFL_Op<"depthwise_conv_2d", [Pure]> {
  let summary = "depthwise 2-D convolution, NHWC input, 1HWO filter";
  let description = [{ Each input channel c is convolved with its own
    depth_multiplier filters: output channel o = c * depth_multiplier + m uses
    filter[0, kh, kw, o]. input [N, H, W, C], filter [1, KH, KW, C*M], optional
    bias [C*M], output [N, OH, OW, C*M]; strides, dilations, SAME/VALID padding
    and fused activation as tfl.conv_2d. Matches TFLite's reference kernel. }];
  let arguments = (ins TFL_Tensor:$input, TFL_Tensor:$filter,
    Optional<TFL_TensorOrNone>:$bias, TFL_PaddingAttr:$padding, I32Attr:$stride_w,
    I32Attr:$stride_h, I32Attr:$depth_multiplier,
    TFL_AFAttr:$fused_activation_function, I32Attr:$dilation_w_factor,
    I32Attr:$dilation_h_factor);
  let results = (outs TFL_Tensor:$output);
  let hasVerifier = 1;
}

def TFL_TransposeConvOp : TFL_Op<"transpose_conv", [Pure]> {
  let summary = "transposed 2-D convolution (gradient of conv_2d), NHWC";
  let description = [{ Operands in TFLite's order: output_shape (int32 [4]),
    weights [O, KH, KW, I] (OHWI), input [N, H, W, I], optional bias [O].
    Output [N, OH, OW, O] has the shape given by output_shape. Padding and
    strides as in the conv_2d this op is the gradient of. }];
  let arguments = (ins TFL_Tensor:$output_shape, TFL_Tensor:$weights,
    TFL_Tensor:$input, Optional<TFL_TensorOrNone>:$bias,
    TFL_PaddingAttr:$padding, I32Attr:$stride_w, I32Attr:$stride_h,
    TFL_AFAttr:$fused_activation_function,
    TFL_TensorTypeAttr:$quantized_bias_type);
  let results = (outs TFL_Tensor:$output);
}

def TFL_FullyConnectedOp : TFL_Op<"fully_connected", [Pure]> {
  let summary = "fully connected layer: output = input * weights^T + bias";
  let description = [{ input [..., K] (flattened to [B, K] unless
    keep_num_dims), weights [N, K], optional bias [N]; output [B, N] (or the
    input's leading dims followed by N with keep_num_dims). Then the fused
    activation. weights_format SHUFFLED4x16INT8 is a shuffled int8 layout.
    Matches TFLite's reference FULLY_CONNECTED kernel. }];
  let arguments = (ins TFL_Tensor:$input, TFL_Tensor:$filter,
    Optional<TFL_TensorOrNone>:$bias, TFL_AFAttr:$fused_activation_function,
    TFL_WeightsFormatAttr:$weights_format, BoolAttr:$keep_num_dims,
    BoolAttr:$asymmetric_quantize_inputs,
    TFL_TensorTypeAttr:$quantized_bias_type);
  let results = (outs Variadic<TFL_Tensor>:$output);
  let hasVerifier = 1;
}

def TFL_BatchMatMulOp : TFL_Op<"batch_matmul", [Pure]> {
  let summary = "batched matrix product with broadcast batch dims";
  let description = [{ x [..., M, K] (or [..., K, M] if adj_x), y [..., K, N]
    (or [..., N, K] if adj_y); batch dims broadcast; output [..., M, N]. }];
  let arguments = (ins TFL_Tensor:$x, TFL_Tensor:$y, BoolAttr:$adj_x,
    BoolAttr:$adj_y, BoolAttr:$asymmetric_quantize_inputs);
  let results = (outs TFL_Tensor:$output);
}

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

def TFL_AveragePool2DOp : TFL_PoolOp<"average_pool_2d", "average pooling">;
def TFL_MaxPool2DOp : TFL_PoolOp<"max_pool_2d", "max pooling">;
def TFL_L2Pool2DOp : TFL_PoolOp<"l2_pool_2d", "L2 pooling (sqrt of mean of squares)">;

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

def TFL_ReshapeOp : TFL_Op<"reshape", [Pure]> {
  let summary = "reshape to the shape given by `shape` (or new_shape)";
  let description = [{ Same elements in row-major order with a new shape:
    the optional int32 `shape` operand, else the new_shape option; one -1 dim
    is inferred. Element counts must match. }];
  let arguments = (ins TFL_Tensor:$input, Optional<TFL_TensorOrNone>:$shape,
    DenseI32ArrayAttr:$new_shape);
  let results = (outs TFL_Tensor:$output);
  let hasVerifier = 1;
}
def TFL_SqueezeOp : TFL_Op<"squeeze", [Pure]> {
  let summary = "remove size-1 dims";
  let description = [{ Removes the dims listed in squeeze_dims (all size-1
    dims when empty); negative dims count from the end. }];
  let arguments = (ins TFL_Tensor:$input, DenseI32ArrayAttr:$squeeze_dims);
  let results = (outs TFL_Tensor:$output);
}
def TFL_ExpandDimsOp : TFL_Op<"expand_dims", [Pure]> {
  let summary = "insert a size-1 dim at `dim`";
  let description = [{ dim is a scalar int32/int64 in [-rank-1, rank]. }];
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$dim);
  let results = (outs TFL_Tensor:$output);
}
def TFL_TransposeOp : TFL_Op<"transpose", [Pure]> {
  let summary = "permute dims";
  let description = [{ output dim i is input dim perm[i] (perm is int32). }];
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$perm);
  let results = (outs TFL_Tensor:$output);
}
def TFL_ConcatenationOp : TFL_Op<"concatenation", [Pure]> {
  let summary = "concatenate along `axis`";
  let description = [{ All values have equal rank and equal dims except
    `axis` (negative counts from the end); then the fused activation. }];
  let arguments = (ins Variadic<TFL_Tensor>:$values, I32Attr:$axis,
    TFL_AFAttr:$fused_activation_function);
  let results = (outs TFL_Tensor:$output);
  let hasVerifier = 1;
}
def TFL_PackOp : TFL_Op<"pack", [Pure]> {
  let summary = "stack values_count equal-shape tensors along a new `axis`";
  let description = [{ Output rank is the input rank + 1. }];
  let arguments = (ins Variadic<TFL_Tensor>:$values, I32Attr:$values_count,
    I32Attr:$axis);
  let results = (outs TFL_Tensor:$output);
  let hasVerifier = 1;
}
def TFL_UnpackOp : TFL_Op<"unpack", [Pure]> {
  let summary = "split into `num` tensors along `axis`, removing it";
  let description = [{ Inverse of tfl.pack. }];
  let arguments = (ins TFL_Tensor:$input, I32Attr:$num, I32Attr:$axis);
  let results = (outs Variadic<TFL_Tensor>:$outputs);
}
def TFL_SplitOp : TFL_Op<"split", [Pure]> {
  let summary = "split into num_splits equal parts along split_dim";
  let description = [{ Operands in TFLite's order: split_dim (scalar int32),
    input. }];
  let arguments = (ins TFL_IndexTensor:$split_dim, TFL_Tensor:$value,
    I32Attr:$num_splits);
  let results = (outs Variadic<TFL_Tensor>:$outputs);
}
def TFL_SplitVOp : TFL_Op<"split_v", [Pure]> {
  let summary = "split along split_dim into the given sizes";
  let description = [{ size_splits (1-D, one entry may be -1) gives the size
    of each output along split_dim. }];
  let arguments = (ins TFL_Tensor:$value, TFL_Tensor:$size_splits,
    TFL_Tensor:$split_dim, I32Attr:$num_splits);
  let results = (outs Variadic<TFL_Tensor>:$outputs);
}
def TFL_SliceOp : TFL_Op<"slice", [Pure]> {
  let summary = "input[begin : begin + size]";
  let description = [{ begin and size are 1-D with one entry per dim; size
    -1 means "to the end". }];
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$begin, TFL_IndexTensor:$size);
  let results = (outs TFL_Tensor:$output);
}
def TFL_StridedSliceOp : TFL_Op<"strided_slice", [Pure]> {
  let summary = "strided slice with TF's mask semantics";
  let description = [{ Like tf.StridedSlice: begin/end/strides are 1-D int32;
    bit i of begin_mask/end_mask ignores begin[i]/end[i], ellipsis_mask,
    new_axis_mask and shrink_axis_mask as in TF; with offset = true, end is
    relative to begin. }];
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$begin, TFL_IndexTensor:$end,
    TFL_IndexTensor:$strides, I32Attr:$begin_mask, I32Attr:$end_mask,
    I32Attr:$ellipsis_mask, I32Attr:$new_axis_mask, I32Attr:$shrink_axis_mask,
    BoolAttr:$offset);
  let results = (outs TFL_Tensor:$output);
}
def TFL_PadOp : TFL_Op<"pad", [Pure]> {
  let summary = "zero padding";
  let description = [{ padding is [rank, 2] (before, after) per dim; pads with
    0 (the zero point for quantized tensors). }];
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$padding);
  let results = (outs TFL_Tensor:$output);
}
def TFL_PadV2Op : TFL_Op<"padv2", [Pure]> {
  let summary = "constant padding";
  let description = [{ As tfl.pad, with a scalar constant_values. }];
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$padding,
    TFL_Tensor:$constant_values);
  let results = (outs TFL_Tensor:$output);
}
def TFL_MirrorPadOp : TFL_Op<"mirror_pad", [Pure]> {
  let summary = "reflect/symmetric padding";
  let description = [{ REFLECT does not repeat the border element, SYMMETRIC
    does; padding is [rank, 2]. }];
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$pad,
    TFL_MirrorPadModeAttr:$mode);
  let results = (outs TFL_Tensor:$output);
}
def TFL_TileOp : TFL_Op<"tile", [Pure]> {
  let summary = "repeat input multiples[i] times along dim i";
  let description = [{ multiples is 1-D int32/int64 with one entry per dim. }];
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$multiples);
  let results = (outs TFL_Tensor:$output);
}
def TFL_FillOp : TFL_Op<"fill", [Pure]> {
  let summary = "tensor of shape `dims` filled with scalar `value`";
  let description = [{ dims is 1-D int32/int64. }];
  let arguments = (ins TFL_IndexTensor:$dims, TFL_Tensor:$value);
  let results = (outs TFL_Tensor:$output);
}
def TFL_ShapeOp : TFL_Op<"shape", [Pure]> {
  let summary = "1-D shape of input";
  let description = [{ out_type is INT32 or INT64. }];
  let arguments = (ins TFL_Tensor:$input, TFL_TensorTypeAttr:$out_type);
  let results = (outs TFL_Tensor:$output);
}
def TFL_RangeOp : TFL_Op<"range", [Pure]> {
  let summary = "start, start + delta, ... up to (excluding) limit";
  let description = [{ Scalars of one numeric type. }];
  let arguments = (ins TFL_Tensor:$start, TFL_Tensor:$limit, TFL_Tensor:$delta);
  let results = (outs TFL_Tensor:$result);
}
def TFL_BroadcastToOp : TFL_Op<"broadcast_to", [Pure]> {
  let summary = "broadcast input to `shape` (NumPy rules)";
  let description = [{ shape is 1-D int32/int64. }];
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$shape);
  let results = (outs TFL_Tensor:$output);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def TFL_MeanOp : TFL_ReduceOp<"mean", "mean">;
def TFL_SumOp : TFL_ReduceOp<"sum", "sum">;
def TFL_ReduceMaxOp : TFL_ReduceOp<"reduce_max", "maximum">;
def TFL_ReduceMinOp : TFL_ReduceOp<"reduce_min", "minimum">;
def TFL_ReduceProdOp : TFL_ReduceOp<"reduce_prod", "product">;
def TFL_ReduceAnyOp : TFL_ReduceOp<"reduce_any", "logical or">;
def TFL_ReduceAllOp : TFL_ReduceOp<"reduce_all", "logical and">;

def TFL_ArgMaxOp : TFL_Op<"arg_max", [Pure]> {
  let summary = "index of the maximum along `dim`";
  let description = [{ dim is a scalar (or 1-element) int32/int64; the first
    index wins ties; output_type is INT32 or INT64. }];
  let arguments = (ins TFL_Tensor:$input, TFL_Tensor:$dim,
    TFL_TensorTypeAttr:$output_type);
  let results = (outs TFL_Tensor:$output);
}
def TFL_ArgMinOp : TFL_Op<"arg_min", [Pure]> {
  let summary = "index of the minimum along `dim`";
  let description = [{ As tfl.arg_max with the minimum. }];
  let arguments = (ins TFL_Tensor:$input, TFL_Tensor:$dim,
    TFL_TensorTypeAttr:$output_type);
  let results = (outs TFL_Tensor:$output);
}

//===----------------------------------------------------------------------===//
// Cast, gather/scatter, select
//===----------------------------------------------------------------------===//

def TFL_CastOp : TFL_Op<"cast", [Pure]> {
  let summary = "element type conversion";
  let description = [{ Converts to the result's element type (float->int
    truncates toward zero, bool is 0/1). in_data_type/out_data_type repeat
    the types as TensorType names ("FLOAT32" when the file left them unset). }];
  let arguments = (ins TFL_Tensor:$input, TFL_TensorTypeAttr:$in_data_type,
    TFL_TensorTypeAttr:$out_data_type);
  let results = (outs TFL_Tensor:$output);
}
def TFL_GatherOp : TFL_Op<"gather", [Pure]> {
  let summary = "gather slices of params along `axis`";
  let description = [{ output = params[..., indices, ...] at `axis` with
    batch_dims leading batch dims, as tf.gather. }];
  let arguments = (ins TFL_Tensor:$params, TFL_IndexTensor:$indices, I32Attr:$axis,
    I32Attr:$batch_dims);
  let results = (outs TFL_Tensor:$output);
}
def TFL_GatherNdOp : TFL_Op<"gather_nd", [Pure]> {
  let summary = "gather by N-d indices";
  let description = [{ As tf.gather_nd. }];
  let arguments = (ins TFL_Tensor:$params, TFL_IndexTensor:$indices);
  let results = (outs TFL_Tensor:$output);
}
def TFL_ScatterNdOp : TFL_Op<"scatter_nd", [Pure]> {
  let summary = "scatter updates into zeros of `shape` (duplicates add)";
  let description = [{ As tf.scatter_nd. }];
  let arguments = (ins TFL_Tensor:$indices, TFL_Tensor:$updates,
    TFL_Tensor:$shape);
  let results = (outs TFL_Tensor:$output);
}
def TFL_SelectOp : TFL_Op<"select", [Pure]> {
  let summary = "condition ? x : y (TF1 select)";
  let description = [{ condition is bool, same shape as x or 1-D over dim 0. }];
  let arguments = (ins TFL_BoolTensor:$condition, TFL_Tensor:$x, TFL_Tensor:$y);
  let results = (outs TFL_Tensor:$output);
}
def TFL_SelectV2Op : TFL_Op<"select_v2", [Pure]> {
  let summary = "condition ? x : y with NumPy broadcasting";
  let description = [{ condition, x and y broadcast together. }];
  let arguments = (ins TFL_BoolTensor:$condition, TFL_Tensor:$x, TFL_Tensor:$y);
  let results = (outs TFL_Tensor:$output);
}
def TFL_TopKV2Op : TFL_Op<"topk_v2", [Pure]> {
  let summary = "k largest entries of the last dim and their indices";
  let description = [{ Sorted descending; ties keep the lower index first. }];
  let arguments = (ins TFL_Tensor:$input, TFL_Tensor:$k);
  let results = (outs TFL_Tensor:$values, TFL_Tensor:$indices);
}
def TFL_SegmentSumOp : TFL_Op<"segment_sum", [Pure]> {
  let summary = "sums of rows sharing a (sorted) segment id";
  let description = [{ output[i] = sum of data[j] with segment_ids[j] == i. }];
  let arguments = (ins TFL_Tensor:$input, TFL_Tensor:$segment_ids);
  let results = (outs TFL_Tensor:$output);
}

//===----------------------------------------------------------------------===//
// Images and blocks
//===----------------------------------------------------------------------===//

def TFL_ResizeBilinearOp : TFL_Op<"resize_bilinear", [Pure]> {
  let summary = "bilinear resize of NHWC images to `size` (int32 [2])";
  let description = [{ Source coordinate of output pixel x: with
    align_corners, x * (in - 1) / (out - 1); with half_pixel_centers,
    (x + 0.5) * in / out - 0.5; else x * in / out. As TF's
    ResizeBilinear. }];
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$size,
    BoolAttr:$align_corners, BoolAttr:$half_pixel_centers);
  let results = (outs TFL_Tensor:$output);
}
def TFL_ResizeNearestNeighborOp : TFL_Op<"resize_nearest_neighbor", [Pure]> {
  let summary = "nearest-neighbour resize of NHWC images to `size`";
  let description = [{ Coordinate rules of tfl.resize_bilinear, rounded as
    TF's ResizeNearestNeighbor. }];
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$size,
    BoolAttr:$align_corners, BoolAttr:$half_pixel_centers);
  let results = (outs TFL_Tensor:$output);
}
def TFL_DepthToSpaceOp : TFL_Op<"depth_to_space", [Pure]> {
  let summary = "NHWC [N,H,W,C*b*b] -> [N,H*b,W*b,C]";
  let description = [{ block_size b > 0, DCR order as TF. }];
  let arguments = (ins TFL_Tensor:$input, TFL_PositiveI32:$block_size);
  let results = (outs TFL_Tensor:$output);
}
def TFL_SpaceToDepthOp : TFL_Op<"space_to_depth", [Pure]> {
  let summary = "NHWC [N,H*b,W*b,C] -> [N,H,W,C*b*b]";
  let description = [{ Inverse of tfl.depth_to_space. }];
  let arguments = (ins TFL_Tensor:$input, TFL_PositiveI32:$block_size);
  let results = (outs TFL_Tensor:$output);
}
def TFL_BatchToSpaceNdOp : TFL_Op<"batch_to_space_nd", [Pure]> {
  let summary = "move batch blocks back into spatial dims, then crop";
  let description = [{ As tf.batch_to_space_nd; block_shape [M], crops [M, 2]. }];
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$block_shape,
    TFL_Tensor:$crops);
  let results = (outs TFL_Tensor:$output);
}
def TFL_SpaceToBatchNdOp : TFL_Op<"space_to_batch_nd", [Pure]> {
  let summary = "pad spatial dims, then move blocks into the batch";
  let description = [{ As tf.space_to_batch_nd; block_shape [M],
    paddings [M, 2]. }];
  let arguments = (ins TFL_Tensor:$input, TFL_IndexTensor:$block_shape,
    TFL_Tensor:$paddings);
  let results = (outs TFL_Tensor:$output);
}

//===----------------------------------------------------------------------===//
// Control flow and resources
//===----------------------------------------------------------------------===//

def TFL_WhileOp : TFL_Op<"while"> {
  let summary = "while cond(vars) { vars = body(vars) }";
  let description = [{ cond_subgraph_index and body_subgraph_index name the
    functions (subgraphs) computing the bool condition and the next values;
    results are the final loop values. }];
  let arguments = (ins Variadic<TFL_Tensor>:$input,
    FlatSymbolRefAttr:$cond_subgraph_index,
    FlatSymbolRefAttr:$body_subgraph_index);
  let results = (outs Variadic<TFL_Tensor>:$output);
}
def TFL_IfOp : TFL_Op<"if"> {
  let summary = "cond ? then(inputs) : else(inputs)";
  let description = [{ cond is a scalar bool; the branches are functions. }];
  let arguments = (ins TFL_Tensor:$cond, Variadic<TFL_Tensor>:$input,
    FlatSymbolRefAttr:$then_subgraph_index,
    FlatSymbolRefAttr:$else_subgraph_index);
  let results = (outs Variadic<TFL_Tensor>:$output);
}
def TFL_CallOnceOp : TFL_Op<"call_once"> {
  let summary = "run the init function once per interpreter";
  let description = [{ Used to initialise resources (hash tables,
    variables); no operands or results. }];
  let arguments = (ins FlatSymbolRefAttr:$init_subgraph_index);
}
def TFL_VarHandleOp : TFL_Op<"var_handle"> {
  let summary = "resource handle of the variable (container, shared_name)";
  let description = [{ Result is a !tf_type.resource tensor. }];
  let arguments = (ins StrAttr:$container, StrAttr:$shared_name);
  let results = (outs TFL_Tensor:$resource_handle);
}
def TFL_ReadVariableOp : TFL_Op<"read_variable"> {
  let summary = "value of a resource variable";
  let description = [{ Reads the variable behind `resource_id`. }];
  let arguments = (ins TFL_Tensor:$resource_id);
  let results = (outs TFL_Tensor:$result);
}
def TFL_AssignVariableOp : TFL_Op<"assign_variable"> {
  let summary = "store `value` into a resource variable";
  let description = [{ No results. }];
  let arguments = (ins TFL_Tensor:$resource_id, TFL_Tensor:$value);
}

//===----------------------------------------------------------------------===//
// Other builtins: operands and results as in the file (variadic; omitted
// optional inputs are tfl.no_value), options as attributes. Semantics are
// TFLite's reference kernels'.
//===----------------------------------------------------------------------===//

class TFL_GeneralOp<string mnemonic, string sum, string desc, dag attrs = (ins)>
    : TFL_Op<mnemonic> {
  let summary = sum;
  let description = desc;
  let arguments = !con((ins Variadic<TFL_TensorOrNone>:$input), attrs);
  let results = (outs Variadic<TFL_Tensor>:$output);
}

def TFL_LSTMOp : TFL_GeneralOp<"lstm", "one LSTM cell step",
    [{ TFLite's 24-input LSTM (input, 4 input weights, 4 recurrent weights,
       3 peephole weights, 4 gate biases, projection weights and bias, the
       activation and cell state variables, 4 layer-norm coefficients; absent
       ones are tfl.no_value). cell_clip/proj_clip 0 mean no clipping;
       kernel_type is FULL or BASIC. }],
    (ins TFL_AFAttr:$fused_activation_function, F32Attr:$cell_clip,
         F32Attr:$proj_clip, StrAttr:$kernel_type,
         BoolAttr:$asymmetric_quantize_inputs)>;
def TFL_UnidirectionalSequenceLSTMOp : TFL_GeneralOp<"unidirectional_sequence_lstm",
    "LSTM over a sequence",
    [{ Operands as tfl.lstm; input is [time, batch, features] if time_major
       else [batch, time, features]. }],
    (ins TFL_AFAttr:$fused_activation_function, F32Attr:$cell_clip,
         F32Attr:$proj_clip, BoolAttr:$time_major,
         BoolAttr:$asymmetric_quantize_inputs,
         BoolAttr:$diagonal_recurrent_tensors)>;
def TFL_BidirectionalSequenceLSTMOp : TFL_GeneralOp<"bidirectional_sequence_lstm",
    "forward and backward LSTM over a sequence",
    [{ merge_outputs concatenates both directions into the first output. }],
    (ins TFL_AFAttr:$fused_activation_function, F32Attr:$cell_clip,
         F32Attr:$proj_clip, BoolAttr:$merge_outputs, BoolAttr:$time_major,
         BoolAttr:$asymmetric_quantize_inputs)>;
def TFL_SVDFOp : TFL_GeneralOp<"svdf", "singular value decomposition filter",
    [{ Operands: input [batch, input_size], weights_feature, weights_time,
       optional bias, and the state variable; rank is the SVDF rank. }],
    (ins I32Attr:$rank, TFL_AFAttr:$fused_activation_function,
         BoolAttr:$asymmetric_quantize_inputs)>;
def TFL_RNNOp : TFL_GeneralOp<"rnn", "basic RNN cell step",
    [{ Operands: input, weights, recurrent weights, bias, hidden state. }],
    (ins TFL_AFAttr:$fused_activation_function,
         BoolAttr:$asymmetric_quantize_inputs)>;
def TFL_UnidirectionalSequenceRNNOp : TFL_GeneralOp<"unidirectional_sequence_rnn",
    "basic RNN over a sequence", [{ As tfl.rnn over time steps. }],
    (ins BoolAttr:$time_major, TFL_AFAttr:$fused_activation_function,
         BoolAttr:$asymmetric_quantize_inputs)>;
def TFL_BidirectionalSequenceRNNOp : TFL_GeneralOp<"bidirectional_sequence_rnn",
    "forward and backward RNN over a sequence", [{ As tfl.rnn both ways. }],
    (ins BoolAttr:$time_major, TFL_AFAttr:$fused_activation_function,
         BoolAttr:$merge_outputs, BoolAttr:$asymmetric_quantize_inputs)>;
def TFL_AddNOp : TFL_GeneralOp<"add_n", "sum of all inputs",
    [{ Element-wise sum of equal-shape tensors. }]>;
def TFL_ZerosLikeOp : TFL_GeneralOp<"zeros_like", "zeros of the input's shape",
    [{ Same shape and type as the input. }]>;
def TFL_OneHotOp : TFL_GeneralOp<"one_hot", "one-hot encoding",
    [{ Operands: indices, depth, on_value, off_value; the new dim is `axis`
       (-1: last). }], (ins I32Attr:$axis)>;
def TFL_ReverseV2Op : TFL_GeneralOp<"reverse_v2", "reverse along axes",
    [{ Operands: input, axes (1-D int32). }]>;
def TFL_CumsumOp : TFL_GeneralOp<"cumsum", "cumulative sum along an axis",
    [{ Operands: input, axis; exclusive shifts by one, reverse sums from the
       end. }], (ins BoolAttr:$exclusive, BoolAttr:$reverse)>;
def TFL_WhereOp : TFL_GeneralOp<"where", "coordinates of true elements",
    [{ Result [num_true, rank] int64. }]>;
def TFL_UniqueOp : TFL_GeneralOp<"unique", "unique values and their indices",
    [{ Results: values in first-occurrence order, and for each input element
       the index of its value (type idx_out_type). }],
    (ins TFL_TensorTypeAttr:$idx_out_type)>;
def TFL_EmbeddingLookupOp : TFL_GeneralOp<"embedding_lookup", "rows of a table",
    [{ Operands: ids (int32), table; output[i] = table[ids[i]]. }]>;
def TFL_LocalResponseNormalizationOp : TFL_GeneralOp<"local_response_normalization",
    "local response normalisation over channels",
    [{ x / (bias + alpha * sum of squares over 2*radius+1 channels)^beta. }],
    (ins I32Attr:$radius, F32Attr:$bias, F32Attr:$alpha, F32Attr:$beta)>;
def TFL_RankOp : TFL_GeneralOp<"rank", "rank as a scalar int32",
    [{ Number of dimensions of the input. }]>;
def TFL_ReverseSequenceOp : TFL_GeneralOp<"reverse_sequence",
    "reverse variable-length slices",
    [{ Operands: input, seq_lengths; reverses the first seq_lengths[b]
       elements along seq_dim for each batch_dim index b. }],
    (ins I32Attr:$seq_dim, I32Attr:$batch_dim)>;
def TFL_MatrixDiagOp : TFL_GeneralOp<"matrix_diag", "batched diagonal matrices",
    [{ Builds matrices with the input's last dim on the diagonal. }]>;
def TFL_MatrixSetDiagOp : TFL_GeneralOp<"matrix_set_diag",
    "replace the diagonal of batched matrices", [{ Operands: input, diagonal. }]>;
def TFL_FakeQuantOp : TFL_GeneralOp<"fake_quant", "quantize and dequantize",
    [{ Simulates num_bits quantization over [min, max] (narrow_range drops the
       lowest level). }],
    (ins F32Attr:$min, F32Attr:$max, I32Attr:$num_bits, BoolAttr:$narrow_range)>;
def TFL_SparseToDenseOp : TFL_GeneralOp<"sparse_to_dense",
    "dense tensor from sparse indices and values",
    [{ Operands: indices, output_shape, values, default_value. }],
    (ins BoolAttr:$validate_indices)>;
def TFL_DynamicUpdateSliceOp : TFL_GeneralOp<"dynamic_update_slice",
    "write update into operand at start indices",
    [{ Operands: operand, update, start_indices (clamped as XLA does). }]>;
def TFL_BucketizeOp : TFL_GeneralOp<"bucketize", "bucket index of each value",
    [{ Index of the first boundary greater than the value. }],
    (ins DenseF32ArrayAttr:$boundaries)>;
def TFL_RandomUniformOp : TFL_GeneralOp<"random_uniform",
    "uniform random numbers in [0, 1)",
    [{ Operand: shape. seed/seed2 as TF (both 0: nondeterministic). }],
    (ins I64Attr:$seed, I64Attr:$seed2)>;
def TFL_RandomStandardNormalOp : TFL_GeneralOp<"random_standard_normal",
    "standard normal random numbers", [{ Operand: shape. }],
    (ins I64Attr:$seed, I64Attr:$seed2)>;
def TFL_MultinomialOp : TFL_GeneralOp<"multinomial", "samples from categorical logits",
    [{ Operands: logits, num_samples. }], (ins I64Attr:$seed, I64Attr:$seed2)>;
def TFL_NonMaxSuppressionV4Op : TFL_GeneralOp<"non_max_suppression_v4",
    "greedy box selection with padding", [{ As tf.image.non_max_suppression_padded. }]>;
def TFL_NonMaxSuppressionV5Op : TFL_GeneralOp<"non_max_suppression_v5",
    "greedy box selection with soft-NMS", [{ As tf.image.non_max_suppression_with_scores. }]>;
def TFL_Atan2Op : TFL_GeneralOp<"atan2", "atan2(y, x)", [{ Element-wise, radians. }]>;
def TFL_BroadcastArgsOp : TFL_GeneralOp<"broadcast_args", "broadcast of two shapes",
    [{ The NumPy broadcast shape of two 1-D shape tensors. }]>;
def TFL_Conv3DOp : TFL_GeneralOp<"conv_3d", "3-D convolution, NDHWC input, DHWIO filter",
    [{ Operands: input, filter, optional bias. }],
    (ins TFL_PaddingAttr:$padding, I32Attr:$stride_d, I32Attr:$stride_w,
         I32Attr:$stride_h, TFL_AFAttr:$fused_activation_function,
         I32Attr:$dilation_d_factor, I32Attr:$dilation_w_factor,
         I32Attr:$dilation_h_factor)>;
def TFL_Conv3DTransposeOp : TFL_GeneralOp<"conv_3d_transpose",
    "transposed 3-D convolution",
    [{ Operands: output_shape, filter, input, optional bias. }],
    (ins TFL_PaddingAttr:$padding, I32Attr:$stride_d, I32Attr:$stride_w,
         I32Attr:$stride_h, TFL_AFAttr:$fused_activation_function,
         I32Attr:$dilation_d_factor, I32Attr:$dilation_w_factor,
         I32Attr:$dilation_h_factor)>;
def TFL_UnsortedSegmentSumOp : TFL_GeneralOp<"unsorted_segment_sum",
    "sums by segment id", [{ Operands: data, segment_ids, num_segments. }]>;
def TFL_UnsortedSegmentProdOp : TFL_GeneralOp<"unsorted_segment_prod",
    "products by segment id", [{ Operands: data, segment_ids, num_segments. }]>;
def TFL_UnsortedSegmentMaxOp : TFL_GeneralOp<"unsorted_segment_max",
    "maxima by segment id", [{ Operands: data, segment_ids, num_segments. }]>;
def TFL_UnsortedSegmentMinOp : TFL_GeneralOp<"unsorted_segment_min",
    "minima by segment id", [{ Operands: data, segment_ids, num_segments. }]>;
def TFL_BitcastOp : TFL_GeneralOp<"bitcast", "reinterpret element bits",
    [{ As tf.bitcast. }]>;
def TFL_BitwiseXorOp : TFL_GeneralOp<"bitwise_xor", "bitwise xor",
    [{ Integer operands, NumPy broadcasting. }]>;
def TFL_RightShiftOp : TFL_GeneralOp<"right_shift", "arithmetic right shift",
    [{ Integer operands, NumPy broadcasting. }]>;

//===----------------------------------------------------------------------===//
// Tensors that are not computed by an operator, and generic operators
//===----------------------------------------------------------------------===//

def TFL_PseudoConstOp : TFL_Op<"pseudo_const", [Pure, ConstantLike]> {
  let summary = "constant tensor (a tensor with a data buffer)";
  let description = [{ `value` is an ElementsAttr with the result's shape
    (for quantized results: the storage type), or a StringAttr holding the raw
    little-endian buffer bytes for element types MLIR does not lay out like
    TFLite (string, int4, resource, variant) and for sparse constants, which
    carry their TFLite `sparsity` parameters as a dictionary. }];
  let arguments = (ins AnyAttr:$value, OptionalAttr<DictionaryAttr>:$sparsity);
  let results = (outs TFL_Tensor:$output);
  let hasVerifier = 1;
  // ConstantLike ops must fold to their value: MLIR's constant matcher and
  // the greedy driver's constant de-duplication rely on it.
  let hasFolder = 1;
}
def TFL_PseudoTensorOp : TFL_Op<"pseudo_tensor"> {
  let summary = "tensor with neither producer nor data";
  let description = [{ TFLite variable tensors (is_variable = true: state of
    LSTM/SVDF/RNN ops, zero-initialised and updated by the op) and inputs an
    operator reads without anyone writing them. }];
  let arguments = (ins BoolAttr:$is_variable);
  let results = (outs TFL_Tensor:$output);
}
def TFL_NoValueOp : TFL_Op<"no_value", [Pure]> {
  let summary = "an omitted optional input (tensor index -1)";
  let description = [{ Produces the NoneType value used for optional
    operands that are absent. }];
  let results = (outs NoneType:$none);
}
def TFL_BuiltinOp : TFL_Op<"builtin_op"> {
  let summary = "a builtin operator without a dedicated tfl op";
  let description = [{ Keeps everything the file says: builtin_code (the
    BuiltinOperator value), name (its enumerator name), version, and the
    options as dictionaries with the schema's field names (attribute mapping
    as for dedicated ops), with the option table's name in
    builtin_options_type / builtin_options_2_type. }];
  let arguments = (ins Variadic<TFL_TensorOrNone>:$input, I32Attr:$builtin_code,
    StrAttr:$name, I32Attr:$version,
    OptionalAttr<StrAttr>:$builtin_options_type,
    OptionalAttr<DictionaryAttr>:$builtin_options,
    OptionalAttr<StrAttr>:$builtin_options_2_type,
    OptionalAttr<DictionaryAttr>:$builtin_options_2);
  let results = (outs Variadic<TFL_Tensor>:$output);
}
def TFL_CustomOp : TFL_Op<"custom"> {
  let summary = "a custom operator (opaque)";
  let description = [{ custom_code names the operator; custom_option holds
    its raw option bytes (usually a FlexBuffer), kept verbatim. }];
  let arguments = (ins Variadic<TFL_TensorOrNone>:$input, StrAttr:$custom_code,
    I32Attr:$version, StrAttr:$custom_option);
  let results = (outs Variadic<TFL_Tensor>:$output);
}

#endif // TFMLIR_TFL_OPS_TD
