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

#include "lib/Support/ABI/Conv2d.h"
#include "runtime/cpu/Gemm.h"

// The entry _mlir_ciface_tfmlir_rt_depthwise_conv2d_memref, its custom-call
// target and the rank-4 descriptor are the ABI the compiler shares with this
// kernel: lib/Support/ABI/Conv2d.h and MemRef.h. DepthwiseConv.cpp
// implements the entry.

#endif // TFMLIR_RUNTIME_CPU_DEPTHWISECONV_H
