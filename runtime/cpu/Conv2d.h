//===- Conv2d.h - f32 k x k 2-D convolution on the packed GEMM (C ABI) ----===//
//
// out[n, oh, ow, o] = act(sum_{kh, kw, c} in[n, oh*sh - pt + kh*dh,
//                                              ow*sw - pl + kw*dw, c]
//                           * filter[kh, kw, c, o] + bias[o] + R[n,oh,ow,o])
// on NHWC input / HWIO filter / NHWC output f32 tensors, taps outside the
// input reading zero: TF's Conv2D (explicit, SAME or VALID padding given as
// pad_top / pad_left, strides and dilations as TF's attrs) followed by
// BiasAdd, a residual Add and Relu/Relu6 (the epilogue of Gemm.h).
//
// It is the GEMM [N*OH*OW, KH*KW*C] x [KH*KW*C, O] without an im2col copy
// (implicit GEMM with an indirection table, as XNNPACK's IGEMM): the
// filter, reshaped to [KH*KW*C, O] (row k = (kh*KW + kw)*C + c), is packed
// once (at compile time for constant weights) into Gemm.h's panel layout;
// at run time, for each register tile of MR output pixels and K block, the
// pointers to the KH*KW input pixels of each output pixel are computed (a
// null pointer for a tap in the padding) and the tile of A is gathered
// from them into the L1 buffer that the GEMM driver reads (zeros for the
// padding taps), so no buffer larger than MR x 256 floats is written. The
// microkernels, blocking, summation order (k = 0..K-1 per output, in K
// blocks of <= 256) and threading (tasks over blocks of output rows and
// columns through tfmlir_rt_parallel_for) are those of the GEMM.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_CPU_CONV2D_H
#define TFMLIR_RUNTIME_CPU_CONV2D_H

#include "runtime/cpu/DepthwiseConv.h"
#include "runtime/cpu/Gemm.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Most filter taps (KH * KW) of one convolution (up to 8x8 windows); the
/// compiler sends larger windows to the generated loops.
#define TFMLIR_RT_CONV2D_MAX_TAPS 64

/// The entry generated code calls (hlo.custom_call "tfmlir_rt_conv2d_packed"
/// lowered by hlo-legalize-to-linalg): input [N,H,W,C] (any strides, unit
/// channel stride for the fast path), packed filter
/// [ceil(O/32), KH*KW*C, 32] (tfmlir_rt_sgemm_pack_b of the filter as
/// [KH*KW*C, O]), bias [O] when has_bias, residual [N,OH,OW,O] when
/// has_residual, output [N,OH,OW,O]; kernel_h * kernel_w taps, strides,
/// dilations and top/left padding in elements. Sizes that disagree, a
/// non-positive stride/dilation/window or more than
/// TFMLIR_RT_CONV2D_MAX_TAPS taps leave the output untouched (the lowering
/// checks all of this statically). Operands that are not compact along
/// (pixel, channel) take a plain loop with the same result up to summation
/// order.
void _mlir_ciface_tfmlir_rt_conv2d_packed_memref(
    tfmlir_rt_memref4d *input, tfmlir_rt_memref3d *packed_filter,
    tfmlir_rt_memref1d *bias, tfmlir_rt_memref4d *residual,
    tfmlir_rt_memref4d *output, int64_t kernel_h, int64_t kernel_w,
    int64_t stride_h, int64_t stride_w, int64_t dilation_h, int64_t dilation_w,
    int64_t pad_top, int64_t pad_left, int32_t has_bias, int32_t has_residual,
    int32_t activation);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // TFMLIR_RUNTIME_CPU_CONV2D_H
