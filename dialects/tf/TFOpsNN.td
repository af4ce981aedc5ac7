//===- TFOpsNN.td - neural-network ops: matmul, conv, pool, activations --===//
//
// Layouts follow TF: `data_format` NHWC (default) or NCHW for 2-D ops,
// NDHWC or NCDHW for 3-D ops; filters are HWIO ([h, w, in, out]) and DHWIO.
// `strides`, `dilations` and `ksize` have one entry per input dimension, in
// the order of `data_format`. SAME padding is TF's: output = ceil(in /
// stride), with the extra padding (if odd) at the end.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_OPS_NN_TD
#define TFMLIR_TF_OPS_NN_TD

include "dialects/tf/TFOpBase.td"

//===----------------------------------------------------------------------===//
// Matrix multiplication
//===----------------------------------------------------------------------===//

def TF_MatMulOp : TF_Op<"MatMul", [Pure, TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF MatMul: product = op(a) * op(b) for rank-2 a and b";
  let description = [{ `a` is [M, K] ([K, M] if `transpose_a`), `b` is
    [K, N] ([N, K] if `transpose_b`); `product` is [M, N]. Dtype `T`. The
    `grad_a`/`grad_b` attrs are gradient hints with no effect on the value.
    Matches TF's MatMul. }];
  let arguments = (ins TF_Tensor:$a, TF_Tensor:$b,
                   TF_DefaultBool<"false">:$transpose_a,
                   TF_DefaultBool<"false">:$transpose_b,
                   TF_DefaultBool<"false">:$grad_a,
                   TF_DefaultBool<"false">:$grad_b, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$product);
  let hasVerifier = 1;
}

class TF_BatchMatMulBase<string mnemonic, string notes, list<Trait> traits = []>
    : TF_Op<mnemonic, !listconcat([Pure], traits)> {
  let summary = "TF " # mnemonic # ": batched matrix product of x and y";
  let description = "`x` is [..., M, K] ([..., K, M] if `adj_x`: adjoint, "
    "i.e. conjugate transpose), `y` is [..., K, N] ([..., N, K] if `adj_y`); "
    "`output` is [..., M, N]. Both have rank >= 2. " # notes #
    " Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$y,
                   TF_DefaultBool<"false">:$adj_x,
                   TF_DefaultBool<"false">:$adj_y,
                   TF_DefaultBool<"false">:$grad_x,
                   TF_DefaultBool<"false">:$grad_y, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_BatchMatMulOp : TF_BatchMatMulBase<"BatchMatMul",
    "The batch dims of `x` and `y` must be equal (no broadcasting); dtype "
    "`T`.", [TF_SameElementTypeOperandsAndResults]>;
def TF_BatchMatMulV2Op : TF_BatchMatMulBase<"BatchMatMulV2",
    "The batch dims broadcast by numpy rules; dtype `T`.",
    [TF_SameElementTypeOperandsAndResults]>;
def TF_BatchMatMulV3Op : TF_BatchMatMulBase<"BatchMatMulV3",
    "The batch dims broadcast by numpy rules. `x` has dtype `Ta`, `y` `Tb` "
    "and `output` `Tout` (e.g. int8 x int8 -> int32)."> {
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$y,
                   TF_DefaultBool<"false">:$adj_x,
                   TF_DefaultBool<"false">:$adj_y,
                   TF_DefaultBool<"false">:$grad_x,
                   TF_DefaultBool<"false">:$grad_y, TF_DerivedTypeAttr:$Ta,
                   TF_DerivedTypeAttr:$Tb, TF_DerivedTypeAttr:$Tout);
}

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

def TF_Conv2DOp : TF_Op<"Conv2D", [Pure, TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF Conv2D: 2-D convolution of a 4-D input with a 4-D filter";
  let description = [{ `input` is [N, H, W, C] (NHWC) or [N, C, H, W]
    (NCHW); `filter` is [fh, fw, C / groups, out_channels] where groups =
    C / filter's in-depth (grouped convolution when > 1); `output` has the
    input's layout with out_channels channels. `strides` and `dilations`
    (default all 1) have 4 entries in `data_format` order and must be 1 in
    the batch and channel dims. `padding`: SAME (TF's: out = ceil(in /
    stride)), VALID (out = ceil((in - (f - 1) * dilation) / stride)) or
    EXPLICIT with `explicit_paddings` = 8 ints (before/after per dim).
    `use_cudnn_on_gpu` has no effect on the value. Dtype `T`. Matches TF's
    Conv2D. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$filter,
                   I64ArrayAttr:$strides,
                   TF_DefaultBool<"true">:$use_cudnn_on_gpu,
                   StrAttr:$padding, TF_DefaultI64List:$explicit_paddings,
                   TF_DefaultStr<"NHWC">:$data_format,
                   OptionalAttr<I64ArrayAttr>:$dilations,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_Conv3DOp : TF_Op<"Conv3D", [Pure, TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF Conv3D: 3-D convolution of a 5-D input with a 5-D filter";
  let description = [{ `input` is [N, D, H, W, C] (NDHWC) or [N, C, D, H,
    W] (NCDHW); `filter` is [fd, fh, fw, C / groups, out_channels];
    `output` has the input's layout. `strides` and `dilations` (default all
    1) have 5 entries and must be 1 in the batch and channel dims.
    `padding` is SAME or VALID (as Conv2D). Dtype `T`. Matches TF's
    Conv3D. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$filter,
                   I64ArrayAttr:$strides, StrAttr:$padding,
                   TF_DefaultStr<"NDHWC">:$data_format,
                   OptionalAttr<I64ArrayAttr>:$dilations,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_DepthwiseConv2dNativeOp : TF_Op<"DepthwiseConv2dNative",
    [Pure, TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF DepthwiseConv2dNative: per-channel 2-D convolution";
  let description = [{ `input` is [N, H, W, C] (NHWC) or [N, C, H, W];
    `filter` is [fh, fw, C, multiplier]; each input channel is convolved
    with its own `multiplier` filters, so `output` has C * multiplier
    channels (channel c * multiplier + m). `strides`/`dilations` have 4
    entries (batch and channel 1); `padding` SAME, VALID or EXPLICIT with
    `explicit_paddings`. Dtype `T`. Matches TF's DepthwiseConv2dNative. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$filter,
                   I64ArrayAttr:$strides, StrAttr:$padding,
                   TF_DefaultI64List:$explicit_paddings,
                   TF_DefaultStr<"NHWC">:$data_format,
                   OptionalAttr<I64ArrayAttr>:$dilations,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_Conv2DBackpropInputOp : TF_Op<"Conv2DBackpropInput", [Pure]> {
  let summary = "TF Conv2DBackpropInput: gradient of Conv2D w.r.t. its input";
  let description = [{ Also the "transposed convolution" (deconvolution).
    `input_sizes` is an int32 vector with the 4-D shape of Conv2D's input
    (or its 2 spatial dims); `filter` is [fh, fw, in_channels,
    out_channels]; `out_backprop` is the 4-D gradient of Conv2D's output
    (out_channels channels); `output` has shape `input_sizes`. Attrs as
    Conv2D (`strides`, `padding`, `explicit_paddings`, `data_format`,
    `dilations`, `use_cudnn_on_gpu`, `T`). Matches TF's
    Conv2DBackpropInput. }];
  let arguments = (ins TF_Tensor:$input_sizes, TF_Tensor:$filter,
                   TF_Tensor:$out_backprop, I64ArrayAttr:$strides,
                   TF_DefaultBool<"true">:$use_cudnn_on_gpu,
                   StrAttr:$padding, TF_DefaultI64List:$explicit_paddings,
                   TF_DefaultStr<"NHWC">:$data_format,
                   OptionalAttr<I64ArrayAttr>:$dilations,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_Conv3DBackpropInputV2Op : TF_Op<"Conv3DBackpropInputV2", [Pure]> {
  let summary = "TF Conv3DBackpropInputV2: gradient of Conv3D w.r.t. its input";
  let description = [{ Also the 3-D transposed convolution. `input_sizes`
    (dtype `Tshape`, int32 or int64) is a 5-element vector with the shape of
    Conv3D's input; `filter` is [fd, fh, fw, in_channels, out_channels];
    `out_backprop` is the 5-D gradient of Conv3D's output; `output` has
    shape `input_sizes`. Attrs as Conv3D (`strides`, `padding`,
    `data_format`, `dilations`, `T`) plus `Tshape`. Matches TF's
    Conv3DBackpropInputV2. }];
  let arguments = (ins TF_Tensor:$input_sizes, TF_Tensor:$filter,
                   TF_Tensor:$out_backprop, I64ArrayAttr:$strides,
                   StrAttr:$padding, TF_DefaultStr<"NDHWC">:$data_format,
                   OptionalAttr<I64ArrayAttr>:$dilations,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tshape);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_BiasAddOp : TF_Op<"BiasAdd", [Pure, TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF BiasAdd: adds a 1-D bias along the channel dimension";
  let description = [{ `value` has rank >= 2 (>= 3 for NCHW); `bias` is
    [C] where C is the last dim of `value` for NHWC (default) and dim 1 for
    NCHW; `output` has the shape of `value`. Dtype `T`. Matches TF's
    BiasAdd. }];
  let arguments = (ins TF_Tensor:$value, TF_Tensor:$bias,
                   TF_DefaultStr<"NHWC">:$data_format, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_BiasAddV1Op : TF_Op<"BiasAddV1", [Pure,
    TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF BiasAddV1: BiasAdd with NHWC layout only";
  let description = [{ `value` has rank >= 2 and `bias` is [last dim of
    value]. Dtype `T`. Matches TF's BiasAddV1. }];
  let arguments = (ins TF_Tensor:$value, TF_Tensor:$bias,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Batch normalization
//===----------------------------------------------------------------------===//

class TF_FusedBatchNormBase<string mnemonic, string notes>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": batch normalization";
  let description = "`y = scale * (x - mean) / sqrt(variance + epsilon) + "
    "offset` per channel. `x` is 4-D in `data_format` NHWC (default) or "
    "NCHW; `scale`, `offset`, `mean`, `variance` are [C]. With `is_training` "
    "(default true) the batch statistics are used and `mean`/`variance` may "
    "be empty (or, with `exponential_avg_factor` != 1, are the running "
    "averages to update); otherwise they are the population statistics. "
    "`batch_mean`/`batch_variance` are [C]; `reserve_space_*` are "
    "implementation-defined. Attrs `epsilon` (default 1e-4), "
    "`exponential_avg_factor` (default 1), `data_format`, `is_training`. " #
    notes # " Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$scale, TF_Tensor:$offset,
                   TF_Tensor:$mean, TF_Tensor:$variance,
                   TF_DerivedTypeAttr:$T,
                   TF_DefaultF32<"0.0001f">:$epsilon,
                   TF_DefaultF32<"1.0f">:$exponential_avg_factor,
                   TF_DefaultStr<"NHWC">:$data_format,
                   TF_DefaultBool<"true">:$is_training);
  let results = (outs TF_Tensor:$y, TF_Tensor:$batch_mean,
                 TF_Tensor:$batch_variance, TF_Tensor:$reserve_space_1,
                 TF_Tensor:$reserve_space_2);
  let hasVerifier = 1;
}

def TF_FusedBatchNormOp : TF_FusedBatchNormBase<"FusedBatchNorm",
    "All tensors have dtype `T` (float).">;
def TF_FusedBatchNormV2Op : TF_FusedBatchNormBase<"FusedBatchNormV2",
    "`x`/`y` have dtype `T` (half, bfloat16, float); the others `U` "
    "(float)."> {
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$scale, TF_Tensor:$offset,
                   TF_Tensor:$mean, TF_Tensor:$variance,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$U,
                   TF_DefaultF32<"0.0001f">:$epsilon,
                   TF_DefaultF32<"1.0f">:$exponential_avg_factor,
                   TF_DefaultStr<"NHWC">:$data_format,
                   TF_DefaultBool<"true">:$is_training);
}
def TF_FusedBatchNormV3Op : TF_FusedBatchNormBase<"FusedBatchNormV3",
    "`x`/`y` have dtype `T`, the others `U`. `x` may also be 5-D with "
    "`data_format` NDHWC or NCDHW. A sixth result `reserve_space_3` is "
    "implementation-defined."> {
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$scale, TF_Tensor:$offset,
                   TF_Tensor:$mean, TF_Tensor:$variance,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$U,
                   TF_DefaultF32<"0.0001f">:$epsilon,
                   TF_DefaultF32<"1.0f">:$exponential_avg_factor,
                   TF_DefaultStr<"NHWC">:$data_format,
                   TF_DefaultBool<"true">:$is_training);
  let results = (outs TF_Tensor:$y, TF_Tensor:$batch_mean,
                 TF_Tensor:$batch_variance, TF_Tensor:$reserve_space_1,
                 TF_Tensor:$reserve_space_2, TF_Tensor:$reserve_space_3);
}

//===----------------------------------------------------------------------===//
// Grappler's fused ops (remapper.cc): a contraction followed by fused_ops
//===----------------------------------------------------------------------===//

// `fused_ops` names what follows the contraction, in order; `args` are the
// extra tensors they take. TF's kernels (conv_ops_fused_impl.h,
// matmul_op_fused.cc) accept: [BiasAdd] (args: bias), [BiasAdd, act],
// [BiasAdd, Add] and [BiasAdd, Add, act] (args: bias, addend),
// [FusedBatchNorm] and [FusedBatchNorm, act] (args: scale, offset, mean,
// variance; `epsilon`), where act is Relu, Relu6, Elu, LeakyRelu (alpha
// `leakyrelu_alpha`), Tanh or Sigmoid; TF.js also emits [BiasAdd, Prelu]
// (args: bias, alpha). _FusedMatMul takes BiasAdd-based lists, plus the
// activations GeluExact and GeluApproximate. tf-decompose-fused-ops turns
// these ops back into the unfused ops. The verifiers check only what TF's
// shape functions check; unsupported fused_ops lists are reported by the
// decomposition.
class TF_FusedConvBase<string mnemonic, string conv>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": " # conv # " followed by `fused_ops`";
  let description = "The " # conv # " of `input` and `filter` (same attrs "
    "and layouts as " # conv # ": `strides`, `padding`, "
    "`explicit_paddings`, `data_format`, `dilations`), followed by the "
    "element-wise ops listed in `fused_ops`, which read the extra operands "
    "`args` (`num_args` of them, dtype `T`), `epsilon` (default 1e-4, for "
    "FusedBatchNorm) and `leakyrelu_alpha` (default 0.2). Grappler's "
    "remapper creates it (TF.js models keep it). Matches TF's " #
    mnemonic # ".";
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$filter,
                   Variadic<TF_Tensor>:$args, I64ArrayAttr:$strides,
                   StrAttr:$padding, TF_DefaultI64List:$explicit_paddings,
                   TF_DefaultStr<"NHWC">:$data_format,
                   OptionalAttr<I64ArrayAttr>:$dilations,
                   OptionalAttr<StrArrayAttr>:$fused_ops,
                   TF_DefaultI64<"0">:$num_args,
                   TF_DefaultF32<"0.0001f">:$epsilon,
                   TF_DefaultF32<"0.2f">:$leakyrelu_alpha,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF__FusedConv2DOp : TF_FusedConvBase<"_FusedConv2D", "Conv2D">;
def TF__FusedDepthwiseConv2dNativeOp
    : TF_FusedConvBase<"_FusedDepthwiseConv2dNative", "DepthwiseConv2dNative">;
// TF.js's converter writes the depthwise op without the underscore.
def TF_FusedDepthwiseConv2dNativeOp
    : TF_FusedConvBase<"FusedDepthwiseConv2dNative", "DepthwiseConv2dNative">;

def TF__FusedConv3DOp : TF_Op<"_FusedConv3D", [Pure]> {
  let summary = "TF _FusedConv3D: Conv3D followed by `fused_ops`";
  let description = [{
    The Conv3D of `input` (NDHWC or NCDHW, `data_format`) and `filter`
    ([depth, height, width, in, out]) with Conv3D's `strides`, `padding`
    (SAME/VALID; EXPLICIT with `explicit_paddings` is refused by the
    decomposition) and `dilations` (5 entries), followed by the
    element-wise ops of `fused_ops` over the extra operands `args`
    (`num_args` of them, dtype `T`): [BiasAdd] or [BiasAdd, act] with act
    Relu, Relu6, Elu or LeakyRelu (`leakyrelu_alpha`), as TF's CPU kernel
    (conv_ops_fused_impl.h, 3-D). Grappler's remapper creates it.
  }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$filter,
                   Variadic<TF_Tensor>:$args, I64ArrayAttr:$strides,
                   StrAttr:$padding, TF_DefaultI64List:$explicit_paddings,
                   TF_DefaultStr<"NDHWC">:$data_format,
                   OptionalAttr<I64ArrayAttr>:$dilations,
                   OptionalAttr<StrArrayAttr>:$fused_ops,
                   TF_DefaultI64<"0">:$num_args,
                   TF_DefaultF32<"0.0001f">:$epsilon,
                   TF_DefaultF32<"0.2f">:$leakyrelu_alpha,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

// TF's image-transform fusions (conv_ops_fused_image_transform.cc): NHWC
// only, `paddings` an int32 [4, 2] matrix, mirror padding (`mode` REFLECT
// or SYMMETRIC) before a Conv2D with `strides` and `padding` (SAME/VALID)
// and no dilation.
def TF_FusedPadConv2DOp : TF_Op<"FusedPadConv2D", [Pure]> {
  let summary = "TF FusedPadConv2D: MirrorPad then Conv2D";
  let description = [{
    MirrorPad(`input` [batch, height, width, in], `paddings` int32 [4, 2],
    `mode`) followed by Conv2D with `filter` [fh, fw, in, out], `strides`
    and `padding`, NHWC. Matches TF's FusedPadConv2D (T: half, float,
    double).
  }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$paddings,
                   TF_Tensor:$filter, StrAttr:$mode, I64ArrayAttr:$strides,
                   StrAttr:$padding, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_FusedResizeAndPadConv2DOp : TF_Op<"FusedResizeAndPadConv2D", [Pure]> {
  let summary = "TF FusedResizeAndPadConv2D: ResizeBilinear, MirrorPad, "
                "Conv2D";
  let description = [{
    ResizeBilinear of `input` [batch, height, width, in] to `size` (int32
    [new_height, new_width]) with align_corners = `resize_align_corners`
    and half_pixel_centers = false (TF's fused kernel samples as the
    legacy ResizeBilinear), then MirrorPad with `paddings` (int32 [4, 2])
    and `mode`, then Conv2D with `filter` [fh, fw, in, out], `strides` and
    `padding`, NHWC. Matches TF's FusedResizeAndPadConv2D.
  }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$size,
                   TF_Tensor:$paddings, TF_Tensor:$filter,
                   TF_DefaultBool<"false">:$resize_align_corners,
                   StrAttr:$mode, I64ArrayAttr:$strides, StrAttr:$padding,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF__FusedMatMulOp : TF_Op<"_FusedMatMul", [Pure]> {
  let summary = "TF _FusedMatMul: MatMul followed by `fused_ops`";
  let description = [{ `a` x `b` as MatMul (`transpose_a`,
    `transpose_b`), then the ops in `fused_ops`: BiasAdd (args[0] is the
    [N] bias), optionally Add (args[1], broadcast like AddV2), then an
    activation: Relu, Relu6, Elu, LeakyRelu (`leakyrelu_alpha`), Tanh,
    Sigmoid, GeluExact (0.5 x (1 + erf(x / sqrt 2))) or GeluApproximate
    (0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))). `num_args` extra
    operands of dtype `T`. Matches TF's _FusedMatMul (matmul_op_fused.cc).
  }];
  let arguments = (ins TF_Tensor:$a, TF_Tensor:$b, Variadic<TF_Tensor>:$args,
                   TF_DefaultBool<"false">:$transpose_a,
                   TF_DefaultBool<"false">:$transpose_b,
                   OptionalAttr<StrArrayAttr>:$fused_ops,
                   TF_DefaultI64<"0">:$num_args,
                   TF_DefaultF32<"0.0001f">:$epsilon,
                   TF_DefaultF32<"0.2f">:$leakyrelu_alpha,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$product);
  let hasVerifier = 1;
}

def TF__FusedBatchNormExOp : TF_Op<"_FusedBatchNormEx", [Pure]> {
  let summary = "TF _FusedBatchNormEx: FusedBatchNormV3, + side input, "
                "activation";
  let description = [{ `y = act(FusedBatchNormV3(x, scale, offset, mean,
    variance).y + side_input)`, where `side_input` is absent
    (`num_side_inputs` = 0, the default) or one tensor shaped like `x`, and
    `activation_mode` is Identity (default) or Relu. The other results and
    attrs (`epsilon`, `exponential_avg_factor`, `data_format`,
    `is_training`) are FusedBatchNormV3's. `x`/`y`/`side_input` have dtype
    `T`, the rest `U`. Matches TF's _FusedBatchNormEx
    (fused_batch_norm_op.cc). }];
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$scale, TF_Tensor:$offset,
                   TF_Tensor:$mean, TF_Tensor:$variance,
                   Variadic<TF_Tensor>:$side_input,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$U,
                   TF_DefaultF32<"0.0001f">:$epsilon,
                   TF_DefaultF32<"1.0f">:$exponential_avg_factor,
                   TF_DefaultI64<"0">:$num_side_inputs,
                   TF_DefaultStr<"Identity">:$activation_mode,
                   TF_DefaultStr<"NHWC">:$data_format,
                   TF_DefaultBool<"true">:$is_training);
  let results = (outs TF_Tensor:$y, TF_Tensor:$batch_mean,
                 TF_Tensor:$batch_variance, TF_Tensor:$reserve_space_1,
                 TF_Tensor:$reserve_space_2, TF_Tensor:$reserve_space_3);
  let hasVerifier = 1;
}

def TF_LRNOp : TF_Op<"LRN", [Pure, TF_SameShapeOperandsAndResults,
                             TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF LRN: local response normalization over the last dim";
  let description = [{ `input` is 4-D NHWC; `output[n, h, w, c] = input /
    (bias + alpha * sum(input[n, h, w, c - r .. c + r] ^ 2)) ^ beta` with r
    = `depth_radius` (default 5), `bias` 1, `alpha` 1, `beta` 0.5. Matches
    TF's LRN. }];
  let arguments = (ins TF_Tensor:$input, TF_DefaultI64<"5">:$depth_radius,
                   TF_DefaultF32<"1.0f">:$bias, TF_DefaultF32<"1.0f">:$alpha,
                   TF_DefaultF32<"0.5f">:$beta, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

class TF_PoolOp<string mnemonic, string what, int rank, string defaultFormat,
                string formats, string notes>
    : TF_Op<mnemonic, [Pure, TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF " # mnemonic # ": " # what;
  let description = "The input is " # rank # "-D in `data_format` " #
    formats # " (default " # defaultFormat # "); `ksize` and `strides` "
    "have " # rank # " positive entries in that order (1 in the batch dim). "
    "Output spatial size as Conv with SAME (ceil(in / stride)) or VALID "
    "(ceil((in - ksize + 1) / stride)) `padding`; channels are unchanged. "
    "Dtype `T`. " # notes # " Matches TF's " # mnemonic # ".";
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_MaxPoolOp : TF_PoolOp<"MaxPool", "max pooling over 2-D windows", 4,
    "NHWC", "NHWC, NCHW or NCHW_VECT_C (5-D)",
    "`padding` may also be EXPLICIT with `explicit_paddings`; padded "
    "elements never win. A ksize > 1 in the channel dim is depthwise "
    "pooling."> {
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T,
                   I64ArrayAttr:$ksize, I64ArrayAttr:$strides,
                   StrAttr:$padding, TF_DefaultI64List:$explicit_paddings,
                   TF_DefaultStr<"NHWC">:$data_format);
}
def TF_AvgPoolOp : TF_PoolOp<"AvgPool", "average pooling over 2-D windows",
    4, "NHWC", "NHWC or NCHW",
    "With SAME padding each average divides by the number of non-padding "
    "elements in the window."> {
  let arguments = (ins TF_Tensor:$value, I64ArrayAttr:$ksize,
                   I64ArrayAttr:$strides, StrAttr:$padding,
                   TF_DefaultStr<"NHWC">:$data_format, TF_DerivedTypeAttr:$T);
}
def TF_MaxPool3DOp : TF_PoolOp<"MaxPool3D", "max pooling over 3-D windows",
    5, "NDHWC", "NDHWC or NCDHW", ""> {
  let arguments = (ins TF_Tensor:$input, I64ArrayAttr:$ksize,
                   I64ArrayAttr:$strides, StrAttr:$padding,
                   TF_DefaultStr<"NDHWC">:$data_format, TF_DerivedTypeAttr:$T);
}
def TF_AvgPool3DOp : TF_PoolOp<"AvgPool3D",
    "average pooling over 3-D windows", 5, "NDHWC", "NDHWC or NCDHW",
    "With SAME padding each average divides by the number of non-padding "
    "elements in the window."> {
  let arguments = (ins TF_Tensor:$input, I64ArrayAttr:$ksize,
                   I64ArrayAttr:$strides, StrAttr:$padding,
                   TF_DefaultStr<"NDHWC">:$data_format, TF_DerivedTypeAttr:$T);
}

def TF_MaxPoolWithArgmaxOp : TF_Op<"MaxPoolWithArgmax", [Pure]> {
  let summary = "TF MaxPoolWithArgmax: max pooling that also returns argmax";
  let description = [{ `input` is 4-D NHWC only; `ksize`/`strides` have 4
    entries; `padding` SAME or VALID. `output` (dtype `T`) and `argmax`
    (dtype `Targmax`, default int64) have the pooled shape. The argmax is
    the flattened index `((b * height + y) * width + x) * channels + c`
    with `b` included only if `include_batch_in_index` (default false).
    Matches TF's MaxPoolWithArgmax. }];
  let arguments = (ins TF_Tensor:$input, I64ArrayAttr:$ksize,
                   I64ArrayAttr:$strides, TF_DerivedTypeAttr:$Targmax,
                   StrAttr:$padding,
                   TF_DefaultBool<"false">:$include_batch_in_index,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output, TF_Tensor:$argmax);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

class TF_ActivationOp<string mnemonic, string formula, string notes>
    : TF_Op<mnemonic, [Pure, TF_SameShapeOperandsAndResults,
                       TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF " # mnemonic # ": activations = " # formula;
  let description = "Elementwise `activations = " # formula # "` on "
    "`features` of any shape; dtype `T` (float types" # notes #
    "). Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$features, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$activations);
}

def TF_ReluOp : TF_ActivationOp<"Relu", "max(features, 0)",
    ", integers and qint8; NaN propagates">;
def TF_Relu6Op : TF_ActivationOp<"Relu6", "min(max(features, 0), 6)",
    " and integers">;
def TF_EluOp : TF_ActivationOp<"Elu",
    "features < 0 ? exp(features) - 1 : features", "">;
def TF_SeluOp : TF_ActivationOp<"Selu",
    "scale * (features < 0 ? alpha * (exp(features) - 1) : features)",
    "; alpha = 1.6732632423543772, scale = 1.0507009873554805">;
def TF_LeakyReluOp : TF_ActivationOp<"LeakyRelu",
    "features < 0 ? alpha * features : features",
    "; attr `alpha` defaults to 0.2"> {
  let arguments = (ins TF_Tensor:$features, TF_DefaultF32<"0.2f">:$alpha,
                   TF_DerivedTypeAttr:$T);
}
def TF_SoftplusOp : TF_ActivationOp<"Softplus", "log(exp(features) + 1)",
    "; computed stably for large |features|">;
def TF_SoftsignOp : TF_ActivationOp<"Softsign",
    "features / (abs(features) + 1)", "">;

def TF_SigmoidOp : TF_UnaryElementwiseOp<"Sigmoid", "1 / (1 + exp(-x))",
    [Pure, TF_SameElementTypeOperandsAndResults]> {
  let description = [{ Elementwise logistic function on `x` of any shape;
    `y` has the same shape and dtype `T` (float or complex). Matches TF's
    Sigmoid. }];
}
def TF_TanhOp : TF_UnaryElementwiseOp<"Tanh", "tanh(x)",
    [Pure, TF_SameElementTypeOperandsAndResults]> {
  let description = [{ Elementwise hyperbolic tangent on `x` of any shape;
    `y` has the same shape and dtype `T` (float or complex). Matches TF's
    Tanh. }];
}

class TF_SoftmaxBase<string mnemonic, string formula>
    : TF_Op<mnemonic, [Pure, TF_SameShapeOperandsAndResults,
                       TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF " # mnemonic # ": " # formula # " over the last dim";
  let description = "`logits` has rank >= 1; the result has its shape and "
    "is `" # formula # "` along the last dimension (computed with the max "
    "subtracted, as TF). Dtype `T` (float types). Matches TF's " # mnemonic #
    ".";
  let arguments = (ins TF_Tensor:$logits, TF_DerivedTypeAttr:$T);
  let hasVerifier = 1;
}
def TF_SoftmaxOp : TF_SoftmaxBase<"Softmax", "exp(x) / sum(exp(x))"> {
  let results = (outs TF_Tensor:$softmax);
}
def TF_LogSoftmaxOp : TF_SoftmaxBase<"LogSoftmax", "x - log(sum(exp(x)))"> {
  let results = (outs TF_Tensor:$logsoftmax);
}

def TF_L2LossOp : TF_Op<"L2Loss", [Pure, TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF L2Loss: output = sum(t ^ 2) / 2";
  let description = [{ Operand #0 is TF's `t` (named `x` here because
    `getT` is the `T` attr), of any shape; `output` is a scalar of dtype
    `T` (float types). Matches TF's L2Loss. }];
  let arguments = (ins TF_Tensor:$x, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_SoftmaxCrossEntropyWithLogitsOp
    : TF_Op<"SoftmaxCrossEntropyWithLogits", [Pure,
            TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF SoftmaxCrossEntropyWithLogits: softmax loss and gradient";
  let description = [{ `features` (logits) and `labels` (a probability
    distribution per row) are [batch, classes] and broadcast against each
    other; `loss` is [batch] and `backprop` is [batch, classes]. Dtype `T`.
    Matches TF's SoftmaxCrossEntropyWithLogits. }];
  let arguments = (ins TF_Tensor:$features, TF_Tensor:$labels,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$loss, TF_Tensor:$backprop);
  let hasVerifier = 1;
}

def TF_SparseSoftmaxCrossEntropyWithLogitsOp
    : TF_Op<"SparseSoftmaxCrossEntropyWithLogits", [Pure]> {
  let summary = "TF SparseSoftmaxCrossEntropyWithLogits: softmax loss with "
                "class-index labels";
  let description = [{ `features` is [batch, classes] (dtype `T`);
    `labels` is [batch] of class indices in [0, classes) (dtype `Tlabels`,
    int32 or int64; an out-of-range label is a run-time error on CPU and
    gives NaN rows on GPU); `loss` is [batch] and `backprop` [batch,
    classes]. Matches TF's
    SparseSoftmaxCrossEntropyWithLogits. }];
  let arguments = (ins TF_Tensor:$features, TF_Tensor:$labels,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tlabels);
  let results = (outs TF_Tensor:$loss, TF_Tensor:$backprop);
  let hasVerifier = 1;
}

def TF_InTopKV2Op : TF_Op<"InTopKV2", [Pure]> {
  let summary = "TF InTopKV2: whether each target is in the top k predictions";
  let description = [{ `predictions` is [batch, classes] float; `targets`
    is [batch] of class ids and `k` a scalar (both dtype `T`, int32 or
    int64); `precision` is a [batch] bool vector. Ties at the k-th value
    count as in the top k; non-finite predictions give false. Matches TF's
    InTopKV2. }];
  let arguments = (ins TF_Tensor:$predictions, TF_Tensor:$targets,
                   TF_Tensor:$k, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$precision);
  let hasVerifier = 1;
}

#endif
