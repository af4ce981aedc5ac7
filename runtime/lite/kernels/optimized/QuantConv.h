//===- QuantConv.h - Fast paths of the 8-bit conv-like kernels -*- C++ -*-===//
//
// The optimized integer forms of CONV_2D, DEPTHWISE_CONV_2D,
// FULLY_CONNECTED and the 8-bit pools (TFLite's
// optimized_ops / optimized_integer_ops counterparts), which the builtins'
// own files (Conv2D.cpp, DepthwiseConv2D.cpp, FullyConnected.cpp,
// Pooling.cpp) call from their integer Eval unless OpContext::reference():
//  - int8 through the u8 x s8 VNNI GEMM of QuantMicrokernels (gemmQuads:
//    CONV_2D, FULLY_CONNECTED; depthwiseInt8; maxPoolInt8) with the
//    requantization fused;
//  - 8-bit through int16 k-pairs and int32 multiply-add of pairs
//    (pmaddwd / vpdpwssd) with the vector requantization (requantRows).
// Every path is bit-exact with the plain loops of reference/QuantConv.cpp
// (integer sums, the same requantization); test/unit/lite/QuantConvTest.cpp
// checks it.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_OPTIMIZED_QUANTCONV_H
#define TFMLIR_RUNTIME_LITE_KERNELS_OPTIMIZED_QUANTCONV_H

#include "runtime/lite/kernels/QuantCommon.h"
#include "runtime/lite/kernels/optimized/QuantMicrokernels.h"

namespace tfmlir::lite::optimized {

/// The microkernels when the u8 x s8 GEMM applies: int8 input, filter and
/// output, filter zero points 0 (TFLite's int8 scheme), not the reference
/// resolver, and a CPU with VNNI; else null.
const QuantMicrokernels *quadKernels(OpContext &ctx, const Tensor &in,
                                     const Tensor &f, const Tensor &out);

/// CONV_2D (groups == 1, NHWC input, [CO, KH, KW, C] filter, padding ph /
/// pw) of int8 tensors through uk.gemmQuads, writing `out`.
/// ResourceExhausted when the indirection buffer cannot be allocated.
absl::Status conv2dQuads(OpContext &ctx, const QuantMicrokernels &uk,
                         kernels::QConvState &st, const Tensor &in,
                         const Tensor &f, Tensor &out, int ph, int pw);

/// CONV_2D (groups == 1) of int8 / uint8 activations (out int8 / uint8)
/// from the offset input st.x16 and the offset weights st.w (packRows):
/// weights in k-pairs, int32 multiply-add of pairs.
absl::Status conv2dPairs(OpContext &ctx, kernels::QConvState &st,
                         const Tensor &in, const Tensor &f, Tensor &out, int ph,
                         int pw);

/// DEPTHWISE_CONV_2D of int8 tensors through uk.depthwiseInt8 (any depth
/// multiplier). ResourceExhausted when the indirection buffer cannot be
/// allocated.
absl::Status depthwiseConv2dInt8(OpContext &ctx, const QuantMicrokernels &uk,
                                 kernels::QConvState &st, const Tensor &in,
                                 const Tensor &f, Tensor &out);

/// DEPTHWISE_CONV_2D of int8 / uint8 activations from st.x16 and the offset
/// weights st.w ([KH * KW][CO]): the input channels repeated by the depth
/// multiplier, taps in pairs. ResourceExhausted when the indirection buffer
/// cannot be allocated.
absl::Status depthwiseConv2dPairs(OpContext &ctx, kernels::QConvState &st,
                                  const Tensor &in, const Tensor &f,
                                  Tensor &out, int ph, int pw);

/// FULLY_CONNECTED ([rows, K] input, [CO, K] weights) of int8 tensors
/// through uk.gemmQuads. Throws std::bad_alloc when a buffer cannot be
/// allocated.
void fullyConnectedQuads(OpContext &ctx, const QuantMicrokernels &uk,
                         kernels::QConvState &st, const Tensor &in,
                         const Tensor &w, Tensor &out);

/// int8 MAX_POOL_2D through uk.maxPoolInt8, output pixels across threads.
/// ResourceExhausted when the indirection buffer cannot be allocated.
absl::Status maxPoolInt8(OpContext &ctx, const QuantMicrokernels &uk,
                         kernels::QPoolState &st, const Tensor &in,
                         Tensor &out);

/// MAX_POOL_2D / AVERAGE_POOL_2D of int8 / uint8 tensors (input and output
/// share quantization; clamp [lo, hi]) with the channels innermost in
/// loops the compiler vectorizes. InvalidArgument for an average window
/// with no input element.
absl::Status pool8(OpContext &ctx, int32_t lo, int32_t hi, bool isMax,
                   const Tensor &in, Tensor &out, int ph, int pw);

} // namespace tfmlir::lite::optimized

#endif // TFMLIR_RUNTIME_LITE_KERNELS_OPTIMIZED_QUANTCONV_H
