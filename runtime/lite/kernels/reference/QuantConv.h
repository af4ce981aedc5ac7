//===- QuantConv.h - Plain loops of the integer conv-like kernels -*- C++
//-*-===//
//
// The reference integer loops of CONV_2D, DEPTHWISE_CONV_2D,
// FULLY_CONNECTED, TRANSPOSE_CONV and the pools, as TFLite's
// reference_integer_ops (conv.h, depthwise_conv.h, fully_connected.h,
// transpose_conv.h, pooling.h): offset operands (x - zp_in, w - zp_w) in
// int16, accumulation in int32 (int64 for int16 activations, TFLite's
// int16x8 scheme), the bias, then per-channel requantization and the
// fused activation clamp (QuantCommon.h's requant). The ground truth of
// the fast paths in optimized/QuantConv.cpp and what ReferenceOpResolver
// runs; the builtins' own files (Conv2D.cpp, ...) call them from their
// integer Eval after preparing the operands in the node's QConvState.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_REFERENCE_QUANTCONV_H
#define TFMLIR_RUNTIME_LITE_KERNELS_REFERENCE_QUANTCONV_H

#include "runtime/lite/kernels/QuantCommon.h"

namespace tfmlir::lite::kernels::reference {

/// CONV_2D (NHWC input `in`, [CO, KH, KW, C / groups] filter `f`, output
/// `out` [N, OH, OW, CO]; options from ctx, padding ph / pw) from the offset
/// input st.x16 and the offset weights st.w ([CO][KH * KW * C / groups],
/// packRows): im2col per output pixel and group, dot products, requant.
void conv2dInt(OpContext &ctx, const QConvState &st, const Tensor &in,
               const Tensor &f, Tensor &out, int ph, int pw);

/// DEPTHWISE_CONV_2D ([1, KH, KW, CO] filter, CO = C * depth multiplier)
/// from st.x16 and the offset weights st.w ([KH * KW][CO]); taps outside
/// the input are skipped.
void depthwiseConv2dInt(OpContext &ctx, const QConvState &st, const Tensor &in,
                        const Tensor &f, Tensor &out, int ph, int pw);

/// FULLY_CONNECTED: out[r][o] = requant(sum_k x[r][k] w[o][k] + bias[o])
/// from st.x16 (rows of K = w.shape[1]) and st.w ([CO][K]).
void fullyConnectedInt(OpContext &ctx, const QConvState &st, const Tensor &in,
                       const Tensor &w, Tensor &out);

/// TRANSPOSE_CONV (input `in` = the op's input 2, [CO, KH, KW, C] filter
/// `f`): scatter-accumulate (x - zp) * w into an int32 (int64 for int16)
/// scratch, add the bias, requantize per output channel, as TFLite's
/// reference_integer_ops::TransposeConv.
void transposeConvInt(OpContext &ctx, const QConvState &st, const Tensor &in,
                      const Tensor &f, Tensor &out, int ph, int pw);

/// MAX_POOL_2D (isMax) / AVERAGE_POOL_2D of int8 / uint8 / int16 tensors
/// that share their quantization: the max, or the sum over the in-bounds
/// taps divided rounding half away from zero (TFLite's AveragePool), then
/// the clamp [lo, hi]. InvalidArgument for an average window with no input
/// element.
absl::Status poolInt(OpContext &ctx, int32_t lo, int32_t hi, bool isMax,
                     const Tensor &in, Tensor &out, int ph, int pw);

} // namespace tfmlir::lite::kernels::reference

#endif // TFMLIR_RUNTIME_LITE_KERNELS_REFERENCE_QUANTCONV_H
