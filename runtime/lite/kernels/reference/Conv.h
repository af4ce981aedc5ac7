//===- Conv.h - Reference float loops of the conv family --------*- C++ -*-===//
//
// The plain loops of CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED,
// TRANSPOSE_CONV and the pools (float32), after TFLite's
// kernels/internal/reference: the ground truth the optimized kernels
// (kernels/optimized) are checked against, run by ReferenceOpResolver
// (`tflite-run --reference`) and by the shapes the optimized path does not
// take (groups, depth multiplier > 1, TANH / SIGN_BIT activations, average
// and L2 pools). Layouts are TFLite's (NHWC); windows from kernels/Window.h
// (padding as TF). Each output element is summed in one fixed order, so the
// results do not depend on the thread count.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_REFERENCE_CONV_H
#define TFMLIR_RUNTIME_LITE_KERNELS_REFERENCE_CONV_H

#include "runtime/lite/Model.h"
#include "runtime/lite/Tensor.h"
#include "runtime/lite/ThreadPool.h"
#include "runtime/lite/kernels/Window.h"

#include <cstdint>

namespace tfmlir::lite::kernels::reference {

/// CONV_2D with groups = w.channels / FC: X [batch, inH, inW, C], F the
/// filter repacked as [KH, KW, FC, CO], B the bias (CO values or null), Y
/// [batch, outH, outW, CO]; then the fused activation.
void conv2d(ThreadPool &pool, const Window &w, const float *X, const float *F,
            int FC, int CO, const float *B, Activation act, float *Y);

/// DEPTHWISE_CONV_2D: X [batch, inH, inW, C], F [KH, KW, CO] with CO = C *
/// multiplier (output channel c * M + m reads input channel c), B the bias
/// or null, Y [batch, outH, outW, CO]; then the fused activation.
void depthwiseConv2d(ThreadPool &pool, const Window &w, const float *X,
                     const float *F, int CO, const float *B, Activation act,
                     float *Y);

/// FULLY_CONNECTED: Y[r][o] = act(B[o] + sum_i X[r][i] * Wt[i][o]) for r <
/// rows, o < n, with the weights transposed to Wt [k, n].
void fullyConnected(ThreadPool &pool, int64_t rows, int64_t n, int64_t k,
                    const float *X, const float *Wt, const float *B,
                    Activation act, float *Y);

/// Transpose convolution (scatter form), as TFLite's reference
/// TransposeConv: input [N,H,W,Cin], filter F [Cout,KH,KW,Cin], output
/// [N,OH,OW,Cout]; padding computed as for a conv from output to input.
void transposeConv(const Tensor &in, const float *F, int KH, int KW, int CO,
                   const float *B, Padding pad, int sh, int sw, Activation act,
                   Tensor &out);

/// AVERAGE_POOL_2D / MAX_POOL_2D / L2_POOL_2D (`code`) over window `w`
/// (taps in the padding are left out; the average divides by the taps
/// inside), X [batch, inH, inW, C], Y [batch, outH, outW, C].
void pool2d(int32_t code, const Window &w, const float *X, Activation act,
            float *Y);

} // namespace tfmlir::lite::kernels::reference

#endif // TFMLIR_RUNTIME_LITE_KERNELS_REFERENCE_CONV_H
