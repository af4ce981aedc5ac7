//===- Conv2d.h - the f32 convolution entries' ABI (C) --------------------===//
//
// What lib/Codegen/CPU (hlo-cpu-gemm-ukernel), hlo-legalize-to-linalg and
// runtime/cpu (Conv2d.cpp, DepthwiseConv.cpp) agree on for the two
// convolution microkernels: the custom-call targets, the window limit and
// the entries the generated code calls. The packed filter uses the GEMM's
// panel layout (lib/Support/ABI/Gemm.h); activations are TFMLIR_RT_ACT_*.
// See lib/Support/ABI/MemRef.h for why this lives below lib/.
// Plain C (no MLIR, LLVM or C++ dependency).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_SUPPORT_ABI_CONV2D_H
#define TFMLIR_LIB_SUPPORT_ABI_CONV2D_H

#include "lib/Support/ABI/Gemm.h"
#include "lib/Support/ABI/MemRef.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// call_target_name of the hlo.custom_call of a k x k convolution with a
/// packed constant filter, and of a depthwise convolution (channel
/// multiplier 1).
#define TFMLIR_RT_CONV2D_PACKED_TARGET "tfmlir_rt_conv2d_packed"
#define TFMLIR_RT_DEPTHWISE_CONV2D_TARGET "tfmlir_rt_depthwise_conv2d"

/// Most filter taps (KH * KW) of one packed convolution (up to 8x8
/// windows); the compiler sends larger windows to the generated loops.
#define TFMLIR_RT_CONV2D_MAX_TAPS 64

/// The entry generated code calls for TFMLIR_RT_CONV2D_PACKED_TARGET:
/// out[n, oh, ow, o] = act(sum_{kh, kw, c} in[n, oh*sh - pt + kh*dh,
/// ow*sw - pl + kw*dw, c] * filter[kh, kw, c, o] + bias[o] + R[n,oh,ow,o])
/// (TF's Conv2D, then BiasAdd, a residual Add and Relu/Relu6). input
/// [N,H,W,C] (any strides), packed filter [ceil(O/32), KH*KW*C, 32]
/// (tfmlir_abi_sgemm_pack_b of the HWIO filter as [KH*KW*C, O]), bias [O]
/// when has_bias, residual [N,OH,OW,O] when has_residual, output
/// [N,OH,OW,O]; kernel_h * kernel_w taps, strides, dilations and top/left
/// padding in elements. Sizes that disagree, a non-positive
/// stride/dilation/window or more than TFMLIR_RT_CONV2D_MAX_TAPS taps leave
/// the output untouched (the lowering checks all of this statically).
void _mlir_ciface_tfmlir_rt_conv2d_packed_memref(
    tfmlir_rt_memref4d *input, tfmlir_rt_memref3d *packed_filter,
    tfmlir_rt_memref1d *bias, tfmlir_rt_memref4d *residual,
    tfmlir_rt_memref4d *output, int64_t kernel_h, int64_t kernel_w,
    int64_t stride_h, int64_t stride_w, int64_t dilation_h, int64_t dilation_w,
    int64_t pad_top, int64_t pad_left, int32_t has_bias, int32_t has_residual,
    int32_t activation);

/// The entry generated code calls for TFMLIR_RT_DEPTHWISE_CONV2D_TARGET:
/// out[n, oh, ow, c] = act(sum_{kh, kw} in[n, oh*sh - pt + kh*dh,
/// ow*sw - pl + kw*dw, c] * filter[kh, kw, c] + bias[c]) (TF's
/// DepthwiseConv2dNative with channel multiplier 1, then BiasAdd and
/// Relu/Relu6). input [N,H,W,C], filter [KH,KW,C], bias [C] (used when
/// has_bias), output [N,OH,OW,C]; strides, dilations and top/left padding in
/// elements. Requires unit channel strides on every operand and sizes that
/// agree (N, C); otherwise the output is left untouched (the lowering checks
/// this statically).
void _mlir_ciface_tfmlir_rt_depthwise_conv2d_memref(
    tfmlir_rt_memref4d *input, tfmlir_rt_memref3d *filter,
    tfmlir_rt_memref1d *bias, tfmlir_rt_memref4d *output, int64_t stride_h,
    int64_t stride_w, int64_t dilation_h, int64_t dilation_w, int64_t pad_top,
    int64_t pad_left, int32_t has_bias, int32_t activation);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // TFMLIR_LIB_SUPPORT_ABI_CONV2D_H
