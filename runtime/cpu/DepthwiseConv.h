//===- DepthwiseConv.h - direct f32 depthwise 2-D convolution (C ABI) -----===//
//
// out[n, oh, ow, c] = act(sum_{kh, kw} in[n, oh*sh - pt + kh*dh,
//                                           ow*sw - pl + kw*dw, c]
//                          * filter[kh, kw, c] + bias[c])
// on NHWC f32 tensors, taps outside the input reading zero (TF's
// DepthwiseConv2dNative with channel multiplier 1, explicit/SAME/VALID
// padding given as pad_top/pad_left; then BiasAdd and Relu/Relu6 as in
// Gemm.h). No padded copy of the input is made. The sum runs over kh, then
// kw, in f32, and the bias is added after it (TF's op order).
// Vectorized over channels (AVX-512 when the host has it, else portable
// C++); rows of the output go through tfmlir_rt_parallel_for.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_CPU_DEPTHWISECONV_H
#define TFMLIR_RUNTIME_CPU_DEPTHWISECONV_H

#include "runtime/cpu/Gemm.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A rank-4 f32 memref descriptor (see tfmlir_rt_memref2d).
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[4], strides[4];
} tfmlir_rt_memref4d;

/// The entry generated code calls (hlo.custom_call
/// "tfmlir_rt_depthwise_conv2d"): input [N,H,W,C], filter [KH,KW,C], bias
/// [C] (used when has_bias), output [N,OH,OW,C]; strides, dilations and
/// top/left padding in elements. Requires unit channel strides on every
/// operand and sizes that agree (N, C); otherwise the output is left
/// untouched (the lowering checks this statically).
void _mlir_ciface_tfmlir_rt_depthwise_conv2d_memref(
    tfmlir_rt_memref4d *input, tfmlir_rt_memref3d *filter,
    tfmlir_rt_memref1d *bias, tfmlir_rt_memref4d *output, int64_t stride_h,
    int64_t stride_w, int64_t dilation_h, int64_t dilation_w, int64_t pad_top,
    int64_t pad_left, int32_t has_bias, int32_t activation);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // TFMLIR_RUNTIME_CPU_DEPTHWISECONV_H
