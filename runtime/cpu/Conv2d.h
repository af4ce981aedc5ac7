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

#include "lib/Support/ABI/Conv2d.h"
#include "runtime/cpu/DepthwiseConv.h"
#include "runtime/cpu/Gemm.h"

// The entry _mlir_ciface_tfmlir_rt_conv2d_packed_memref, its custom-call
// target and TFMLIR_RT_CONV2D_MAX_TAPS are the ABI the compiler shares with
// this kernel: lib/Support/ABI/Conv2d.h. Conv2d.cpp implements the entry.

#endif // TFMLIR_RUNTIME_CPU_CONV2D_H
